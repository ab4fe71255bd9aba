"""The rules of a new fulfilment request (spec part 2 section 5), checked for a batch of requests at
once: what the rules look up (shipment types, ship profiles and methods, the catalogue, the request ids
already taken) is read with one query per kind whatever the batch's size, so a single request, a page
of a bulk file and a job's chunk are checked by the same code at the same cost per query."""
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import aliased

from api.addresses.service import US_POSTAL_AREAS, country_code, us_state_code, zip_state
from api.common.errors import FIELD, ApiError, Conflict, field_path
from api.common.queries import among
from api.common.tenancy import owned_by, scoped
from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.field_labels import REQUEST_LABELS
from api.orders.models import OPTIMAL, FulfillmentRequest
from api.products.models import VIRTUAL_TYPES, ItemComponent, ItemType
from api.shipping.models import ShipmentType, ShipMethod, ShipProfile

SATURDAY_CARRIERS = ("UPS", "FedEx")
BILLED_TO_OTHERS = ("third_party",)


class RequestRefused(ApiError):
    status = 422
    code = "invalid_fulfillment_request"


def refuse(message, field=None):
    """Refuse a request; ``{field}`` in ``message`` names ``field`` (its path) by its label on the form."""
    raise RequestRefused(message, field=field, labels=REQUEST_LABELS)


def duplicate_request(reference):
    return Conflict(f"{FIELD} '{reference}' is already used by another request.", code="duplicate_fulfillment_request_id",
                    field="fulfillment_request_id", labels=REQUEST_LABELS)


@dataclass
class CheckedRequest:
    """A new request that passed every rule: its fields (defaults filled in), its destination country's
    code, its ship profile (or None) and its items by UPC (bundles and kits with their children)."""

    fields: dict
    country: str
    profile: ShipProfile | None
    items_by_upc: dict


def _found_profile(profile, profile_id):
    if profile is None:
        refuse(f"{FIELD} {profile_id} is not one of this client's ship profiles.", "ship_profile_id")
    return profile


def _found_method(method, profile, code):
    if method is None:
        refuse(f"{FIELD} '{code}' is not a {profile.carrier.name} ship method.", "ship_method")
    return method


def ship_profile_of(client_id, profile_id):
    return _found_profile(db.session.scalars(scoped(ShipProfile, client_id).filter_by(id=profile_id)).first(), profile_id)


def ship_method_of(profile, code):
    method = db.session.scalars(select(ShipMethod).filter_by(carrier_id=profile.carrier_id, code=code)).first()
    return _found_method(method, profile, code)


class CatalogueItem(NamedTuple):
    """An item as the rules and the placement read it: plain values rather than an ORM object, since a
    chunk of a bulk file reads hundreds of them and building the objects took a tenth of the job."""

    id: int
    upc: str
    name: str
    composite_type: int
    components: tuple  # (Component, ...): the children of a bundle or kit, in the catalogue's order


class Component(NamedTuple):
    child: CatalogueItem
    quantity: int


def catalogue_items(client_id, upcs):
    """{upc: CatalogueItem} of the client's items among ``upcs``, bundles and kits with their children."""
    if not upcs:
        return {}
    rows = db.session.execute(select(ItemType.id, ItemType.upc, ItemType.name, ItemType.composite_type)
                              .where(owned_by(ItemType, client_id), among(ItemType.upc, upcs))).all()
    components = {}
    composite_ids = [row.id for row in rows if row.composite_type in VIRTUAL_TYPES]
    if composite_ids:
        child = aliased(ItemType)
        for parent_id, quantity, *child_values in db.session.execute(
                select(ItemComponent.parent_id, ItemComponent.quantity, child.id, child.upc, child.name,
                       child.composite_type)
                .join(child, child.id == ItemComponent.child_id)
                .where(among(ItemComponent.parent_id, composite_ids)).order_by(ItemComponent.id)):
            components.setdefault(parent_id, []).append(Component(CatalogueItem(*child_values, ()), quantity))
    return {row.upc: CatalogueItem(row.id, row.upc, row.name, row.composite_type, tuple(components.get(row.id, ())))
            for row in rows}


class _Lookups:
    """What the rules of a batch of requests read from the database, read once."""

    def __init__(self, client_id, batch):
        self.shipment_types = set(db.session.scalars(select(ShipmentType.name).where(
            ShipmentType.name.in_(sorted({fields["shipment_type"] for fields in batch})))))
        profile_ids = sorted({fields["ship_profile_id"] for fields in batch if fields["ship_profile_id"] is not None})
        self.profiles = {profile.id: profile for profile in db.session.scalars(
            scoped(ShipProfile, client_id).where(ShipProfile.id.in_(profile_ids)))} if profile_ids else {}
        carrier_ids = sorted({profile.carrier_id for profile in self.profiles.values()})
        self.methods = {(method.carrier_id, method.code): method for method in db.session.scalars(
            select(ShipMethod).where(ShipMethod.carrier_id.in_(carrier_ids)))} if carrier_ids else {}
        upcs = sorted({item["upc"] for fields in batch for request_set in fields["sets"] for item in request_set["items"]})
        self.items = catalogue_items(client_id, upcs)
        references = sorted({fields["fulfillment_request_id"] for fields in batch})
        self.taken = set(db.session.scalars(select(FulfillmentRequest.fulfillment_request_id).where(
            FulfillmentRequest.client_id == client_id, among(FulfillmentRequest.fulfillment_request_id, references))))


