"""Fixing a request's ship-to address (the address fix page): a valid address is stored normalised
and lets the shipments go on; an invalid one changes nothing unless its sender vouches for it."""
from api.extensions import db
from api.orders.models import FulfillmentRequest, Shipment
from tests.api.helpers import assert_error
from tests.orders.test_fulfillment_requests import BROOKLYN, URL, new_request

WRONG_CITY = {**BROOKLYN, "city": "Albany"}


def invalid_request(client, manager, reference="FR-1"):
    created = client.post(URL, headers=manager, json=new_request(reference, to_address=WRONG_CITY)).get_json()
    assert created["to_address"]["validation_status"] == "invalid"
    return created


def stored_address(request_id):
    db.session.expire_all()
    request = db.session.get(FulfillmentRequest, request_id)
    return request.to_city, request.to_address_1, request.address_validated


def test_a_valid_address_is_stored_normalised_and_the_shipment_goes_on(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    created = invalid_request(client, manager)
    assert created["shipments"][0]["checklist"] == {"address": created["to_address"]["validation_error"]}

    answer = client.put(f"{URL}/{created['id']}/to_address", headers=manager, json={**WRONG_CITY, "city": "brooklyn"})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert (body["is_valid"], body["validation_error"], body["candidates"]) == (True, None, [])
    assert body["updated_address"]["address_1"] == "75 LIVINGSTON ST"
    request = body["fulfillment_request"]
    assert request["to_address"]["validation_status"] == "validated"
    assert [(shipment["status"], shipment["checklist"]) for shipment in request["shipments"]] == [("ready_to_process", {})]
    assert stored_address(created["id"]) == ("BROOKLYN", "75 LIVINGSTON ST", True)
    listed = client.get(URL, headers=manager, query_string={"invalidToAddress": "true"}).get_json()
    assert listed["fulfillment_requests"] == []


def test_an_invalid_address_changes_nothing_and_answers_the_error_and_candidates(client, manager, catalogue):
    created = invalid_request(client, manager)

    answer = client.put(f"{URL}/{created['id']}/to_address", headers=manager, json={**WRONG_CITY, "city": "Buffalo"})

    assert answer.status_code == 200
    body = answer.get_json()
    assert body["is_valid"] is False and body["fulfillment_request"] is None
    assert body["validation_error"] == "City 'BUFFALO' is not served by Postal Code 11201 (Brooklyn, NY)."
    assert ("BROOKLYN", "NY") in {(candidate["city"], candidate["state"]) for candidate in body["candidates"]}
    assert stored_address(created["id"]) == ("Albany", "75 livingston street", False)


def test_skip_validation_stores_the_address_as_given(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    created = invalid_request(client, manager)

    answer = client.put(f"{URL}/{created['id']}/to_address", headers=manager, json={**WRONG_CITY, "city": "Downtown"},
                        query_string={"skip_validation": "true"})

    body = answer.get_json()
    assert body["is_valid"] is False and "DOWNTOWN" in body["validation_error"]
    assert body["fulfillment_request"]["to_address"]["validation_status"] == "validated"
    assert body["fulfillment_request"]["shipments"][0]["status"] == "ready_to_process"
    assert stored_address(created["id"])[::2] == ("DOWNTOWN", True)


def test_bad_addresses_are_refused_naming_the_field_and_nothing_is_written(client, manager, catalogue):
    created = invalid_request(client, manager)
    url = f"{URL}/{created['id']}/to_address"
    without_phone = {key: value for key, value in BROOKLYN.items() if key != "phone"}

    assert "phone" in assert_error(client.put(url, headers=manager, json=without_phone), 422)["description"].lower()
    nowhere = client.put(url, headers=manager, json={**BROOKLYN, "country": "Atlantis"}, query_string={"skip_validation": "true"})
    refused = assert_error(nowhere, 422)
    assert (refused["description"], refused["field"]) == ("Country 'Atlantis' is not a country.", "country")
    assert_error(client.put(url, headers=manager, json={**BROOKLYN, "city": "x" * 101}), 422, "validation_error")
    assert_error(client.put(url, headers=manager, json=["not", "an", "address"]), 422)
    assert stored_address(created["id"]) == ("Albany", "75 livingston street", False)


def test_the_address_is_fixed_until_a_shipment_is_past_processing(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    created = invalid_request(client, manager)
    db.session.get(Shipment, created["shipments"][0]["id"]).status = "pending_ship_label"
    db.session.commit()

    late = client.put(f"{URL}/{created['id']}/to_address", headers=manager, json=BROOKLYN)

    assert "is Pending Ship Label." in assert_error(late, 409, "address_not_editable")["description"]
    assert stored_address(created["id"])[2] is False


def test_another_clients_request_and_read_only_users_are_refused(client, factory, manager, acme, globex, catalogue):
    created = invalid_request(client, manager)
    url = f"{URL}/{created['id']}/to_address"

    assert_error(client.put(url, headers=factory.headers(factory.user("client", globex)), json=BROOKLYN), 404)
    assert_error(client.put(url, headers=factory.headers(factory.user("client_read_only", acme)), json=BROOKLYN), 403)
    assert_error(client.put(f"{URL}/999999/to_address", headers=manager, json=BROOKLYN), 404)
    assert stored_address(created["id"])[2] is False
