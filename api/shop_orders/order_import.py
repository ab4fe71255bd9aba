"""A shop order imported as a fulfilment request, once: keyed by the shop's order id (a unique key, and
the request's own reference SHOPIFY-<id>), its lines matched to the client's items by the shop's
variant id, then by SKU, and its risk assessment carried over (a high risk waits for approval, reason
fraud).

An order with a line that matches no item is refused whole, with the lines named, and nothing of it is
written: a partial shipment of an order the shop believes is being fulfilled whole would surprise the
shop's customer. Once the item exists in the catalogue, pulling the order again imports it."""
from dataclasses import dataclass

from marshmallow import ValidationError
from sqlalchemy import select

from api.common.errors import ApiError
from api.common.queries import among
from api.common.row_writes import insert_new_rows
from api.common.tenancy import owned_by, scoped
from api.extensions import db
from api.orders import placement, rules
from api.orders.placement import FraudRisk
from api.orders.schemas import RequestWrite
from api.products.models import ItemType
from api.shop.admin_api import numeric_id
from api.shop_orders.models import ShopOrderImport

IMPORTED, ALREADY_IMPORTED, REFUSED = "imported", "already_imported", "refused"
REFERENCE_PREFIX = "SHOPIFY-"
# How the shop's risk levels weigh in the score kept on the request (the shop gives levels, not a score).
RISK_WEIGHTS = {"HIGH": 1.0, "MEDIUM": 0.5, "LOW": 0.0, "NONE": 0.0, "PENDING": 0.0}


class ShopOrderRefused(ApiError):
    status = 422
    code = "shop_order_refused"


@dataclass
class ImportOutcome:
    shop_order_id: str
    name: str | None
    result: str
    request_id: int | None = None
    reason: str | None = None

    def answer(self):
        return {"shop_order_id": self.shop_order_id, "order_name": self.name, "result": self.result,
                "fulfillment_request_id": self.request_id, "reason": self.reason}


def shop_order_id_of(order):
    return str(order.get("legacyResourceId") or numeric_id(order["id"]))


def imported_ids(client_id, shop_order_ids):
    """{shop order id: request id} of those of ``shop_order_ids`` the client imported already."""
    if not shop_order_ids:
        return {}
    return dict(db.session.execute(select(ShopOrderImport.shop_order_id, ShopOrderImport.request_id).where(
        owned_by(ShopOrderImport, client_id), among(ShopOrderImport.shop_order_id, list(shop_order_ids)))).all())


def import_order(client_id, actor, order, source):
    """Import the shop's ``order`` (as the Admin API answers it) for the client and commit: its ImportOutcome."""
    shop_order_id, name = shop_order_id_of(order), order.get("name")
    known = imported_ids(client_id, [shop_order_id])
    if known:
        return ImportOutcome(shop_order_id, name, ALREADY_IMPORTED, known[shop_order_id])
    try:
        fields = request_fields(client_id, order)
        checked = rules.check_request(client_id, fields)
    except ShopOrderRefused as refusal:
        return ImportOutcome(shop_order_id, name, REFUSED, reason=refusal.description)
    except ApiError as refusal:
        if refusal.code == "duplicate_fulfillment_request_id":
            return ImportOutcome(shop_order_id, name, ALREADY_IMPORTED)
        return ImportOutcome(shop_order_id, name, REFUSED, reason=refusal.description)
    stored = placement.add_requests(client_id, actor, [checked], risks={fields["fulfillment_request_id"]: risk_of(order)})
    request_id = stored.get(fields["fulfillment_request_id"])
    if request_id is None or not insert_new_rows(ShopOrderImport.__table__, [{
            "client_id": client_id, "shop_order_id": shop_order_id, "shop_order_name": name, "request_id": request_id,
            "source": source, "imported_by": actor}], unique=("client_id", "shop_order_id"), returning=("id",)):
        # Another import of the same order won meanwhile: what this one wrote goes.
        db.session.rollback()
        return ImportOutcome(shop_order_id, name, ALREADY_IMPORTED, imported_ids(client_id, [shop_order_id]).get(shop_order_id))
    db.session.commit()
    return ImportOutcome(shop_order_id, name, IMPORTED, request_id)


