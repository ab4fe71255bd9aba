"""Reserving stock: whole numbers, never more than the free stock, moved through the ledger."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.inventory.models import InventoryLevel, InventoryMovement
from tests.api.helpers import assert_error
from tests.stock import add_stock


@pytest.fixture
def tent(factory, acme):
    item = factory.item(acme, upc="200000000001", name="Tent")
    add_stock(item, "CA01", unbound=10, reason="adjustment", reference="test", actor="stock.taker")
    add_stock(item, "TX01", unbound=3, reason="adjustment", reference="test", actor="stock.taker")
    db.session.commit()
    return item


def reserve(client, headers, locations, upc="200000000001"):
    return client.put(f"/api/v4/inventory/{upc}", json={"locations": locations}, headers=headers)


def figures(body):
    return {row["location"]: (row["unbound"], row["reserved"], row["bound"]) for row in body["locations"]}


def test_reserving_moves_free_stock_to_reserved_through_the_ledger(client, headers, tent):
    answer = reserve(client, headers, [{"location": "CA01", "reserved": 4}, {"location": "TX01", "reserved": 3}])

    assert answer.status_code == 200, answer.get_json()
    rows = figures(answer.get_json())
    assert len(rows) == 8 and rows["NJ01"] == (0, 0, 0)
    assert (rows["CA01"], rows["TX01"]) == ((6, 4, 0), (0, 3, 0))
    reservations = db.session.scalars(select(InventoryMovement).filter_by(reason="reservation").order_by(InventoryMovement.id)).all()
    assert [(m.location, m.unbound_delta, m.reserved_delta, m.actor) for m in reservations] == [
        ("CA01", -4, 4, "acme.manager"), ("TX01", -3, 3, "acme.manager"),
    ]

    lowered = reserve(client, headers, [{"location": "CA01", "reserved": 1}])
    assert figures(lowered.get_json())["CA01"] == (9, 1, 0)


def test_more_than_the_free_stock_is_refused_and_nothing_moves(client, headers, tent):
    reserve(client, headers, [{"location": "CA01", "reserved": 4}])

    answer = reserve(client, headers, [{"location": "CA01", "reserved": 5}, {"location": "TX01", "reserved": 4}])

    assert assert_error(answer, 422, "invalid_inventory")["description"] == "Only 3 units are free at TX01."
    levels = {level.location: (level.unbound, level.reserved) for level in db.session.scalars(select(InventoryLevel))}
    assert levels == {"CA01": (6, 4), "TX01": (3, 0)}


@pytest.mark.parametrize("entry", [
    {"location": "CA01", "reserved": -1},
    {"location": "CA01", "reserved": 1.5},
    {"location": "CA01", "reserved": "2"},
    {"location": "CA01"},
    {"location": "XX01", "reserved": 1},
])
def test_reserved_is_a_whole_number_at_a_known_location(client, headers, tent, entry):
    assert_error(reserve(client, headers, [entry]), 422, "validation_error")


def test_a_location_named_twice_is_refused(client, headers, tent):
    answer = reserve(client, headers, [{"location": "CA01", "reserved": 1}, {"location": "CA01", "reserved": 2}])

    assert assert_error(answer, 422, "invalid_inventory")["description"] == "CA01 is listed more than once."


def test_bundles_hold_no_stock_of_their_own(client, headers, factory, acme, tent):
    factory.item(acme, upc="200000000009", composite_type=2, children=[(tent, 2)])

    answer = reserve(client, headers, [{"location": "CA01", "reserved": 1}], upc="200000000009")

    assert assert_error(answer, 422, "invalid_inventory")["description"] == "Bundles and kits hold no stock of their own."


def test_an_item_of_another_client_is_not_found(client, factory, globex, tent):
    other = factory.headers(factory.user("client", globex))

    answer = reserve(client, other, [{"location": "CA01", "reserved": 1}])

    assert assert_error(answer, 404, "not_found")["description"] == "Item not found."


def test_read_only_users_reserve_nothing(client, factory, acme, tent):
    viewer = factory.headers(factory.user("client_read_only", acme))

    assert_error(reserve(client, viewer, [{"location": "CA01", "reserved": 1}]), 403)
    assert db.session.scalars(select(InventoryMovement).filter_by(reason="reservation")).all() == []

