"""The request list: its filters and search, each row's shipments summed up, and the filtered list
as a CSV file (downloaded at once up to the EXPORT_DIRECT_ROWS setting, mailed by a job above)."""
import re
from datetime import timedelta

from flask import current_app
from sqlalchemy import and_, exists, func, literal_column, or_, select, tuple_
from sqlalchemy.orm import selectinload

from api.addresses.service import US_POSTAL_AREAS
from api.clients.models import Client
from api.common.csv_io import write_csv
from api.common.pagination import after_cursor, paginate
from api.common.tenancy import scoped
from api.common.timeutil import day_start_utc, utcnow
from api.extensions import db, on_postgresql
from api.jobs.registry import ResultMail, job_kind
from api.jobs.service import start_job
from api.orders.fields import ADDRESS, FIELDS_OF
from api.orders.models import (
    CANCELED, DELIVERED, EXCEPTION, SHIPPED, VALIDATING, FulfillmentRequest, RequestSet, SetItem, Shipment, ShipmentLine,
)
from api.orders.schemas import RequestFilters
from api.orders.service import present

EXPORT_REQUESTS = "export_fulfillment_requests"
# The export reads the list this many requests at a time, each page's objects let go once written.
EXPORT_BATCH = 1000
# A search on PostgreSQL looks through this many of the newest requests first (enough to fill a page of
# 100 for a term in one request of 20; a term rarer than that pays the walk, 2 to 3 ms, before the
# gathering), and through at most SEARCH_WALK_MAX_ROWS of them before it gathers every match through the
# trigram index instead (at about 1.6 us a request walked and 9 us a match gathered, the two cost alike
# for a term in 0.4% of a million requests: see _searched_page).
SEARCH_WALK_ROWS = 2000
SEARCH_WALK_MAX_ROWS = 25_000
# The export's columns, each read from a row of the list answer: the list's own columns, then the
# rest of the address, named as the bulk upload file names them.
EXPORT_COLUMNS = {
    "fulfillment_request_id": "fulfillment_request_id", "order_id": "order_id", "status": "progress",
    "warehouse_id": "warehouse_id", "ship_profile_id": "ship_profile_id", "ship_method": "ship_method",
    "fill_type": "fill_type", "desired_ship_date": "desired_ship_date",
    **{spec.column: f"to_address.{spec.name}" for spec in FIELDS_OF[ADDRESS]},
    "created_at": "created_at", "created_by_username": "created_by_username",
}

# What the search looks in, anywhere in the value and ignoring case.
SEARCHED = ("fulfillment_request_id", "order_id", "to_name", "to_email", "to_city", "to_postal_code")
# On PostgreSQL a term is found through the trigrams of those columns joined in one key: migration
# 0021 indexes this very expression (the planner uses the index only for the same one). The line feed
# between them is nothing a search box sends, so no term matches across two columns.
SEARCH_KEY = "lower(" + " || E'\\n' || ".join(f"coalesce(fulfillment_requests.{name}, '')" for name in SEARCHED) + ")"

# The list's summary of a request's shipments (its Status column), for the earliest status among them.
STAGE_SUMMARIES = {VALIDATING: "Validating", "ready_to_process": "Ready to process", "processing": "Processing",
                   "pending_ship_label": "Pending ship label"}


def _open_shipment_where(*conditions):
    return exists().where(Shipment.request_id == FulfillmentRequest.id, Shipment.status != CANCELED, *conditions)


def _searched_text(term):
    """What a search looks for: the term in lower case, an order id's '#' left off."""
    return term.strip().removeprefix("#").lower() or "#"


