"""A shipment as its client reads it: its request's address and sets seen from the shipment, its files
and EDI details, the checklist of what it needs before the warehouse takes it, the actions the caller
may take now, and the history of its status (listed in api.shipments.listing)."""
from dataclasses import dataclass
from operator import attrgetter

from sqlalchemy import select

from api.addresses.service import ADDRESS_FIELDS
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, owned_by
from api.extensions import db
from api.orders.allocation import held_by_group, is_ltl
from api.orders.lifecycle import allowed_actions, group_of
from api.orders.models import CANCELED, Shipment, ShipmentLine, ShipmentStatusChange
from api.products.models import ItemType
from api.shipments.models import CUSTOM_LABEL, DOCUMENT, ShipmentDetails, ShipmentFile
from api.shipments.schemas import CUSTOMS_FIELDS
from api.shipping.models import CUSTOM_CARRIER, ShipProfile

# The shipment's own columns a row answers as they are.
OWN_COLUMNS = ("id", "status", "warehouse_id", "ship_profile_id", "ship_method", "carrier", "inventory_allocated",
               "tracking_number", "tracking_url", "master_tracking_id", "weight", "shipped_at",
               "delivered_at", "exception_reason", "created_at", "updated_at")
# Spec part 3 section 5: customs information is needed outside the US, and for these states of its
# postal system (territories and the armed forces' addresses) within it.
CUSTOMS_STATES = frozenset({"PR", "AA", "AE", "AP", "GU", "VI", "CM", "AS", "TT", "UM", "MP"})


def shipment_of(client_id, shipment_id):
    return get_scoped_or_404(Shipment, client_id, "Shipment not found.", id=shipment_id)


def get_shipment(client_id, identity, shipment_id):
    return present_shipment(shipment_of(client_id, shipment_id), identity)


def shipment_history(client_id, shipment_id, limit, cursor):
    """The moves of a shipment's status, newest first: {history, cursor}."""
    shipment = shipment_of(client_id, shipment_id)
    changes = select(ShipmentStatusChange).where(owned_by(ShipmentStatusChange, client_id),
                                                 ShipmentStatusChange.shipment_id == shipment.id)
    history, next_cursor = paginate(changes, [ShipmentStatusChange.id], limit, cursor, descending=True)
    return {"history": history, "cursor": next_cursor}


def needs_customs(country, state):
    """Whether a parcel to ``country`` (a code) and ``state`` needs customs information."""
    return country != "US" or (state or "").upper() in CUSTOMS_STATES


@dataclass
class _Attached:
    """What a page of shipments answers beyond their own rows, read for the whole page at once."""

    details_ids: dict  # {shipment id: its EDI details' id}
    labels: dict  # {shipment id: its custom label's name}
    missing_customs: dict  # {shipment id: [its items lacking customs fields]}, of those needing customs


def _attach(shipments):
    ids = [shipment.id for shipment in shipments]
    details = db.session.execute(select(ShipmentDetails.shipment_id, ShipmentDetails.id)
                                 .where(ShipmentDetails.shipment_id.in_(ids)))
    labels = db.session.execute(select(ShipmentFile.shipment_id, ShipmentFile.name)
                                .where(ShipmentFile.shipment_id.in_(ids), ShipmentFile.kind == CUSTOM_LABEL)
                                .order_by(ShipmentFile.id))  # the newest label last, so it is the one kept
    abroad = [shipment.id for shipment in shipments
              if needs_customs(shipment.request.to_country, shipment.request.to_state)]
    return _Attached(dict(details.all()), dict(labels.all()), missing_customs(abroad))


def missing_customs(shipment_ids):
    """{shipment id: [{upc, name, missing}]} of the items each of ``shipment_ids`` sends, by item, lacking
    a tariff code, customs description or origin ([] when none lacks any)."""
    missing = {shipment_id: [] for shipment_id in shipment_ids}
    if not shipment_ids:
        return missing
    rows = db.session.execute(
        select(ShipmentLine.shipment_id, ItemType.id, ItemType.upc, ItemType.name,
               *(getattr(ItemType, name) for name in CUSTOMS_FIELDS))
        .join(ItemType, ItemType.id == ShipmentLine.item_type_id)
        .where(ShipmentLine.shipment_id.in_(shipment_ids)).order_by(ShipmentLine.shipment_id, ShipmentLine.id))
    seen = set()
    for shipment_id, item_id, upc, name, *values in rows:
        lacking = [field for field, value in zip(CUSTOMS_FIELDS, values) if not value]
        if lacking and (shipment_id, item_id) not in seen:
            seen.add((shipment_id, item_id))
            missing[shipment_id].append({"upc": upc, "name": name, "missing": lacking})
    return missing


