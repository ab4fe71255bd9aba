"""Changing a shipment while the warehouse can still act on it (spec part 2 sections 4 and 5, part 3
section 6): its ship profile and method, how many of an item it sends, and its ship-to address, which is
its request's. The shipment's lifecycle says which change the acting user may make in its status; each
change writes its request's history and answers the shipment as it reads now."""
from api.common.errors import FIELD, Forbidden, NotFound
from api.extensions import db, retried_on_conflict
from api.inventory.ledger import Move, apply_moves, lock_levels
from api.inventory.service import units_freed
from api.orders import allocation, grouping, history, lifecycle, rules, stock
from api.orders.models import CANCELED, SetItem
from api.orders.service import store_address
from api.shipments.owned import shipment_of, shipment_to_change
from api.shipments.schemas import EDIT_LABELS
from api.shipments.service import present_shipment
from api.shipping.models import CUSTOM_CARRIER, LTL_CARRIER, ShipProfile


def change_method(client_id, identity, shipment_id, fields):
    """Give a shipment another ship profile and/or method: one the profile's carrier offers, and for
    anyone but an admin a carrier its current profile allows (part 2 section 5)."""
    shipment = shipment_to_change(client_id, identity, shipment_id, "edit_method")
    profile_id = fields.get("ship_profile_id", shipment.ship_profile_id)
    code = fields.get("ship_method", shipment.ship_method)
    profile = rules.ship_profile_of(client_id, profile_id) if profile_id is not None else None
    if profile is None and code:
        rules.refuse(f"{FIELD} '{code}' needs a Ship Profile.", "ship_method")
    method = rules.ship_method_of(profile, code) if code else None
    if not identity.is_admin:
        _refuse_restricted_carrier(_carrier_of(db.session.get(ShipProfile, shipment.ship_profile_id)
                                               if shipment.ship_profile_id else None), profile)
    if shipment.request.options.get("saturday_delivery") and not rules.delivers_on_saturday(profile, method):
        rules.refuse(f"{FIELD} '{code}' cannot deliver on Saturday, which the request asks for; Saturday delivery is "
                     "only for UPS and FedEx express ship methods.", "ship_method")
    before = {"ship_profile_id": shipment.ship_profile_id, "ship_method": shipment.ship_method}
    shipment.ship_profile_id, shipment.ship_method = profile_id, code
    history.changed(shipment.request, shipment, before, identity.username, what=f"Shipment {shipment.id}: changed")
    if allocation.is_ltl(profile, code):  # not grouped yet: the lifecycle refused the change of a grouped one
        grouping.join_as_changed(shipment, identity.username)
    allocation.advance(shipment, identity.username, "Ship method changed.")
    db.session.commit()
    return present_shipment(shipment, identity)


def _carrier_of(profile):
    return profile.carrier.name if profile is not None else None


def _refuse_restricted_carrier(current, profile):
    """Refuse a non-admin a carrier the shipment's ``current`` carrier rules out: on LTL only LTL, on Custom
    anything but LTL, otherwise neither LTL nor Custom."""
    chosen = _carrier_of(profile)
    if current == LTL_CARRIER:
        refused, rule = chosen != LTL_CARRIER, "a shipment on an LTL profile stays on LTL"
    elif current == CUSTOM_CARRIER:
        refused, rule = chosen == LTL_CARRIER, "LTL is not offered for a shipment on a Custom profile"
    else:
        refused, rule = chosen in (LTL_CARRIER, CUSTOM_CARRIER), "LTL and Custom are not offered for this shipment"
    if refused:
        shown = f"{profile.id} ships by {chosen}" if profile is not None else "left empty"
        raise Forbidden(f"{FIELD} {shown}: {rule}; only an admin may choose otherwise.", code="carrier_not_allowed",
                        field="ship_profile_id", labels=EDIT_LABELS)


