"""The allocation engine: which warehouse a request ships from, what its fill type makes of the
stock there, and the waiting shipments that take stock as it arrives.

Stock moves only through the inventory ledger: allocating moves units from unbound to bound at one
location. The levels a decision reads are locked first, in one order (location, then item), so
concurrent requests, imports and receipts never bind more than is on hand, and wait for each other
rather than deadlock."""
from collections import Counter

from sqlalchemy import select, tuple_

from api.addresses.service import US_POSTAL_AREAS, distance_km, postal_centroid
from api.extensions import db
from api.inventory.models import InventoryLevel
from api.inventory.service import record_movement
from api.orders.history import note_shipment
from api.orders.models import CANCELED, OPTIMAL, READY_TO_PROCESS, VALIDATING, Shipment, ShipmentLine
from api.warehouses.models import Warehouse

ALLOCATION = "allocation"


def picked_lines(request):
    """The set items the warehouse picks: simple items, and the children of bundles and kits."""
    return [item for request_set in request.sets for item in request_set.items if item.picked]


def _demand(lines):
    demand = Counter()
    for line in lines:
        demand[line.item_type_id] += line.quantity
    return demand


def _free_units(client_id, item_ids, locations=None):
    query = select(InventoryLevel.item_type_id, InventoryLevel.location, InventoryLevel.unbound).where(
        InventoryLevel.client_id == client_id, InventoryLevel.item_type_id.in_(item_ids))
    if locations is not None:
        query = query.where(InventoryLevel.location.in_(locations))
    return {(item_id, location): unbound for item_id, location, unbound in db.session.execute(query)}


def choose_warehouse(request, lines):
    """The warehouse a request ships from: the one it names, or for ``optimal`` the nearest of those
    that can ship all of it now, else the one that can ship the most units now (nearest first).
    Distances run between postal-code centres; a destination without one (abroad) prefers
    warehouses in its country."""
    if request.warehouse_id != OPTIMAL:
        return request.warehouse_id
    demand = _demand(lines)
    free = _free_units(request.client_id, list(demand))
    destination = postal_centroid(request.to_postal_code) if request.to_country in US_POSTAL_AREAS else None

    def rank(warehouse):
        shippable = sum(min(quantity, free.get((item_id, warehouse.code), 0)) for item_id, quantity in demand.items())
        whole = shippable == sum(demand.values())
        if destination is not None:
            distance = distance_km(destination, (warehouse.latitude, warehouse.longitude))
        else:
            distance = 0 if warehouse.country == request.to_country else 1
        return (not whole, -shippable, distance, warehouse.code)

    return min(db.session.scalars(select(Warehouse)), key=rank).code


def _lock_levels(client_id, location, item_ids):
    """The levels of ``item_ids`` at ``location``, locked in item order: {item_id: unbound}."""
    rows = db.session.scalars(
        select(InventoryLevel).where(InventoryLevel.client_id == client_id, InventoryLevel.location == location,
                                     InventoryLevel.item_type_id.in_(sorted(item_ids)))
        .order_by(InventoryLevel.item_type_id).with_for_update().execution_options(populate_existing=True)
    ).all()
    return {row.item_type_id: row.unbound for row in rows}


def _bind(shipment, actor):
    """Bind a waiting shipment's units to it: the ledger moves them from unbound to bound."""
    _mark_allocated(shipment)
    _record_binding(shipment, actor)


def _mark_allocated(shipment):
    for line in shipment.lines:
        line.quantity_allocated = line.quantity_desired
    shipment.inventory_allocated = True


def _record_binding(shipment, actor):
    for line in shipment.lines:
        record_movement(line.item_type, shipment.warehouse_id, unbound=-line.quantity_desired,
                        bound=line.quantity_desired, reason=ALLOCATION, reference=f"shipment:{shipment.id}", actor=actor)


def _new_shipment(request, warehouse, parts, status=VALIDATING, bound_by=None):
    """A shipment of ``parts`` ([(set item, units)]); with ``bound_by`` (the actor) its units are bound
    to it at once. It is written in one go, already moved on when nothing holds it, rather than
    written and then updated."""
    shipment = Shipment(client_id=request.client_id, request=request, warehouse_id=warehouse, status=status,
                        ship_profile_id=request.ship_profile_id, ship_method=request.ship_method)
    for set_item, quantity in parts:
        shipment.lines.append(ShipmentLine(set_item_id=set_item.id, item_type_id=set_item.item_type_id,
                                           item_type=set_item.item_type, quantity_desired=quantity))
    if bound_by is not None:
        _mark_allocated(shipment)
    advance(shipment)
    db.session.add(shipment)
    db.session.flush()
    if bound_by is not None:
        _record_binding(shipment, bound_by)
    return shipment


