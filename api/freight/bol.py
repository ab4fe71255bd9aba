"""A shipment group's bill of lading: uploaded by the client (a PDF, checked by its content) or generated
from the group, one per group, the newer replacing the older; then the group is checked again, its bol
check now met. Each is given the portal's BOL number, BOL-{client}-{group}-{n}, n counting the group's
bills of lading, so a carrier's copy of an older one is never mistaken for the one in force."""
import re
from collections import defaultdict
from decimal import Decimal

from flask import current_app
from sqlalchemy import select

from api.clients.models import Client
from api.common.errors import ApiError, NotFound
from api.common.tenancy import scoped
from api.common.timeutil import utcnow
from api.extensions import db
from api.freight import lifecycle
from api.freight.bol_pdf import COLLECT, PREPAID, THIRD_PARTY, BillOfLadingSheet, FreightLine, draw_bill_of_lading
from api.freight.models import BillOfLading
from api.freight.owned import group_of
from api.orders.models import FulfillmentRequest, ShipmentLine
from api.shipments.documents import FILE_LABELS, WHITESPACE, InvalidFile, decoded_content, download_name, is_pdf
from api.shipping.models import ShipMethod
from api.warehouses.models import Warehouse

PDF = "pdf"
BOL_LABELS = {**FILE_LABELS, "external_id": "External ID"}
SELECT_A_FILE = "Please select a file"
NOT_A_PDF = "The file is not a PDF."
NO_BOL = "No bill of lading yet."
# What the document says where the catalogue knows nothing better: a shipment travels as one pallet, and
# class 70 (the class of most packaged consumer goods) until items carry their own freight class.
UNIT_TYPE, UNITS_PER_SHIPMENT = "Pallet", 1
DEFAULT_FREIGHT_CLASS = "70"
ITEMS_DESCRIBED = 4  # a line names this many items, then counts the rest
TERMS_BY_BILLING_TYPE = {"sender": PREPAID, "third_party": THIRD_PARTY, "collect": COLLECT, "recipient": COLLECT}


class NoFileSelected(ApiError):
    status = 422
    code = "validation_error"


def upload_bol(client_id, identity, group_id, upload):
    """Store an uploaded PDF as the group's bill of lading, in place of the one it had, while a bill of lading
    may still be given (validating, ready to process, processing); then recheck the group."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "upload_bol")
    content = _checked_pdf(upload.get("content"))
    bol = _bol_of(group)
    _store(group, identity, bol, content, number=_next_number(group, bol), name=download_name(upload["name"], PDF),
           external_id=upload.get("external_id"), generated=False)
    return group


def generate_bol(client_id, identity, group_id):
    """Draw the group's straight bill of lading from what it holds now and store it in place of the one it had;
    then recheck the group."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "generate_bol")
    bol = _bol_of(group)
    number = _next_number(group, bol)
    content = draw_bill_of_lading(_sheet(group, number))
    _store(group, identity, bol, content, number=number, name=f"{number}.pdf", external_id=None, generated=True)
    return group


def bol_file(client_id, group_id):
    """The group's bill of lading with its content, for download (404 not_found while it has none)."""
    group = group_of(client_id, group_id)
    found = _bol_of(group)
    if found is None:
        raise NotFound(NO_BOL)
    return found


def _checked_pdf(encoded):
    if not encoded or not WHITESPACE.sub("", encoded):
        raise NoFileSelected(SELECT_A_FILE, field="content")
    content = decoded_content(encoded, current_app.config["BOL_MAX_BYTES"], BOL_LABELS)
    if not is_pdf(content):
        raise InvalidFile(NOT_A_PDF, field="content")
    return content


def _bol_of(group):
    return db.session.scalars(scoped(BillOfLading, group.client_id).filter_by(shipment_group_id=group.id)).first()


def _store(group, identity, bol, content, *, number, name, external_id, generated):
    """Put ``content`` in place of the group's bill of lading ``bol`` (None while it has none; the group is
    locked, so no other is stored meanwhile), recheck the group and commit."""
    if bol is None:
        bol = BillOfLading(client_id=group.client_id, shipment_group_id=group.id)
        db.session.add(bol)
    bol.bol_number, bol.name, bol.external_id, bol.format, bol.generated = number, name, external_id, PDF, generated
    bol.content, bol.size = content, len(content)
    bol.created_at, bol.created_by_username = utcnow(), identity.username
    db.session.flush()
    lifecycle.recheck(group, identity.username)
    db.session.commit()


def _next_number(group, current):
    """BOL-{client}-{group}-{n}: n one more than that of ``current``, the bill of lading it replaces; 1 for the
    group's first."""
    prefix = f"BOL-{group.client_id}-{group.id}-"
    held = re.fullmatch(re.escape(prefix) + r"(\d+)", current.bol_number) if current is not None else None
    return f"{prefix}{int(held.group(1)) + 1 if held else 1}"


