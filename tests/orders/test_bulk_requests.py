"""Bulk fulfilment requests: one CSV row per item line, a request's rows together; the whole file
checked by every rule of a new request before a job creates and places the requests."""
import csv
import gc
import io
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.imports import job as import_job
from api.imports.job import ImportContext, pack, unpack
from api.imports.models import ImportChunk
from api.jobs import runner
from api.jobs import service as job_service
from api.jobs.models import Job
from api.orders import bulk
from api.orders.bulk import PLACING, REQUEST_FIELDS, REQUESTS_IMPORT, STORING, apply_requests
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


def csv_of(rows):
    """The rows as the Bulk Import page sends them: a CSV file whose header is every column the rows have."""
    columns = list(dict.fromkeys(column for row in rows for column in row))
    text = io.StringIO()
    writer = csv.DictWriter(text, columns, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue()


def upload_csv(client, headers, text, query="", **extra):
    return client.post(BULK_URL + query, data=text.encode(), headers={**headers, "Content-Type": "text/csv", **extra})


@pytest.fixture
def batches_of(app, monkeypatch):
    """batches_of(n): the API reads (and checks) the file n rows at a time."""
    return lambda rows: monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", rows)


@pytest.fixture(params=["json", "csv", "csv read a row at a time"])
def send(request, client, batches_of):
    """send(headers, rows): the rows uploaded as JSON, or as a CSV file (checked whole, or a row per batch)."""
    if request.param == "json":
        return lambda headers, rows: upload(client, headers, rows)
    if request.param == "csv read a row at a time":
        batches_of(1)
    return lambda headers, rows: upload_csv(client, headers, csv_of(rows))


def nothing_stored():
    db.session.expire_all()
    return not db.session.scalar(select(func.count()).select_from(ImportChunk)) and not db.session.scalar(
        select(func.count()).select_from(Job))


def test_the_garbage_collector_is_held_off_while_the_file_is_checked(send, manager, catalogue, monkeypatch):
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)
    check, seen = bulk.RequestsFileCheck.check, []

    def checking(self, batch):
        seen.append(gc.isenabled())
        return check(self, batch)

    monkeypatch.setattr(bulk.RequestsFileCheck, "check", checking)

    assert send(manager, [row("FR-1"), row("FR-2", "STOVE")]).status_code == 202
    assert seen and not any(seen)
    assert gc.isenabled()


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


def test_the_requests_a_job_created_are_listed_by_its_id(client, manager, catalogue):
    assert upload(client, manager, [row("EARLIER")]).status_code == 202
    job_id = upload(client, manager, [row("FR-1"), row("FR-2")]).get_json()["id"]

    listed = client.get("/api/v4/fulfillment_requests", query_string={"jobId": job_id}, headers=manager).get_json()

    assert [request["fulfillment_request_id"] for request in listed["fulfillment_requests"]] == ["FR-2", "FR-1"]


@pytest.mark.parametrize(("rows", "line", "named"), [
    ([row(upc="NOPE")], 2, "upc NOPE is not in the catalogue"),
    ([row(quantity="0")], 2, "quantity"),
    ([row(quantity="1001")], 2, "quantity"),
    ([row(quantity="two")], 2, "quantity"),
    ([row(), row(upc="TENT")], 2, "upc TENT is in the request more than once"),
    ([row(desired_ship_date="2020-01-01")], 2, "desired_ship_date 2020-01-01 is before today"),
    ([row(warehouse_id="ZZ01")], 2, "warehouse_id"),
    ([row(billing_type="third_party")], 2, "billing_type third_party needs billing_account and billing_postal_code"),
    ([row(to_postal_code="07001")], 2, "to_postal_code 07001 is in NJ, not in NY"),
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
    ([row(edi_retailer="target", edi_cancel_date="2020-01-01", edi_po_number="PO-1")], 2, "edi_cancel_date is before today"),
])
def test_a_file_with_a_bad_row_is_refused_whole_naming_the_field(send, manager, factory, acme, catalogue, rows, line,
                                                                 named):
    factory.item(acme, upc="EMPTY-KIT", composite_type=3)
    answer = send(manager, [row("FR-OK", "STOVE"), *rows])

    body = assert_error(answer, 422, "invalid_rows")
    shifted = line + 1  # the valid request on line 2 comes first
    assert any(error["line"] == shifted and named in error["error"] for error in body["errors"]), body["errors"]
    assert references() == [] and nothing_stored()


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
    ({"fulfillment_request_id": "FR-1", "upc": "TENT", **BROOKLYN}, "Missing columns: quantity"),
    ({column: cell for column, cell in row().items() if column != "to_phone"}, "Missing columns: to_phone"),
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

    def stored(line, lines, reference, *upcs):
        """A checked request as the upload stores it in a chunk: the schema's fields, through JSON."""
        fields = REQUEST_FIELDS.load({"fulfillment_request_id": reference, "to_address": payload,
                                      "sets": [{"items": [{"upc": upc, "quantity": "1"} for upc in upcs]}]})
        return [line, {"lines": lines, "fields": fields}]

    chunk = unpack(pack([stored(2, [2, 3], "TAKEN", "TENT", "STOVE"), stored(4, [4], "FREE", "TENT")]))
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
    assert [column["name"] for column in columns if column["required"]] == [
        "fulfillment_request_id", "to_name", "to_address_1", "to_city", "to_state", "to_postal_code", "to_country",
        "to_phone", "upc", "quantity"]
    assert all(column["description"] for column in columns)


