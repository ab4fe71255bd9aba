"""LTL shipment groups: read with their shipments and checklist; approved, cancelled, given another carrier
method or address; their shipments moved between groups or out of freight. Each change goes through the
group's lifecycle (api.freight.lifecycle) and answers the group as it reads now."""
from sqlalchemy import select, text
from sqlalchemy.orm import joinedload, selectinload

from api.addresses.service import ADDRESS_FIELDS
from api.common.errors import FIELD, Conflict, NotFound
from api.common.tenancy import owned_by, scoped
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db, retried_on_conflict
from api.freight import lifecycle
from api.freight.models import ShipmentGroupStatusChange
from api.freight.owned import group_of
from api.freight.rows import group_rows, group_values
from api.orders import allocation, history, rules
from api.orders.field_labels import REQUEST_LABELS
from api.orders.grouping import address_key
from api.orders.models import (
    CANCELED, OPEN_GROUP, VALIDATING, FulfillmentRequest, Shipment, ShipmentGroup,
)
from api.orders.service import cancel_shipments, store_address
from api.shipments.owned import shipment_of
from api.shipping.models import CUSTOM_CARRIER, LTL_CARRIER

# What a group's shipment may have done to it, by the group's action that allows it.
SHIPMENT_ACTIONS = {"move": "move_shipments", "remove": "remove_shipments"}
LTL_REASON = "ltl"
# Spec part 3 section 5: a shipment taken out of freight ships by parcel.
PARCEL_EXCLUDED = (LTL_CARRIER, CUSTOM_CARRIER)
BILLING_FIELDS = ("billing_type", "billing_account", "billing_postal_code")


def get_group(client_id, identity, group_id):
    """The group with its checklist and shipments, each with what ``identity`` may do to it now."""
    return present(group_of(client_id, group_id), identity)


def present(group, identity):
    """The group as GET /api/v4/shipment_groups/{id} answers it."""
    shipments = lifecycle.live_shipments(group, joinedload(Shipment.request), selectinload(Shipment.lines))
    [row] = group_rows(group.client_id, identity, [group_values(group)])
    offered = [action for action, group_action in SHIPMENT_ACTIONS.items() if group_action in row["allowed_actions"]]
    return {**row, "checklist": lifecycle.checklist(group, shipments),
            "shipments": [{"id": shipment.id, "status": shipment.status, "fulfillment_request_id": shipment.request_id,
                           "request_reference": shipment.request.fulfillment_request_id,
                           "order_id": shipment.request.order_id, "inventory_allocated": shipment.inventory_allocated,
                           "to_name": shipment.request.to_name,
                           "units": sum(line.quantity_desired for line in shipment.lines),
                           "allowed_actions": offered}
                          for shipment in shipments]}


def group_history(client_id, group_id):
    """The moves of a group's status, oldest first."""
    group = group_of(client_id, group_id)
    changes = db.session.scalars(select(ShipmentGroupStatusChange)
                                 .where(owned_by(ShipmentGroupStatusChange, client_id),
                                        ShipmentGroupStatusChange.shipment_group_id == group.id)
                                 .order_by(ShipmentGroupStatusChange.id)).all()
    return {"history": changes}


def requests_of(group):
    """The requests of the group's live shipments, by id."""
    return db.session.scalars(select(FulfillmentRequest).where(
        owned_by(FulfillmentRequest, group.client_id),
        FulfillmentRequest.id.in_(select(Shipment.request_id).where(owned_by(Shipment, group.client_id),
                                                                    Shipment.shipment_group_id == group.id,
                                                                    Shipment.status != CANCELED)))
        .order_by(FulfillmentRequest.id)).all()


