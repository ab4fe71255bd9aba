"""Stock per item and location, changed only through the ledger: every movement is a ledger row and
the level it moves, written together, so any figure can be explained and rebuilt from the ledger."""
from sqlalchemy import func, select

from api.common.errors import ApiError
from api.common.tenancy import get_scoped_or_404
from api.extensions import db
from api.inventory.models import LOCATIONS, InventoryLevel, InventoryMovement
from api.products.models import VIRTUAL_TYPES, ItemType

FIGURES = ("unbound", "reserved", "bound")


class StockRefused(ApiError):
    status = 422
    code = "invalid_inventory"


def _locked_level(item_type, location):
    level = db.session.scalars(
        select(InventoryLevel).filter_by(item_type_id=item_type.id, location=location).with_for_update()
    ).first()
    if level is None:
        level = InventoryLevel(client_id=item_type.client_id, item_type_id=item_type.id, location=location,
                               unbound=0, reserved=0, bound=0)
        db.session.add(level)
    return level


def record_movement(item_type, location, *, unbound=0, reserved=0, bound=0, reason, reference, actor):
    """Add a ledger row and move the level by the same amounts (the caller commits)."""
    if location not in LOCATIONS:
        raise StockRefused(f"'{location}' is not a warehouse location.")
    level = _locked_level(item_type, location)
    deltas = {"unbound": unbound, "reserved": reserved, "bound": bound}
    for name, delta in deltas.items():
        if getattr(level, name) + delta < 0:
            raise StockRefused(
                f"The {name} stock of '{item_type.upc}' at {location} is {getattr(level, name)}; it cannot go below 0."
            )
    for name, delta in deltas.items():
        setattr(level, name, getattr(level, name) + delta)
    db.session.add(InventoryMovement(
        client_id=item_type.client_id, item_type_id=item_type.id, location=location,
        unbound_delta=unbound, reserved_delta=reserved, bound_delta=bound,
        reason=reason, reference=reference, actor=actor,
    ))
    return level


def levels_for(item_type):
    """Figures per location, every location present (zeros where the item has no stock)."""
    stored = {
        level.location: level
        for level in db.session.scalars(select(InventoryLevel).filter_by(item_type_id=item_type.id))
    }
    figures = {}
    for location in LOCATIONS:
        level = stored.get(location)
        unbound, reserved, bound = (level.unbound, level.reserved, level.bound) if level else (0, 0, 0)
        figures[location] = {"location": location, "unbound": unbound, "reserved": reserved, "bound": bound,
                             "available": unbound}
    return figures


def _stocked_item(upc):
    item_type = get_scoped_or_404(ItemType, "Item not found.", upc=upc)
    if item_type.composite_type in VIRTUAL_TYPES:
        raise StockRefused("Bundles and kits hold no stock of their own.")
    return item_type


def reserve(identity, upc, locations):
    """Set the reserved stock of the named locations, moving units between unbound and reserved."""
    item_type = _stocked_item(upc)
    named = [entry["location"] for entry in locations]
    repeated = sorted({location for location in named if named.count(location) > 1})
    if repeated:
        raise StockRefused(f"{', '.join(repeated)} is listed more than once.")
    for entry in locations:
        level = _locked_level(item_type, entry["location"])
        free = level.unbound + level.reserved
        if entry["reserved"] > free:
            raise StockRefused(f"Only {free} units are free at {entry['location']}.")
        change = entry["reserved"] - level.reserved
        if change:
            record_movement(item_type, entry["location"], unbound=-change, reserved=change,
                            reason="reservation", reference=f"item:{item_type.upc}", actor=identity.username)
    db.session.commit()
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

