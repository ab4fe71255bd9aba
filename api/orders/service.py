"""Fulfilment requests: created under every rule of the new-request form, their address checked,
placed by the allocation engine; listed with the list page's filters, read, changed and approved."""
from datetime import timedelta

from sqlalchemy import exists, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from api.addresses.service import US_POSTAL_AREAS, country_code, us_state_code, validate_address, zip_state
from api.common.errors import ApiError, Conflict, InvalidInput, NotFound
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, scoped
from api.common.timeutil import day_start_utc, utcnow
from api.extensions import db, retried_on_conflict
from api.orders import allocation, history
from api.orders.models import (
    ADDRESS_PARTS, CANCELED, OPTIMAL, OPTIONS, PENDING_SHIP_LABEL, SHIPPED, VALIDATING, FulfillmentRequest, RequestSet,
    SetItem, Shipment, ShipmentLine,
)
from api.products.models import VIRTUAL_TYPES, ItemType
from api.shipping.models import ShipmentType, ShipMethod, ShipProfile

SATURDAY_CARRIERS = ("UPS", "FedEx")
BILLED_TO_OTHERS = ("third_party",)
# Spec part 2 section 4: a set is edited while its shipments are validating, ready or processing; the
# address too, since a label printed from pending_ship_label on carries it.
FIXED_STATUSES = (PENDING_SHIP_LABEL, SHIPPED)
ITEM_DETAILS = ("serial_numbers", "personalization", "font", "text", "color")
RETURN_LABEL_FIELDS = ("id", "carrier", "ship_method", "warehouse_id", "tracking_number", "length", "width", "height",
                       "weight", "received_at", "created_at", "created_by_username")


class RequestRefused(ApiError):
    status = 422
    code = "invalid_fulfillment_request"


def refuse(message):
    raise RequestRefused(message)


def ship_profile_of(client_id, profile_id):
    profile = db.session.scalars(scoped(ShipProfile, client_id).filter_by(id=profile_id)).first()
    if profile is None:
        refuse(f"ship_profile_id {profile_id} is not one of this client's ship profiles.")
    return profile


def ship_method_of(profile, code):
    method = db.session.scalars(select(ShipMethod).filter_by(carrier_id=profile.carrier_id, code=code)).first()
    if method is None:
        refuse(f"ship_method '{code}' is not a {profile.carrier.name} ship method.")
    return method


def _ship_profile(client_id, fields):
    if fields["ship_profile_id"] is None:
        if fields["ship_method"]:
            refuse("ship_method needs a ship_profile_id.")
        return None
    profile = ship_profile_of(client_id, fields["ship_profile_id"])
    if fields["ship_method"]:
        method = ship_method_of(profile, fields["ship_method"])
        if fields["saturday_delivery"] and not (profile.carrier.name in SATURDAY_CARRIERS and method.service == "express"):
            refuse("saturday_delivery is only for UPS and FedEx express ship methods.")
    elif fields["saturday_delivery"]:
        refuse("saturday_delivery is only for UPS and FedEx express ship methods.")
    return profile


def _check_request_rules(client_id, fields):
    today = utcnow().date()
    if fields["desired_ship_date"] is None:
        fields["desired_ship_date"] = today
    elif fields["desired_ship_date"] < today:
        refuse(f"desired_ship_date {fields['desired_ship_date'].isoformat()} is before today ({today.isoformat()}).")
    if fields["ship_together"] and (fields["warehouse_id"] == OPTIMAL or fields["fill_type"] != "complete"):
        refuse("ship_together needs a warehouse_id (not optimal) and fill_type complete.")
    if fields["billing_type"] in BILLED_TO_OTHERS and not (fields["billing_account"] and fields["billing_postal_code"]):
        refuse(f"billing_type {fields['billing_type']} needs billing_account and billing_postal_code.")
    if db.session.scalars(select(ShipmentType.id).filter_by(name=fields["shipment_type"])).first() is None:
        refuse(f"shipment_type '{fields['shipment_type']}' is not a shipment type.")
    if fields["edi"] is not None and fields["edi"]["cancel_date"] < today:
        refuse("edi.cancel_date is before today.")
    address = fields["to_address"]
    country = country_code(address["country"])
    if country is None:
        refuse(f"to_address.country '{address['country']}' is not a country.")
    state = zip_state(address["postal_code"]) if country in US_POSTAL_AREAS else None
    if state is not None and country == "US" and state != us_state_code(address["state"]):
        refuse(f"to_address.postal_code {address['postal_code']} is in {state}, not in {address['state']}.")
    return country


