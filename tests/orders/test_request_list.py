"""The fulfilment request list: newest first, by cursor, with the filters of the list page's tabs,
search and dropdowns."""
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import FulfillmentRequest
from tests.api.helpers import assert_error
from tests.orders.test_fulfillment_requests import BROOKLYN, TORONTO, URL, new_request


@pytest.fixture
def requests_made(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    made = {}
    for reference, fields in {
        "READY": {"order_id": "ORD-1"},
        "WAITING": {"fill_type": "complete"},
        "BADADDR": {"to_address": {**BROOKLYN, "city": "Albany", "name": "Lee Park", "email": "lee@example.com"}},
        "ABROAD": {"to_address": TORONTO, "sets": [{"items": [{"upc": "STOVE", "quantity": 1, "customs_value": 12.5}]}]},
    }.items():
        response = client.post(URL, headers=manager, json={**new_request(reference), **fields})
        assert response.status_code == 201, response.get_json()
        made[reference] = response.get_json()["id"]
    fraud = db.session.get(FulfillmentRequest, made["WAITING"])
    fraud.fraud, fraud.requires_approval, fraud.requires_approval_reason = True, True, "fraud"
    untaxed = db.session.get(FulfillmentRequest, made["ABROAD"])
    untaxed.sets[0].items[0].customs_value = None
    db.session.commit()
    return made


def listed(client, headers, **query):
    response = client.get(URL, headers=headers, query_string=query)
    assert response.status_code == 200, response.get_json()
    return [row["fulfillment_request_id"] for row in response.get_json()["fulfillment_requests"]]


@pytest.mark.parametrize("query, expected", [
    ({}, ["ABROAD", "BADADDR", "WAITING", "READY"]),
    ({"shipmentStatus": "ready_to_process"}, ["READY"]),
    ({"shipmentStatus": "validating"}, ["ABROAD", "BADADDR", "WAITING"]),
    ({"invalidToAddress": "true"}, ["BADADDR"]),
    ({"fraud": "true"}, ["WAITING"]),
    ({"requiresApproval": "true"}, ["WAITING"]),
    ({"unallocatedInventory": "true"}, ["ABROAD", "BADADDR", "WAITING"]),
    ({"missingCustomsInfo": "true"}, ["ABROAD"]),
    ({"orderId": "ORD-1"}, ["READY"]),
    ({"fulfillmentRequestId": "BADADDR"}, ["BADADDR"]),
    ({"searchTerm": "Lee"}, ["BADADDR"]),
    ({"searchTerm": "WAIT"}, ["WAITING"]),
    ({"shipToName": "Sam Roy"}, ["ABROAD"]),
    ({"shipToEmail": "lee@example.com"}, ["BADADDR"]),
    ({"shipToPostalCode": "M5H"}, ["ABROAD"]),
    ({"state": "ON"}, ["ABROAD"]),
])
def test_each_filter(client, manager, requests_made, query, expected):
    assert listed(client, manager, **query) == expected


def test_dates_filter_by_creation_day(client, manager, requests_made):
    today = utcnow().date()

    assert len(listed(client, manager, fromDate=today.isoformat(), toDate=today.isoformat())) == 4
    assert listed(client, manager, fromDate=(today + timedelta(days=1)).isoformat()) == []
    assert listed(client, manager, toDate=(today - timedelta(days=1)).isoformat()) == []


def test_dates_are_days_of_the_time_zone_given(client, manager, requests_made):
    made = sorted(request.created_at for request in db.session.scalars(select(FulfillmentRequest)))

    def day_in(zone, at):
        return at.replace(tzinfo=UTC).astimezone(ZoneInfo(zone)).date()

    # UTC−11 and UTC+14 (no summer time in either): at any hour one of them is on another day than UTC.
    for zone in ("Pacific/Pago_Pago", "Pacific/Kiritimati", "America/New_York"):
        first, last = day_in(zone, made[0]), day_in(zone, made[-1])
        assert len(listed(client, manager, fromDate=first.isoformat(), toDate=last.isoformat(), timeZone=zone)) == len(made)
        assert listed(client, manager, fromDate=(last + timedelta(days=1)).isoformat(), timeZone=zone) == []
        assert listed(client, manager, toDate=(first - timedelta(days=1)).isoformat(), timeZone=zone) == []
    body = assert_error(client.get(URL, headers=manager, query_string={"timeZone": "Mars/Olympus"}), 422)
    assert "Mars/Olympus" in body["description"]


def test_the_list_pages_by_cursor_and_includes_sets_and_shipments_on_request(client, manager, requests_made):
    first = client.get(URL, headers=manager, query_string={"limit": 3}).get_json()
    rest = client.get(URL, headers=manager, query_string={"limit": 3, "cursor": first["cursor"],
                                                          "includeSetsAndItems": "true", "includeShipments": "true"}).get_json()

    assert [row["fulfillment_request_id"] for row in first["fulfillment_requests"] + rest["fulfillment_requests"]] == [
        "ABROAD", "BADADDR", "WAITING", "READY"]
    assert "sets" not in first["fulfillment_requests"][0] and "shipments" not in first["fulfillment_requests"][0]
    [ready] = rest["fulfillment_requests"]
    assert ready["sets"][0]["items"][0]["upc"] == "TENT" and ready["shipments"][0]["status"] == "ready_to_process"
    assert rest["cursor"] is None


def test_bad_filters_are_refused(client, manager):
    for query in ({"shipmentStatus": "lost"}, {"fromDate": "yesterday"}, {"cursor": "garbage"}, {"limit": 0}):
        response = client.get(URL, headers=manager, query_string=query)
        assert response.status_code in (400, 422) and response.get_json()["error"], query


def test_each_row_shows_the_warehouse_its_shipments_leave_from(client, manager, requests_made, stock, catalogue):
    stock(catalogue["tent"], TX01=1)
    asked = client.post(URL, headers=manager, json=new_request("ASKED", warehouse_id="TX01")).get_json()

    rows = client.get(URL, headers=manager).get_json()["fulfillment_requests"]

    shown = {row["fulfillment_request_id"]: row["warehouse_id"] for row in rows}
    assert asked["warehouse_id"] == "TX01"
    # optimal requests show where they were placed; every row as its own page shows it
    assert shown == {"ASKED": "TX01", "READY": "NJ01", **{reference: get_one(client, manager, requests_made[reference])
                                                          for reference in ("WAITING", "BADADDR", "ABROAD")}}


def get_one(client, headers, request_id):
    return client.get(f"{URL}/{request_id}", headers=headers).get_json()["warehouse_id"]
