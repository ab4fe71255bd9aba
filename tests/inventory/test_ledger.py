"""The ledger's door: a batch of moves locked in one order, refused whole when a figure would fall
below zero, written as a ledger row per move and one change per level; and two transactions moving
the same stock at once on PostgreSQL neither deadlock nor take a figure below zero."""
import threading

import pytest
from sqlalchemy import event, select

from api.extensions import db, on_postgresql
from api.inventory.ledger import Move, StockRefused, apply_moves, lock_levels
from api.inventory.models import InventoryLevel, InventoryMovement
from api.inventory.service import ledger_drift


@pytest.fixture
def items(factory, acme):
    """Three items of acme, 10 units of each free at CA01 and NJ01."""
    made = [factory.item(acme, upc=f"40000000000{n}", name=f"Item {n}") for n in range(3)]
    apply_moves(acme.id, [Move(item.id, location, unbound=10, reason="receipt", reference="test")
                          for location in ("NJ01", "CA01") for item in made], "test")
    db.session.commit()
    return made


def figures():
    db.session.expire_all()
    return {(level.item_type_id, level.location): (level.unbound, level.reserved, level.bound)
            for level in db.session.scalars(select(InventoryLevel))}


def movements():
    return db.session.scalars(select(InventoryMovement).order_by(InventoryMovement.id)).all()


