"""LTL shipments join groups as they are placed: one open group per client, warehouse, desired ship date and
destination, made by the first shipment of its key, by the new-request form, the bulk import or a change of
ship method to LTL."""
import threading
from datetime import timedelta

import pytest
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders import grouping
from api.orders.grouping import address_key
from api.orders.models import FulfillmentRequest, Shipment, ShipmentGroup
from tests.conftest import BACKEND
from tests.freight.conftest import group_count, group_url, history_of
from tests.orders.test_bulk_requests import row, upload
from tests.orders.test_fulfillment_requests import BROOKLYN, URL, new_request
from tests.shipments.test_events import run_together

# Groups are found or made with an upsert on a partial unique index, written per dialect.
pytestmark = pytest.mark.backend_sensitive


def test_two_requests_to_one_place_on_one_day_travel_in_one_group(client, manager, place, profiles):
    first = place("FR-1")
    second = place("FR-2", to_address={**BROOKLYN, "name": "Someone Else", "phone": "718 555 0199",
                                       "address_1": "75  LIVINGSTON street"})

    group_id = first["shipment_group_id"]
    assert group_id is not None and second["shipment_group_id"] == group_id
    assert [shipment["shipment_group_id"] for shipment in first["shipments"] + second["shipments"]] == [group_id] * 2
    assert (first["requires_approval"], first["requires_approval_reason"]) == (True, "ltl")
    group = client.get(group_url(group_id), headers=manager).get_json()
    assert group["shipment_ids"] == [first["shipments"][0]["id"], second["shipments"][0]["id"]]
    assert (group["status"], group["approval_required"], group["approved"], group["can_approve"]) == (
        "validating", True, False, True)
    # The group takes the first request's profile, method and address.
    assert (group["ship_profile_id"], group["ship_method"], group["carrier"], group["warehouse_id"]) == (
        profiles["LTL"], "LTL_STANDARD", "LTL", "NJ01")
    assert (group["to_address"]["name"], group["to_address"]["validation_status"]) == ("Pat Doe", "validated")
    assert group["inventory_allocated"] is True and group_count() == 1
    assert history_of(client, manager, group_id) == [
        (None, "validating", f"Made for LTL shipment {first['shipments'][0]['id']}.")]


def test_another_day_warehouse_or_destination_makes_another_group(place, catalogue, stock):
    stock(catalogue["tent"], CA01=1)
    first = place("FR-1")
    later = place("FR-2", desired_ship_date=(utcnow().date() + timedelta(days=1)).isoformat())
    west = place("FR-3", warehouse_id="CA01", stocked=False)
    elsewhere = place("FR-4", to_address={**BROOKLYN, "address_1": "80 Livingston St"})

    ids = [answer["shipment_group_id"] for answer in (first, later, west, elsewhere)]
    assert None not in ids and len(set(ids)) == 4 and group_count() == 4


def test_a_parcel_request_joins_no_group(client, manager, catalogue, stock, profiles):
    stock(catalogue["tent"], NJ01=1)
    body = client.post("/api/v4/fulfillment_requests", headers=manager, json={
        "fulfillment_request_id": "FR-1", "to_address": BROOKLYN, "warehouse_id": "NJ01",
        "ship_profile_id": profiles["UPS"], "ship_method": "UPS_GROUND",
        "sets": [{"items": [{"upc": "TENT", "quantity": 1}]}]}).get_json()

    assert body["shipment_group_id"] is None and body["requires_approval"] is False and group_count() == 0


def test_a_zip_plus_four_and_case_make_the_same_key():
    assert address_key({**BROOKLYN, "postal_code": "11201-1234", "city": " BROOKLYN "}) == address_key(BROOKLYN)
    assert address_key({**BROOKLYN, "state": "NJ"}) != address_key(BROOKLYN)


def test_an_approved_group_is_no_longer_joined(client, manager, place):
    first = place("FR-1")
    approved = client.put(group_url(first["shipment_group_id"], "/approve"), headers=manager)
    assert approved.status_code == 200, approved.get_json()

    second = place("FR-2")

    assert second["shipment_group_id"] not in (None, first["shipment_group_id"]) and group_count() == 2


