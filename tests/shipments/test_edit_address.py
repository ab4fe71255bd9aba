"""Changing a shipment's ship-to address (PUT /api/v4/shipments/{id}/to_address), which is its request's and so
every shipment's of it: stored as the address fix stores it, only while every live shipment of the request
allows it, in pending_ship_label for an admin client account manager only, never for a grouped shipment."""
import pytest

from api.common.text import code_label
from api.extensions import db
from api.orders.models import LIFECYCLE_STATUSES, FulfillmentRequest, Shipment
from tests.api.helpers import assert_error
from tests.orders.test_address_fix import WRONG_CITY, stored_address
from tests.orders.test_allocation import create
from tests.orders.test_fulfillment_requests import BROOKLYN
from tests.shipments.test_edit_method import placed, request_notes, set_status, staff

ADDRESS_STATUSES = ("validating", "ready_to_process", "processing")
MOVED = {**BROOKLYN, "address_1": "300 jay street", "postal_code": "11201"}


def address_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/to_address"


@pytest.fixture
def shipment(client, manager, catalogue, stock):
    """A ready shipment to Brooklyn: (request id, shipment id)."""
    return placed(client, manager, catalogue, stock)


@pytest.mark.parametrize("status", LIFECYCLE_STATUSES)
def test_the_address_changes_only_in_the_statuses_that_allow_it(client, manager, shipment, status):
    request_id, shipment_id = shipment
    set_status(shipment_id, status)

    answer = client.put(address_url(shipment_id), headers=manager, json=MOVED)

    if status in ADDRESS_STATUSES:
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        assert (body["is_valid"], body["candidates"], body["updated_address"]["address_1"]) == (True, [], "300 JAY ST")
        assert (body["shipment"]["id"], body["shipment"]["to_address"]["address_1"]) == (shipment_id, "300 JAY ST")
        assert body["shipment"]["to_address"]["validation_status"] == "validated"
        assert stored_address(request_id) == ("BROOKLYN", "300 JAY ST", True)
        assert request_notes(client, manager, request_id)[0] == "Address fixed: 300 JAY ST, BROOKLYN, NY 11201, US."
    elif status == "pending_ship_label":
        assert_error(answer, 403, "forbidden")
        assert stored_address(request_id) == ("BROOKLYN", "75 LIVINGSTON ST", True)
    else:
        body = assert_error(answer, 409, "invalid_status")
        assert body["description"] == (f"Changing the address is not possible while shipment {shipment_id} is "
                                       f"{code_label(status)}.")
        assert stored_address(request_id) == ("BROOKLYN", "75 LIVINGSTON ST", True)


@pytest.mark.parametrize("role, allowed", [("admin", False), ("admin_client_account_manager", True), ("client", False)])
def test_in_pending_ship_label_only_an_admin_client_account_manager_changes_it(client, factory, acme, shipment, role,
                                                                               allowed):
    request_id, shipment_id = shipment
    set_status(shipment_id, "pending_ship_label")
    headers = factory.headers(factory.user("client", acme)) if role == "client" else staff(factory, acme, role)

    answer = client.put(address_url(shipment_id), headers=headers, json=MOVED)

    if allowed:
        assert answer.status_code == 200, answer.get_json()
        assert stored_address(request_id) == ("BROOKLYN", "300 JAY ST", True)
    else:
        body = assert_error(answer, 403, "forbidden")
        assert body["description"].endswith("is for an admin client account manager only.")
        assert stored_address(request_id) == ("BROOKLYN", "75 LIVINGSTON ST", True)


def test_every_live_shipment_of_the_request_must_allow_it(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 2)])  # partial: 1 now, 1 waits
    gone, waiting = (shipment["id"] for shipment in request["shipments"])
    set_status(gone, "shipped")

    answer = client.put(address_url(waiting), headers=manager, json=MOVED)

    body = assert_error(answer, 409, "invalid_status")
    assert body["description"] == f"Changing the address is not possible while shipment {gone} is Shipped."
    assert stored_address(request["id"]) == ("BROOKLYN", "75 LIVINGSTON ST", True)
    set_status(gone, "canceled")  # a cancelled shipment goes nowhere: it does not hold the address
    assert client.put(address_url(waiting), headers=manager, json=MOVED).status_code == 200


def test_an_invalid_address_changes_nothing_and_answers_the_error_and_candidates(client, manager, shipment):
    request_id, shipment_id = shipment
    before = request_notes(client, manager, request_id)

    answer = client.put(address_url(shipment_id), headers=manager, json={**WRONG_CITY, "city": "Buffalo"})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert (body["is_valid"], body["shipment"]) == (False, None)
    assert body["validation_error"] == "City 'BUFFALO' is not served by Postal Code 11201 (Brooklyn, NY)."
    assert ("BROOKLYN", "NY") in {(candidate["city"], candidate["state"]) for candidate in body["candidates"]}
    assert stored_address(request_id) == ("BROOKLYN", "75 LIVINGSTON ST", True)
    assert request_notes(client, manager, request_id) == before


def test_skip_validation_stores_the_address_as_given(client, manager, shipment):
    request_id, shipment_id = shipment

    answer = client.put(address_url(shipment_id), headers=manager, json={**WRONG_CITY, "city": "Downtown"},
                        query_string={"skip_validation": "true"})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["is_valid"] is False and "DOWNTOWN" in body["validation_error"]
    assert body["shipment"]["to_address"]["city"] == "DOWNTOWN"
    assert (body["shipment"]["to_address"]["validation_status"],
            body["shipment"]["to_address"]["validation_error"]) == ("skipped", body["validation_error"])
    assert stored_address(request_id) == ("DOWNTOWN", "75 LIVINGSTON ST", True)
    assert request_notes(client, manager, request_id)[0].startswith("Address stored without validation: ")


def test_a_grouped_shipment_keeps_its_address(client, manager, factory, acme, shipment):
    request_id, shipment_id = shipment
    db.session.get(FulfillmentRequest, request_id).shipment_group_id = 7
    db.session.commit()

    for headers in (manager, staff(factory, acme, "admin_client_account_manager")):
        body = assert_error(client.put(address_url(shipment_id), headers=headers, json=MOVED), 409, "in_shipment_group")
        assert "shipment group 7" in body["description"]
    assert stored_address(request_id) == ("BROOKLYN", "75 LIVINGSTON ST", True)


def test_another_clients_shipment_is_not_found(client, factory, globex, shipment):
    request_id, shipment_id = shipment
    theirs = factory.headers(factory.user("client", globex))

    assert_error(client.put(address_url(shipment_id), headers=theirs, json=MOVED), 404, "not_found")
    assert stored_address(request_id) == ("BROOKLYN", "75 LIVINGSTON ST", True)
    db.session.expire_all()
    assert db.session.get(Shipment, shipment_id).status == "ready_to_process"
