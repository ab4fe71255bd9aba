"""Upload Inbound Inventory: the whole file is checked first, then a job creates the ASNs."""
import csv
import io

import pytest
from sqlalchemy import select

from api.extensions import db
from api.imports.models import ImportChunk
from api.inbound.models import Asn, ExpectedInboundShipmentItem
from api.jobs.models import Job
from tests.api.helpers import assert_error

URL = "/api/v2/inbound/client_upload"


def line(warehouse="CA01", asn="ASN-1", upc="000000000001", quantity="5"):
    return {"Warehouse ID": warehouse, "ASN ID": asn, "UPC": upc, "Quantity": quantity}


@pytest.fixture
def items(factory, acme):
    return [factory.item(acme, upc=f"00000000000{n}", name=f"Tent {n}") for n in (1, 2, 3)]


def upload(client, headers, lines, query="", **extra_headers):
    return client.post(URL + query, json={"lines": lines}, headers={**headers, **extra_headers})


def asns():
    return db.session.scalars(select(Asn).order_by(Asn.external_id)).all()


def expected_items(asn):
    return sorted(
        (item.item_type.upc, item.quantity)
        for shipment in asn.expected_inbound_shipments for item in shipment.expected_inbound_shipment_items
    )


def test_a_valid_file_creates_its_asns_through_a_job_and_mails_a_summary(client, headers, items, mail_files):
    answer = upload(client, headers, [
        line(asn="ASN-1", upc="000000000001", quantity="5"),
        line(asn="ASN-2", upc="000000000001", quantity="7", warehouse="NJ01"),
        line(asn="ASN-1", upc="000000000002", quantity="3"),
    ])

    assert answer.status_code == 202, answer.get_json()
    job = client.get(f"/api/v4/jobs/{answer.get_json()['id']}", headers=headers).get_json()
    assert job["kind"] == "import_inbound"
    assert (job["state"], job["total"], job["processed"], job["succeeded"], job["failed"]) == ("succeeded", 3, 3, 3, 0)
    first, second = asns()
    assert (first.external_id, first.warehouse_id, second.warehouse_id) == ("ASN-1", "CA01", "NJ01")
    assert expected_items(first) == [("000000000001", 5), ("000000000002", 3)]
    assert expected_items(second) == [("000000000001", 7)]
    assert db.session.scalars(select(ImportChunk)).all() == []
    [message] = mail_files()
    assert message["To"] == "manager@acme.test"
    assert "3 applied, 0 failed" in message.get_body().get_content()
    assert list(message.iter_attachments()) == []


def test_asns_are_listed_and_shown_with_their_items(client, headers, items):
    upload(client, headers, [line(asn="A", quantity="5"), line(asn="A", upc="000000000002", quantity="4"), line(asn="B")])

    listed = client.get("/api/v4/asns", headers=headers).get_json()
    by_id = {asn["external_id"]: asn for asn in listed["asns"]}
    assert (by_id["A"]["item_count"], by_id["A"]["quantity"], by_id["B"]["item_count"]) == (2, 9, 1)
    assert listed["cursor"] is None
    detail = client.get(f"/api/v4/asns/{by_id['A']['id']}", headers=headers).get_json()
    [shipment] = detail["expected_inbound_shipments"]
    assert [(i["upc"], i["quantity"], i["received_quantity"]) for i in shipment["expected_inbound_shipment_items"]] == [
        ("000000000001", 5, 0), ("000000000002", 4, 0),
    ]
    page = client.get("/api/v4/asns?limit=1", headers=headers).get_json()
    assert len(page["asns"]) == 1 and page["cursor"]


@pytest.mark.parametrize("lines", [[], None], ids=["no rows (empty or header only)", "lines missing"])
def test_an_empty_file_is_refused(client, headers, lines):
    answer = client.post(URL, json={} if lines is None else {"lines": lines}, headers=headers)

    if lines is None:
        assert_error(answer, 422, "validation_error")
    else:
        assert assert_error(answer, 422, "empty_file")["description"] == "No data in file!"
    assert db.session.scalars(select(Job)).all() == []


def test_wrong_or_misspelt_headers_are_named_on_line_1(client, headers, items):
    answer = upload(client, headers, [{"Warehouse": "CA01", "ASN ID": "A", "UPC": "000000000001", "Qty": "5"}])

    body = assert_error(answer, 422, "invalid_rows")
    assert body["description"] == "The file has 1 invalid row; nothing was applied."
    [error] = body["errors"]
    assert error["line"] == 1
    assert "Missing columns: Warehouse ID, Quantity." in error["error"]
    assert "Unknown columns: Qty, Warehouse." in error["error"]


