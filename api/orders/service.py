"""Fulfilment requests: created under every rule of the new-request form, their address checked,
placed by the allocation engine; read, changed and approved (listed in api.orders.listing)."""
from sqlalchemy import func, select

from api.addresses.service import ADDRESS_FIELDS, country_code, validate_address
from api.common.errors import FIELD, Conflict, InvalidInput, NotFound
from api.common.tenancy import get_scoped_or_404, owned_by
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db, retried_on_conflict
from api.inventory.service import units_freed
from api.orders import allocation, grouping, history, lifecycle, placement, rules
from api.orders.fields import OWN_COLUMNS
from api.orders.item_changes import change_items
from api.orders.models import CANCELED, ITEM_DETAILS, VALIDATING, FulfillmentRequest, Shipment, ShipmentLine

# What a request answers beside the fields it was created with (api.orders.fields).
SHOWN_COLUMNS = ("id", *OWN_COLUMNS, "actual_ship_date", "shipment_group_id", "requires_approval",
                 "requires_approval_reason", "fraud", "shopify_risk_score", "shopify_risk_recommendation", "edi",
                 "created_at", "created_by_username")
# What the warehouse reports of a shipment, shown as it is.
REPORTED_FIELDS = ("tracking_number", "tracking_url", "carrier", "shipped_at", "delivered_at", "exception_reason")
RETURN_LABEL_FIELDS = ("id", "carrier", "ship_method", "warehouse_id", "tracking_number", "length", "width", "height",
                       "weight", "received_at", "created_at", "created_by_username")


@retried_on_conflict
def create_request(client_id, identity, fields):
    """Check ``fields`` by every rule (nothing is written when one fails), store the request with its
    address checked, and place it: shipments, with stock allocated as its fill type says."""
    request = add_request(client_id, identity.username, fields)
    db.session.commit()
    return present(request, with_sets=True, with_shipments=True, identity=identity)


def add_request(client_id, actor, fields):
    """Check ``fields`` by every rule (RequestRefused or Conflict naming the field), then store the
    request with its address checked and place it (the caller commits). Answers the request."""
    checked = rules.check_request(client_id, fields)
    stored = placement.add_requests(client_id, actor, [checked])
    if fields["fulfillment_request_id"] not in stored:  # taken by another transaction since the check
        raise rules.duplicate_request(fields["fulfillment_request_id"])
    return db.session.get(FulfillmentRequest, stored[fields["fulfillment_request_id"]])


def request_of(client_id, request_id):
    return get_scoped_or_404(FulfillmentRequest, client_id, "Fulfillment request not found.", id=request_id)


def get_request(client_id, identity, request_id):
    """The request with its sets and shipments, each shipment with the actions ``identity`` may take."""
    return present(request_of(client_id, request_id), with_sets=True, with_shipments=True, identity=identity)


def request_history(client_id, request_id, limit, cursor):
    """The history of a request its client reads: (entries newest first, cursor)."""
    return history.of(request_of(client_id, request_id), limit, cursor)


def update_request(client_id, identity, request_id, fields):
    """Change the fill type, desired ship date or references of a request."""
    request = request_of(client_id, request_id)
    if "desired_ship_date" in fields and fields["desired_ship_date"] < utcnow().date():
        rules.refuse(f"{FIELD} {fields['desired_ship_date'].isoformat()} is before today.", "desired_ship_date")
    before = {name: getattr(request, name) for name in fields}
    for name, value in fields.items():
        setattr(request, name, value)
    history.changed(request, request, before, identity.username)
    db.session.commit()
    return present(request, with_sets=True, with_shipments=True, identity=identity)


@retried_on_conflict
def update_set(client_id, identity, request_id, set_id, fields):
    """Change a set's type, gift note, and its items' customs values and details while the warehouse
    can still act on it (no shipment of the request is past processing); lower its items' quantities
    while every shipment is validating or ready to process, giving back the units no longer wanted."""
    request = request_of(client_id, request_id)
    request_set = next((candidate for candidate in request.sets if candidate.id == set_id), None)
    if request_set is None:
        raise NotFound("Set not found.")
    _refuse_when_past_processing(request, "The set", "set_not_editable")
    changes = fields.get("items", [])
    shipments_changed = change_items(request, request_set, changes, identity.username) if changes else False
    before = {name: getattr(request_set, name) for name in fields if name != "items"}
    for name in before:
        setattr(request_set, name, fields[name])
    history.changed(request, request_set, before, identity.username, what=f"Set {request_set.id}: changed")
    db.session.commit()
    if shipments_changed:
        units_freed.send("fulfillment_request", client_id=client_id)
    return present(request, with_sets=True, with_shipments=True, identity=identity)