def place_request(request, actor):
    """Turn a new request into shipments by its fill type (the caller commits):

    - complete, or ship_together: one shipment, allocated only when every unit can be;
    - kill: everything now, or the whole request is cancelled;
    - partial: what is free now, and a waiting shipment for the rest;
    - partial_kill: what is free now, the rest cancelled.

    Answers the shipments made."""
    lines = picked_lines(request)
    warehouse = choose_warehouse(request, lines)
    free = _lock_levels(request.client_id, warehouse, {line.item_type_id for line in lines})
    now, rest = [], []
    for line in lines:
        taken = min(line.quantity, free.get(line.item_type_id, 0))
        free[line.item_type_id] = free.get(line.item_type_id, 0) - taken
        if taken:
            now.append((line, taken))
        if taken < line.quantity:
            rest.append((line, line.quantity - taken))
    whole = not rest
    fill_type = "complete" if request.ship_together else request.fill_type
    if whole:
        return [_new_shipment(request, warehouse, now, bound_by=actor)]
    if fill_type == "complete":
        return [_new_shipment(request, warehouse, [(line, line.quantity) for line in lines])]
    if fill_type == "kill" or not now:
        everything = [(line, line.quantity) for line in lines]
        return [_new_shipment(request, warehouse, everything, status=VALIDATING if fill_type == "partial" else CANCELED)]
    return [_new_shipment(request, warehouse, now, bound_by=actor),
            _new_shipment(request, warehouse, rest, status=VALIDATING if fill_type == "partial" else CANCELED)]


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
            free = _lock_levels(client_id, location, item_ids)
            for shipment in _still_waiting(at_location):
                demand = _demand_of(shipment)
                if all(free.get(item_id, 0) >= quantity for item_id, quantity in demand.items()):
                    for item_id, quantity in demand.items():
                        free[item_id] -= quantity
                    _bind(shipment, actor)
                    advance(shipment)
                    note_shipment(shipment, f"Shipment {shipment.id} allocated at {location} as stock arrived.", actor)
                    allocated += 1


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


def release(shipment, actor):
    """Cancel a shipment, giving its bound units back (the caller commits)."""
    if shipment.inventory_allocated:
        for line in sorted(shipment.lines, key=lambda line: line.item_type_id):
            record_movement(line.item_type, shipment.warehouse_id, unbound=line.quantity_allocated,
                            bound=-line.quantity_allocated, reason="release", reference=f"shipment:{shipment.id}",
                            actor=actor)
            line.quantity_allocated = 0
        shipment.inventory_allocated = False
    shipment.status = CANCELED


def checklist(shipment):
    """What a validating shipment still lacks before it can be processed: {name: reason}."""
    request = shipment.request
    missing = {}
    if not shipment.inventory_allocated:
        missing["inventory"] = "Inventory is not allocated yet."
    if not request.address_validated and not is_ltl(request):
        missing["address"] = request.address_validation_error or "The address is not validated."
    if needs_customs(request) and any(item.customs_value is None for s in request.sets for item in s.items
                                      if item.parent_id is None):
        missing["customs"] = "Customs values are missing."
    if request.requires_approval:
        missing["approval"] = "The request needs approval."
    return missing


def advance(shipment):
    """Move a validating shipment to ready_to_process once its checklist holds."""
    if shipment.status == VALIDATING and not checklist(shipment):
        shipment.status = READY_TO_PROCESS


def needs_customs(request):
    return request.to_country not in US_POSTAL_AREAS


def is_ltl(request):
    profile = request.ship_profile
    return profile is not None and profile.carrier.name == "LTL"


def lock_stock_of(client_id, item_ids):
    """Lock the levels of ``item_ids`` at every location, in the order every allocation locks in
    (location, then item): a job placing a chunk of requests takes all its locks up front, so it
    never waits for a lock held by someone waiting for one of its own."""
    db.session.execute(
        select(InventoryLevel.id).where(InventoryLevel.client_id == client_id, InventoryLevel.item_type_id.in_(sorted(item_ids)))
        .order_by(InventoryLevel.location, InventoryLevel.item_type_id).with_for_update())