def _items_by_upc(client_id, sets, abroad):
    upcs = [item["upc"] for request_set in sets for item in request_set["items"]]
    repeated = sorted({upc for upc in upcs if upcs.count(upc) > 1})
    if repeated:
        refuse(f"upc {', '.join(repeated)} is in the request more than once; give one line per UPC.")
    if abroad:
        missing = [item["upc"] for request_set in sets for item in request_set["items"] if item["customs_value"] is None]
        if missing:
            refuse(f"customs_value is needed outside the US (missing for upc {', '.join(missing)}).")
    found = {item.upc: item for item in db.session.scalars(
        scoped(ItemType, client_id).where(ItemType.upc.in_(upcs)))}
    unknown = [upc for upc in upcs if upc not in found]
    if unknown:
        refuse(f"upc {', '.join(unknown)} is not in the catalogue.")
    empty = [upc for upc, item in found.items() if item.composite_type in VIRTUAL_TYPES and not item.components]
    if empty:
        refuse(f"upc {', '.join(sorted(empty))} is a bundle or kit without children.")
    return found


def _build_sets(request, sets, items_by_upc):
    for set_fields in sets:
        request_set = RequestSet(type=set_fields["type"], gift_note=set_fields["gift_note"])
        request.sets.append(request_set)
        for line in set_fields["items"]:
            item_type = items_by_upc[line["upc"]]
            virtual = item_type.composite_type in VIRTUAL_TYPES
            parent = SetItem(item_type=item_type, upc=item_type.upc, name=item_type.name, quantity=line["quantity"],
                             picked=not virtual, customs_value=line["customs_value"],
                             details={name: line[name] for name in ITEM_DETAILS if line.get(name) is not None})
            request_set.items.append(parent)
            if virtual:
                for component in item_type.components:
                    request_set.items.append(SetItem(
                        parent=parent, item_type=component.child, upc=component.child.upc, name=component.child.name,
                        quantity=line["quantity"] * component.quantity, details={}))


@retried_on_conflict
def create_request(client_id, identity, fields):
    """Check ``fields`` by every rule (nothing is written when one fails), store the request with its
    address checked, and place it: shipments, with stock allocated as its fill type says."""
    try:
        request = add_request(client_id, identity.username, fields)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise duplicate_request(fields["fulfillment_request_id"]) from None
    return present(request, with_sets=True, with_shipments=True)


def check_request(client_id, fields):
    """Check ``fields`` by every rule of a new request, writing nothing: RequestRefused or Conflict
    naming the field. Answers the destination country, the ship profile and the items by UPC."""
    country = _check_request_rules(client_id, fields)
    profile = _ship_profile(client_id, fields)
    items_by_upc = _items_by_upc(client_id, fields["sets"], abroad=country not in US_POSTAL_AREAS)
    if db.session.scalars(scoped(FulfillmentRequest, client_id).filter_by(
            fulfillment_request_id=fields["fulfillment_request_id"])).first() is not None:
        raise duplicate_request(fields["fulfillment_request_id"])
    return country, profile, items_by_upc


def add_request(client_id, actor, fields):
    """Check ``fields`` by every rule (RequestRefused or Conflict naming the field), then add the
    request with its address checked and place it (the caller commits; a request id taken meanwhile
    by another transaction surfaces as an IntegrityError)."""
    country, profile, items_by_upc = check_request(client_id, fields)
    checked = validate_address(fields["to_address"])
    address = checked["updated_address"] if checked["is_valid"] else {**fields["to_address"], "country": country}
    request = FulfillmentRequest(
        client_id=client_id, created_by_username=actor,
        options={name: fields[name] for name in OPTIONS},
        address_validated=checked["is_valid"], address_validation_error=checked["validation_error"],
        edi=_storable_edi(fields["edi"]),
        **{name: fields[name] for name in (
            "fulfillment_request_id", "order_id", "warehouse_id", "fill_type", "ship_together", "ship_profile_id",
            "ship_method", "shipment_type", "desired_ship_date", "reference1", "reference2", "reference3",
            "billing_type", "billing_account", "billing_postal_code", "incoterm")},
        **{f"to_{part}": address.get(part) for part in ADDRESS_PARTS},
    )
    if profile is not None and profile.carrier.name == "LTL":
        request.requires_approval, request.requires_approval_reason = True, "ltl"
    _build_sets(request, fields["sets"], items_by_upc)
    db.session.add(request)
    db.session.flush()
    history.created(request, allocation.place_request(request, actor), actor)
    return request


def duplicate_request(reference):
    return Conflict(f"fulfillment_request_id '{reference}' is already used by another request.",
                    code="duplicate_fulfillment_request_id")


def _storable_edi(edi):
    if edi is None:
        return None
    return {**edi, "cancel_date": edi["cancel_date"].isoformat()}


def request_of(client_id, request_id):
    return get_scoped_or_404(FulfillmentRequest, client_id, "Fulfillment request not found.", id=request_id)