@retried_on_conflict
def change_quantity(client_id, identity, shipment_id, set_id, set_item_id, quantity):
    """Set how many units of a set item a shipment sends, from 0 up to what its request asked for and its
    other shipments do not send. Lowering gives its bound units back to free stock at once, the item
    leaves the shipment at 0, and a shipment left with nothing is cancelled; raising an allocated shipment
    binds the further units, which must be free at its warehouse."""
    shipment_of(client_id, shipment_id)
    shipment = allocation.locked_shipment(client_id, shipment_id)
    line = next((line for line in shipment.lines if line.set_item_id == set_item_id), None)
    set_item = db.session.get(SetItem, set_item_id) if line is not None else None
    if set_item is None or set_item.set_id != set_id:
        raise NotFound(f"Item {set_item_id} of set {set_id} is not in shipment {shipment_id}.")
    lifecycle.require_action(shipment, identity, "edit_quantities")
    before = line.quantity_desired
    if quantity > before:
        _refuse_above_requested(shipment, set_item, quantity)
    if quantity == before:
        return present_shipment(shipment, identity)
    history.note_shipment(shipment, f"Shipment {shipment.id}: {set_item.upc} quantity from {before} to {quantity}.",
                          identity.username)
    if quantity > before:
        if shipment.inventory_allocated:
            _bind_more(shipment, line, quantity - before, identity.username)
        line.quantity_desired = quantity
        freed = 0
    else:
        freed = allocation.lower([shipment], {set_item_id: quantity}, identity.username)
    waiting = shipment.status != CANCELED and not shipment.inventory_allocated
    db.session.commit()
    if freed or waiting:  # freed units, or a changed need that stock on hand may now fill
        units_freed.send("shipment", client_id=client_id)
    return present_shipment(shipment, identity)


def _refuse_above_requested(shipment, set_item, quantity):
    elsewhere = sum(line.quantity_desired for other in shipment.request.shipments
                    if other.id != shipment.id and other.status != CANCELED
                    for line in other.lines if line.set_item_id == set_item.id)
    requested = set_item.quantity - elsewhere
    if quantity > requested:
        shared = f" ({set_item.quantity} asked for, {elsewhere} sent by its other shipments)" if elsewhere else ""
        _refuse_quantity(f"{FIELD} {quantity} is above the {requested} requested of this shipment{shared}.")


def _bind_more(shipment, line, units, actor):
    """Bind ``units`` more free units to ``line`` of an allocated shipment (its levels locked already)."""
    level = lock_levels(shipment.client_id, {line.item_type_id}, [shipment.warehouse_id]).get(
        (line.item_type_id, shipment.warehouse_id))
    free = level.unbound if level is not None else 0
    if free < units:
        _refuse_quantity(f"{FIELD} needs {units} more of {line.item_type.upc} at {shipment.warehouse_id}, where "
                         f"{free} {'is' if free == 1 else 'are'} free.")
    apply_moves(shipment.client_id, [Move(line.item_type_id, shipment.warehouse_id, unbound=-units, bound=units,
                                          reason=stock.ALLOCATION, reference=stock.reference_of(shipment))], actor)
    line.quantity_allocated += units


def _refuse_quantity(message):
    raise rules.RequestRefused(message, field="quantity_desired", labels=EDIT_LABELS)


def change_address(client_id, identity, shipment_id, address, skip_validation=False):
    """Give a shipment's request a new ship-to address, which all its shipments share: each live one must
    allow it (part 3 section 6). Stored as the request's address fix stores it: a valid address
    normalised, an invalid one only with ``skip_validation``; otherwise nothing changes and the answer
    carries the error and the candidates."""
    shipment = shipment_to_change(client_id, identity, shipment_id, "edit_address")
    request = shipment.request
    for other in request.shipments:
        if other.status != CANCELED:
            lifecycle.require_action(other, identity, "edit_address")
    checked, stored = store_address(request, address, skip_validation, identity.username)
    if stored:
        db.session.commit()
    return {**checked, "shipment": present_shipment(shipment, identity) if stored else None}