def items_of(reference):
    db.session.expire_all()
    request = db.session.scalars(select(FulfillmentRequest).filter_by(fulfillment_request_id=reference)).one()
    return [(item.upc, item.quantity) for request_set in request.sets for item in request_set.items]


def test_a_csv_file_becomes_requests_like_its_rows(client, manager, catalogue, mail_files):
    rows = [row("FR-1", "TENT", "2", to_company='Doe, "Pat" & Co', order_id="ORD-1"), row("FR-1", "STOVE"),
            row("FR-2", "CAMP-SET")]

    answer = upload_csv(client, manager, "\ufeff" + csv_of(rows), "?fileName=orders.csv", **{"Idempotency-Key": "csv-1"})
    again = upload_csv(client, manager, "\ufeff" + csv_of(rows), "?fileName=orders.csv", **{"Idempotency-Key": "csv-1"})

    assert answer.status_code == 202, answer.get_json()
    assert again.get_json()["id"] == answer.get_json()["id"]
    job = db.session.get(Job, answer.get_json()["id"])
    assert (job.state, job.total, job.succeeded, job.failed) == ("succeeded", 3, 3, 0)
    assert references() == ["FR-1", "FR-2"]
    assert items_of("FR-1") == [("TENT", 2), ("STOVE", 1)]
    request = db.session.scalars(select(FulfillmentRequest).filter_by(fulfillment_request_id="FR-1")).one()
    assert (request.order_id, request.to_company) == ("ORD-1", 'Doe, "Pat" & Co')
    [message] = mail_files()
    assert "orders.csv" in message["Subject"]


@pytest.mark.parametrize("body", ["json", "csv"])
def test_a_request_straddling_batches_is_applied_once_with_all_its_lines(
        client, manager, factory, acme, catalogue, batches_of, monkeypatch, body):
    factory.item(acme, upc="LAMP", name="Lamp")
    batches_of(2)
    applied = []

    def apply_and_record(chunk, context):
        applied.append([entry["lines"] for _, entry in chunk])
        return apply_requests(chunk, context)

    monkeypatch.setattr(REQUESTS_IMPORT, "apply_chunk", apply_and_record)
    rows = [row("FR-1"), row("FR-2", "TENT"), row("FR-2", "STOVE", "2"), row("FR-2", "LAMP"), row("FR-3", "LAMP")]

    answer = upload(client, manager, rows) if body == "json" else upload_csv(client, manager, csv_of(rows))

    assert answer.status_code == 202, answer.get_json()
    job = db.session.get(Job, answer.get_json()["id"])
    assert (job.state, job.total, job.succeeded, job.failed) == ("succeeded", 5, 5, 0)
    # A chunk holds the requests its batch completed: FR-2 (lines 3-5) waits for line 6 to end it.
    assert sorted(applied) == [[[2]], [[3, 4, 5]], [[6]]]
    assert references() == ["FR-1", "FR-2", "FR-3"]
    assert items_of("FR-2") == [("TENT", 1), ("STOVE", 2), ("LAMP", 1)]


