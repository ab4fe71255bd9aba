"""Changing a shipment's ship profile and method (PUT /api/v4/shipments/{id}): only in the statuses that
allow it, in pending_ship_label for admins only, never for a grouped shipment, only to a method the
profile's carrier offers, and for client users only to the carriers their current profile allows."""
import pytest
from sqlalchemy import select

from api.common.text import code_label
from api.extensions import db
from api.orders.models import LIFECYCLE_STATUSES, FulfillmentRequest, Shipment
from api.shipping.models import Carrier, ShipProfile
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create

METHOD_STATUSES = ("validating", "ready_to_process", "processing")


def shipment_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}"


def placed(client, manager, catalogue, stock, items=(("TENT", 1),), **fields):
    """A request placed at NJ01 with its units in stock: (its id, its first shipment's id)."""
    for upc, quantity in items:
        stock(catalogue[upc.lower()], NJ01=quantity)
    request = create(client, manager, warehouse_id="NJ01", items=items, **fields)
    return request["id"], request["shipments"][0]["id"]


def set_status(shipment_id, status):
    db.session.get(Shipment, shipment_id).status = status
    db.session.commit()


def stored(shipment_id):
    db.session.expire_all()
    shipment = db.session.get(Shipment, shipment_id)
    return shipment.ship_profile_id, shipment.ship_method


def request_notes(client, headers, request_id):
    history = client.get(f"/api/v4/fulfillment_requests/{request_id}/history", headers=headers).get_json()
    return [entry["message"] for entry in history["breadcrumbs"]]


def staff(factory, acme, role):
    return factory.headers(factory.user(role), acme)


def profile_of(acme, carrier):
    made = ShipProfile(client_id=acme.id, name=f"{carrier} profile",
                       carrier=db.session.scalars(select(Carrier).filter_by(name=carrier)).one())
    db.session.add(made)
    db.session.commit()
    return made.id


@pytest.fixture
def on_ups(client, manager, catalogue, stock, profiles):
    """A shipment on the UPS profile, ground: (request id, shipment id)."""
    return placed(client, manager, catalogue, stock, ship_profile_id=profiles["UPS"], ship_method="UPS_GROUND")


@pytest.mark.parametrize("status", LIFECYCLE_STATUSES)
def test_the_method_changes_only_in_the_statuses_that_allow_it(client, manager, profiles, on_ups, status):
    request_id, shipment_id = on_ups
    set_status(shipment_id, status)

    answer = client.put(shipment_url(shipment_id), headers=manager,
                        json={"ship_profile_id": profiles["USPS"], "ship_method": "USPS_PRIORITY_MAIL"})

    if status in METHOD_STATUSES:
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        gone_on = "ready_to_process" if status == "validating" else status  # nothing holds it: it goes on
        assert (body["id"], body["ship_profile_id"], body["ship_method"], body["status"]) == (
            shipment_id, profiles["USPS"], "USPS_PRIORITY_MAIL", gone_on)
        assert "edit_method" in body["allowed_actions"]
        assert stored(shipment_id) == (profiles["USPS"], "USPS_PRIORITY_MAIL")
        assert request_notes(client, manager, request_id)[0] == (
            f"Shipment {shipment_id}: changed ship_profile_id from {profiles['UPS']} to {profiles['USPS']}, "
            "ship_method from 'UPS_GROUND' to 'USPS_PRIORITY_MAIL'.")
    elif status == "pending_ship_label":
        body = assert_error(answer, 403, "forbidden")
        assert "for an admin only" in body["description"]
        assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")
    else:
        body = assert_error(answer, 409, "invalid_status")
        assert f"shipment {shipment_id} is {code_label(status)}." in body["description"]
        assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")


@pytest.mark.parametrize("role, allowed", [("admin", True), ("admin_client_account_manager", True), ("client", False)])
def test_in_pending_ship_label_only_admins_change_the_method(client, factory, acme, profiles, on_ups, role, allowed):
    _, shipment_id = on_ups
    set_status(shipment_id, "pending_ship_label")
    headers = factory.headers(factory.user("client", acme)) if role == "client" else staff(factory, acme, role)

    answer = client.put(shipment_url(shipment_id), headers=headers, json={"ship_method": "UPS_NEXT_DAY_AIR"})

    if allowed:
        assert answer.status_code == 200, answer.get_json()
        assert stored(shipment_id) == (profiles["UPS"], "UPS_NEXT_DAY_AIR")
    else:
        assert_error(answer, 403, "forbidden")
        assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")


@pytest.mark.parametrize("grouped", ["shipment", "request"])
def test_a_grouped_shipment_keeps_its_method(client, manager, acme, factory, profiles, on_ups, grouped):
    request_id, shipment_id = on_ups
    owner = db.session.get(Shipment, shipment_id) if grouped == "shipment" else db.session.get(FulfillmentRequest,
                                                                                                request_id)
    owner.shipment_group_id = 41
    db.session.commit()

    for headers in (manager, staff(factory, acme, "admin")):
        answer = client.put(shipment_url(shipment_id), headers=headers, json={"ship_method": "UPS_NEXT_DAY_AIR"})

        body = assert_error(answer, 409, "in_shipment_group")
        assert "shipment group 41" in body["description"]
    assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")