def test_the_bulk_import_groups_its_ltl_rows(client, manager, catalogue, stock, profiles):
    stock(catalogue["tent"], NJ01=4)
    ltl = {"warehouse_id": "NJ01", "ship_profile_id": str(profiles["LTL"]), "ship_method": "LTL_STANDARD"}
    rows = [row("FR-1", **ltl), row("FR-2", **ltl), row("FR-3", **ltl, to_address_1="80 Livingston St"),
            row("FR-4", warehouse_id="NJ01")]

    answer = upload(client, manager, rows, "?fileName=freight.csv")

    assert answer.status_code == 202, answer.get_json()
    db.session.expire_all()
    groups = dict(db.session.execute(select(FulfillmentRequest.fulfillment_request_id,
                                            FulfillmentRequest.shipment_group_id)).all())
    assert groups["FR-1"] == groups["FR-2"] and groups["FR-3"] not in (None, groups["FR-1"]) and groups["FR-4"] is None
    shipments = dict(db.session.execute(select(Shipment.request_id, Shipment.shipment_group_id)).all())
    requests = dict(db.session.execute(select(FulfillmentRequest.id, FulfillmentRequest.shipment_group_id)).all())
    assert shipments == requests
    assert db.session.scalar(select(ShipmentGroup.approval_required).where(ShipmentGroup.id == groups["FR-1"])) is True
    assert group_count() == 2


def test_a_shipment_changed_to_ltl_joins_the_group_of_its_key(client, manager, factory, acme, place, catalogue, stock,
                                                               profiles):
    grouped = place("FR-1")
    stock(catalogue["tent"], NJ01=1)
    parcel = client.post("/api/v4/fulfillment_requests", headers=manager, json={
        "fulfillment_request_id": "FR-2", "to_address": BROOKLYN, "warehouse_id": "NJ01",
        "ship_profile_id": profiles["UPS"], "ship_method": "UPS_GROUND",
        "sets": [{"items": [{"upc": "TENT", "quantity": 1}]}]}).get_json()
    [shipment] = parcel["shipments"]
    assert shipment["status"] == "ready_to_process"
    admin = factory.headers(factory.user("admin"), acme)  # only an admin moves a parcel to LTL

    changed = client.put(f"/api/v4/shipments/{shipment['id']}", headers=admin,
                         json={"ship_profile_id": profiles["LTL"], "ship_method": "LTL_STANDARD"})

    assert changed.status_code == 200, changed.get_json()
    body = changed.get_json()
    group_id = grouped["shipment_group_id"]
    assert (body["shipment_group_id"], body["status"]) == (group_id, "validating")
    assert [check["check"] for check in body["checklist"] if not check["ok"]] == ["approval"]
    request = client.get(f"/api/v4/fulfillment_requests/{parcel['id']}", headers=manager).get_json()
    assert (request["shipment_group_id"], request["requires_approval"], request["requires_approval_reason"]) == (
        group_id, True, "ltl")
    assert client.get(group_url(group_id), headers=manager).get_json()["shipment_ids"] == [
        grouped["shipments"][0]["id"], shipment["id"]]
    assert group_count() == 1


@pytest.mark.skipif(BACKEND != "services", reason="two transactions at once need PostgreSQL")
def test_two_placements_of_one_key_at_once_make_one_group(app, manager, catalogue, stock, profiles, monkeypatch):
    stock(catalogue["tent"], NJ01=1)
    stock(catalogue["stove"], NJ01=1)  # items of their own: neither waits for the other's stock locks
    both_placing = threading.Barrier(2)
    insert = grouping._insert_open_groups

    def insert_once_both_are_placing(*args):
        # Both transactions have stored their request and reach the group's insert: the race itself.
        both_placing.wait(timeout=10)
        return insert(*args)

    monkeypatch.setattr(grouping, "_insert_open_groups", insert_once_both_are_placing)
    answers = {}

    def place_one(reference_and_item):
        reference, upc = reference_and_item
        with app.app_context():
            answer = app.test_client().post(URL, headers=manager, json=new_request(
                reference, ((upc, 1),), warehouse_id="NJ01", ship_profile_id=profiles["LTL"], ship_method="LTL_STANDARD"))
            answers[reference] = (answer.status_code, answer.get_json().get("shipment_group_id"))
            db.session.remove()

    run_together(place_one, [("FR-1", "TENT"), ("FR-2", "STOVE")])

    assert answers["FR-1"][0] == answers["FR-2"][0] == 201, answers
    assert answers["FR-1"][1] == answers["FR-2"][1] and answers["FR-1"][1] is not None
    assert group_count() == 1
