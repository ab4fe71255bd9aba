"""The fulfilment request list: newest first, by cursor, with the filters of the list page's tabs,
search and dropdowns."""
from datetime import timedelta

import pytest

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import FulfillmentRequest
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