def test_the_last_request_of_the_file_is_checked_at_its_end(client, manager, catalogue, batches_of):
    batches_of(2)
    rows = [row("FR-1"), row("FR-2", "TENT"), row("FR-2", "NOPE")]

    body = assert_error(upload_csv(client, manager, csv_of(rows)), 422, "invalid_rows")

    assert [(error["line"], error["error"]) for error in body["errors"]] == [
        (line, "upc NOPE is not in the catalogue.") for line in (3, 4)]  # the request's rule: on each of its rows
    assert references() == [] and nothing_stored()


def test_a_request_id_coming_back_batches_later_is_refused_naming_where_its_rows_start(
        client, manager, catalogue, batches_of):
    batches_of(2)
    rows = [row("FR-1"), row("FR-1", "STOVE"), row("FR-2"), row("FR-3"), row("FR-4"), row("FR-1", "CAMP-SET")]

    body = assert_error(upload_csv(client, manager, csv_of(rows)), 422, "invalid_rows")

    assert [(error["line"], error["error"]) for error in body["errors"]] == [
        (7, "fulfillment_request_id 'FR-1' is used again here: its rows start on line 2 and must be next to each other."),
    ]
    assert references() == [] and nothing_stored()


def test_rows_of_a_request_disagreeing_across_batches_are_refused(client, manager, catalogue, batches_of):
    batches_of(2)
    rows = [row("FR-1"), row("FR-2", warehouse_id="NJ01"), row("FR-2", "STOVE"), row("FR-2", "CAMP-SET", warehouse_id="TX01")]

    body = assert_error(upload_csv(client, manager, csv_of(rows)), 422, "invalid_rows")

    not_applied = "Not applied: fulfillment_request_id 'FR-2' has an error on line 5."
    assert [(error["line"], error["error"]) for error in body["errors"]] == [
        (3, not_applied), (4, not_applied), (5, "warehouse_id 'TX01' differs from line 3 of this request."),
    ]


@pytest.mark.parametrize("text", ["", "\r\n\r\n", "fulfillment_request_id,upc,quantity\r\n", "fulfillment_request_id,upc,quantity\r\n,,\r\n"])
def test_a_csv_file_without_rows_has_no_data(client, manager, text):
    body = assert_error(upload_csv(client, manager, text), 422, "empty_file")

    assert body["description"] == "No data in file!"


def test_wrong_csv_columns_are_refused_on_line_1(client, manager):
    written = [{("UPC" if column == "upc" else column): cell for column, cell in row().items()}]
    body = assert_error(upload_csv(client, manager, csv_of(written)), 422, "invalid_rows")

    assert body["errors"] == [{"line": 1, "error": "Missing columns: upc. Unknown columns: UPC (names are case sensitive)."}]


def test_a_csv_row_with_too_many_or_too_few_cells_is_a_row_error_and_fails_its_request(client, manager, catalogue):
    text = csv_of([row("FR-1"), row("FR-1", "STOVE"), row("FR-2"), row("FR-3")])
    lines = text.split("\r\n")
    lines[2] += ",extra"
    lines[4] = lines[4].rsplit(",", 1)[0]

    refused = assert_error(upload_csv(client, manager, "\r\n".join(lines)), 422, "invalid_rows")
    answer = upload_csv(client, manager, "\r\n".join(lines), "?validRowsOnly=true")

    width = len(lines[0].split(","))
    assert refused["errors"] == [  # the request's other row is not applied either
        {"line": 2, "error": "Not applied: fulfillment_request_id 'FR-1' has an error on line 3."},
        {"line": 3, "error": f"Too many fields: expected {width} fields but parsed {width + 1}"},
        {"line": 5, "error": f"Too few fields: expected {width} fields but parsed {width - 1}"},
    ]
    job = db.session.get(Job, answer.get_json()["id"])
    assert (job.total, job.processed, job.succeeded, job.failed) == (4, 4, 1, 3)
    assert sorted(result["line"] for result in job.results) == [2, 3, 5]
    assert references() == ["FR-2"]


def test_validate_only_over_csv_reports_the_whole_file_and_stores_nothing(client, manager, catalogue, batches_of):
    batches_of(2)
    rows = [row("FR-1"), row("FR-1", "STOVE"), row("FR-2", "NOPE"), row("FR-3", "STOVE"), row("FR-3", "TENT")]

    report = upload_csv(client, manager, csv_of(rows), "?validateOnly=true")

    assert report.status_code == 200
    assert report.get_json() == {"valid": False, "rows": 5, "would_create": 2, "would_update": 0, "errors_not_listed": 0,
                                 "errors": [{"line": 4, "error": "upc NOPE is not in the catalogue."}]}
    assert references() == [] and nothing_stored()