def test_what_a_browser_may_leave_in_the_cells_is_coped_with(client, headers, items):
    """A byte-order mark on the first header, CRLF remains, blanks, quoted commas and newlines, a leading
    quote on long numbers, Latin-1 read as UTF-8 (mojibake): all kept or cleaned, never a failure."""
    answer = upload(client, headers, [
        {"\ufeffWarehouse ID": " ca01 ", "ASN ID": "PO 7, dock\nB", "UPC": "'000000000001", "Quantity": "5\r"},
        {"\ufeffWarehouse ID": "CA01", "ASN ID": "CafÃ© 1", "UPC": "000000000002", "Quantity": "'12"},
    ])

    assert answer.status_code == 202, answer.get_json()
    assert [(asn.external_id, asn.warehouse_id, expected_items(asn)) for asn in asns()] == [
        ("CafÃ© 1", "CA01", [("000000000002", 12)]),
        ("PO 7, dock\nB", "CA01", [("000000000001", 5)]),
    ]


def test_text_that_cannot_be_stored_is_refused_whole(client, headers, items):
    assert_error(upload(client, headers, [line(asn="A\x00B")]), 400, "invalid_text")
    latin1 = '{"lines": [{"Warehouse ID": "CA01", "ASN ID": "Caf\xe9", "UPC": "1", "Quantity": "1"}]}'.encode("latin-1")
    answer = client.post(URL, data=latin1, headers={**headers, "Content-Type": "application/json"})
    assert answer.status_code in (400, 422) and assert_error(answer, answer.status_code)
    assert asns() == []


def test_a_body_over_the_upload_limit_is_413_and_a_large_one_under_it_is_taken(app, client, headers, items):
    over_the_limit = b'{"lines": [' + b" " * app.config["UPLOAD_MAX_BYTES"] + b"]}"
    answer = client.post(URL, data=over_the_limit, headers={**headers, "Content-Type": "application/json"})
    assert_error(answer, 413)

    fifty_megabytes_of_nothing = b'{"lines": [' + b" " * (50 * 1024 * 1024) + b"]}"
    answer = client.post(URL, data=fifty_megabytes_of_nothing, headers={**headers, "Content-Type": "application/json"})
    assert_error(answer, 422, "empty_file")
    assert asns() == []

    two_megabytes = [line(asn=f"ASN-{n:05d}", quantity=str(n + 1)) for n in range(20_000)]
    answer = upload(client, headers, two_megabytes, query="?validateOnly=true")
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert answer.get_json()["rows"] == 20_000


def test_bad_rows_are_listed_by_line_and_nothing_is_applied(client, headers, factory, acme, globex, items):
    factory.item(globex, upc="999999999999")
    factory.item(acme, upc="777777777777", composite_type=2, children=[(items[0], 2)])
    answer = upload(client, headers, [
        line(asn="A", quantity="5"),
        line(asn="A", quantity="-1", upc="000000000002"),
        line(asn="A", quantity="2.5", upc="000000000003"),
        line(asn="B", quantity="0"),
        line(asn="C", upc="999999999999"),
        line(asn="A", quantity="9"),
        line(asn="D", warehouse="XX01"),
        line(asn="E", upc="777777777777"),
        line(asn="A", warehouse="TX01", upc="000000000003"),
        line(asn="", upc=""),
        line(asn="F", quantity="1e3"),
    ])

    body = assert_error(answer, 422, "invalid_rows")
    assert body["description"] == "The file has 10 invalid rows; nothing was applied."
    errors = {error["line"]: error["error"] for error in body["errors"]}
    assert sorted(errors) == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert errors[3] == errors[4] == errors[5] == errors[12] == "Quantity must be a whole number from 1 to 1000000."
    assert errors[6] == "UPC '999999999999' is not an item of this client."
    assert errors[7] == "UPC '000000000001' is already listed for ASN 'A' on line 2."
    assert errors[8].startswith("Warehouse ID 'XX01' is not one of CA01, NJ01, TX01")
    assert errors[9] == "UPC '777777777777' is a bundle or kit, which holds no stock of its own."
    assert errors[10] == (
        "UPC '000000000003' is already listed for ASN 'A' on line 4. "
        "ASN 'A' goes to CA01 on line 2; all its lines must name one warehouse."
    )
    assert errors[11] == "ASN ID is required. UPC is required."
    assert asns() == [] and db.session.scalars(select(Job)).all() == []


def test_an_asn_id_already_used_is_a_row_error(client, headers, items):
    assert upload(client, headers, [line(asn="A")]).status_code == 202

    body = assert_error(upload(client, headers, [line(asn="A", upc="000000000002")]), 422, "invalid_rows")

    assert body["errors"] == [{"line": 2, "error": "ASN 'A' already exists; use a new ASN ID."}]
    assert [expected_items(asn) for asn in asns()] == [[("000000000001", 5)]]