def risk_of(order):
    """The order's FraudRisk from the shop's risk summary: high when an assessment is HIGH or the shop
    recommends cancelling; the score is the weight of the highest level."""
    risk = order.get("risk") or {}
    levels = [assessment.get("riskLevel") for assessment in risk.get("assessments") or []]
    recommendation = risk.get("recommendation")
    score = max((RISK_WEIGHTS.get(level, 0.0) for level in levels), default=None)
    return FraudRisk(score=score, recommendation=recommendation.lower() if recommendation else None,
                     high="HIGH" in levels or recommendation == "CANCEL")


def request_fields(client_id, order):
    """The new request's fields (as the new-request call loads them) of the shop's ``order``."""
    address = order.get("shippingAddress")
    if not address:
        raise ShopOrderRefused(f"Order {order.get('name')} has no shipping address.")
    lines = order.get("lineItems", {}).get("nodes", [])
    upcs = _matched_upcs(client_id, lines, order.get("name"))
    quantities = {}
    for line, upc in zip(lines, upcs):
        quantities[upc] = quantities.get(upc, 0) + int(line["quantity"])
    phone = address.get("phone") or order.get("phone") or (order.get("billingAddress") or {}).get("phone")
    given = {
        "fulfillment_request_id": REFERENCE_PREFIX + shop_order_id_of(order),
        "order_id": order.get("name"),
        "to_address": {
            "name": address.get("name"), "company": address.get("company"), "address_1": address.get("address1"),
            "address_2": address.get("address2"), "city": address.get("city"), "state": address.get("provinceCode"),
            "postal_code": address.get("zip"), "country": address.get("countryCodeV2"), "phone": phone,
            "email": order.get("email"),
        },
        "sets": [{"items": [{"upc": upc, "quantity": quantity} for upc, quantity in quantities.items()]}],
    }
    try:
        return RequestWrite().load({**given, "to_address": {k: v for k, v in given["to_address"].items() if v}})
    except ValidationError as error:
        raise ShopOrderRefused(f"Order {order.get('name')} cannot be a fulfillment request: {_messages(error.messages)}.") from None


def _matched_upcs(client_id, lines, order_name):
    """The UPC of each line's item: the item with the line's variant id, else the one with its SKU;
    refused (naming every line left over) when a line matches no item."""
    variants = {numeric_id((line.get("variant") or {}).get("id")) for line in lines} - {None}
    skus = {line["sku"] for line in lines if line.get("sku")}
    by_variant, by_sku = {}, {}
    if variants:
        by_variant = dict(db.session.execute(scoped(ItemType, client_id).with_only_columns(
            ItemType.shopify_variant_id, ItemType.upc).where(among(ItemType.shopify_variant_id, sorted(variants)))).all())
    if skus:
        by_sku = dict(db.session.execute(scoped(ItemType, client_id).with_only_columns(ItemType.sku, ItemType.upc)
                                         .where(among(ItemType.sku, sorted(skus)))).all())
    upcs, unknown = [], []
    for line in lines:
        upc = by_variant.get(numeric_id((line.get("variant") or {}).get("id"))) or by_sku.get(line.get("sku"))
        if upc is None:
            unknown.append(f"'{line.get('name')}' (SKU {line.get('sku') or 'none'})")
        upcs.append(upc)
    if not lines:
        raise ShopOrderRefused(f"Order {order_name} has no lines to ship.")
    if unknown:
        raise ShopOrderRefused(f"Order {order_name} has lines that match no product by variant id or SKU: "
                               f"{', '.join(unknown)}. Add the products (or their Shopify variant ids), then pull the order again.")
    return upcs


def _messages(messages, path=""):
    if isinstance(messages, dict):
        return "; ".join(_messages(value, f"{path}.{key}" if path else str(key)) for key, value in messages.items())
    return f"{path}: {' '.join(str(message) for message in messages)}"
