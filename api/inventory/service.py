"""Stock per item and location, changed only through the ledger's door (api.inventory.ledger): every
movement is a ledger row and the level it moves, written together, so any figure can be explained
and rebuilt from the ledger."""
from blinker import Namespace
from sqlalchemy import func, select

from api.common.tenancy import get_scoped_or_404
from api.extensions import db, retried_on_conflict
from api.inventory.ledger import FIGURES, Move, StockRefused, apply_moves, lock_levels
from api.inventory.models import InventoryLevel, InventoryMovement
from api.warehouses.locations import LOCATIONS
from api.products.models import VIRTUAL_TYPES, ItemType

units_freed = Namespace().signal("units-freed")
"""Sent with ``client_id`` after a commit that made units of the client free (unbound) somewhere:
shipments waiting for stock may take them."""


def _levels(item_ids):
    rows = db.session.scalars(select(InventoryLevel).where(InventoryLevel.item_type_id.in_(item_ids))).all()
    return {(row.item_type_id, row.location): row for row in rows}


def _availability(item, levels_of, memo):
    """Units available per location: free stock for physical items, what children can build otherwise.

    Returns {location: (available, limiting child or None)}.
    """
    if item.id in memo:
        return memo[item.id]
    if item.composite_type not in VIRTUAL_TYPES:
        levels = levels_of(item)
        result = {loc: (levels[loc].unbound if loc in levels else 0, None) for loc in LOCATIONS}
    else:
        result = {}
        children = [(c.child, _availability(c.child, levels_of, memo), c.quantity) for c in item.components]
        for loc in LOCATIONS:
            best = (0, None)
            for index, (child, available, quantity) in enumerate(children):
                buildable = available[loc][0] // quantity
                if index == 0 or buildable < best[0]:
                    best = (buildable, child)
            result[loc] = best
    memo[item.id] = result
    return result


def item_inventory(item):
    """Stock per location of one item, every location present. ``available`` is what can be allocated
    now: the free units of a physical item, or the units a bundle or kit's children can build (with
    the child that limits it)."""
    cache = {}

    def levels_of(physical):
        if physical.id not in cache:
            found = _levels([physical.id])
            cache[physical.id] = {loc: row for (_, loc), row in found.items()}
        return cache[physical.id]

    availability = _availability(item, levels_of, {})
    virtual = item.composite_type in VIRTUAL_TYPES
    rows = []
    for loc in LOCATIONS:
        level = None if virtual else levels_of(item).get(loc)
        available, limiting = availability[loc]
        rows.append({
            "location": loc,
            "unbound": level.unbound if level else 0,
            "reserved": level.reserved if level else 0,
            "bound": level.bound if level else 0,
            "available": available,
            "limiting_child": {"upc": limiting.upc, "name": limiting.name} if limiting is not None else None,
        })
    return rows


def levels_for(item_type):
    return {row["location"]: row for row in item_inventory(item_type)}


def _stocked_item(client_id, upc):
    item_type = get_scoped_or_404(ItemType, client_id, "Item not found.", upc=upc)
    if item_type.composite_type in VIRTUAL_TYPES:
        raise StockRefused("Bundles and kits hold no stock of their own.")
    return item_type


@retried_on_conflict
def reserve(identity, client_id, upc, locations):
    """Set the reserved stock of the named locations, moving units between unbound and reserved."""
    item_type = _stocked_item(client_id, upc)
    named = [entry["location"] for entry in locations]
    repeated = sorted({location for location in named if named.count(location) > 1})
    if repeated:
        raise StockRefused(f"{', '.join(repeated)} is listed more than once.")
    levels = lock_levels(client_id, [item_type.id], named)
    moves = []
    for entry in sorted(locations, key=lambda entry: entry["location"]):
        level = levels.get((item_type.id, entry["location"]))
        unbound, reserved = (level.unbound, level.reserved) if level else (0, 0)
        if entry["reserved"] > unbound + reserved:
            raise StockRefused(f"Only {unbound + reserved} units are free at {entry['location']}.")
        change = entry["reserved"] - reserved
        if change:
            moves.append(Move(item_type.id, entry["location"], unbound=-change, reserved=change,
                              reason="reservation", reference=f"item:{item_type.upc}"))
    apply_moves(client_id, moves, identity.username)
    freed = any(move.reserved < 0 for move in moves)
    db.session.commit()
    if freed:
        units_freed.send("inventory", client_id=client_id)
    return {"locations": list(levels_for(item_type).values())}


def ledger_drift(repair=False):
    """Levels that differ from the sum of their ledger rows, as (level figures, ledger figures, ids).

    With ``repair`` the levels are rewritten from the ledger (the caller commits).
    """
    sums = {
        (row.item_type_id, row.location): row
        for row in db.session.execute(
            select(
                InventoryMovement.item_type_id, InventoryMovement.location,
                InventoryMovement.client_id,
                func.sum(InventoryMovement.unbound_delta).label("unbound"),
                func.sum(InventoryMovement.reserved_delta).label("reserved"),
                func.sum(InventoryMovement.bound_delta).label("bound"),
            ).group_by(InventoryMovement.item_type_id, InventoryMovement.location, InventoryMovement.client_id)
        )
    }
    levels = {(level.item_type_id, level.location): level for level in db.session.scalars(select(InventoryLevel))}
    drift = []
    for key in sorted(set(sums) | set(levels)):
        ledger = sums.get(key)
        expected = tuple(int(getattr(ledger, name)) for name in FIGURES) if ledger else (0, 0, 0)
        level = levels.get(key)
        actual = tuple(getattr(level, name) for name in FIGURES) if level else (0, 0, 0)
        if expected == actual:
            continue
        drift.append({"item_type_id": key[0], "location": key[1], "level": actual, "ledger": expected})
        if repair:
            if level is None:
                level = InventoryLevel(client_id=ledger.client_id, item_type_id=key[0], location=key[1])
                db.session.add(level)
            level.unbound, level.reserved, level.bound = expected
    return drift