def statements_during(work):
    """The SQL statements ``work`` sends to the database."""
    seen = []

    def record(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(db.engine, "before_cursor_execute", record)
    try:
        work()
    finally:
        event.remove(db.engine, "before_cursor_execute", record)
    return seen


def test_a_batch_moves_each_level_by_the_sum_of_its_moves_with_a_ledger_row_per_move(acme, items):
    tent, stove, _ = items
    before = len(movements())

    apply_moves(acme.id, [
        Move(tent.id, "NJ01", unbound=-3, bound=3, reason="allocation", reference="shipment:1"),
        Move(tent.id, "NJ01", unbound=-2, bound=2, reason="allocation", reference="shipment:2"),
        Move(stove.id, "CA01", unbound=-4, reserved=4, reason="reservation", reference="item:stove"),
    ], "alex")
    db.session.commit()

    now = figures()
    assert now[(tent.id, "NJ01")] == (5, 0, 5)
    assert now[(stove.id, "CA01")] == (6, 4, 0)
    assert now[(tent.id, "CA01")] == (10, 0, 0)
    written = [(m.item_type_id, m.location, m.unbound_delta, m.reserved_delta, m.bound_delta, m.reason, m.reference,
                m.actor) for m in movements()[before:]]
    assert written == [(tent.id, "NJ01", -3, 0, 3, "allocation", "shipment:1", "alex"),
                       (tent.id, "NJ01", -2, 0, 2, "allocation", "shipment:2", "alex"),
                       (stove.id, "CA01", -4, 4, 0, "reservation", "item:stove", "alex")]
    assert ledger_drift() == []


def test_levels_are_locked_in_location_then_item_order_whatever_the_batch_order(acme, items):
    tent, stove, lantern = items
    moves = [Move(lantern.id, "NJ01", unbound=1), Move(tent.id, "NJ01", unbound=1),
             Move(stove.id, "CA01", unbound=1), Move(lantern.id, "CA01", unbound=1)]

    locked = lock_levels(acme.id, {move.item_type_id for move in moves})
    statements = statements_during(lambda: apply_moves(acme.id, moves, "test"))

    assert list(locked) == [(tent.id, "CA01"), (stove.id, "CA01"), (lantern.id, "CA01"),
                            (tent.id, "NJ01"), (stove.id, "NJ01"), (lantern.id, "NJ01")]
    [locking] = [statement for statement in statements if "inventory_levels" in statement and "SELECT" in statement]
    assert "ORDER BY inventory_levels.location, inventory_levels.item_type_id" in locking
    if on_postgresql():
        assert "FOR UPDATE" in locking
    assert [statement for statement in statements if statement.lstrip().startswith("UPDATE")] != []


def test_a_move_below_zero_refuses_the_whole_batch_naming_item_location_and_figure(acme, items):
    tent, stove, _ = items
    before, levels_before = len(movements()), figures()

    with pytest.raises(StockRefused) as refused:
        apply_moves(acme.id, [
            Move(tent.id, "NJ01", unbound=-5, bound=5, reason="allocation"),
            Move(stove.id, "CA01", unbound=-6, bound=6, reason="allocation"),
            Move(stove.id, "CA01", unbound=-5, bound=5, reason="allocation"),
        ], "test")

    assert refused.value.status == 422 and refused.value.code == "invalid_inventory"
    assert str(refused.value) == "The unbound stock of '400000000001' at CA01 is 10; moving 11 would take it below 0."
    db.session.rollback()
    assert len(movements()) == before and figures() == levels_before


def test_a_level_not_there_is_made_and_cannot_give_what_it_never_had(acme, items):
    tent = items[0]
    before = len(movements())

    with pytest.raises(StockRefused, match="The bound stock of '400000000000' at TX02 is 0; moving 1 would take"):
        apply_moves(acme.id, [Move(tent.id, "TX02", bound=-1, reason="shipment")], "test")
    assert (tent.id, "TX02") not in figures() and len(movements()) == before

    apply_moves(acme.id, [Move(tent.id, "TX02", unbound=4, reason="receipt", reference="asn:1")], "test")
    db.session.commit()
    assert figures()[(tent.id, "TX02")] == (4, 0, 0)
    assert ledger_drift() == []


def test_moves_that_cancel_out_are_written_and_leave_the_level_as_it_was(acme, items):
    tent = items[0]
    before, levels_before = len(movements()), figures()

    apply_moves(acme.id, [Move(tent.id, "NJ01", unbound=-2, reserved=2, reason="reservation"),
                          Move(tent.id, "NJ01", unbound=2, reserved=-2, reason="reservation"),
                          Move(tent.id, "NJ01", reason="nothing")], "test")
    db.session.commit()

    assert [(m.unbound_delta, m.reserved_delta) for m in movements()[before:]] == [(-2, 2), (2, -2)]
    assert figures() == levels_before
    assert ledger_drift() == []


def test_an_unknown_location_is_refused(acme, items):
    with pytest.raises(StockRefused, match="'XX01' is not a warehouse location."):
        apply_moves(acme.id, [Move(items[0].id, "XX01", unbound=1)], "test")


def test_another_clients_item_is_refused(acme, globex, factory, items):
    other = factory.item(globex, upc="499999999999")

    with pytest.raises(StockRefused):
        apply_moves(acme.id, [Move(other.id, "NJ01", unbound=1)], "test")
    db.session.rollback()
    assert (other.id, "NJ01") not in figures()


def test_two_transactions_moving_the_same_stock_in_opposite_orders_wait_for_each_other(app, acme, items):
    """Two threads, round after round at the same moment, each take a unit of all six levels listed in
    opposite orders: the ledger locks them in its one order, so neither deadlocks, and once the ten
    units of each level are bound the remaining batches are refused whole rather than going below zero."""
    if not on_postgresql():
        pytest.skip("row locks between concurrent transactions are PostgreSQL's; SQLite has one writer at a time")
    client_id = acme.id
    keys = [(item.id, location) for location in ("CA01", "NJ01") for item in items]
    rounds = 8
    each_round = threading.Barrier(2)
    outcomes = {"moved": 0, "refused": 0, "errors": []}
    lock = threading.Lock()

    def take(order):
        with app.app_context():
            for round_number in range(rounds):
                try:
                    each_round.wait(60)
                    apply_moves(client_id, [Move(item_id, location, unbound=-1, bound=1, reason="allocation",
                                                 reference=f"round:{round_number}") for item_id, location in order],
                                "test")
                    db.session.commit()
                    outcome = "moved"
                except StockRefused:
                    db.session.rollback()
                    outcome = "refused"
                except Exception as error:  # a deadlock, or the other thread gone
                    db.session.rollback()
                    each_round.abort()
                    with lock:
                        outcomes["errors"].append(repr(error))
                    return
                with lock:
                    outcomes[outcome] += 1
            db.session.remove()

    threads = [threading.Thread(target=take, args=(order,)) for order in (keys, list(reversed(keys)))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)

    assert outcomes["errors"] == []
    assert (outcomes["moved"], outcomes["refused"]) == (10, 2 * rounds - 10)
    now = figures()
    assert all(now[key] == (0, 0, 10) for key in keys)
    assert ledger_drift() == []
