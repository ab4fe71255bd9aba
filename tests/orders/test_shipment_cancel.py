"""Cancelling a shipment before the warehouse starts on it: its units go back to free stock through the
ledger, waiting shipments take them, and the call shows in the request's log; refused after that,
for other clients and for readers, with nothing changed."""
import pytest
from sqlalchemy import select

from api.common.text import code_label
from api.extensions import db
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders.models import Shipment
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create, level


def cancel_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/cancel"


@pytest.mark.parametrize("method", ["post", "put"])
def test_cancelling_gives_the_units_back_through_the_ledger(client, manager, catalogue, stock, method):
    stock(catalogue["tent"], NJ01=3)
    request = create(client, manager, reference="FR-9", warehouse_id="NJ01", items=[("TENT", 2)])
    [shipment] = request["shipments"]
    assert level(catalogue["tent"], "NJ01") == (1, 2)

    answer = getattr(client, method)(cancel_url(shipment["id"]), headers=manager)

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert (body["id"], body["status"], body["inventory_allocated"], body["fulfillment_request_id"]) == (
        shipment["id"], "canceled", False, "FR-9")
    assert [line["quantity_allocated"] for line in body["lines"]] == [0]
    assert level(catalogue["tent"], "NJ01") == (3, 0)
    released = db.session.scalars(select(InventoryMovement).filter_by(reason="release")).all()
    assert [(m.unbound_delta, m.bound_delta, m.reference) for m in released] == [(2, -2, f"shipment:{shipment['id']}")]
    assert ledger_drift() == []
    detail = client.get(f"/api/v4/fulfillment_requests/{request['id']}", headers=manager).get_json()
    assert [s["status"] for s in detail["shipments"]] == ["canceled"]
    assert detail["sets"][0]["items"][0]["quantity_allocated"] == 0
    logged = client.get(f"/api/v4/logs/requests/fulfillment_request/{request['id']}", headers=manager).get_json()
    assert [entry["uri"] for entry in logged["requests"]][0] == cancel_url(shipment["id"])


def test_cancelling_again_changes_nothing(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]
    first = client.post(cancel_url(shipment["id"]), headers=manager).get_json()

    again = client.post(cancel_url(shipment["id"]), headers=manager)

    assert again.status_code == 200 and again.get_json() == first
    assert level(catalogue["tent"], "NJ01") == (1, 0)
    assert len(db.session.scalars(select(InventoryMovement).filter_by(reason="release")).all()) == 1


def test_a_waiting_shipment_is_cancelled_without_moving_stock(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 3)])  # partial: 1 now, 2 wait
    ready, waiting = request["shipments"]
    assert (ready["inventory_allocated"], waiting["inventory_allocated"]) == (True, False)

    answer = client.post(cancel_url(waiting["id"]), headers=manager)

    assert answer.get_json()["status"] == "canceled"
    assert level(catalogue["tent"], "NJ01") == (0, 1)
    db.session.expire_all()
    assert db.session.get(Shipment, ready["id"]).status == "ready_to_process"


@pytest.mark.parametrize("status", ["processing", "pending_ship_label", "shipped"])
def test_a_shipment_the_warehouse_has_begun_cannot_be_cancelled(client, manager, catalogue, stock, status):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]
    db.session.get(Shipment, shipment["id"]).status = status
    db.session.commit()

    answer = client.post(cancel_url(shipment["id"]), headers=manager)

    body = assert_error(answer, 409, "shipment_not_cancelable")
    assert f"Shipment {shipment['id']} is {code_label(status)}: only a Validating or Ready To Process" in body["description"]
    db.session.expire_all()
    assert db.session.get(Shipment, shipment["id"]).status == status
    assert level(catalogue["tent"], "NJ01") == (0, 1)


def test_another_clients_shipment_is_not_found_and_readers_cannot_cancel(client, factory, manager, acme, globex,
                                                                          catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]

    assert_error(client.post(cancel_url(shipment["id"]), headers=factory.headers(factory.user("client", globex))), 404)
    assert_error(client.post(cancel_url(shipment["id"]), headers=factory.headers(factory.user("client_read_only", acme))),
                 403)
    assert_error(client.post(cancel_url(2**31 + 5), headers=manager), 404)
    db.session.expire_all()
    assert db.session.get(Shipment, shipment["id"]).status == "ready_to_process"
    assert level(catalogue["tent"], "NJ01") == (0, 1)
