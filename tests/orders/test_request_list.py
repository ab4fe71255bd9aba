"""The fulfilment request list: newest first, by cursor, with the filters of the list page's tabs,
search and dropdowns."""
import csv
import io
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select, text

from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.jobs.models import Job
from api.orders import listing
from api.orders.listing import EXPORT_COLUMNS, progress
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


@pytest.mark.parametrize("term, expected", [
    ("1004", ["SHOP"]),  # the order id #1004, typed without its '#'
    ("#1004", ["SHOP"]),
    ("AIT", ["WAITING"]),  # inside the request id
    ("ark", ["BADADDR"]),  # inside the name, ignoring case
    ("lee@", ["BADADDR"]),  # the e-mail
    ("LBAN", ["BADADDR"]),  # the city
    ("ronto", ["ABROAD"]),
    ("2N2", ["ABROAD"]),  # inside the postal code
    ("11201", ["SHOP", "BADADDR", "WAITING", "READY"]),
    ("1_0", []),  # LIKE's wildcards are plain characters
    ("%", []),
])
def test_search_finds_a_term_anywhere_in_ids_names_emails_cities_and_postal_codes(
        client, manager, requests_made, term, expected):
    made = client.post(URL, headers=manager, json={**new_request("SHOP"), "order_id": "#1004"})
    assert made.status_code == 201, made.get_json()

    assert listed(client, manager, searchTerm=term) == expected


def test_each_row_sums_up_its_shipments(client, manager, requests_made):
    cancelled = client.post(URL, headers=manager, json=new_request("GONE")).get_json()
    assert client.post(f"/api/v4/shipments/{cancelled['shipments'][0]['id']}/cancel", headers=manager).status_code == 200

    rows = client.get(URL, headers=manager).get_json()["fulfillment_requests"]

    assert {row["fulfillment_request_id"]: row["progress"] for row in rows} == {
        "GONE": "Cancelled", "ABROAD": "Waiting for stock", "BADADDR": "Invalid address", "WAITING": "Needs approval",
        "READY": "Ready to process"}


@pytest.mark.parametrize("shipments, expected", [
    ([("NJ01", "shipped", True), ("TX01", "processing", True), ("CA01", "shipped", True)], "2 of 3 shipped"),
    ([("NJ01", "shipped", True), ("TX01", "canceled", False)], "Shipped"),
    ([("NJ01", "processing", True), ("TX01", "ready_to_process", True)], "Ready to process"),
    ([("NJ01", "pending_ship_label", True)], "Pending ship label"),
    ([("NJ01", "validating", True), ("TX01", "validating", False)], "Waiting for stock"),
    ([], "Validating"),
])
def test_the_summary_counts_shipped_parcels_and_names_the_earliest_stage(shipments, expected):
    request = FulfillmentRequest(requires_approval=False, address_validated=True)

    assert progress(request, shipments) == expected


def exported(response):
    assert response.status_code == 200, response.get_json()
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


def test_the_filtered_list_downloads_as_csv_with_formulas_neutralised(client, manager, requests_made):
    client.post(URL, headers=manager, json={**new_request("FORMULA"), "order_id": "=SUM(A1:A9)"})

    rows = exported(client.post(f"{URL}/export", headers=manager, query_string={"shipmentStatus": "validating"}))

    assert rows[0] == list(EXPORT_COLUMNS)
    assert [row[0] for row in rows[1:]] == listed(client, manager, shipmentStatus="validating")
    by_id = {row[0]: dict(zip(rows[0], row)) for row in rows[1:]}
    assert by_id["ABROAD"]["status"] == "Waiting for stock" and by_id["ABROAD"]["to_city"] == "Toronto"
    assert exported(client.post(f"{URL}/export", headers=manager, query_string={"searchTerm": "sum("}))[1][1] == \
        "'=SUM(A1:A9)"