def _search(term):
    """Requests holding ``term`` in a searched column; an order id with or without its '#'."""
    term = _searched_text(term)
    if on_postgresql():
        indexed = _distinctive_part(term)
        if indexed == term:
            return literal_column(SEARCH_KEY).contains(term, autoescape=True)
        # The index is asked for the distinctive part only, and each row it finds is checked for the
        # whole term through an expression the index does not serve ('customer 4321': every trigram
        # of 'customer' is in nearly every request, and reading those from the index cost 40 ms).
        return and_(literal_column(SEARCH_KEY).contains(indexed, autoescape=True), _search_row_by_row(term))
    return or_(*(func.lower(getattr(FulfillmentRequest, name)).contains(term, autoescape=True) for name in SEARCHED))


def _search_row_by_row(term):
    """``_search`` on PostgreSQL through an expression the trigram index does not serve: each row read is
    checked, and no row is read from the index."""
    return literal_column(f"({SEARCH_KEY} || '')").contains(_searched_text(term), autoescape=True)


def _distinctive_part(term):
    """The longest run of three or more digits in ``term`` (an order, request or postal number is
    rarer than the words around it), or the whole term when it has none."""
    runs = [run for run in re.findall(r"[0-9]+", term) if len(run) >= 3]
    return max(runs, key=len) if runs else term


def filtered_requests(client_id, args):
    """The client's requests passing the list page's filters (``args`` as RequestListArgs loads them)."""
    query = scoped(FulfillmentRequest, client_id)
    equal = {"orderId": FulfillmentRequest.order_id, "fulfillmentRequestId": FulfillmentRequest.fulfillment_request_id,
             "shipToName": FulfillmentRequest.to_name, "shipToEmail": FulfillmentRequest.to_email,
             "state": FulfillmentRequest.to_state, "jobId": FulfillmentRequest.created_by_job_id}
    for name, column in equal.items():
        if args.get(name):
            query = query.where(column == args[name])
    for name in ("postalCode", "shipToPostalCode"):
        if args[name]:
            query = query.where(FulfillmentRequest.to_postal_code.startswith(args[name], autoescape=True))
    if args["fromDate"]:
        query = query.where(FulfillmentRequest.created_at >= day_start_utc(args["fromDate"], args["timeZone"]))
    if args["toDate"]:
        query = query.where(FulfillmentRequest.created_at < day_start_utc(args["toDate"] + timedelta(days=1),
                                                                           args["timeZone"]))
    # The flags as bare conditions (not IS TRUE / IS FALSE), so PostgreSQL matches them to the partial indexes.
    if args["invalidToAddress"]:
        query = query.where(~FulfillmentRequest.address_validated)
    if args["requiresApproval"]:
        query = query.where(FulfillmentRequest.requires_approval)
    if args["fraud"]:
        query = query.where(FulfillmentRequest.fraud)
    if args["unallocatedInventory"]:
        query = query.where(_open_shipment_where(Shipment.inventory_allocated.is_(False)))
    if args["shipmentStatus"]:
        query = query.where(exists().where(Shipment.request_id == FulfillmentRequest.id,
                                           Shipment.status == args["shipmentStatus"]))
    if args["missingCustomsInfo"]:
        query = query.where(
            FulfillmentRequest.to_country.not_in(sorted(US_POSTAL_AREAS)),
            exists().where(RequestSet.request_id == FulfillmentRequest.id, SetItem.set_id == RequestSet.id,
                           SetItem.parent_id.is_(None), SetItem.customs_value.is_(None)))
    if args["searchTerm"]:
        query = query.where(_search(args["searchTerm"]))
    return query


LIST_ORDER = (FulfillmentRequest.created_at, FulfillmentRequest.id)


