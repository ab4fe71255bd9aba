"""The allocation engine: which warehouse a request ships from, what its fill type makes of the
stock there, and the waiting shipments that take stock as it arrives.

Stock moves only through the inventory ledger: allocating moves units from unbound to bound at one
location. The levels a decision reads are locked first, in one order (location, then item), so
concurrent requests, imports and receipts never bind more than is on hand, and wait for each other
rather than deadlock."""
from collections import Counter
from dataclasses import dataclass

from sqlalchemy import select, tuple_
from sqlalchemy.orm import selectinload

from api.addresses.service import US_POSTAL_AREAS, distance_km, place_of
from api.extensions import db
from api.inventory.ledger import lock_levels
from api.orders import grouping, lifecycle, stock
from api.orders.history import note_shipment
from api.orders.models import (
    CANCELED, OPTIMAL, PROCESSING, READY_TO_PROCESS, SHIPPED, VALIDATING, Shipment, ShipmentGroup, ShipmentLine,
)
from api.shipping.models import CUSTOM_CARRIER, LTL_CARRIER, ShipProfile


@dataclass
class PlannedShipment:
    """A shipment a new request is placed in: its parts ([(line, units)]), its status, and whether its
    units are bound to it now."""

    parts: list
    status: str
    bound: bool


def choose_warehouse(asked, country, address, demand, free, warehouses):
    """The warehouse a request ships from: the one it asks for, or for ``optimal`` the nearest of those
    that can ship all of it now, else the one that can ship the most units now (nearest first).
    ``demand`` is {item id: units}, ``free`` {(item id, location): free units}. Distances run from
    the destination's place (``addresses.service.place_of``: its ZIP code's centre, abroad its city
    or its country's capital); a destination with no known place prefers warehouses in its country."""
    if asked != OPTIMAL:
        return asked
    destination = place_of(address, country)
    wanted = sum(demand.values())

    def rank(warehouse):
        shippable = sum(min(quantity, free.get((item_id, warehouse.code), 0)) for item_id, quantity in demand.items())
        if destination is not None:
            distance = distance_km(destination, (warehouse.latitude, warehouse.longitude))
        else:
            distance = 0 if warehouse.country == country else 1
        return (shippable != wanted, -shippable, distance, warehouse.code)

    return min(warehouses, key=rank).code


def plan_shipments(lines, warehouse, free, fill_type):
    """The shipments of a new request's picked ``lines`` (each with an ``item_id`` and ``units``) at
    ``warehouse`` by its fill type, taking the units it binds from ``free`` ({(item id, location):
    units}):

    - complete (and ship_together): one shipment, allocated only when every unit can be;
    - kill: everything now, or the whole request is cancelled;
    - partial: what is free now, and a waiting shipment for the rest;
    - partial_kill: what is free now, the rest cancelled."""
    available = {}
    now, rest = [], []
    for line in lines:
        left = available.setdefault(line.item_id, free.get((line.item_id, warehouse), 0))
        taken = min(line.units, left)
        available[line.item_id] = left - taken
        if taken:
            now.append((line, taken))
        if taken < line.units:
            rest.append((line, line.units - taken))
    everything = [(line, line.units) for line in lines]
    if not rest:
        plans = [PlannedShipment(now, VALIDATING, bound=True)]
    elif fill_type == "complete":
        plans = [PlannedShipment(everything, VALIDATING, bound=False)]
    elif fill_type == "kill" or not now:
        plans = [PlannedShipment(everything, VALIDATING if fill_type == "partial" else CANCELED, bound=False)]
    else:
        plans = [PlannedShipment(now, VALIDATING, bound=True),
                 PlannedShipment(rest, VALIDATING if fill_type == "partial" else CANCELED, bound=False)]
    if plans[0].bound:
        for item_id, left in available.items():
            free[(item_id, warehouse)] = left
    return plans


