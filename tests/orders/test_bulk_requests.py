"""Bulk fulfilment requests: one CSV row per item line, a request's rows together; the whole file
checked by every rule of a new request before a job creates and places the requests."""
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from api.common.timeutil import utcnow
from api.extensions import db
from api.imports.job import ImportContext
from api.orders.bulk import apply_requests
from api.orders.models import FulfillmentRequest
from tests.api.helpers import assert_error
from tests.imports.world import mail_files  # noqa: F401 (fixture)

BULK_URL = "/api/v4/fulfillment_requests/bulk"
BROOKLYN = {"to_name": "Pat Doe", "to_address_1": "75 Livingston St", "to_city": "Brooklyn", "to_state": "NY",
            "to_postal_code": "11201", "to_country": "US", "to_phone": "718 555 0100"}


def row(reference="FR-1", upc="TENT", quantity="1", **cells):
    return {"fulfillment_request_id": reference, "upc": upc, "quantity": quantity, **BROOKLYN, **cells}


def references():
    db.session.expire_all()
    return sorted(db.session.scalars(select(FulfillmentRequest.fulfillment_request_id)))


def upload(client, headers, rows, query="", **extra):
    return client.post(BULK_URL + query, json=rows, headers={**headers, **extra})


def test_a_file_becomes_requests_placed_by_a_job_with_a_summary_mail(client, manager, catalogue, stock, mail_files):
    stock(catalogue["tent"], NJ01=3)
    stock(catalogue["stove"], NJ01=2)
    rows = [
        row("FR-1", "TENT", "2", warehouse_id="NJ01", order_id="ORD-1", gift_note="Enjoy"),
        row("FR-1", "STOVE", "1", warehouse_id="NJ01"),  # the request's columns may repeat when they agree
        {"fulfillment_request_id": "FR-2", "upc": "CAMP-SET", "quantity": "1", "fill_type": "complete"} | BROOKLYN,
        row("FR-3", "TENT", "1", billing_type="third_party", billing_account="A-1", billing_postal_code="07001",
            fill_type="complete", warehouse_id="NJ01"),
    ]

    answer = upload(client, manager, rows, "?fileName=orders.csv")

    assert answer.status_code == 202, answer.get_json()
    job = client.get(f"/api/v4/jobs/{answer.get_json()['id']}", headers=manager).get_json()
    assert (job["kind"], job["state"], job["total"], job["succeeded"], job["failed"]) == (
        "import_fulfillment_requests", "succeeded", 4, 4, 0)
    assert references() == ["FR-1", "FR-2", "FR-3"]
    listed = client.get("/api/v4/fulfillment_requests?includeSetsAndItems=true&includeShipments=true",
                        headers=manager).get_json()["fulfillment_requests"]
    by_reference = {request["fulfillment_request_id"]: request for request in listed}
    first = by_reference["FR-1"]
    assert (first["order_id"], first["sets"][0]["gift_note"]) == ("ORD-1", "Enjoy")
    assert [(item["upc"], item["quantity_allocated"]) for item in first["sets"][0]["items"]] == [("TENT", 2), ("STOVE", 1)]
    assert by_reference["FR-2"]["shipments"][0]["inventory_allocated"] is False  # one stove left; the set needs two
    assert by_reference["FR-3"]["shipments"][0]["inventory_allocated"] is True
    [message] = mail_files()
    assert "4 applied, 0 failed" in message.get_body().get_content()