def get_request(client_id, request_id):
    return present(request_of(client_id, request_id), with_sets=True, with_shipments=True)


def update_request(client_id, identity, request_id, fields):
    """Change the fill type, desired ship date or references of a request."""
    request = request_of(client_id, request_id)
    if "desired_ship_date" in fields and fields["desired_ship_date"] < utcnow().date():
        refuse(f"desired_ship_date {fields['desired_ship_date'].isoformat()} is before today.")
    before = {name: getattr(request, name) for name in fields}
    for name, value in fields.items():
        setattr(request, name, value)
    history.changed(request, request, before, identity.username)
    db.session.commit()
    return present(request, with_sets=True, with_shipments=True)


def update_set(client_id, identity, request_id, set_id, fields):
    """Change a set's type or gift note while the warehouse can still act on it (no shipment of
    the request is past processing)."""
    request = request_of(client_id, request_id)
    request_set = next((candidate for candidate in request.sets if candidate.id == set_id), None)
    if request_set is None:
        raise NotFound("Set not found.")
    _refuse_when_past_processing(request, "The set", "set_not_editable")
    before = {name: getattr(request_set, name) for name in fields}
    for name, value in fields.items():
        setattr(request_set, name, value)
    history.changed(request, request_set, before, identity.username, what=f"Set {request_set.id}: changed")
    db.session.commit()
    return present(request, with_sets=True, with_shipments=True)


def _refuse_when_past_processing(request, what, code):
    done = [shipment for shipment in request.shipments if shipment.status in FIXED_STATUSES]
    if done:
        raise Conflict(f"{what} can no longer be changed: shipment {done[0].id} is {done[0].status}.", code=code)


def change_address(client_id, identity, request_id, address, skip_validation=False):
    """Give a request a new ship-to address (the address fix page). A valid address is stored in its
    normalised form; an invalid one only with ``skip_validation``, as given, its sender vouching for
    it. Either way the request's shipments go on when nothing else holds them. An invalid address
    without ``skip_validation`` changes nothing: the answer carries the error and the candidates."""
    request = request_of(client_id, request_id)
    _refuse_when_past_processing(request, "The address", "address_not_editable")
    if country_code(address["country"]) is None:
        refuse(f"to_address.country '{address['country']}' is not a country.")
    checked = validate_address(address)
    stored = checked["is_valid"] or skip_validation
    if stored:
        for part in ADDRESS_PARTS:
            setattr(request, f"to_{part}", checked["updated_address"][part])
        request.address_validated, request.address_validation_error = True, None
        for shipment in request.shipments:
            allocation.advance(shipment)
        history.address_fixed(request, checked, identity.username)
        db.session.commit()
    return {**checked, "fulfillment_request": present(request, with_sets=True, with_shipments=True) if stored else None}


def approve_request(client_id, identity, request_id):
    """Clear a request's need for approval; its shipments go on when nothing else holds them."""
    request = request_of(client_id, request_id)
    if not request.requires_approval:
        raise InvalidInput("This fulfillment request does not need approval.", code="not_awaiting_approval")
    request.requires_approval = False
    for shipment in request.shipments:
        allocation.advance(shipment)
    history.note(request, "Approved.", identity.username)
    db.session.commit()
    return present(request, with_sets=True, with_shipments=True)


def allocate_all_waiting(actor, client_id=None):
    """Allocate the waiting shipments of ``client_id``, or of every client that has some (each
    client in its own transaction). Returns how many were allocated."""
    query = select(Shipment.client_id).where(Shipment.status == VALIDATING, Shipment.inventory_allocated.is_(False))
    if client_id is not None:
        query = query.where(Shipment.client_id == client_id)
    client_ids = db.session.scalars(query.distinct().order_by(Shipment.client_id)).all()
    return sum(_allocate_waiting_of(waiting_client_id, actor) for waiting_client_id in client_ids)


@retried_on_conflict
def _allocate_waiting_of(client_id, actor):
    allocated = allocation.allocate_waiting(client_id, actor)
    db.session.commit()
    return allocated


def _open_shipment_where(*conditions):
    return exists().where(Shipment.request_id == FulfillmentRequest.id, Shipment.status != CANCELED, *conditions)


