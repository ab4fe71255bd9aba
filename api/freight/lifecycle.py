"""The lifecycle of an LTL shipment group: its statuses, the moves allowed between them, the history of
every move (who, when, from, to and why), its checklist, and what the acting user may do to it now.

A group moves its shipments through theirs (api.orders.lifecycle): once it is approved and every check of
its checklist holds it is ready to process and so are they; when a check fails again both go back to
validating. ``recheck`` is called after whatever may change a check: approval, a bill of lading, the
address, a shipment moved in or out, allocation."""
from sqlalchemy import exists, select

from api.common.errors import Conflict, Forbidden
from api.common.row_writes import insert_rows
from api.common.tenancy import owned_by, scoped
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db
from api.freight.models import BillOfLading, ShipmentGroupStatusChange
from api.orders import allocation, grouping
from api.orders import lifecycle as shipment_lifecycle
from api.orders.models import (
    CANCELED, GROUP_STATUSES, PROCESSING, READY_TO_PROCESS, SHIPPED, VALIDATING, Shipment, ShipmentGroup,
)
from api.shipments.service import missing_customs, needs_customs

TRANSITIONS = {
    VALIDATING: frozenset({READY_TO_PROCESS, CANCELED}),
    # A check failing again (an address changed, stock taken back) sends it back to validating.
    READY_TO_PROCESS: frozenset({VALIDATING, PROCESSING, CANCELED}),
    PROCESSING: frozenset({SHIPPED}),
    SHIPPED: frozenset(),
    CANCELED: frozenset(),
}
CANCELABLE = EDITABLE = (VALIDATING, READY_TO_PROCESS)
# A bill of lading may still be given while the warehouse loads the freight, not once it left.
BOL_EDITABLE = (VALIDATING, READY_TO_PROCESS, PROCESSING)

UPDATE_LTL = "update:ltl"
APPROVE_LTL = "approve:ltl"

# Each action: the grant it needs, the statuses it is allowed in, the words its refusal names it by.
ACTIONS = {
    "approve": (APPROVE_LTL, (VALIDATING,), "Approving"),
    "cancel": (UPDATE_LTL, CANCELABLE, "Cancelling"),
    "edit_address": (UPDATE_LTL, EDITABLE, "Changing the address"),
    "edit_method": (UPDATE_LTL, EDITABLE, "Changing the carrier method"),
    "move_shipments": (UPDATE_LTL, (VALIDATING,), "Moving shipments"),
    "remove_shipments": (UPDATE_LTL, (VALIDATING,), "Removing shipments"),
    "upload_bol": (UPDATE_LTL, BOL_EDITABLE, "Uploading a bill of lading"),
    "generate_bol": (UPDATE_LTL, BOL_EDITABLE, "Generating a bill of lading"),
    "comment": (UPDATE_LTL, GROUP_STATUSES, "Commenting"),
}
# Spec part 3 section 6: the carrier method of a group is the admins' to change.
ADMINS_ONLY = ("edit_method",)
# Spec part 3 section 4: a group not yet approved can have shipments moved or removed.
BEFORE_APPROVAL = ("approve", "move_shipments", "remove_shipments")

BOL_REQUIRED = "BOL required to complete processing."
NOT_ALLOCATED = "Inventory is not allocated for all shipments."


def move(group, to_status, reason, actor):
    """Move ``group`` to ``to_status``, writing the move's history (the caller commits); a move the lifecycle
    does not allow is refused (409 invalid_transition naming both statuses). Moving to the status it is in
    changes nothing."""
    if to_status == group.status:
        return
    if to_status not in TRANSITIONS[group.status]:
        raise Conflict(f"Shipment group {group.id} cannot go from {code_label(group.status)} to "
                       f"{code_label(to_status)}.", code="invalid_transition")
    db.session.add(ShipmentGroupStatusChange(client_id=group.client_id, shipment_group_id=group.id,
                                             from_status=group.status, to_status=to_status, reason=reason,
                                             actor=actor))
    group.status = to_status


@grouping.on_groups_made
def record_made(client_id, made, actor):
    """Write the first history row of groups just made, ``made`` {group id: the shipment it was made for}, in one
    statement whatever their number (the caller commits)."""
    now = utcnow()
    insert_rows(ShipmentGroupStatusChange.__table__, [
        {"client_id": client_id, "shipment_group_id": group_id, "from_status": None, "to_status": VALIDATING,
         "reason": f"Made for LTL shipment {shipment_id}.", "actor": actor, "created_at": now}
        for group_id, shipment_id in sorted(made.items())])


def live_shipments(group, *options):
    """The shipments travelling in ``group`` that are not cancelled, by id (loaded with ``options``)."""
    return db.session.scalars(select(Shipment).where(owned_by(Shipment, group.client_id),
                                                     Shipment.shipment_group_id == group.id,
                                                     Shipment.status != CANCELED)
                              .options(*options).order_by(Shipment.id)).all()


