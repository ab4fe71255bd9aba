"""The one door of the stock ledger: every unit that moves between unbound, reserved, bound and out of
stock (shipped) moves here, a batch at a time.

A batch locks the levels it moves in one order, location then item, the order every stock change
locks in, so transactions moving the same stock wait for each other rather than deadlock. It is
checked whole before anything is written: a move that would leave any figure below zero refuses the
batch. Then its ledger rows go in with one multi-row insert and each level moves once, by the sum of
its moves, in one executemany UPDATE."""
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import bindparam, select, update

from api.common.errors import ApiError
from api.common.queries import among
from api.common.row_writes import insert_new_rows, insert_rows
from api.common.tenancy import owned_by
from api.common.timeutil import utcnow
from api.extensions import db
from api.inventory.models import InventoryLevel, InventoryMovement
from api.products.models import VIRTUAL_TYPES, ItemType
from api.warehouses.locations import LOCATIONS

FIGURES = ("unbound", "reserved", "bound")


class StockRefused(ApiError):
    status = 422
    code = "invalid_inventory"


@dataclass(frozen=True)
class Move:
    """Units of one item moving at one location: the change of each figure, and why."""

    item_type_id: int
    location: str
    unbound: int = 0
    reserved: int = 0
    bound: int = 0
    reason: str = ""  # allocation, release, shipment, receipt, reservation, adjustment, ...
    reference: str = ""  # e.g. "shipment:12", "asn:3"


class LockedLevel(NamedTuple):
    """A level as it stood when this transaction locked it."""

    id: int
    unbound: int
    reserved: int
    bound: int


def lock_levels(client_id, item_ids, locations=None):
    """Lock the client's levels of ``item_ids`` (at ``locations``, or every location) in the ledger's
    order and read them: {(item id, location): LockedLevel}. Levels that do not exist yet are not
    made here; they are absent from the answer. A lock this transaction holds already is taken again
    at once, and the figures read are the current ones."""
    if not item_ids:
        return {}
    level = InventoryLevel
    query = (select(level.item_type_id, level.location, level.id, level.unbound, level.reserved, level.bound)
             .where(owned_by(level, client_id), among(level.item_type_id, sorted(item_ids))))
    if locations is not None:
        query = query.where(among(level.location, sorted(locations)))
    rows = db.session.execute(query.order_by(level.location, level.item_type_id).with_for_update())
    return {(item_id, location): LockedLevel(level_id, unbound, reserved, bound)
            for item_id, location, level_id, unbound, reserved, bound in rows}


def apply_moves(client_id, moves, actor):
    """Move the stock of ``moves`` (Move, a ledger row each but for those moving nothing, in their
    order) for ``actor``: lock the levels, refuse the whole batch (StockRefused, nothing written) when
    a figure would fall below zero, else write the ledger rows and move each level by the sum of its
    moves. A level not yet there is made (all figures 0). The caller commits."""
    moves = [move for move in moves if move.unbound or move.reserved or move.bound]
    if not moves:
        return
    unknown = sorted({move.location for move in moves} - set(LOCATIONS))
    if unknown:
        raise StockRefused(f"'{unknown[0]}' is not a warehouse location.")
    totals = _totals(moves)
    levels = lock_levels(client_id, {item_id for item_id, _ in totals}, {location for _, location in totals})
    _refuse_below_zero(totals, levels)
    levels.update(_made_levels(client_id, [key for key in totals if key not in levels]))
    insert_rows(InventoryMovement.__table__, [
        {"client_id": client_id, "item_type_id": move.item_type_id, "location": move.location,
         "unbound_delta": move.unbound, "reserved_delta": move.reserved, "bound_delta": move.bound,
         "reason": move.reason, "reference": move.reference or None, "actor": actor}
        for move in moves])
    if not totals:
        return
    table = InventoryLevel.__table__
    db.session.execute(
        update(table).where(table.c.id == bindparam("level_id"))
        .values(unbound=table.c.unbound + bindparam("d_unbound"), reserved=table.c.reserved + bindparam("d_reserved"),
                bound=table.c.bound + bindparam("d_bound"), updated_at=utcnow()),
        [{"level_id": levels[key].id, "d_unbound": change[0], "d_reserved": change[1], "d_bound": change[2]}
         for key, change in sorted(totals.items(), key=lambda entry: (entry[0][1], entry[0][0]))])


def _totals(moves):
    """{(item id, location): [unbound, reserved, bound] change} of ``moves``, levels that no move
    changes left out."""
    totals = {}
    for move in moves:
        total = totals.setdefault((move.item_type_id, move.location), [0, 0, 0])
        total[0] += move.unbound
        total[1] += move.reserved
        total[2] += move.bound
    return {key: total for key, total in totals.items() if any(total)}


def _refuse_below_zero(totals, levels):
    """Refuse the batch at the first level (in the ledger's order) one of whose figures it would take
    below zero; a level not yet there holds nothing."""
    for key in sorted(totals, key=lambda key: (key[1], key[0])):
        level = levels.get(key)
        for name, now, change in zip(FIGURES, level[1:] if level else (0, 0, 0), totals[key]):
            if now + change < 0:
                item_id, location = key
                upc = db.session.scalar(select(ItemType.upc).where(ItemType.id == item_id))
                raise StockRefused(f"The {name} stock of '{upc}' at {location} is {now}; "
                                   f"moving {-change} would take it below 0.")


def _made_levels(client_id, keys):
    """Make the levels of ``keys`` ((item id, location), none of them there when this transaction
    looked), all figures 0, and lock them: {key: LockedLevel}. One another transaction made meanwhile
    is locked as it is."""
    if not keys:
        return {}
    keys = sorted(keys, key=lambda key: (key[1], key[0]))
    item_ids = {item_id for item_id, _ in keys}
    stocked = set(db.session.scalars(select(ItemType.id).where(
        owned_by(ItemType, client_id), among(ItemType.id, sorted(item_ids)), ItemType.composite_type.not_in(VIRTUAL_TYPES))))
    if item_ids - stocked:
        raise StockRefused(f"Item {min(item_ids - stocked)} is not a stocked item of this client: "
                           "bundles and kits hold no stock of their own.")
    insert_new_rows(InventoryLevel.__table__, [
        {"client_id": client_id, "item_type_id": item_id, "location": location, "unbound": 0, "reserved": 0,
         "bound": 0, "updated_at": utcnow()} for item_id, location in keys],
        unique=("item_type_id", "location"), returning=("id",))
    return lock_levels(client_id, item_ids, {location for _, location in keys})