def test_formula_looking_cells_are_stored_as_text_and_neutralised_in_the_failure_csv(client, headers, items, mail_files):
    answer = upload(client, headers, [
        line(asn="=HYPERLINK(\"http://x\")"),
        line(asn="@SUM(A1)", upc="=1+2"),
    ], query="?validRowsOnly=true")

    assert answer.status_code == 202
    [asn] = asns()
    assert asn.external_id == '=HYPERLINK("http://x")'
    [message] = mail_files()
    [attachment] = list(message.iter_attachments())
    rows = list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))
    assert rows == [["line", "error", "Warehouse ID", "ASN ID", "UPC", "Quantity"],
                    ["3", "UPC '=1+2' is not an item of this client.", "CA01", "'@SUM(A1)", "'=1+2", "5"]]


def test_valid_rows_only_applies_the_valid_rows_and_records_the_others_as_failed(client, headers, items, mail_files):
    answer = upload(client, headers, [
        line(asn="A"), line(asn="B", quantity="-4"), line(asn="C", upc="404"), line(asn="D"),
    ], query="?validRowsOnly=true&fileName=asn-lines.csv")

    job = answer.get_json()
    assert answer.status_code == 202
    job = client.get(f"/api/v4/jobs/{job['id']}", headers=headers).get_json()
    assert (job["state"], job["total"], job["processed"], job["succeeded"], job["failed"]) == ("partly_succeeded", 4, 4, 2, 2)
    assert job["results"] == [
        {"line": 3, "status": "failed", "error": "Quantity must be a whole number from 1 to 1000000."},
        {"line": 4, "status": "failed", "error": "UPC '404' is not an item of this client."},
    ]
    assert [asn.external_id for asn in asns()] == ["A", "D"]
    [message] = mail_files()
    assert message["Subject"] == "Import of ASN lines from asn-lines.csv for Acme completed with 2 failed rows"
    assert "2 applied, 2 failed" in message.get_body().get_content()


def test_validate_only_answers_what_would_happen_and_applies_nothing(client, headers, items):
    good = upload(client, headers, [line(asn="A"), line(asn="A", upc="000000000002"), line(asn="B")], query="?validateOnly=true")
    bad = upload(client, headers, [line(asn="A"), line(asn="B", quantity="x")], query="?validateOnly=true")

    assert good.status_code == 200
    assert good.get_json() == {"valid": True, "rows": 3, "would_create": 2, "would_update": 0, "errors": [], "errors_not_listed": 0}
    assert bad.status_code == 200
    assert bad.get_json()["valid"] is False
    assert bad.get_json()["errors"] == [{"line": 3, "error": "Quantity must be a whole number from 1 to 1000000."}]
    assert asns() == [] and db.session.scalars(select(Job)).all() == []


def test_the_error_list_is_capped_and_says_how_many_more(client, headers, items):
    answer = upload(client, headers, [line(asn=f"A{n}", quantity="0") for n in range(1005)])

    body = assert_error(answer, 422, "invalid_rows")
    assert len(body["errors"]) == 1000 and body["errors"][0]["line"] == 2
    assert body["description"] == (
        "The file has 1005 invalid rows; nothing was applied. The first 1000 are listed; 5 more are not."
    )


def test_a_repeated_idempotency_key_applies_the_upload_once(client, headers, items):
    first = upload(client, headers, [line(asn="A")], **{"Idempotency-Key": "upload-1"})
    again = upload(client, headers, [line(asn="A")], **{"Idempotency-Key": "upload-1"})

    assert (first.status_code, again.status_code) == (202, 202)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["id"] == first.get_json()["id"]
    assert len(asns()) == 1 and len(db.session.scalars(select(Job)).all()) == 1


def test_rows_are_applied_in_chunks_and_the_chunks_are_dropped(app, client, headers, items, monkeypatch):
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 2)

    answer = upload(client, headers, [line(asn=f"A{n // 3}", upc=f"00000000000{n % 3 + 1}", quantity=str(n + 1)) for n in range(7)])

    job = client.get(f"/api/v4/jobs/{answer.get_json()['id']}", headers=headers).get_json()
    assert (job["state"], job["succeeded"]) == ("succeeded", 7)
    assert sum(item.quantity for item in db.session.scalars(select(ExpectedInboundShipmentItem))) == sum(range(1, 8))
    assert [len(expected_items(asn)) for asn in asns()] == [3, 3, 1]
    assert db.session.scalars(select(ImportChunk)).all() == []


def test_another_clients_asns_are_not_found(client, factory, headers, globex, items):
    other = factory.item(globex, upc="000000000001")
    other_headers = factory.headers(factory.user("client", globex))
    upload(client, other_headers, [line(asn="G", upc=other.upc)])
    [asn] = asns()

    assert_error(client.get(f"/api/v4/asns/{asn.id}", headers=headers), 404, "not_found")
    assert client.get("/api/v4/asns", headers=headers).get_json()["asns"] == []