def checklist(group, shipments=None):
    """What ``group`` needs before the warehouse takes it, each check that applies to it in the order address,
    inventory, customs (abroad and the territories), bol: {check, ok, message, items}. ``shipments`` are its
    live shipments when the caller has read them."""
    shipments = live_shipments(group) if shipments is None else shipments
    validated = group.address_validated
    checks = [{"check": "address", "ok": validated, "items": [],
               # An address stored without validation keeps its error, shown although the check is met.
               "message": group.address_validation_error or (None if validated else "The address is not validated.")},
              _check("inventory", bool(shipments) and all(shipment.inventory_allocated for shipment in shipments),
                     NOT_ALLOCATED)]
    if needs_customs(group.to_country, group.to_state):
        lacking = _lacking_customs([shipment.id for shipment in shipments])
        checks.append({**_check("customs", not lacking, f"Customs information is missing for {len(lacking)} "
                                                         f"item{'s' if len(lacking) != 1 else ''}."), "items": lacking})
    has_bol = db.session.scalar(select(exists().where(owned_by(BillOfLading, group.client_id),
                                                      BillOfLading.shipment_group_id == group.id)))
    checks.append(_check("bol", has_bol, BOL_REQUIRED))
    return checks


def _lacking_customs(shipment_ids):
    """The items the shipments send lacking customs fields, each once."""
    seen, lacking = set(), []
    for items in missing_customs(shipment_ids).values():
        for item in items:
            if item["upc"] not in seen:
                seen.add(item["upc"])
                lacking.append(item)
    return lacking


def _check(name, ok, message):
    return {"check": name, "ok": bool(ok), "message": None if ok else message, "items": []}


def recheck(group, actor):
    """Move ``group`` and its shipments as its checklist now says (the caller commits): approved and every
    check met in validating, to ready_to_process, with each shipment whose own checklist then holds; a check
    failing in ready_to_process, back to validating, with its shipments ready to process."""
    if group.status not in (VALIDATING, READY_TO_PROCESS):
        return
    shipments = live_shipments(group)
    failed = [check["check"] for check in checklist(group, shipments) if not check["ok"]]
    approved = group.approved or not group.approval_required
    if group.status == VALIDATING and approved and not failed:
        move(group, READY_TO_PROCESS, "Approved and every check holds.", actor)
        for shipment in shipments:
            allocation.advance(shipment, actor, f"Shipment group {group.id} is ready to process.")
    elif group.status == READY_TO_PROCESS and failed:
        reason = f"No longer met: {', '.join(failed)}."
        move(group, VALIDATING, reason, actor)
        for shipment in shipments:
            if shipment.status == READY_TO_PROCESS:
                shipment_lifecycle.move(shipment, VALIDATING, reason=f"Shipment group {group.id}: {reason}",
                                        actor=actor)


def settle(group, actor, emptied_reason):
    """After shipments left ``group`` or were cancelled: cancelled for ``emptied_reason`` when none is left,
    else its checklist read again (the caller commits)."""
    if group.status in CANCELABLE and not live_shipments(group):
        move(group, CANCELED, emptied_reason, actor)
    else:
        recheck(group, actor)


@grouping.on_groups_changed
def _settle_changed(client_id, group_ids, actor):
    """Stock allocated to groups' shipments or one of them cancelled (api.orders): each group goes on, goes back
    or, left with no shipment, is cancelled."""
    # Locked and read afresh: an approval committing meanwhile must be seen, or its group would wait on with every
    # check met (a deadlock with a cancel locking the group first is undone and retried by both callers).
    for group in db.session.scalars(scoped(ShipmentGroup, client_id).where(ShipmentGroup.id.in_(group_ids))
                                    .order_by(ShipmentGroup.id).with_for_update()
                                    .execution_options(populate_existing=True)):
        settle(group, actor, "Its last shipment was canceled.")


def allowed_actions(group, identity, permitted=None):
    """The actions of ACTIONS ``identity`` may take on ``group`` now, in their order there; ``permitted``
    (``permitted_actions(identity)``) saves a page of groups asking the identity again for each."""
    if permitted is None:
        permitted = permitted_actions(identity)
    return [action for action in permitted if _group_rule(group, action) is None]


def permitted_actions(identity):
    """The actions ``identity``'s grants and role allow on a group in some status."""
    return [action for action in ACTIONS if _identity_rule(identity, action) is None]


def require_action(group, identity, action):
    """Refuse ``action`` on ``group`` unless ``identity`` may take it now: 403 forbidden when the grant (or
    for the carrier method the admin role) is missing, 409 invalid_status naming the status, or that the
    group is approved already."""
    rule = _identity_rule(identity, action) or _group_rule(group, action)
    if rule is not None:
        raise _refusal(rule, group, action)


def _identity_rule(identity, action):
    grant, _, _ = ACTIONS[action]
    if not identity.can(grant):
        return "grant"
    if action in ADMINS_ONLY and not identity.is_admin:
        return "admin"
    return None


def _group_rule(group, action):
    _, statuses, _ = ACTIONS[action]
    if group.status not in statuses:
        return "status"
    if action in BEFORE_APPROVAL and (group.approved or (action == "approve" and not group.approval_required)):
        return "approved"
    return None


def _refusal(rule, group, action):
    words = ACTIONS[action][2]
    if rule == "grant":
        return Forbidden(f"{words} a shipment group is not among your permissions.")
    if rule == "admin":
        return Forbidden(f"{words} of a shipment group is for admins only.")
    if rule == "status":
        return Conflict(f"{words} is not possible while shipment group {group.id} is {code_label(group.status)}.",
                        code="invalid_status")
    if group.approved:
        return Conflict(f"{words} is not possible: shipment group {group.id} is approved.", code="invalid_status")
    return Conflict(f"Shipment group {group.id} does not need approval.", code="invalid_status")
