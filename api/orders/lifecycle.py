"""The lifecycle of a shipment: its statuses, the moves allowed between them, the history of every move
(who, when, from, to and why), and what the acting user may do to a shipment in its status now.

Every change of a shipment's status goes through ``move`` (or ``record_placed`` for the status it is
placed in), and every rule of what a status allows is read from here, by the services and, through a
shipment's ``allowed_actions``, by the screens."""
from api.common.errors import Conflict, Forbidden
from api.common.row_writes import insert_rows
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import (
    CANCELED, DELIVERED, EXCEPTION, LIFECYCLE_STATUSES, PENDING_SHIP_LABEL, PROCESSING, READY_TO_PROCESS, SHIPPED,
    VALIDATING, ShipmentStatusChange,
)

TRANSITIONS = {
    VALIDATING: frozenset({READY_TO_PROCESS, CANCELED, EXCEPTION}),
    READY_TO_PROCESS: frozenset({VALIDATING, PROCESSING, CANCELED, EXCEPTION}),
    PROCESSING: frozenset({PENDING_SHIP_LABEL, SHIPPED, EXCEPTION}),
    PENDING_SHIP_LABEL: frozenset({SHIPPED, EXCEPTION}),
    SHIPPED: frozenset({DELIVERED, EXCEPTION}),
    # The warehouse sorts out what went wrong and reports where the shipment is now.
    EXCEPTION: frozenset({PROCESSING, PENDING_SHIP_LABEL, SHIPPED, DELIVERED, CANCELED}),
    DELIVERED: frozenset(),
    CANCELED: frozenset(),
}

# Spec part 3 section 4: cancel is offered in validating and one further early status, before the
# warehouse starts picking; spec part 2 section 4: item quantities are edited in the same two.
CANCELABLE = QUANTITY_EDITABLE = (VALIDATING, READY_TO_PROCESS)
# Spec part 2 section 4: a set, the ship method, the address, documents and EDI details are edited until
# the label is due (a label printed from pending_ship_label on carries the address and method).
EDITABLE = (VALIDATING, READY_TO_PROCESS, PROCESSING)
# A custom label can still be given while the warehouse waits for it.
LABEL_EDITABLE = (*EDITABLE, PENDING_SHIP_LABEL)
# Spec part 3 section 6: the late status in which only some roles still change the method or address.
LATE = PENDING_SHIP_LABEL
# Shipments that no longer go out or have gone: what is "open" is everything else.
CLOSED = (SHIPPED, DELIVERED, CANCELED)

# The grant every action needs, but cancel, which follows the grant of the cancel routes.
UPDATE_SHIPMENTS = "update:shipments"
CANCEL_GRANT = "create:fulfillment_requests"

# Each action with the statuses it is allowed in and the words its refusal names it by.
ACTIONS = {
    "cancel": (CANCELABLE, "Cancelling"),
    "edit_quantities": (QUANTITY_EDITABLE, "Changing item quantities"),
    "edit_sets": (EDITABLE, "Changing a set"),
    "edit_method": ((*EDITABLE, LATE), "Changing the ship method"),
    "edit_address": ((*EDITABLE, LATE), "Changing the address"),
    "add_documents": (EDITABLE, "Adding a document"),
    "delete_documents": (EDITABLE, "Deleting a document"),
    "add_custom_label": (LABEL_EDITABLE, "Adding a custom label"),
    "delete_custom_label": (LABEL_EDITABLE, "Deleting the custom label"),
    "edit_details": (EDITABLE, "Changing the EDI details"),
    "comment": (LIFECYCLE_STATUSES, "Commenting"),
}
# Spec part 3 section 6: in the late status only admins change the method, and only the role
# admin_client_account_manager the address; (who may, as the refusal says it).
LATE_RULES = {
    "edit_method": (lambda identity: identity.is_admin, "an admin"),
    "edit_address": (lambda identity: "admin_client_account_manager" in identity.roles,
                     "an admin client account manager"),
}
# Spec part 3 section 5: a grouped shipment's address and carrier method are the group's.
GROUP_BOUND = ("edit_method", "edit_address")


