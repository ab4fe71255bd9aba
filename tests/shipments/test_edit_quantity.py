"""Changing how many units of an item a shipment sends (PUT /api/v4/shipments/{id}/sets/{set}/items/{item}):
while validating or ready_to_process, from 0 up to what was requested of it; lowered units go back to free
stock through the ledger at once, 0 takes the item out, and 0 on the only item cancels the shipment."""
import pytest
from sqlalchemy import func, select

from api.common.text import code_label
from api.extensions import db
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders.models import LIFECYCLE_STATUSES, Shipment, ShipmentLine, ShipmentStatusChange
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create, level
from tests.shipments.test_edit_method import placed, request_notes, set_status

QUANTITY_STATUSES = ("validating", "ready_to_process")


def item_url(shipment_id, set_id, item_id):
    return f"/api/v4/shipments/{shipment_id}/sets/{set_id}/items/{item_id}"


def items_of(client, headers, shipment_id):
    """{upc: (set id, set item id)} of a shipment's items."""
    shipment = client.get(f"/api/v4/shipments/{shipment_id}", headers=headers).get_json()
    return {item["upc"]: (request_set["id"], item["id"]) for request_set in shipment["sets"] for item in request_set["items"]}


def lines_of(shipment_id):
    db.session.expire_all()
    return [(line.item_type.upc, line.quantity_desired, line.quantity_allocated) for line in db.session.scalars(
        select(ShipmentLine).filter_by(shipment_id=shipment_id).order_by(ShipmentLine.id))]


def movements():
    return db.session.scalar(select(func.count()).select_from(InventoryMovement))


@pytest.fixture
def three_tents(client, manager, catalogue, stock):
    """A shipment of 3 tents with 5 in stock at NJ01: (request id, shipment id, set id, set item id)."""
    stock(catalogue["tent"], NJ01=2)
    request_id, shipment_id = placed(client, manager, catalogue, stock, items=(("TENT", 3),))
    assert level(catalogue["tent"], "NJ01") == (2, 3)
    return (request_id, shipment_id, *items_of(client, manager, shipment_id)["TENT"])


@pytest.mark.parametrize("status", LIFECYCLE_STATUSES)
def test_quantities_change_only_while_validating_or_ready(client, manager, catalogue, three_tents, status):
    _, shipment_id, set_id, item_id = three_tents
    set_status(shipment_id, status)

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 2})

    if status in QUANTITY_STATUSES:
        assert answer.status_code == 200, answer.get_json()
        assert lines_of(shipment_id) == [("TENT", 2, 2)]
        assert level(catalogue["tent"], "NJ01") == (3, 2)
    else:
        body = assert_error(answer, 409, "invalid_status")
        assert body["description"] == (f"Changing item quantities is not possible while shipment {shipment_id} is "
                                       f"{code_label(status)}.")
        assert lines_of(shipment_id) == [("TENT", 3, 3)]
        assert level(catalogue["tent"], "NJ01") == (2, 3)


def test_lowering_gives_the_units_back_through_the_ledger_at_once(client, manager, catalogue, three_tents):
    request_id, shipment_id, set_id, item_id = three_tents

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 1})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    [item] = body["sets"][0]["items"]
    assert (body["status"], item["quantity_desired"], item["quantity_allocated"], item["quantity_requested"]) == (
        "ready_to_process", 1, 1, 3)
    assert level(catalogue["tent"], "NJ01") == (4, 1)
    released = db.session.scalars(select(InventoryMovement).filter_by(reason="release")).all()
    assert [(m.unbound_delta, m.bound_delta, m.reference) for m in released] == [(2, -2, f"shipment:{shipment_id}")]
    assert ledger_drift() == []
    assert request_notes(client, manager, request_id)[0] == f"Shipment {shipment_id}: TENT quantity from 3 to 1."


def test_raising_back_binds_free_units_up_to_what_was_requested(client, manager, catalogue, three_tents):
    _, shipment_id, set_id, item_id = three_tents
    client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 1})

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 3})

    assert answer.status_code == 200, answer.get_json()
    assert lines_of(shipment_id) == [("TENT", 3, 3)]
    assert level(catalogue["tent"], "NJ01") == (2, 3)
    assert ledger_drift() == []