def _refuse_when_past_processing(request, what, code):
    done = [shipment for shipment in request.shipments if shipment.status not in (*lifecycle.EDITABLE, CANCELED)]
    if done:
        raise Conflict(f"{what} can no longer be changed: shipment {done[0].id} is {code_label(done[0].status)}.", code=code)


def change_address(client_id, identity, request_id, address, skip_validation=False):
    """Give a request a new ship-to address (the address fix page). A valid address is stored in its
    normalised form; an invalid one only with ``skip_validation``, as given, its sender vouching for
    it. Either way the request's shipments go on when nothing else holds them. An invalid address
    without ``skip_validation`` changes nothing: the answer carries the error and the candidates."""
    request = request_of(client_id, request_id)
    _refuse_when_past_processing(request, "The address", "address_not_editable")
    _refuse_when_grouped(request, "Its address is its shipment group's: change the group's address.")
    checked, stored = store_address(request, address, skip_validation, identity.username)
    if stored:
        db.session.commit()
    return {**checked, "fulfillment_request": present(request, with_sets=True, with_shipments=True, identity=identity)
            if stored else None}


def _refuse_when_grouped(request, why, applies=True):
    """Spec part 3 section 5: what a request's LTL shipments share is their shipment group's, changed there."""
    if applies and request.shipment_group_id is not None:
        raise Conflict(f"Fulfillment request {request.id} travels in shipment group {request.shipment_group_id}. {why}",
                       code="in_shipment_group")


def store_address(request, address, skip_validation, actor):
    """Check ``address`` and store it as ``request``'s when valid (normalised) or ``skip_validation`` (as
    given); its shipments then go on when nothing else holds them (the caller has checked the address may
    change, and commits). Answers (the check, whether it was stored)."""
    if country_code(address["country"]) is None:
        rules.refuse(f"{FIELD} '{address['country']}' is not a country.", "country")
    checked = validate_address(address)
    stored = checked["is_valid"] or skip_validation
    if stored:
        for part in ADDRESS_FIELDS:
            setattr(request, f"to_{part}", checked["updated_address"][part])
        # Stored without validation, the address keeps the error it had: the shipment page says it was
        # not validated, while the request goes on as its sender vouched for it.
        request.address_validated = True
        request.address_validation_error = None if checked["is_valid"] else checked["validation_error"]
        for shipment in request.shipments:
            allocation.advance(shipment, actor, "Address fixed.")
        history.address_fixed(request, checked, actor)
    return checked, stored


def approve_request(client_id, identity, request_id):
    """Clear a request's need for approval; its shipments go on when nothing else holds them."""
    request = request_of(client_id, request_id)
    if not request.requires_approval:
        raise InvalidInput("This fulfillment request does not need approval.", code="not_awaiting_approval")
    _refuse_when_grouped(request, "Its LTL approval is its shipment group's: approve the group.",
                         request.requires_approval_reason == "ltl")
    # Someone has looked at the risk and let the request go: it leaves the Fraud tab with the approval tabs.
    request.requires_approval = request.fraud = False
    for shipment in request.shipments:
        allocation.advance(shipment, identity.username, "Request approved.")
    history.note(request, "Approved.", identity.username)
    db.session.commit()
    return present(request, with_sets=True, with_shipments=True, identity=identity)


@retried_on_conflict
def cancel_shipment(client_id, identity, shipment_id):
    """Cancel a shipment the warehouse has not begun: its bound units go back to free stock, where
    waiting shipments take them. A cancelled shipment is answered as it is."""
    get_scoped_or_404(Shipment, client_id, "Shipment not found.", id=shipment_id)
    shipment = allocation.locked_shipment(client_id, shipment_id)
    cancel_shipments([shipment], identity.username, "Shipment canceled.")
    return present_shipment(shipment, identity)


@retried_on_conflict
def cancel_request(client_id, identity, request_id):
    """Cancel a request whole: every shipment of it, or none when one has been begun by the warehouse
    (a cancelled one stays as it is); the bound units go back to free stock."""
    request = request_of(client_id, request_id)
    cancel_shipments(allocation.locked_shipments_of(request), identity.username, "Request canceled.",
            told=lambda shipments: history.note(
                request, f"Request canceled (shipment {', '.join(str(shipment.id) for shipment in shipments)}).",
                identity.username))
    return present(request, with_sets=True, with_shipments=True, identity=identity)