def allocate_waiting(client_id, actor, batch=500):
    """Allocate the waiting shipments of a client whose every unit is now free, oldest request
    first; each shipment is allocated whole or waits on (the caller commits). Returns how many were
    allocated."""
    allocated, after = 0, (0, 0)
    while True:
        waiting = db.session.scalars(
            select(Shipment).where(Shipment.client_id == client_id, Shipment.status == VALIDATING,
                                   Shipment.inventory_allocated.is_(False),
                                   tuple_(Shipment.request_id, Shipment.id) > after)
            .order_by(Shipment.request_id, Shipment.id).limit(batch)
        ).all()
        if not waiting:
            return allocated
        after = (waiting[-1].request_id, waiting[-1].id)
        for location in sorted({shipment.warehouse_id for shipment in waiting}):
            at_location = [shipment for shipment in waiting if shipment.warehouse_id == location]
            item_ids = {line.item_type_id for shipment in at_location for line in shipment.lines}
            free = {item_id: level.unbound for (item_id, _), level in lock_levels(client_id, item_ids, [location]).items()}
            taking = []
            for shipment in _still_waiting(at_location):
                demand = _demand_of(shipment)
                if all(free.get(item_id, 0) >= quantity for item_id, quantity in demand.items()):
                    for item_id, quantity in demand.items():
                        free[item_id] -= quantity
                    taking.append(shipment)
            stock.bind_shipments(client_id, taking, actor)
            for shipment in taking:
                advance(shipment, actor, f"Allocated at {location} as stock arrived.")
                note_shipment(shipment, f"Shipment {shipment.id} allocated at {location} as stock arrived.", actor)
                allocated += 1
            grouping.groups_changed(client_id, taking, actor)


def _still_waiting(shipments):
    """Those of ``shipments`` no one allocated or cancelled before their levels were locked here
    (another worker may have run the same allocation a moment before), re-read from the database."""
    current = db.session.scalars(
        select(Shipment).where(Shipment.id.in_([shipment.id for shipment in shipments]))
        .execution_options(populate_existing=True)).all()
    return sorted((shipment for shipment in current if shipment.status == VALIDATING and not shipment.inventory_allocated),
                  key=lambda shipment: (shipment.request_id, shipment.id))


def _demand_of(shipment):
    demand = Counter()
    for line in shipment.lines:
        demand[line.item_type_id] += line.quantity_desired
    return demand


def locked_shipment(client_id, shipment_id):
    """The shipment as it is once the levels of its items at its warehouse are locked, as every
    allocation locks them first: no allocation changes it until the caller commits."""
    shipment = db.session.get(Shipment, shipment_id)
    item_ids = db.session.scalars(select(ShipmentLine.item_type_id).where(ShipmentLine.shipment_id == shipment_id)).all()
    lock_levels(client_id, set(item_ids), [shipment.warehouse_id])
    return db.session.scalars(select(Shipment).where(Shipment.id == shipment_id)
                              .options(selectinload(Shipment.lines))
                              .execution_options(populate_existing=True)).one()


def locked_shipments_of(request):
    """The shipments of ``request`` as they are once the levels of their items are locked, at every
    location in the order every allocation locks them: no allocation changes them until the caller commits."""
    lock_levels(request.client_id, {line.item_type_id for shipment in request.shipments for line in shipment.lines})
    return db.session.scalars(select(Shipment).where(Shipment.request_id == request.id).order_by(Shipment.id)
                              .options(selectinload(Shipment.lines))
                              .execution_options(populate_existing=True)).all()


def locked_shipments(client_id, shipment_ids):
    """The shipments of ``shipment_ids`` as they are once the levels of their items are locked, at every location
    in the order every allocation locks them: no allocation changes them until the caller commits."""
    item_ids = db.session.scalars(select(ShipmentLine.item_type_id).where(ShipmentLine.shipment_id.in_(shipment_ids)))
    lock_levels(client_id, set(item_ids))
    return db.session.scalars(select(Shipment).where(Shipment.id.in_(shipment_ids)).order_by(Shipment.id)
                              .options(selectinload(Shipment.lines))
                              .execution_options(populate_existing=True)).all()


def release(shipment, actor, reason):
    """Cancel a shipment for ``reason``, giving its bound units back (the caller commits)."""
    stock.release_shipments(shipment.client_id, [shipment], actor)
    lifecycle.move(shipment, CANCELED, reason=reason, actor=actor)