def test_raising_beyond_the_free_units_is_refused(client, manager, catalogue, three_tents):
    _, shipment_id, set_id, item_id = three_tents
    client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 1})
    create(client, manager, reference="FR-2", warehouse_id="NJ01", items=[("TENT", 4)])  # takes the 4 free tents
    before = movements()

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 2})

    body = assert_error(answer, 422)
    assert (body["field"], body["description"]) == ("quantity_desired", "Quantity needs 1 more of TENT at NJ01, where "
                                                                         "0 are free.")
    assert lines_of(shipment_id) == [("TENT", 1, 1)] and movements() == before


@pytest.mark.parametrize("quantity, message", [
    (4, "Quantity 4 is above the 3 requested of this shipment."),
    (-1, "Quantity: Must be greater than or equal to 0 and less than or equal to 2147483647."),
])
def test_a_quantity_above_the_requested_or_below_zero_writes_nothing(client, manager, catalogue, three_tents, quantity,
                                                                     message):
    request_id, shipment_id, set_id, item_id = three_tents
    before = (movements(), request_notes(client, manager, request_id))

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": quantity})

    body = assert_error(answer, 422)
    assert (body["field"], body["description"]) == ("quantity_desired", message)
    assert lines_of(shipment_id) == [("TENT", 3, 3)] and level(catalogue["tent"], "NJ01") == (2, 3)
    assert (movements(), request_notes(client, manager, request_id)) == before


def test_what_the_other_shipments_send_is_not_requested_of_this_one(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 3)])  # partial: 1 now, 2 wait
    now, waiting = (shipment["id"] for shipment in request["shipments"])
    set_id, item_id = items_of(client, manager, waiting)["TENT"]
    client.put(item_url(waiting, set_id, item_id), headers=manager, json={"quantity_desired": 1})

    answer = client.put(item_url(waiting, set_id, item_id), headers=manager, json={"quantity_desired": 3})

    assert assert_error(answer, 422)["description"] == (
        "Quantity 3 is above the 2 requested of this shipment (3 asked for, 1 sent by its other shipments).")
    assert client.put(item_url(waiting, set_id, item_id), headers=manager,
                      json={"quantity_desired": 2}).status_code == 200
    assert (lines_of(now), lines_of(waiting)) == ([("TENT", 1, 1)], [("TENT", 2, 0)])


def test_zero_on_the_only_item_cancels_the_shipment(client, manager, catalogue, three_tents):
    request_id, shipment_id, set_id, item_id = three_tents

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 0})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert (body["status"], body["inventory_allocated"], body["allowed_actions"]) == ("canceled", False, ["comment"])
    assert level(catalogue["tent"], "NJ01") == (5, 0)
    assert ledger_drift() == []
    db.session.expire_all()
    moves = db.session.scalars(select(ShipmentStatusChange).filter_by(shipment_id=shipment_id)
                               .order_by(ShipmentStatusChange.id)).all()
    assert [(move.from_status, move.to_status) for move in moves][-1] == ("ready_to_process", "canceled")
    assert request_notes(client, manager, request_id)[:2] == [
        f"Shipment {shipment_id} canceled: nothing is left to send.", f"Shipment {shipment_id}: TENT quantity from 3 to 0."]


def test_zero_on_one_of_several_items_takes_it_out(client, manager, catalogue, stock):
    _, shipment_id = placed(client, manager, catalogue, stock, items=(("TENT", 1), ("STOVE", 2)))
    set_id, item_id = items_of(client, manager, shipment_id)["STOVE"]

    answer = client.put(item_url(shipment_id, set_id, item_id), headers=manager, json={"quantity_desired": 0})

    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "ready_to_process"
    assert lines_of(shipment_id) == [("TENT", 1, 1)]
    assert level(catalogue["stove"], "NJ01") == (2, 0)


def test_an_item_not_in_the_shipment_or_another_clients_shipment_is_not_found(client, manager, factory, globex,
                                                                             three_tents):
    _, shipment_id, set_id, item_id = three_tents
    theirs = factory.headers(factory.user("client", globex))

    for headers, url in ((manager, item_url(shipment_id, set_id + 1, item_id)),
                         (manager, item_url(shipment_id, set_id, item_id + 100)),
                         (theirs, item_url(shipment_id, set_id, item_id))):
        assert_error(client.put(url, headers=headers, json={"quantity_desired": 1}), 404, "not_found")
    assert lines_of(shipment_id) == [("TENT", 3, 3)]
    db.session.expire_all()
    assert db.session.get(Shipment, shipment_id).status == "ready_to_process"