def test_a_method_the_profile_does_not_offer_is_refused(client, manager, profiles, on_ups):
    request_id, shipment_id = on_ups
    before = request_notes(client, manager, request_id)

    other_carrier = client.put(shipment_url(shipment_id), headers=manager, json={"ship_method": "FEDEX_GROUND"})
    profile_only = client.put(shipment_url(shipment_id), headers=manager, json={"ship_profile_id": profiles["DHL"]})

    body = assert_error(other_carrier, 422)
    assert (body["field"], body["description"]) == ("ship_method", "Ship Method 'FEDEX_GROUND' is not a UPS ship method.")
    body = assert_error(profile_only, 422)
    assert (body["field"], body["description"]) == ("ship_method", "Ship Method 'UPS_GROUND' is not a DHL ship method.")
    assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")
    assert request_notes(client, manager, request_id) == before


def test_another_clients_profile_and_an_empty_change_are_refused(client, manager, factory, globex, on_ups, profiles):
    _, shipment_id = on_ups
    theirs = profile_of(globex, "UPS")

    foreign = client.put(shipment_url(shipment_id), headers=manager, json={"ship_profile_id": theirs})
    empty = client.put(shipment_url(shipment_id), headers=manager, json={})

    body = assert_error(foreign, 422)
    assert (body["field"], body["description"]) == (
        "ship_profile_id", f"Ship Profile {theirs} is not one of this client's ship profiles.")
    assert assert_error(empty, 422, "validation_error")["description"] == "Give a Ship Profile or a Ship Method to change."
    assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")


@pytest.mark.parametrize("current, chosen, client_may", [
    ("UPS", "LTL", False), ("UPS", "Custom", False), ("UPS", "FedEx", True),
    ("LTL", "UPS", False), ("LTL", "LTL", True),
    ("Custom", "LTL", False), ("Custom", "Custom", True), ("Custom", "UPS", True),
])
def test_client_users_keep_to_the_carriers_their_profile_allows_and_admins_choose_any(
        client, manager, factory, acme, catalogue, stock, current, chosen, client_may):
    methods = {"UPS": "UPS_GROUND", "LTL": "LTL_STANDARD", "Custom": "CUSTOM_GROUND", "FedEx": "FEDEX_GROUND"}
    current_id, chosen_id = profile_of(acme, current), profile_of(acme, chosen)
    change = {"ship_profile_id": chosen_id, "ship_method": methods[chosen]}
    _, shipment_id = placed(client, manager, catalogue, stock, ship_profile_id=current_id, ship_method=methods[current])

    answer = client.put(shipment_url(shipment_id), headers=manager, json=change)

    if client_may:
        assert answer.status_code == 200, answer.get_json()
        assert stored(shipment_id) == (chosen_id, methods[chosen])
        return
    body = assert_error(answer, 403, "carrier_not_allowed")
    assert body["field"] == "ship_profile_id"
    assert body["description"].startswith(f"Ship Profile {chosen_id} ships by {chosen}: ")
    assert stored(shipment_id) == (current_id, methods[current])
    by_admin = client.put(shipment_url(shipment_id), headers=staff(factory, acme, "admin"), json=change)
    assert by_admin.status_code == 200, by_admin.get_json()
    assert stored(shipment_id) == (chosen_id, methods[chosen])


def test_saturday_delivery_keeps_to_ups_and_fedex_express(client, manager, acme, profiles, catalogue, stock):
    _, shipment_id = placed(client, manager, catalogue, stock, ship_profile_id=profiles["UPS"],
                            ship_method="UPS_NEXT_DAY_AIR", saturday_delivery=True)

    ground = client.put(shipment_url(shipment_id), headers=manager, json={"ship_method": "UPS_GROUND"})
    express = client.put(shipment_url(shipment_id), headers=manager,
                         json={"ship_profile_id": profile_of(acme, "FedEx"), "ship_method": "FEDEX_2_DAY"})

    body = assert_error(ground, 422)
    assert body["field"] == "ship_method" and "Saturday" in body["description"]
    assert express.status_code == 200, express.get_json()


def test_another_clients_shipment_is_not_found(client, factory, globex, profiles, on_ups):
    _, shipment_id = on_ups
    theirs = factory.headers(factory.user("client", globex))

    answer = client.put(shipment_url(shipment_id), headers=theirs, json={"ship_method": "UPS_NEXT_DAY_AIR"})

    assert_error(answer, 404, "not_found")
    assert stored(shipment_id) == (profiles["UPS"], "UPS_GROUND")