def list_requests(client_id, args):
    """The requests of the list page, newest first, with its filters; each with its shipments summed up."""
    query = filtered_requests(client_id, args)
    # What present() reads of each row, loaded for the whole page at once rather than row by row.
    loads = []
    if args["includeSetsAndItems"]:
        loads += [selectinload(FulfillmentRequest.sets).selectinload(RequestSet.items),
                  selectinload(FulfillmentRequest.shipments).selectinload(Shipment.lines)]
    if args["includeShipments"]:
        loads += [selectinload(FulfillmentRequest.shipments).selectinload(Shipment.lines).selectinload(ShipmentLine.item_type),
                  selectinload(FulfillmentRequest.return_labels)]
    if args["searchTerm"] and on_postgresql():
        unsearched = filtered_requests(client_id, {**args, "searchTerm": None})
        requests, cursor = _searched_page(unsearched, args["searchTerm"], loads, client_id, args["limit"],
                                          args["cursor"])
    else:
        requests, cursor = paginate(query.options(*loads), list(LIST_ORDER), args["limit"], args["cursor"], descending=True)
    shown = present_rows(requests, with_sets=args["includeSetsAndItems"], with_shipments=args["includeShipments"])
    return shown, cursor


def _searched_page(unsearched, term, loads, client_id, limit, cursor):
    """A page of a search on PostgreSQL whose cost hangs neither on the planner's guess of how many
    requests hold the term nor on how old they are.

    Newest first, walking the requests from the newest reads a client's whole history for a term few
    of them hold ('1004': 600,000 rows, half a second), and the planner takes that walk whenever its
    estimate of the matches is off; gathering every match and sorting them costs as much for a term
    thousands hold. So the walk is bounded: the newest SEARCH_WALK_ROWS requests past the cursor are
    searched first, which fills the page when the term is common; when they do not, the matches they
    held tell how far a walk would have to go, and a term too rare for that is gathered through the
    trigram index and only its matches are sorted. The walk checks each row it reads and asks the index
    for nothing: for a common term ('Fresno', in one request of 13) the index holds a hundred thousand
    matches, and reading them to pick out the few thousand walked cost 25 ms."""
    key = list(LIST_ORDER)
    newest = scoped(FulfillmentRequest, client_id).with_only_columns(*key).order_by(*(column.desc() for column in key))
    if cursor:
        newest = newest.where(after_cursor(key, cursor, descending=True))
        unsearched = unsearched.where(after_cursor(key, cursor, descending=True))
    walk = SEARCH_WALK_ROWS
    while walk:
        boundary = db.session.execute(newest.offset(walk - 1).limit(1)).first()
        walked = unsearched.where(_search_row_by_row(term))
        if boundary:
            walked = walked.where(tuple_(*key) >= tuple_(*boundary))
        rows, next_cursor = paginate(walked.options(*loads), key, limit, None, descending=True)
        if next_cursor is not None or boundary is None:
            return rows, next_cursor
        walk = _further_walk(walk, len(rows), limit)
    # MATERIALIZED keeps the planner from folding the matches back into a walk of the requests.
    matches = unsearched.where(_search(term)).with_only_columns(*key).cte("matches").prefix_with("MATERIALIZED")
    gathered = select(FulfillmentRequest).join(matches, FulfillmentRequest.id == matches.c.id).options(*loads)
    return paginate(gathered, [matches.c.created_at, matches.c.id], limit, None, descending=True)


def _further_walk(walked, found, limit):
    """How many of the newest requests a walk needs to fill the page, at twice the share of matches
    found among the ``walked`` newest, or 0 when more than SEARCH_WALK_MAX_ROWS: a term held by so few
    has few matches to gather."""
    if found == 0 or walked >= SEARCH_WALK_MAX_ROWS:
        return 0
    needed = 2 * walked * (limit + 1) // found
    return needed if needed <= SEARCH_WALK_MAX_ROWS else 0


def present_rows(requests, with_sets=False, with_shipments=False):
    shipments = shipments_of([request.id for request in requests])
    rows = []
    for request in requests:
        own = shipments.get(request.id, [])
        rows.append({**present(request, with_sets=with_sets, with_shipments=with_shipments,
                               shipped_from={warehouse for warehouse, _, _ in own}),
                     "progress": progress(request, own)})
    return rows