@retried_on_conflict
def approve_group(client_id, identity, group_id):
    """Approve a group for the warehouse: its requests no longer wait for approval (reason ltl), and the group
    and its shipments go on to ready_to_process once every check holds."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "approve")
    group.approved, group.approved_by_username, group.approved_at = True, identity.username, utcnow()
    for request in requests_of(group):
        if request.requires_approval and request.requires_approval_reason == LTL_REASON:
            request.requires_approval = False
            history.note(request, f"Approved with shipment group {group.id}.", identity.username)
    lifecycle.recheck(group, identity.username)
    db.session.commit()
    return present(group, identity)


@retried_on_conflict
def cancel_group(client_id, identity, group_id):
    """Cancel a group and every live shipment of it, through the shipments' cancel (their bound units go back to
    free stock through the ledger), all or nothing."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "cancel")
    shipments = allocation.locked_shipments(client_id, [shipment.id for shipment in lifecycle.live_shipments(group)])
    lifecycle.move(group, CANCELED, "Canceled with its shipments.", identity.username)
    if shipments:
        cancel_shipments(shipments, identity.username, f"Shipment group {group.id} canceled.")
    else:
        db.session.commit()
    return present(group, identity)


def change_ship_method(client_id, identity, group_id, fields):
    """Give a group and all its shipments another LTL ship profile and method (admins only)."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "edit_method")
    profile, method = _offered_method(client_id, fields)
    if not allocation.is_ltl(profile, method.code):
        _refuse_carrier(f"{FIELD} {profile.id} ships by {profile.carrier.name}: a shipment group travels by LTL "
                        "freight (remove a shipment from the group to send it by parcel).")
    group.ship_profile_id, group.ship_method = profile.id, method.code
    for shipment in lifecycle.live_shipments(group):
        before = {"ship_profile_id": shipment.ship_profile_id, "ship_method": shipment.ship_method}
        shipment.ship_profile_id, shipment.ship_method = profile.id, method.code
        history.changed(shipment.request, shipment, before, identity.username,
                        what=f"Shipment {shipment.id} (shipment group {group.id}): changed")
    lifecycle.recheck(group, identity.username)
    db.session.commit()
    return present(group, identity)


def _offered_method(client_id, fields):
    """The client's ship profile and the method of its carrier ``fields`` name (422 naming the field otherwise)."""
    profile = rules.ship_profile_of(client_id, fields["ship_profile_id"])
    return profile, rules.ship_method_of(profile, fields["ship_method"])


def _refuse_carrier(message):
    raise rules.RequestRefused(message, code="carrier_not_allowed", field="ship_profile_id", labels=REQUEST_LABELS)


@retried_on_conflict
def move_shipment(client_id, identity, target_id, shipment_id):
    """Move a shipment of a group not yet approved into another group of the client in validating, not
    approved, shipping from the same warehouse (409 invalid_group naming why not). It takes the target's address
    and carrier method; a source left with no shipment is cancelled. Answers the target."""
    group_of(client_id, target_id)
    shipment = shipment_of(client_id, shipment_id)
    source_id = shipment.shipment_group_id
    if source_id is None:
        raise Conflict(f"Shipment {shipment.id} travels in no shipment group.", code="invalid_group")
    if source_id == target_id:
        raise Conflict(f"Shipment {shipment.id} is in shipment group {target_id} already.", code="invalid_group")
    groups = {group.id: group for group in _locked_groups(client_id, (source_id, target_id))}
    source, target = groups[source_id], groups[target_id]
    lifecycle.require_action(source, identity, "move_shipments")
    if target.status != VALIDATING or target.approved:
        shown = "approved" if target.approved else code_label(target.status)
        raise Conflict(f"Shipment group {target.id} is {shown}: a shipment moves only into a group in validating "
                       "that is not approved yet.", code="invalid_group")
    if target.warehouse_id != shipment.warehouse_id:
        raise Conflict(f"Shipment {shipment.id} ships from {shipment.warehouse_id} and shipment group {target.id} "
                       f"from {target.warehouse_id}: a group travels from one warehouse.", code="invalid_group")
    request = shipment.request
    shipment.shipment_group_id = request.shipment_group_id = target.id
    shipment.ship_profile_id, shipment.ship_method = target.ship_profile_id, target.ship_method
    for part in ADDRESS_FIELDS:
        setattr(request, f"to_{part}", getattr(target, f"to_{part}"))
    request.address_validated, request.address_validation_error = target.address_validated, target.address_validation_error
    history.note_shipment(shipment, f"Shipment {shipment.id} moved from shipment group {source.id} to {target.id}.",
                          identity.username)
    lifecycle.settle(source, identity.username, f"Its last shipment moved to group {target.id}.")
    lifecycle.recheck(target, identity.username)
    db.session.commit()
    return present(target, identity)