# The document's content, read from the group

def _sheet(group, number):
    shipments = lifecycle.live_shipments(group)
    requests = _requests_of(group.client_id, shipments)
    units = _units_of([shipment.id for shipment in shipments])
    client = db.session.get(Client, group.client_id)
    first_request = requests[shipments[0].request_id] if shipments else None
    terms = TERMS_BY_BILLING_TYPE.get(first_request.billing_type if first_request is not None else "sender", PREPAID)
    consignee = _consignee(group)
    profile = group.ship_profile
    return BillOfLadingSheet(
        bol_number=number, ship_date=group.desired_ship_date, issued_on=utcnow().date(),
        shipper=_shipper(client, db.session.get(Warehouse, group.warehouse_id)), consignee=consignee,
        freight_terms=terms, bill_to=_bill_to(terms, client, first_request, consignee),
        carrier=profile.carrier.name if profile is not None else "", service=_service(group.ship_method),
        references=_references(group, profile),
        lines=tuple(_freight_line(shipment, requests[shipment.request_id], units[shipment.id])
                    for shipment in shipments))


def _requests_of(client_id, shipments):
    """{request id: request} of the shipments, read at once."""
    ids = {shipment.request_id for shipment in shipments}
    if not ids:
        return {}
    return {request.id: request for request in db.session.scalars(
        scoped(FulfillmentRequest, client_id).filter(FulfillmentRequest.id.in_(ids)))}


def _units_of(shipment_ids):
    """{shipment id: {item type: units it sends}}, the items in the order of its lines, read at once."""
    units = defaultdict(lambda: defaultdict(int))
    if shipment_ids:
        for line in db.session.scalars(select(ShipmentLine).where(ShipmentLine.shipment_id.in_(shipment_ids))
                                       .order_by(ShipmentLine.id)):
            units[line.shipment_id][line.item_type] += line.quantity_desired
    return units


def _references(group, profile):
    references = [("Shipment group", str(group.id))]
    if profile is not None:
        references.append(("Ship profile", profile.name))
        if profile.account_number:
            references.append(("Carrier account", profile.account_number))
    if group.master_tracking_id:
        references.append(("Master tracking", group.master_tracking_id))
    return tuple(references)


def _city_line(city, state, postal_code):
    return " ".join(part for part in (f"{city}," if city else None, state, postal_code) if part)


def _shipper(client, warehouse):
    """The client ships from the provider's warehouse: the client's name, in care of the warehouse."""
    if warehouse is None:
        return (client.name,)
    return tuple(part for part in (client.name, f"c/o {warehouse.name} ({warehouse.code})", warehouse.address_1,
                                   warehouse.address_2,
                                   _city_line(warehouse.city, warehouse.state, warehouse.postal_code),
                                   warehouse.country, warehouse.phone) if part)


def _consignee(group):
    return tuple(part for part in (group.to_name, group.to_company, group.to_address_1, group.to_address_2,
                                   group.to_address_3, _city_line(group.to_city, group.to_state, group.to_postal_code),
                                   group.to_country, group.to_phone) if part)


def _bill_to(terms, client, request, consignee):
    """Who the carrier bills: the client for prepaid freight, the consignee for collect, else the third party's
    account the group's (first) request names."""
    if terms == THIRD_PARTY:
        return tuple(part for part in (f"Account {request.billing_account}" if request.billing_account else None,
                                       f"Postal code {request.billing_postal_code}" if request.billing_postal_code
                                       else None) if part)
    return consignee if terms == COLLECT else (client.name,)


def _service(ship_method):
    if not ship_method:
        return ""
    method = db.session.scalars(select(ShipMethod).filter_by(code=ship_method)).first()
    return method.name if method is not None else ship_method


def _freight_line(shipment, request, units):
    items = list(units.items())
    weight = shipment.weight
    if weight is None and items and all(item.weight is not None for item, _ in items):
        weight = sum((item.weight * quantity for item, quantity in items), Decimal(0))
    named = ", ".join(f"{item.name} x {quantity}" for item, quantity in items[:ITEMS_DESCRIBED])
    if len(items) > ITEMS_DESCRIBED:
        named += f" and {len(items) - ITEMS_DESCRIBED} more items"
    reference = request.fulfillment_request_id + (f", order {request.order_id}" if request.order_id else "")
    nmfc = sorted({item.nmfc_code for item, _ in items if item.nmfc_code})
    return FreightLine(handling_units=UNITS_PER_SHIPMENT, unit_type=UNIT_TYPE, pieces=sum(units.values()),
                       weight=weight, hazmat=any(item.hazmat for item, _ in items),
                       description=f"Shipment {shipment.id} ({reference}): {named}", nmfc=", ".join(nmfc) or None,
                       freight_class=DEFAULT_FREIGHT_CLASS)