@pytest.mark.parametrize(("rows", "line", "named"), [
    ([row(upc="NOPE")], 2, "upc NOPE is not in the catalogue"),
    ([row(quantity="0")], 2, "quantity"),
    ([row(quantity="1001")], 2, "quantity"),
    ([row(quantity="two")], 2, "quantity"),
    ([row(), row(upc="TENT")], 2, "upc TENT is in the request more than once"),
    ([row(desired_ship_date="2020-01-01")], 2, "desired_ship_date 2020-01-01 is before today"),
    ([row(warehouse_id="ZZ01")], 2, "warehouse_id"),
    ([row(billing_type="third_party")], 2, "billing_type third_party needs billing_account and billing_postal_code"),
    ([row(to_postal_code="07001")], 2, "to_address.postal_code 07001 is in NJ, not in NY"),
    ([row(to_country="CA", to_state="ON", to_postal_code="M5V 2T6", to_city="Toronto")], 2,
     "customs_value is needed outside the US"),
    ([row(ship_together="true")], 2, "ship_together needs a warehouse_id"),
    ([row("FR-1"), row("FR-2"), row("FR-1", upc="STOVE")], 4, "must be next to each other"),
    ([row(warehouse_id="NJ01"), row(upc="STOVE", warehouse_id="TX01")], 3, "warehouse_id 'TX01' differs from line"),
    ([row(to_phone="")], 2, "to_phone"),
    ([row(reference="")], 2, "fulfillment_request_id is required"),
    ([row(customs_value="-1")], 2, "customs_value"),
    ([row(upc="EMPTY-KIT")], 2, "upc EMPTY-KIT is a bundle or kit without children"),
    ([row(edi_retailer="target", edi_cancel_date="2099-01-01")], 2, "edi_po_number"),
    ([row(edi_po_number="PO-1", edi_cancel_date="2099-01-01")], 2, "edi_retailer"),
    ([row(edi_retailer="corner-shop", edi_cancel_date="2099-01-01", edi_po_number="PO-1")], 2, "edi_retailer"),
    ([row(edi_store_number="12")], 2, "edi_cancel_date"),
    ([row(edi_retailer="target", edi_cancel_date="2020-01-01", edi_po_number="PO-1")], 2, "edi.cancel_date is before today"),
])
def test_a_file_with_a_bad_row_is_refused_whole_naming_the_field(client, manager, factory, acme, catalogue, rows, line,
                                                                 named):
    factory.item(acme, upc="EMPTY-KIT", composite_type=3)
    answer = upload(client, manager, [row("FR-OK", "STOVE"), *rows])

    body = assert_error(answer, 422, "invalid_rows")
    shifted = line + 1  # the valid request on line 2 comes first
    assert any(error["line"] == shifted and named in error["error"] for error in body["errors"]), body["errors"]
    assert references() == []


def test_another_clients_upc_and_a_request_id_already_used_are_row_errors(client, factory, manager, catalogue, globex):
    factory.item(globex, upc="THEIRS")
    assert client.post("/api/v4/fulfillment_requests", headers=manager, json={
        "fulfillment_request_id": "USED", "to_address": {key[3:]: value for key, value in BROOKLYN.items()},
        "sets": [{"items": [{"upc": "TENT", "quantity": 1}]}]}).status_code == 201

    body = assert_error(upload(client, manager, [row("NEW", "THEIRS"), row("USED")]), 422, "invalid_rows")

    assert [(error["line"], error["error"]) for error in body["errors"]] == [
        (2, "upc THEIRS is not in the catalogue."),
        (3, "fulfillment_request_id 'USED' is already used by another request."),
    ]
    assert references() == ["USED"]


@pytest.mark.parametrize(("headers_row", "problem"), [
    ({"Fulfillment_Request_Id": "FR-1", "upc": "TENT", "quantity": "1"}, "Unknown columns: Fulfillment_Request_Id"),
    ({"fulfillment_request_id": "FR-1", "upc": "TENT"}, "Missing columns: quantity"),
])
def test_header_names_must_match_exactly(client, manager, catalogue, headers_row, problem):
    body = assert_error(upload(client, manager, [headers_row]), 422, "invalid_rows")
    assert body["errors"][0]["line"] == 1 and problem in body["errors"][0]["error"]


def test_an_empty_file_says_so(client, manager):
    assert assert_error(upload(client, manager, []), 422)["description"] == "No data in file!"
    assert_error(upload(client, manager, {"rows": []}), 422)