def move(shipment, to_status, *, reason, actor):
    """Move ``shipment`` to ``to_status``, writing the move's history (the caller commits); a move the
    lifecycle does not allow is refused (409 invalid_transition naming both statuses). Moving to the
    status it is in changes nothing."""
    change = move_row(shipment, to_status, reason=reason, actor=actor)
    if change is not None:
        db.session.add(ShipmentStatusChange(**change))


def move_row(shipment, to_status, *, reason, actor):
    """Move ``shipment`` as ``move`` does, answering the move's history row for ``write_history`` (None when
    it stays in its status) instead of adding an object to the session: a batch of a thousand moves writes
    their rows with one statement, without the ORM's bookkeeping of each."""
    if to_status == shipment.status:
        return None
    if to_status not in TRANSITIONS[shipment.status]:
        raise Conflict(f"Shipment {shipment.id} cannot go from {code_label(shipment.status)} to "
                       f"{code_label(to_status)}.", code="invalid_transition")
    change = {"client_id": shipment.client_id, "shipment_id": shipment.id, "from_status": shipment.status,
              "to_status": to_status, "reason": reason, "actor": actor}
    shipment.status = to_status
    return change


def write_history(changes):
    """Write the history rows ``move_row`` answered, in one statement whatever their number (the caller
    commits)."""
    now = utcnow()
    insert_rows(ShipmentStatusChange.__table__, [{**change, "created_at": now} for change in changes])


def record_placed(client_id, placed, actor, reason):
    """Write the history of shipments placed with their first status, ``placed`` [(shipment id, status)],
    in one statement whatever their number (the caller commits)."""
    now = utcnow()
    insert_rows(ShipmentStatusChange.__table__, [
        {"client_id": client_id, "shipment_id": shipment_id, "from_status": None, "to_status": status,
         "reason": reason, "actor": actor, "created_at": now}
        for shipment_id, status in placed])


def allowed_actions(shipment, identity):
    """The actions of ACTIONS ``identity`` may take on ``shipment`` now, in their order there."""
    return [action for action in ACTIONS if _blocking_rule(shipment, identity, action) is None]


def require_action(shipment, identity, action):
    """Refuse ``action`` on ``shipment`` unless ``identity`` may take it now: 409 invalid_status naming
    the status, 409 in_shipment_group for the address or method of a grouped shipment, 403 forbidden
    when only another role may (or the grant is missing)."""
    rule = _blocking_rule(shipment, identity, action)
    if rule is not None:
        raise _refusal(rule, shipment, action)


def group_of(shipment):
    """The shipment group (LTL) ``shipment`` travels in, if any: its own, or its request's."""
    return shipment.shipment_group_id if shipment.shipment_group_id is not None else shipment.request.shipment_group_id


def _blocking_rule(shipment, identity, action):
    """Which rule keeps ``identity`` from ``action`` now (grant, status, group, late), or None. Only names
    the rule: a list page asks this of every action of every row, and most are refused."""
    statuses = ACTIONS[action][0]
    if not identity.can(CANCEL_GRANT if action == "cancel" else UPDATE_SHIPMENTS):
        return "grant"
    if shipment.status not in statuses:
        return "status"
    if action in GROUP_BOUND and group_of(shipment) is not None:
        return "group"
    if shipment.status == LATE and action in LATE_RULES and not LATE_RULES[action][0](identity):
        return "late"
    return None


def _refusal(rule, shipment, action):
    words = ACTIONS[action][1]
    if rule == "grant":
        return Forbidden(f"{words} is not among your permissions.")
    if rule == "status":
        return Conflict(f"{words} is not possible while shipment {shipment.id} is {code_label(shipment.status)}.",
                        code="invalid_status")
    if rule == "group":
        return Conflict(f"{words} is not possible for shipment {shipment.id}: it travels in shipment group "
                        f"{group_of(shipment)}, whose address and method it takes.", code="in_shipment_group")
    return Forbidden(f"{words} while shipment {shipment.id} is {code_label(LATE)} is for {LATE_RULES[action][1]} only.")