def cancel_shipments(shipments, actor, reason, told=None):
    """Cancel ``shipments`` (their levels locked) for ``reason``, all or none: 409 naming the first the
    warehouse has begun. Those already cancelled stay as they are; ``told(cancelled)`` adds to their breadcrumbs."""
    begun = next((shipment for shipment in shipments if shipment.status not in (*lifecycle.CANCELABLE, CANCELED)), None)
    if begun is not None:
        cancelable = " or ".join(code_label(status) for status in lifecycle.CANCELABLE)
        raise Conflict(f"Shipment {begun.id} is {code_label(begun.status)}: only a {cancelable} "
                       "shipment can be cancelled.", code="shipment_not_cancelable")
    cancelled = [shipment for shipment in shipments if shipment.status != CANCELED]
    if not cancelled:
        return
    freed = any(shipment.inventory_allocated for shipment in cancelled)
    for shipment in cancelled:
        allocation.release(shipment, actor, reason)
        if told is None:
            history.note_shipment(shipment, f"Shipment {shipment.id} canceled.", actor)
    if told is not None:
        told(cancelled)
    grouping.groups_changed(cancelled[0].client_id, cancelled, actor)
    db.session.commit()
    if freed:
        units_freed.send("shipment", client_id=cancelled[0].client_id)


def open_shipments_of(item, limit=100):
    """The shipments of ``item`` not yet shipped or cancelled, oldest first (at most ``limit``), with
    their request and how many units of it each needs and holds: the item page's Open Shipments."""
    rows = db.session.execute(
        select(Shipment.id, Shipment.status, Shipment.warehouse_id, FulfillmentRequest.id.label("request_id"),
               FulfillmentRequest.order_id, FulfillmentRequest.fulfillment_request_id, FulfillmentRequest.created_at,
               func.sum(ShipmentLine.quantity_desired), func.sum(ShipmentLine.quantity_allocated))
        .join(FulfillmentRequest, FulfillmentRequest.id == Shipment.request_id)
        .join(ShipmentLine, ShipmentLine.shipment_id == Shipment.id)
        .where(owned_by(Shipment, item.client_id), ShipmentLine.item_type_id == item.id,
               Shipment.status.not_in(lifecycle.CLOSED))
        .group_by(Shipment.id, FulfillmentRequest.id).order_by(Shipment.id).limit(limit))
    return [{"shipment_id": str(shipment_id), "status": status, "warehouse_id": warehouse_id, "request_id": request_id,
             "order_id": order_id, "fulfillment_request_id": reference, "order_date": created_at,
             "quantity_needed": needed, "quantity_allocated": allocated}
            for shipment_id, status, warehouse_id, request_id, order_id, reference, created_at, needed, allocated in rows]


def shipments_logged_with(client_id, request_id):
    """The shipments whose calls (a cancel) show in their request's log: [("shipment", id)]."""
    if not (request_id.isascii() and request_id.isdigit()) or int(request_id) >= 2**31:
        return []
    ids = db.session.scalars(select(Shipment.id).where(Shipment.client_id == client_id,
                                                       Shipment.request_id == int(request_id))).all()
    return [("shipment", str(shipment_id)) for shipment_id in ids]


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


def present(request, with_sets=False, with_shipments=False, shipped_from=None, identity=None):
    """The request as the API answers it; ``shipped_from`` (the warehouses of its shipments) saves
    reading its shipments when they are not shown. Its shipments carry the actions ``identity`` may
    take on them when it is given (a list of requests answers without)."""
    shown = {column: getattr(request, column) for column in SHOWN_COLUMNS}
    if shipped_from is None:
        shipped_from = {shipment.warehouse_id for shipment in request.shipments}
    shown["warehouse_id"] = next(iter(shipped_from)) if len(shipped_from) == 1 else request.warehouse_id
    shown.update(request.options)
    shown["to_address"] = {
        **{part: getattr(request, f"to_{part}") for part in ADDRESS_FIELDS},
        "validation_status": "validated" if request.address_validated else "invalid",
        "validation_error": request.address_validation_error,
    }
    if with_sets:
        shown["sets"] = [_present_set(request_set, request.shipments) for request_set in request.sets]
    if with_shipments:
        shown["shipments"] = [present_shipment(shipment, identity) for shipment in request.shipments]
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


def present_shipment(shipment, identity=None):
    """A shipment as a request's answer shows it, with the actions ``identity`` may take on it when given."""
    request = shipment.request
    shown = {
        "id": shipment.id, "status": shipment.status, "inventory_allocated": shipment.inventory_allocated,
        "warehouse_id": shipment.warehouse_id, "order_id": request.order_id,
        "fulfillment_request_id": request.fulfillment_request_id, "shipment_group_id": lifecycle.group_of(shipment),
        "ship_profile_id": shipment.ship_profile_id, "ship_method": shipment.ship_method,
        **{name: getattr(shipment, name) for name in REPORTED_FIELDS},
        "lines": [{"set_item_id": line.set_item_id, "upc": line.item_type.upc, "quantity_desired": line.quantity_desired,
                   "quantity_allocated": line.quantity_allocated} for line in shipment.lines],
        "checklist": allocation.checklist(shipment) if shipment.status != CANCELED else {},
    }
    if identity is not None:
        shown["allowed_actions"] = lifecycle.allowed_actions(shipment, identity)
    return shown