def list_requests(client_id, args):
    """The requests of the list page, newest first, with its filters."""
    query = scoped(FulfillmentRequest, client_id)
    equal = {"orderId": FulfillmentRequest.order_id, "fulfillmentRequestId": FulfillmentRequest.fulfillment_request_id,
             "shipToName": FulfillmentRequest.to_name, "shipToEmail": FulfillmentRequest.to_email,
             "state": FulfillmentRequest.to_state}
    for name, column in equal.items():
        if args[name]:
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
        term = args["searchTerm"]
        query = query.where(or_(*(column.startswith(term, autoescape=True) for column in (
            FulfillmentRequest.fulfillment_request_id, FulfillmentRequest.order_id, FulfillmentRequest.to_name))))
    # What present() reads of each row, loaded for the whole page at once rather than row by row.
    loads = [selectinload(FulfillmentRequest.shipments)]
    if args["includeSetsAndItems"]:
        loads += [selectinload(FulfillmentRequest.sets).selectinload(RequestSet.items),
                  selectinload(FulfillmentRequest.shipments).selectinload(Shipment.lines)]
    if args["includeShipments"]:
        loads += [selectinload(FulfillmentRequest.shipments).selectinload(Shipment.lines).selectinload(ShipmentLine.item_type),
                  selectinload(FulfillmentRequest.return_labels)]
    requests, cursor = paginate(query.options(*loads), [FulfillmentRequest.created_at, FulfillmentRequest.id],
                                args["limit"], args["cursor"], descending=True)
    return [present(r, with_sets=args["includeSetsAndItems"], with_shipments=args["includeShipments"])
            for r in requests], cursor


def present(request, with_sets=False, with_shipments=False):
    shown = {column: getattr(request, column) for column in (
        "id", "fulfillment_request_id", "order_id", "fill_type", "ship_together", "ship_profile_id", "ship_method",
        "shipment_type", "desired_ship_date", "actual_ship_date", "shipment_group_id", "reference1", "reference2",
        "reference3", "billing_type", "billing_account", "billing_postal_code", "incoterm", "requires_approval",
        "requires_approval_reason", "fraud", "shopify_risk_score", "shopify_risk_recommendation", "edi", "created_at",
        "created_by_username")}
    shipped_from = {shipment.warehouse_id for shipment in request.shipments}
    shown["warehouse_id"] = shipped_from.pop() if len(shipped_from) == 1 else request.warehouse_id
    shown.update(request.options)
    shown["to_address"] = {
        **{part: getattr(request, f"to_{part}") for part in ADDRESS_PARTS},
        "validation_status": "validated" if request.address_validated else "invalid",
        "validation_error": request.address_validation_error,
    }
    if with_sets:
        shown["sets"] = [_present_set(request_set, request.shipments) for request_set in request.sets]
    if with_shipments:
        shown["shipments"] = [_present_shipment(shipment) for shipment in request.shipments]
        shown["return_labels"] = [{name: getattr(label, name) for name in RETURN_LABEL_FIELDS}
                                  for label in request.return_labels]
    return shown


def _present_set(request_set, shipments):
    allocated, desired = {}, {}
    for shipment in shipments:
        if shipment.status == CANCELED:
            continue
        for line in shipment.lines:
            desired[line.set_item_id] = desired.get(line.set_item_id, 0) + line.quantity_desired
            allocated[line.set_item_id] = allocated.get(line.set_item_id, 0) + line.quantity_allocated

    def allocated_of(set_item, children):
        if set_item.picked:
            return allocated.get(set_item.id, 0)
        # a bundle or kit counts as allocated as far as all its children are
        return min(allocated.get(child.id, 0) * set_item.quantity // child.quantity for child in children)

    def item(set_item, children):
        return {"id": set_item.id, "item_type_id": set_item.item_type_id, "upc": set_item.upc, "name": set_item.name,
                "quantity": set_item.quantity,
                "quantity_desired": desired.get(set_item.id, 0) if set_item.picked else set_item.quantity,
                "quantity_allocated": allocated_of(set_item, children), "customs_value": set_item.customs_value,
                **{name: set_item.details.get(name) for name in ITEM_DETAILS},
                "children": [item(child, []) for child in children]}

    top = [line for line in request_set.items if line.parent_id is None]
    return {"id": request_set.id, "type": request_set.type, "gift_note": request_set.gift_note,
            "items": [item(line, [c for c in request_set.items if c.parent_id == line.id]) for line in top]}


def _present_shipment(shipment):
    request = shipment.request
    return {
        "id": shipment.id, "status": shipment.status, "inventory_allocated": shipment.inventory_allocated,
        "warehouse_id": shipment.warehouse_id, "order_id": request.order_id,
        "fulfillment_request_id": request.fulfillment_request_id, "shipment_group_id": request.shipment_group_id,
        "ship_profile_id": shipment.ship_profile_id, "ship_method": shipment.ship_method,
        "lines": [{"set_item_id": line.set_item_id, "upc": line.item_type.upc, "quantity_desired": line.quantity_desired,
                   "quantity_allocated": line.quantity_allocated} for line in shipment.lines],
        "checklist": allocation.checklist(shipment) if shipment.status != CANCELED else {},
    }