def test_valid_rows_only_over_csv_applies_the_good_requests_of_every_batch(client, manager, catalogue, batches_of):
    batches_of(2)
    rows = [row("FR-1"), row("FR-1", "STOVE"), row("FR-2", "NOPE"), row("FR-3", "STOVE"), row("FR-3", "TENT"),
            row("FR-1", "CAMP-SET")]

    answer = upload_csv(client, manager, csv_of(rows), "?validRowsOnly=true")

    assert answer.status_code == 202, answer.get_json()
    job = db.session.get(Job, answer.get_json()["id"])
    assert (job.state, job.total, job.processed, job.succeeded, job.failed) == ("partly_succeeded", 6, 6, 4, 2)
    assert sorted(result["line"] for result in job.results) == [4, 7]
    assert references() == ["FR-1", "FR-3"]
    assert items_of("FR-3") == [("STOVE", 1), ("TENT", 1)]


def test_a_request_with_one_bad_line_fails_on_every_line_and_each_row_is_counted(client, manager, catalogue):
    rows = [row("FR-1"), row("FR-1", "STOVE", quantity="0"), row("FR-1", "CAMP-SET"), row("FR-2")]

    refused = assert_error(upload(client, manager, rows), 422, "invalid_rows")
    answer = upload(client, manager, rows, "?validRowsOnly=true")

    not_applied = "Not applied: fulfillment_request_id 'FR-1' has an error on line 3."
    assert [(error["line"], error["error"]) for error in refused["errors"]] == [
        (2, not_applied), (3, "quantity: Must be greater than or equal to 1 and less than or equal to 1000."),
        (4, not_applied)]
    job = db.session.get(Job, answer.get_json()["id"])
    assert (job.total, job.processed, job.succeeded, job.failed) == (4, 4, 1, 3)
    assert references() == ["FR-2"]


def test_the_result_mail_lists_each_failed_row_with_its_cells_as_sent(client, manager, catalogue, batches_of, mail_files):
    batches_of(2)  # FR-2's rows (lines 3-5) straddle the first two batches
    rows = [row("FR-1"), row("FR-2", "TENT"), row("FR-2", "STOVE", quantity="0", customs_value="abc", order_id="=ORD-2"),
            row("FR-2", "CAMP-SET"), row("FR-3")]
    text = csv_of(rows)

    answer = upload_csv(client, manager, text, "?validRowsOnly=true&fileName=orders.csv")

    assert answer.status_code == 202, answer.get_json()
    job = db.session.get(Job, answer.get_json()["id"])
    assert (job.state, job.succeeded, job.failed) == ("partly_succeeded", 2, 3)  # line 4's two errors fail one row
    [message] = mail_files()
    assert "followed by the row's cells as you sent them" in message.get_body().get_content()
    [attachment] = list(message.iter_attachments())
    failed = list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))
    header, *file_rows = list(csv.reader(io.StringIO(text)))
    not_applied = "Not applied: fulfillment_request_id 'FR-2' has an error on line 4."
    assert failed == [
        ["line", "error", *header],
        ["3", not_applied, *file_rows[1]],
        ["4", "customs_value: Not a valid number. "
              "quantity: Must be greater than or equal to 1 and less than or equal to 1000.",
         *["'=ORD-2" if cell == "=ORD-2" else cell for cell in file_rows[2]]],  # a formula is neutralised
        ["5", not_applied, *file_rows[3]],
    ]


def test_a_row_failing_in_the_job_is_mailed_with_its_cells(client, manager, catalogue, mail_files, monkeypatch):
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)  # the job runs below, after a change
    answer = upload(client, manager, [row("FR-1"), row("FR-2"), row("FR-2", "STOVE")])
    assert client.post("/api/v4/fulfillment_requests", headers=manager, json={
        "fulfillment_request_id": "FR-2", "to_address": {key[3:]: value for key, value in BROOKLYN.items()},
        "sets": [{"items": [{"upc": "STOVE", "quantity": 1}]}]}).status_code == 201

    runner.run_job(answer.get_json()["id"])

    [message] = mail_files()
    [attachment] = list(message.iter_attachments())
    failed = list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))
    taken = "fulfillment_request_id 'FR-2' is already used by another request."
    assert [cells[:5] for cells in failed] == [["line", "error", "fulfillment_request_id", "upc", "quantity"],
                                              ["3", taken, "FR-2", "TENT", "1"], ["4", taken, "FR-2", "STOVE", "1"]]