def present_rows(shipments, identity):
    """Shipments as the list answers them (their request loaded with them)."""
    attached = _attach(shipments)
    return [_row(shipment, attached, identity) for shipment in shipments]


def present_shipment(shipment, identity):
    """The shipment as GET /api/v4/shipments/{id} answers it, with what ``identity`` may do to it now."""
    attached = _attach([shipment])
    return {**_row(shipment, attached, identity), "sets": _sets(shipment), "documents": _documents(shipment),
            "checklist": _checklist(shipment, attached) if shipment.status != CANCELED else []}


def _row(shipment, attached, identity):
    request = shipment.request
    return {
        **{name: getattr(shipment, name) for name in OWN_COLUMNS},
        "request_id": request.id, "fulfillment_request_id": request.fulfillment_request_id,
        "order_id": request.order_id, "fill_type": request.fill_type, "shipment_group_id": group_of(shipment),
        "shipment_details_id": attached.details_ids.get(shipment.id),
        "validated_customs_information": not attached.missing_customs.get(shipment.id),
        "has_custom_label": shipment.id in attached.labels, "custom_label_name": attached.labels.get(shipment.id),
        "to_address": to_address(request),
        "allowed_actions": allowed_actions(shipment, identity),
    }


_ADDRESS_PARTS = attrgetter(*(f"to_{part}" for part in ADDRESS_FIELDS))


def to_address(request):
    """A shipment's address, which is its request's: validated, invalid, or stored as given without
    validation ("skipped": the error it had is kept beside it)."""
    return address_answer(_ADDRESS_PARTS(request), request.address_validated, request.address_validation_error)


def address_answer(parts, validated, validation_error):
    """An address as answered: ``parts`` (ADDRESS_FIELDS' values, in their order) and how it was validated."""
    if not validated:
        status = "invalid"
    else:
        status = "skipped" if validation_error else "validated"
    return {**dict(zip(ADDRESS_FIELDS, parts)), "validation_status": status, "validation_error": validation_error}


def _sets(shipment):
    """The request's sets this shipment sends items of, each with those items."""
    lines = {line.set_item_id: line for line in shipment.lines}
    shown = []
    for request_set in shipment.request.sets:
        items = [_item(set_item, lines[set_item.id]) for set_item in request_set.items if set_item.id in lines]
        if items:
            shown.append({"id": request_set.id, "type": request_set.type, "gift_note": request_set.gift_note,
                          "items": items})
    return shown


def _item(set_item, line):
    item_type = line.item_type
    return {"id": set_item.id, "item_type_id": item_type.id, "upc": item_type.upc, "name": item_type.name,
            **{name: getattr(item_type, name) for name in CUSTOMS_FIELDS},
            "quantity_desired": line.quantity_desired, "quantity_allocated": line.quantity_allocated,
            "quantity_requested": set_item.quantity}


def _documents(shipment):
    files = db.session.execute(
        select(ShipmentFile.id, ShipmentFile.name, ShipmentFile.copies, ShipmentFile.format)
        .where(ShipmentFile.shipment_id == shipment.id, ShipmentFile.kind == DOCUMENT).order_by(ShipmentFile.id))
    return [row._asdict() for row in files]


def _checklist(shipment, attached):
    """What the shipment needs before the warehouse takes it (spec part 3 section 5), each check that
    applies to it: met or not, why not, and for customs the items lacking their fields."""
    request = shipment.request
    profile = db.session.get(ShipProfile, shipment.ship_profile_id) if shipment.ship_profile_id else None
    checks = [_check("inventory", shipment.inventory_allocated, "Inventory is not allocated yet.")]
    if not is_ltl(profile, shipment.ship_method):
        validated = request.address_validated
        # An address stored without validation keeps its error, shown although the check is met.
        checks.append({"check": "address", "ok": validated, "items": [], "message": request.address_validation_error
                       or (None if validated else "The address is not validated.")})
    if profile is not None and profile.carrier.name == CUSTOM_CARRIER:
        checks.append(_check("custom_label", shipment.id in attached.labels,
                             f"Ship method {shipment.ship_method} needs a custom label."))
    missing = attached.missing_customs.get(shipment.id)
    if missing is not None:
        checks.append({**_check("customs", not missing, f"Customs information is missing for {len(missing)} "
                                                         f"item{'s' if len(missing) != 1 else ''}."), "items": missing})
    held = held_by_group(shipment)
    if held or request.requires_approval:
        checks.append(_check("approval", False, held or "The request needs approval."))
    return checks


def _check(name, ok, message):
    return {"check": name, "ok": bool(ok), "message": None if ok else message, "items": []}