def test_a_list_longer_than_a_download_is_mailed_by_a_job(app, client, manager, requests_made, monkeypatch, acme):
    monkeypatch.setitem(app.config, "EXPORT_DIRECT_ROWS", 2)
    monkeypatch.setattr(listing, "EXPORT_BATCH", 2)  # the job reads the list in pages: two of them here

    response = client.post(f"{URL}/export", headers=manager, query_string={"unallocatedInventory": "true"})

    assert response.status_code == 202, response.get_json()
    job = db.session.get(Job, response.get_json()["id"])
    assert (job.client_id, job.kind) == (acme.id, "export_fulfillment_requests")
    mail = listing.export_requests_job(job)
    file_name, content_type, content = mail.attachment
    rows = list(csv.reader(io.StringIO(content.decode("utf-8").lstrip("\ufeff"))))
    assert content_type == "text/csv" and file_name.endswith(".csv")
    assert [row[0] for row in rows[1:]] == ["ABROAD", "BADADDR", "WAITING"] and job.total == 3


def test_the_search_reads_the_trigram_index_on_postgresql(acme):
    if not on_postgresql():
        pytest.skip("SQLite looks through the rows")
    searched = select(FulfillmentRequest.id).where(listing._search("1004"))
    sql = str(searched.compile(db.engine, compile_kwargs={"literal_binds": True}))

    db.session.execute(text("SET LOCAL enable_seqscan = off"))
    plan = "\n".join(db.session.scalars(text(f"EXPLAIN {sql}")))

    assert "ix_fulfillment_requests_search_trgm" in plan, plan


@pytest.mark.parametrize("term, expected", [
    ("order 20451", ["NUMBERED"]),
    ("ORDER 20451", ["NUMBERED"]),
    ("other 20451", []),  # the number alone is in the request, the whole term is not
    ("order 20452", []),
])
def test_a_term_of_words_and_a_number_is_found_whole(client, manager, requests_made, term, expected):
    made = client.post(URL, headers=manager, json={**new_request("NUMBERED"), "order_id": "Shop order 20451"})
    assert made.status_code == 201, made.get_json()

    assert listed(client, manager, searchTerm=term) == expected


@pytest.mark.parametrize("term, part", [
    ("customer 4321", "4321"), ("fr-00009", "00009"), ("customer98765@", "98765"), ("a12 b", "a12 b"),
    ("fresno", "fresno"), ("1004", "1004"),
])
def test_the_index_is_asked_for_the_longest_number_of_a_term(term, part):
    assert listing._distinctive_part(term) == part


def test_a_search_pages_alike_whether_the_newest_requests_hold_the_page_or_not(
        client, manager, requests_made, monkeypatch):
    """Past the newest SEARCH_WALK_ROWS requests a search gathers its matches through the index: the
    pages and their cursors are the same either way, for a common term and for one only old requests hold."""
    for term in ("11201", "EAD", "example.com", "zzz"):
        whole = pages_of(client, manager, term)
        monkeypatch.setattr(listing, "SEARCH_WALK_ROWS", 1)
        assert pages_of(client, manager, term) == whole, term
        monkeypatch.undo()
    assert pages_of(client, manager, "EAD") == [["READY"]]
    assert pages_of(client, manager, "11201") == [["BADADDR", "WAITING"], ["READY"]]


def pages_of(client, headers, term):
    pages, cursor = [], None
    while True:
        query = {"searchTerm": term, "limit": 2, **({"cursor": cursor} if cursor else {})}
        answer = client.get(URL, headers=headers, query_string=query).get_json()
        pages.append([row["fulfillment_request_id"] for row in answer["fulfillment_requests"]])
        cursor = answer["cursor"]
        if cursor is None:
            return pages


@pytest.mark.parametrize("walked, found, expected", [
    (5000, 0, 0),  # none among the newest: a rare term, gathered
    (5000, 95, 10_631),  # 1.9% of them: twice the walk that fills the page at that share
    (5000, 30, 0),  # a walk past SEARCH_WALK_MAX_ROWS costs more than gathering the matches
    (25_000, 99, 0),
])
def test_a_search_walks_further_only_as_far_as_the_matches_found_promise(walked, found, expected):
    assert listing._further_walk(walked, found, 100) == expected