def lower(shipments, wanted, actor):
    """Bring the live ``shipments`` of a request down to ``wanted`` ({set item id: units at most}), the
    units coming out of the shipments waiting for stock first, then of the latest: bound units go back
    to free stock through the ledger, a line left with none goes, and a shipment left with nothing is
    cancelled (the caller has locked the levels and commits). Answers the units given back."""
    live = sorted((shipment for shipment in shipments if shipment.status != CANCELED),
                  key=lambda shipment: (shipment.inventory_allocated, -shipment.id))
    excess = {set_item_id: -units for set_item_id, units in wanted.items()}
    for shipment in live:
        for line in shipment.lines:
            if line.set_item_id in excess:
                excess[line.set_item_id] += line.quantity_desired
    freed, released = 0, []
    for shipment in live:
        cuts = []
        for line in shipment.lines:
            cut = min(max(excess.get(line.set_item_id, 0), 0), line.quantity_desired)
            if cut:
                excess[line.set_item_id] -= cut
                cuts.append((line, cut))
        if sum(cut for _, cut in cuts) == sum(line.quantity_desired for line in shipment.lines):
            freed += sum(line.quantity_allocated for line in shipment.lines)
            release(shipment, actor, "Nothing is left to send.")
            note_shipment(shipment, f"Shipment {shipment.id} canceled: nothing is left to send.", actor)
            continue
        for line, cut in cuts:
            if shipment.inventory_allocated:
                released.append((shipment, line, cut))
                freed += cut
            line.quantity_desired -= cut
    if released:
        stock.release_lines(released[0][0].client_id, released, actor)
    for shipment in live:
        for line in [line for line in shipment.lines if not line.quantity_desired]:
            shipment.lines.remove(line)
    return freed


# Checks a feature above orders adds to every shipment's checklist (orders may not import it): each takes a
# shipment and answers (name, reason) when the shipment lacks something, else None. The shipments feature
# adds the custom label a Custom carrier needs (api.shipments.documents keeps the labels).
_ADDED_CHECKS = []


def add_check(check):
    """Add ``check`` to what every shipment's checklist asks before the shipment may be processed."""
    _ADDED_CHECKS.append(check)


def checklist(shipment):
    """What a validating shipment still lacks before it can be processed: {name: reason}."""
    request = shipment.request
    customs_missing = needs_customs(request.to_country) and any(
        item.customs_value is None for s in request.sets for item in s.items if item.parent_id is None)
    missing = missing_checks(shipment.inventory_allocated, request.address_validated, request.address_validation_error,
                             is_ltl(_profile_of(shipment), shipment.ship_method), customs_missing, request.requires_approval)
    held = held_by_group(shipment)
    if held:
        missing["approval"] = held
    for check in _ADDED_CHECKS:
        lacking = check(shipment)
        if lacking is not None:
            missing[lacking[0]] = lacking[1]
    return missing


def _profile_of(shipment):
    """The shipment's own ship profile (one taken out of a group has another than its request's)."""
    return db.session.get(ShipProfile, shipment.ship_profile_id) if shipment.ship_profile_id is not None else None


def held_by_group(shipment):
    """Why the shipment group ``shipment`` travels in holds it back, or None: a grouped shipment's approval is
    its group's, and it is not ready to process before its group is."""
    group_id = lifecycle.group_of(shipment)
    if group_id is None:
        return None
    group = db.session.get(ShipmentGroup, group_id)
    if group is None or group.status in (READY_TO_PROCESS, PROCESSING, SHIPPED):
        return None
    return f"Shipment group {group_id} is not approved and ready to process yet."


def missing_checks(allocated, address_validated, address_error, ltl, customs_missing, requires_approval,
                   label_missing=False):
    """The checklist of a shipment from its facts: {name: reason} of what it lacks."""
    missing = {}
    if label_missing:
        missing["custom_label"] = "A custom label is needed."
    if not allocated:
        missing["inventory"] = "Inventory is not allocated yet."
    if not address_validated and not ltl:
        missing["address"] = address_error or "The address is not validated."
    if customs_missing:
        missing["customs"] = "Customs values are missing."
    if requires_approval:
        missing["approval"] = "The request needs approval."
    return missing


def advance(shipment, actor, reason):
    """Move a validating shipment to ready_to_process once its checklist holds, ``reason`` telling what
    made it hold."""
    if shipment.status == VALIDATING and not checklist(shipment):
        lifecycle.move(shipment, READY_TO_PROCESS, reason=f"{reason.rstrip('.')}: its checklist holds.", actor=actor)


def needs_customs(country):
    """Whether a shipment to ``country`` (a code) needs customs values: outside the US and its territories."""
    return country not in US_POSTAL_AREAS


def is_custom(profile):
    """Whether a shipment on ``profile`` (a ship profile or None) ships on a label the client gives (Custom)."""
    return profile is not None and profile.carrier.name == CUSTOM_CARRIER


def is_ltl(profile, method=None):
    """Whether a request on ``profile`` (a ship profile or None) and ship ``method`` ships by LTL freight: the
    profile's carrier or the method is LTL."""
    return method == LTL_CARRIER or (profile is not None and profile.carrier.name == LTL_CARRIER)

