"""The Pull Order From Shopify page's calls: the shop's open, unfulfilled orders (each saying whether
it was imported already), their import through a job with progress and a result mail, and the pull of
one order by its id."""
from api.clients.models import Client
from api.common.errors import ApiError
from api.extensions import db
from api.jobs.registry import ResultMail, job_kind
from api.jobs.service import start_job
from api.shop import admin_api
from api.shop_orders.models import PULL
from api.shop_orders.order_import import (
    ALREADY_IMPORTED, IMPORTED, REFUSED, ImportOutcome, ShopOrderRefused, import_order, imported_ids, shop_order_id_of,
)

IMPORT_SHOP_ORDERS = "import_shop_orders"
MAX_ORDERS_OF_A_JOB = 1000


def open_orders(client_id, cursor=None, page_size=50):
    """A page of the shop's open, unfulfilled orders as the page lists them, and the next page's cursor."""
    orders, next_cursor = admin_api.for_client(client_id).open_orders(first=page_size, after=cursor)
    imported = imported_ids(client_id, [shop_order_id_of(order) for order in orders])
    return {"orders": [_listed(order, imported) for order in orders], "cursor": next_cursor}


def _listed(order, imported):
    shop_order_id = shop_order_id_of(order)
    address = order.get("shippingAddress") or {}
    risk = order.get("risk") or {}
    return {
        "shop_order_id": shop_order_id, "name": order.get("name"), "created_at": order.get("createdAt"),
        "ship_to": ", ".join(part for part in (address.get("name"), address.get("city"), address.get("provinceCode"),
                                                address.get("countryCodeV2")) if part),
        "lines": sum(int(line["quantity"]) for line in order.get("lineItems", {}).get("nodes", [])),
        "risk_recommendation": (risk.get("recommendation") or "").lower() or None,
        "fulfillment_request_id": imported.get(shop_order_id),
    }


def start_import(identity, client_id, shop_order_ids, import_all):
    """Start the job that imports the chosen orders (or all the open, unfulfilled ones)."""
    admin_api.for_client(client_id)  # refuses at once when no shop is connected
    params = {"all": True} if import_all else {"shop_order_ids": list(dict.fromkeys(shop_order_ids))}
    return start_job(IMPORT_SHOP_ORDERS, client_id, identity, params=params,
                     total=0 if import_all else len(params["shop_order_ids"]))


def pull_order(actor, client_id, shop_order_id):
    """Import one order by its id now (the 'Import Order From Shopify' form): its outcome, or the refusal raised."""
    order = admin_api.for_client(client_id).order(shop_order_id)
    if order is None:
        raise ShopOrderRefused(f"The shop has no order {shop_order_id}.", code="shop_order_not_found")
    outcome = import_order(client_id, actor, order, PULL)
    if outcome.result == REFUSED:
        raise ShopOrderRefused(outcome.reason)
    return outcome.answer()


@job_kind(IMPORT_SHOP_ORDERS)
def import_shop_orders(job):
    """Import the job's orders one by one, each committed with the job's progress; a run again skips
    the orders its results already hold (and the key skips those imported)."""
    done = {entry["shop_order_id"] for entry in job.results}
    try:
        orders = _orders_of(admin_api.for_client(job.client_id), job)
    except ApiError as error:
        return _failed(job, error.description)
    job.total = len(orders)
    db.session.commit()
    for order in orders:
        if shop_order_id_of(order) in done:
            continue
        if order.get("missing"):
            outcome = ImportOutcome(str(order["id"]), None, REFUSED, reason=f"The shop has no order {order['id']}.")
        else:
            outcome = import_order(job.client_id, job.requested_by, order, PULL)
        _count(job, outcome)
    return _result_mail(job)


def _orders_of(api, job):
    if job.params.get("all"):
        orders, cursor = api.open_orders()
        while cursor and len(orders) < MAX_ORDERS_OF_A_JOB:
            page, cursor = api.open_orders(after=cursor)
            orders += page
        return orders[:MAX_ORDERS_OF_A_JOB]
    orders = []
    for shop_order_id in job.params["shop_order_ids"]:
        order = api.order(shop_order_id)
        orders.append(order if order is not None else {"id": shop_order_id, "name": None, "missing": True})
    return orders


def _count(job, outcome):
    job.processed += 1
    if outcome.result == REFUSED:
        job.failed += 1
    else:
        job.succeeded += 1
    job.results = job.results + [{
        "line": job.processed, "status": outcome.result, "shop_order_id": outcome.shop_order_id,
        "error": outcome.reason if outcome.result == REFUSED else None,
    }]
    db.session.commit()


def _failed(job, reason):
    job.error = reason
    job.failed = max(job.total, 1)
    return ResultMail(subject="Shopify order import failed", body=reason)


def _result_mail(job):
    client = db.session.get(Client, job.client_id)
    counts = {status: sum(entry["status"] == status for entry in job.results)
              for status in (IMPORTED, ALREADY_IMPORTED, REFUSED)}
    refused = [f"- {entry['error']}" for entry in job.results if entry["status"] == REFUSED]
    body = (f"{counts[IMPORTED]} order(s) imported from Shopify for {client.name}, {counts[ALREADY_IMPORTED]} imported before, {counts[REFUSED]} refused.")
    if refused:
        body += "\n\nRefused:\n" + "\n".join(refused)
    return ResultMail(subject=f"Shopify order import for {client.name}", body=body)