def _locked_groups(client_id, group_ids):
    """The client's groups of ``group_ids``, locked in the order of their ids (two moves between the same two
    groups wait for each other rather than deadlock)."""
    return db.session.scalars(scoped(ShipmentGroup, client_id).where(ShipmentGroup.id.in_(group_ids))
                              .order_by(ShipmentGroup.id).with_for_update()
                              .execution_options(populate_existing=True)).all()


@retried_on_conflict
def remove_shipment(client_id, identity, group_id, shipment_id, fields):
    """Take a shipment out of a group not yet approved, to ship by parcel: it takes the ship profile and method
    given (neither LTL nor Custom), its request the billing, its request no longer waits for LTL approval, and it
    is checked again as a parcel (its address included). A group left with no shipment is cancelled."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "remove_shipments")
    shipment = shipment_of(client_id, shipment_id)
    if shipment.shipment_group_id != group.id or shipment.status == CANCELED:
        raise NotFound(f"Shipment {shipment.id} is not in shipment group {group.id}.")
    profile, method = _offered_method(client_id, fields)
    if profile.carrier.name in PARCEL_EXCLUDED:
        _refuse_carrier(f"{FIELD} {profile.id} ships by {profile.carrier.name}: a shipment leaving its group ships by "
                        "parcel, neither LTL nor Custom.")
    request = shipment.request
    shipment.shipment_group_id = None
    shipment.ship_profile_id, shipment.ship_method = profile.id, method.code
    if not any(other.shipment_group_id == group.id for other in request.shipments if other.id != shipment.id):
        request.shipment_group_id = None
    for name in BILLING_FIELDS:
        setattr(request, name, fields.get(name))
    if request.requires_approval and request.requires_approval_reason == LTL_REASON:
        request.requires_approval = False
    history.note(request, f"Shipment {shipment.id} removed from shipment group {group.id}: it ships by "
                          f"{profile.carrier.name} {method.code}, billed to {code_label(request.billing_type)}.",
                 identity.username)
    allocation.advance(shipment, identity.username, f"Removed from shipment group {group.id}.")
    lifecycle.settle(group, identity.username, "Its last shipment was removed from it.")
    db.session.commit()
    return present(group, identity)


def change_address(client_id, identity, group_id, address, skip_validation=False):
    """Give a group and its shipments' requests a new ship-to address, stored as the request's address fix
    stores it: a valid address normalised, an invalid one only with ``skip_validation``; otherwise nothing changes
    and the result carries the error and the candidates."""
    group = group_of(client_id, group_id, for_update=True)
    lifecycle.require_action(group, identity, "edit_address")
    requests = requests_of(group)
    if not requests:
        raise Conflict(f"Shipment group {group.id} has no shipment to address.", code="invalid_status")
    checked, stored = [store_address(request, address, skip_validation, identity.username) for request in requests][0]
    if stored:
        _store_group_address(group, checked)
        lifecycle.recheck(group, identity.username)
        db.session.commit()
    return {"shipment_group": present(group, identity), "update_shipment_group_address_result": checked}


def _store_group_address(group, checked):
    """The group's address as its requests stored it; its key follows, unless another open group of the client
    travels to that place from the same warehouse on the same day (409: move the shipments there instead)."""
    for part in ADDRESS_FIELDS:
        setattr(group, f"to_{part}", checked["updated_address"][part])
    group.address_validated = True
    group.address_validation_error = None if checked["is_valid"] else checked["validation_error"]
    key = address_key(checked["updated_address"])
    if key != group.address_key and not group.approved and group.status == VALIDATING:
        other = db.session.scalar(select(ShipmentGroup.id).where(
            owned_by(ShipmentGroup, group.client_id), text(OPEN_GROUP), ShipmentGroup.id != group.id,
            ShipmentGroup.warehouse_id == group.warehouse_id, ShipmentGroup.desired_ship_date == group.desired_ship_date,
            ShipmentGroup.address_key == key))
        if other is not None:
            raise Conflict(f"Shipment group {other} already travels to this address from {group.warehouse_id} on "
                           f"{group.desired_ship_date.isoformat()}: move the shipments into it instead.",
                           code="invalid_group")
    group.address_key = key