def test_validate_only_and_valid_rows_only(client, manager, catalogue):
    rows = [row("FR-1"), row("FR-1", "STOVE"), row("FR-2", "NOPE"), row("FR-3", "STOVE")]

    report = upload(client, manager, rows, "?validateOnly=true").get_json()
    assert (report["valid"], report["rows"], report["would_create"]) == (False, 4, 2)
    assert references() == []

    answer = upload(client, manager, rows, "?validRowsOnly=true")
    job = client.get(f"/api/v4/jobs/{answer.get_json()['id']}", headers=manager).get_json()
    assert (job["total"], job["succeeded"], job["failed"]) == (4, 3, 1)
    assert references() == ["FR-1", "FR-3"]


def test_a_repeated_idempotency_key_answers_the_first_job(client, manager, catalogue):
    first = upload(client, manager, [row()], **{"Idempotency-Key": "bulk-1"})
    second = upload(client, manager, [row()], **{"Idempotency-Key": "bulk-1"})

    assert first.get_json()["id"] == second.get_json()["id"]
    assert references() == ["FR-1"]


def test_a_request_id_taken_after_the_check_fails_its_rows_and_the_rest_of_the_chunk_applies(
        app, client, manager, catalogue, acme):
    payload = {key[3:]: value for key, value in BROOKLYN.items()}
    chunk = [[2, {"lines": [2, 3], "request": {"fulfillment_request_id": "TAKEN", "to_address": payload,
                                               "sets": [{"items": [{"upc": "TENT", "quantity": "1"},
                                                                   {"upc": "STOVE", "quantity": "1"}]}]}}],
             [4, {"lines": [4], "request": {"fulfillment_request_id": "FREE", "to_address": payload,
                                            "sets": [{"items": [{"upc": "TENT", "quantity": "1"}]}]}}]]
    assert client.post("/api/v4/fulfillment_requests", headers=manager, json={
        "fulfillment_request_id": "TAKEN", "to_address": payload,
        "sets": [{"items": [{"upc": "STOVE", "quantity": 1}]}]}).status_code == 201

    failures = apply_requests(chunk, ImportContext(acme.id, "bulk.test", False, "job-1"))
    db.session.commit()

    assert failures == [(line, "fulfillment_request_id 'TAKEN' is already used by another request.") for line in (2, 3)]
    assert references() == ["FREE", "TAKEN"]
    assert db.session.scalar(select(func.count()).select_from(FulfillmentRequest)) == 2


def test_read_only_users_cannot_upload(client, factory, acme, catalogue):
    reader = factory.headers(factory.user("client_read_only", acme))
    assert_error(upload(client, reader, [row()]), 403)
    assert references() == []


def test_a_retail_shipment_takes_its_edi_columns(client, manager, catalogue):
    edi = {"edi_retailer": "target", "edi_cancel_date": "2099-01-01", "edi_po_number": "PO-77", "edi_store_number": "0042",
           "edi_reference_1": "R-1"}

    assert upload(client, manager, [row("RETAIL", **edi), row("RETAIL", "STOVE"), row("PLAIN")]).status_code == 202

    db.session.expire_all()
    stored = {request.fulfillment_request_id: request.edi for request in db.session.scalars(select(FulfillmentRequest))}
    assert stored["PLAIN"] is None
    assert {name: stored["RETAIL"][name] for name in ("retailer", "cancel_date", "po_number", "store_number",
                                                      "edi_reference_1", "dc_number")} == {
        "retailer": "target", "cancel_date": "2099-01-01", "po_number": "PO-77", "store_number": "0042",
        "edi_reference_1": "R-1", "dc_number": None}


def test_tomorrow_is_a_valid_desired_ship_date(client, manager, catalogue):
    tomorrow = (utcnow().date() + timedelta(days=1)).isoformat()
    assert upload(client, manager, [row(desired_ship_date=tomorrow)]).status_code == 202
    assert references() == ["FR-1"]


def test_the_columns_are_served_for_the_upload_page(client, manager):
    columns = client.get(f"{BULK_URL}/columns", headers=manager).get_json()["columns"]

    assert [column["name"] for column in columns][:3] == ["fulfillment_request_id", "order_id", "warehouse_id"]
    assert {column["name"] for column in columns if column["required"]} == {"fulfillment_request_id", "upc", "quantity"}
    assert all(column["description"] for column in columns)