def check_requests(client_id, batch):
    """Each of ``batch`` (new requests' fields, as the schema loads them) checked by every rule,
    writing nothing: a CheckedRequest, or the RequestRefused or Conflict naming the field."""
    lookups = _Lookups(client_id, batch)
    answers = []
    for fields in batch:
        try:
            answers.append(_check(fields, lookups))
        except ApiError as refusal:
            answers.append(refusal)
    return answers


def check_request(client_id, fields):
    """``fields`` checked by every rule of a new request: its CheckedRequest, or RequestRefused or
    Conflict raised."""
    (answer,) = check_requests(client_id, [fields])
    if isinstance(answer, ApiError):
        raise answer
    return answer


def _check(fields, lookups):
    fields = dict(fields)  # the defaults it fills in are the checked request's, not the caller's
    country = _check_request_rules(fields, lookups)
    profile = _ship_profile(fields, lookups)
    items_by_upc = _items_by_upc(fields["sets"], lookups, abroad=country not in US_POSTAL_AREAS)
    if fields["fulfillment_request_id"] in lookups.taken:
        raise duplicate_request(fields["fulfillment_request_id"])
    return CheckedRequest(fields, country, profile, items_by_upc)


def _ship_profile(fields, lookups):
    if fields["ship_profile_id"] is None:
        if fields["ship_method"]:
            refuse(f"{FIELD} needs a ship_profile_id.", "ship_method")
        return None
    profile = _found_profile(lookups.profiles.get(fields["ship_profile_id"]), fields["ship_profile_id"])
    if fields["ship_method"]:
        method = _found_method(lookups.methods.get((profile.carrier_id, fields["ship_method"])), profile,
                               fields["ship_method"])
        if fields["saturday_delivery"] and not delivers_on_saturday(profile, method):
            _refuse_saturday()
    elif fields["saturday_delivery"]:
        _refuse_saturday()
    return profile


def delivers_on_saturday(profile, method):
    """Whether ``method`` of ``profile``'s carrier can deliver on a Saturday: UPS and FedEx express."""
    return method is not None and profile.carrier.name in SATURDAY_CARRIERS and method.service == "express"


def _refuse_saturday():
    refuse(f"{FIELD} is only for UPS and FedEx express ship methods.", "saturday_delivery")


def _check_request_rules(fields, lookups):
    today = utcnow().date()
    if fields["desired_ship_date"] is None:
        fields["desired_ship_date"] = today
    elif fields["desired_ship_date"] < today:
        refuse(f"{FIELD} {fields['desired_ship_date'].isoformat()} is before today ({today.isoformat()}).",
               "desired_ship_date")
    if fields["ship_together"] and (fields["warehouse_id"] == OPTIMAL or fields["fill_type"] != "complete"):
        refuse(f"{FIELD} needs a warehouse_id (not optimal) and fill_type complete.", "ship_together")
    if fields["billing_type"] in BILLED_TO_OTHERS and not (fields["billing_account"] and fields["billing_postal_code"]):
        refuse(f"{FIELD} {fields['billing_type']} needs billing_account and billing_postal_code.", "billing_type")
    if fields["shipment_type"] not in lookups.shipment_types:
        refuse(f"{FIELD} '{fields['shipment_type']}' is not a shipment type.", "shipment_type")
    if fields["edi"] is not None and fields["edi"]["cancel_date"] < today:
        refuse(f"{FIELD} is before today.", "edi.cancel_date")
    address = fields["to_address"]
    country = country_code(address["country"])
    if country is None:
        refuse(f"{FIELD} '{address['country']}' is not a country.", "to_address.country")
    state = zip_state(address["postal_code"]) if country in US_POSTAL_AREAS else None
    if state is not None and country == "US" and state != us_state_code(address["state"]):
        refuse(f"{FIELD} {address['postal_code']} is in {state}, not in {address['state']}.", "to_address.postal_code")
    return country


def _refuse_items(message, lines, name):
    """Refuse naming the ``name`` field of the first of ``lines`` ((keys, item)) and the UPCs of them all."""
    refuse(message.replace("{upcs}", ", ".join(item["upc"] for _, item in lines)), field_path([*lines[0][0], name]))


def _one_per_upc(lines):
    """``lines`` sorted by UPC, the last line of each UPC (a repeated one's second)."""
    return sorted({item["upc"]: (keys, item) for keys, item in lines}.values(), key=lambda line: line[1]["upc"])


def _items_by_upc(sets, lookups, abroad):
    lines = [(["sets", set_index, "items", item_index], item) for set_index, request_set in enumerate(sets)
             for item_index, item in enumerate(request_set["items"])]
    upcs = Counter(item["upc"] for _, item in lines)
    repeated = [line for line in lines if upcs[line[1]["upc"]] > 1]
    if repeated:
        _refuse_items(FIELD + " {upcs} is in the request more than once; give one line per UPC.",
                      _one_per_upc(repeated), "upc")
    if abroad:
        missing = [line for line in lines if line[1]["customs_value"] is None]
        if missing:
            _refuse_items(FIELD + " is needed outside the US (missing for UPC {upcs}).", missing, "customs_value")
    unknown = [line for line in lines if line[1]["upc"] not in lookups.items]
    if unknown:
        _refuse_items(FIELD + " {upcs} is not in the catalogue.", unknown, "upc")
    found = {upc: lookups.items[upc] for upc in upcs}
    empty = [line for line in lines
             if found[line[1]["upc"]].composite_type in VIRTUAL_TYPES and not found[line[1]["upc"]].components]
    if empty:
        _refuse_items(FIELD + " {upcs} is a bundle or kit without children.", _one_per_upc(empty), "upc")
    return found