@pytest.fixture
def turns_taken(monkeypatch):
    """{(ticket, stage): Event}: set when the chunk handed out as ``ticket`` (0 for the first) reaches
    ``stage`` (bulk.STORING, bulk.PLACING) and asks for its turn, as chunks applied side by side do."""
    reached = {(ticket, stage): threading.Event() for ticket in range(4) for stage in (STORING, PLACING)}
    wait_for_turn = import_job._ChunksOfThisRun.wait_for_turn

    def reach(chunks, ticket, stage):
        reached[(ticket, stage)].set()
        return wait_for_turn(chunks, ticket, stage)

    monkeypatch.setattr(import_job._ChunksOfThisRun, "wait_for_turn", reach)
    return reached


@pytest.fixture
def uploaded_side_by_side(app, client, manager, catalogue, stock, batches_of, monkeypatch):
    """uploaded_side_by_side(): the job of a file of requests FR-1 to FR-6, one tent each at NJ01 (fill
    complete) where three are in stock, applied by two threads; read two rows at a time, its chunks
    hold requests 1, 2-3, 4-5 and 6 (a batch's last request waits for the next batch to end it)."""
    monkeypatch.setitem(app.config, "IMPORT_APPLY_THREADS", 2)
    batches_of(2)
    stock(catalogue["tent"], NJ01=3)

    def run():
        rows = [row(f"FR-{n}", "TENT", "1", warehouse_id="NJ01", fill_type="complete") for n in range(1, 7)]
        answer = upload(client, manager, rows)
        assert answer.status_code == 202, answer.get_json()
        return db.session.get(Job, answer.get_json()["id"])

    return run


def test_chunks_applied_side_by_side_store_and_allocate_in_file_order(uploaded_side_by_side, monkeypatch, turns_taken):
    store = bulk.store_requests

    def store_once_the_next_chunk_is_ready(client_id, actor, batch, job_id):
        if on_postgresql() and batch[0].fields["fulfillment_request_id"] == "FR-1":
            # The second chunk has been handed out and asks to store its requests while the first is
            # about to store its own. It must wait: had it gone on, it would reach its placing now.
            assert turns_taken[(1, STORING)].wait(60), "the second chunk never came"
            assert not turns_taken[(1, PLACING)].wait(3), "the second chunk stored before the first"
        return store(client_id, actor, batch, job_id)

    monkeypatch.setattr(bulk, "store_requests", store_once_the_next_chunk_is_ready)

    job = uploaded_side_by_side()

    assert (job.state, job.succeeded, job.failed) == ("succeeded", 6, 0)
    db.session.expire_all()
    stored = db.session.scalars(select(FulfillmentRequest).order_by(FulfillmentRequest.id)).all()
    # The ids ascend in file order, the order waiting shipments are allocated in later, and the
    # three tents went to the first three requests of the file.
    assert [request.fulfillment_request_id for request in stored] == [f"FR-{n}" for n in range(1, 7)]
    assert [request.shipments[0].inventory_allocated for request in stored] == [True] * 3 + [False] * 3


def test_a_chunk_failing_while_the_next_waits_for_its_turn_leaves_nothing_applied(
        uploaded_side_by_side, monkeypatch, turns_taken):
    place = bulk.place_requests

    def fail_once_the_next_chunk_waits_to_place(client_id, actor, stored):
        if stored[0].checked.fields["fulfillment_request_id"] == "FR-1":
            if on_postgresql():
                assert turns_taken[(1, PLACING)].wait(60), "the second chunk never came"
            raise RuntimeError("the disk is full")
        return place(client_id, actor, stored)

    monkeypatch.setattr(bulk, "place_requests", fail_once_the_next_chunk_waits_to_place)

    job = uploaded_side_by_side()

    assert (job.state, job.succeeded) == ("failed", 0)
    # The second chunk had stored its requests in its own transaction: it was rolled back.
    assert references() == []
    assert not db.session.scalar(select(func.count()).select_from(ImportChunk))  # the failed job's chunks are dropped