def shipments_of(request_ids):
    """{request id: [(warehouse, status, allocated)] of its shipments}, read as plain rows: a page of
    the list shows only where each request ships from and how far its shipments are, and loading them
    as objects took longer than the page's query."""
    shipments = {}
    if request_ids:
        for request_id, *shipment in db.session.execute(
                select(Shipment.request_id, Shipment.warehouse_id, Shipment.status, Shipment.inventory_allocated)
                .where(Shipment.request_id.in_(request_ids))):
            shipments.setdefault(request_id, []).append(tuple(shipment))
    return shipments


def progress(request, shipments):
    """A request's shipments ([(warehouse, status, allocated)]) summed up in a few words: "2 of 3 shipped",
    "Waiting for stock", "Needs approval", "Cancelled"; what holds a request back before how far it is (the
    warehouse's warning state first), a delivered shipment counting as shipped."""
    live = [(status, allocated) for _, status, allocated in shipments if status != CANCELED]
    if not live:
        return "Cancelled" if shipments else "Validating"
    if any(status == EXCEPTION for status, _ in live):
        return "Exception"
    shipped = sum(status in (SHIPPED, DELIVERED) for status, _ in live)
    if shipped == len(live):
        return "Shipped"
    if shipped:
        return f"{shipped} of {len(live)} shipped"
    if request.requires_approval:
        return "Needs approval"
    if not request.address_validated:
        return "Invalid address"
    if any(status == VALIDATING and not allocated for status, allocated in live):
        return "Waiting for stock"
    return STAGE_SUMMARIES[min((status for status, _ in live), key=list(STAGE_SUMMARIES).index)]


def export_requests(identity, client_id, filters):
    """The filtered list as (file name, CSV bytes) when it holds up to EXPORT_DIRECT_ROWS (a setting)
    requests; else None, a job having been started that mails the file to ``identity``."""
    query = filtered_requests(client_id, filters)
    direct_rows = current_app.config["EXPORT_DIRECT_ROWS"]
    counted = query.with_only_columns(FulfillmentRequest.id).limit(direct_rows + 1).subquery()
    if db.session.scalar(select(func.count()).select_from(counted)) > direct_rows:
        return None, start_job(EXPORT_REQUESTS, client_id, identity, params=RequestFilters().dump(filters))
    return (_export_file_name(client_id), write_csv(EXPORT_COLUMNS, _ExportRows(query))), None


class _ExportRows:
    """The CSV rows of the list, newest first, read a page (EXPORT_BATCH) at a time by its key, each
    page's requests let go once written: a list of a million holds no more than a page of them in
    memory. ``count`` is how many have been written."""

    def __init__(self, query):
        self.query, self.count = query, 0

    def __iter__(self):
        cursor = None
        while True:
            page, cursor = paginate(self.query, list(LIST_ORDER), EXPORT_BATCH, cursor, descending=True)
            for row in present_rows(page):
                self.count += 1
                yield [_value(row, path) for path in EXPORT_COLUMNS.values()]
            for request in page:
                db.session.expunge(request)
            if cursor is None:
                return


def _value(row, path):
    for key in path.split("."):
        row = row[key]
    return row.isoformat() if hasattr(row, "isoformat") else row


def _export_file_name(client_id):
    return f"fulfillment-requests-{client_id}-{utcnow():%Y%m%d-%H%M%S}.csv"


@job_kind(EXPORT_REQUESTS)
def export_requests_job(job):
    """Build the CSV of the job's filtered list, writing each row as it is read; the file travels as
    the attachment of the result mail."""
    rows = _ExportRows(filtered_requests(job.client_id, RequestFilters().load(job.params)))
    content = write_csv(EXPORT_COLUMNS, rows)
    job.total = job.processed = job.succeeded = rows.count
    client = db.session.get(Client, job.client_id)
    return ResultMail(
        subject=f"Fulfillment requests export for {client.name}",
        body=f"The attached file lists {rows.count} fulfillment requests of {client.name}, as filtered on the list.",
        attachment=(_export_file_name(client.id), "text/csv", content),
    )
