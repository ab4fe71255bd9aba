"""A group's bill of lading: uploaded (a PDF by its content, size-limited) or generated from the group, one per
group, the newer replacing the older, downloaded with its name; the group checked again after. Every refusal
(not a PDF, no file, oversize, a shipped or cancelled group, no update:ltl, another client's group, a client
below version 2) is a clear 4xx that leaves the bill of lading as it was."""
import base64
import io
import threading
from contextlib import contextmanager
from decimal import Decimal

import pytest
from pypdf import PdfReader
from sqlalchemy import event, select

from api.extensions import db
from api.freight.bol_pdf import PREPAID, THIRD_PARTY
from api.freight.models import BillOfLading
from api.orders.models import ShipmentGroup
from tests.api.helpers import assert_error
from tests.conftest import BACKEND
from tests.freight.conftest import group_url
from tests.freight.test_bol_pdf import barcode_pattern, code128_pattern
from tests.orders.test_fulfillment_requests import BROOKLYN
from tests.shipments.test_documents import HTML, empty_pdf, pdf, zip_file


def bol_upload(content=None, name="Acme BOL.pdf", **fields):
    return {"content": base64.b64encode(pdf() if content is None else content).decode(), "name": name,
            "format": "pdf", **fields}


@pytest.fixture
def group(place, catalogue):
    """Two LTL requests to one dock on one day, at NJ01: their group, waiting for approval, with their answers."""
    first = place("FR-1", items=(("TENT", 2),), order_id="ORD-31")
    second = place("FR-2", items=(("TENT", 1), ("STOVE", 3)), to_address={**BROOKLYN, "name": "Receiving Dock"})
    assert first["shipment_group_id"] == second["shipment_group_id"] is not None
    return {"id": first["shipment_group_id"], "requests": (first, second),
            "shipment_ids": [first["shipments"][0]["id"], second["shipments"][0]["id"]]}


def stored_bol(group_id):
    """The group's bill of lading as stored, every column, or None."""
    db.session.expire_all()
    found = db.session.scalars(select(BillOfLading).filter_by(shipment_group_id=group_id)).all()
    assert len(found) <= 1
    return {column: getattr(found[0], column) for column in (
        "id", "bol_number", "name", "external_id", "format", "generated", "size", "content", "created_at",
        "created_by_username")} if found else None


@contextmanager
def counted_statements():
    count = [0]

    def counting(*_args, **_kwargs):
        count[0] += 1

    event.listen(db.engine, "before_cursor_execute", counting)
    try:
        yield count
    finally:
        event.remove(db.engine, "before_cursor_execute", counting)


def set_group_status(group_id, status):
    db.session.get(ShipmentGroup, group_id).status = status
    db.session.commit()


def bol_check(answer):
    [check] = [check for check in answer["checklist"] if check["check"] == "bol"]
    return check


def test_an_uploaded_pdf_becomes_the_groups_bill_of_lading_and_downloads_with_its_name(client, manager, acme, group):
    content = pdf(pages=2)
    before = client.get(group_url(group["id"]), headers=manager).get_json()

    answer = client.post(group_url(group["id"], "/bol"), headers=manager,
                         json=bol_upload(content, name="C:\\fakepath\\Acme BOL 31.pdf", external_id="EXT-77"))

    assert bol_check(before) == {"check": "bol", "ok": False, "message": "BOL required to complete processing.",
                                 "items": []}
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["id"] == group["id"] and body["shipment_ids"] == group["shipment_ids"]
    bol = body["bol"]
    assert {key: bol[key] for key in ("name", "external_id", "format", "generated", "bol_number", "size")} == {
        "name": "Acme BOL 31.pdf", "external_id": "EXT-77", "format": "pdf", "generated": False,
        "bol_number": f"BOL-{acme.id}-{group['id']}-1", "size": len(content)}
    assert bol["created_by_username"] and bol["created_at"]
    assert bol_check(body)["ok"] is True and bol_check(body)["message"] is None
    download = client.get(group_url(group["id"], "/bol"), headers=manager)
    assert download.status_code == 200 and download.mimetype == "application/pdf"
    assert download.data == content
    assert download.headers["Content-Disposition"] == (
        "attachment; filename=\"Acme BOL 31.pdf\"; filename*=UTF-8''Acme%20BOL%2031.pdf")


def test_a_generated_bill_of_lading_shows_the_group_and_each_shipment(client, manager, acme, group):
    answer = client.post(group_url(group["id"], "/bol/generate"), headers=manager)

    assert answer.status_code == 200, answer.get_json()
    bol = answer.get_json()["bol"]
    number = f"BOL-{acme.id}-{group['id']}-1"
    assert (bol["bol_number"], bol["name"], bol["generated"], bol["external_id"]) == (number, f"{number}.pdf", True,
                                                                                      None)
    assert bol_check(answer.get_json())["ok"] is True
    download = client.get(group_url(group["id"], "/bol"), headers=manager)
    assert download.mimetype == "application/pdf" and len(download.data) == bol["size"]
    assert f'filename="{number}.pdf"' in download.headers["Content-Disposition"]
    [page] = PdfReader(io.BytesIO(download.data)).pages
    text = page.extract_text()
    nj01 = next(w for w in client.get("/api/v4/warehouses", headers=manager).get_json()["warehouses"]
                if w["code"] == "NJ01")
    first, second = group["shipment_ids"]
    for shown in (f"BOL Number: {number}", "Acme", "c/o", nj01["address_1"], nj01["postal_code"],  # the shipper
                  "Pat Doe",  # the consignee: the group's address, from its first request
                  "[X] Prepaid", "Service:", f"Shipment group: {group['id']}", "LTL",
                  f"Shipment {first} (FR-1, order ORD-31): Tent x 2", f"Shipment {second} (FR-2): Tent x 1, Stove x 3",
                  "GRAND TOTAL — 2 shipment(s), 2 not weighed", "CARRIER SIGNATURE / PICKUP DATE"):
        assert shown in text, (shown, text)
    assert "75 LIVINGSTON ST" in text.upper() and "BROOKLYN, NY 11201" in text.upper()
    lines = text.splitlines()
    assert lines.count("1 Pallet") == 2 and "2" in lines and "4" in lines and "6" in lines  # pieces and their total
    assert barcode_pattern(page) == code128_pattern(number)


def test_weights_nmfc_codes_and_hazardous_items_come_from_the_catalogue(client, manager, group, catalogue):
    catalogue["tent"].weight, catalogue["tent"].nmfc_code = Decimal("40.50"), "100240"
    catalogue["stove"].weight, catalogue["stove"].hazmat = Decimal("12.25"), True
    db.session.commit()

    client.post(group_url(group["id"], "/bol/generate"), headers=manager)

    text = PdfReader(io.BytesIO(client.get(group_url(group["id"], "/bol"), headers=manager).data)).pages[0].extract_text()
    lines = text.splitlines()
    assert "81.00" in lines and "77.25" in lines and "158.25" in lines  # 2 x 40.50; 40.50 + 3 x 12.25; the total
    assert lines.count("100240") == 2 and lines.count("X") == 1  # the stove's shipment is the hazardous one
    assert "not weighed" not in text


def test_third_party_billing_is_billed_to_its_account(client, manager, place, acme):
    placed = place("FR-9", billing_type="third_party", billing_account="ACCT-8812", billing_postal_code="60601")

    client.post(group_url(placed["shipment_group_id"], "/bol/generate"), headers=manager)

    text = PdfReader(io.BytesIO(client.get(group_url(placed["shipment_group_id"], "/bol"),
                                           headers=manager).data)).pages[0].extract_text()
    assert f"[X] {THIRD_PARTY}" in text and f"[ ] {PREPAID}" in text
    assert "Account ACCT-8812" in text and "Postal code 60601" in text


def test_an_upload_replaces_a_generated_one_and_generating_again_replaces_it_under_the_next_number(
        client, manager, acme, group):
    generated = client.post(group_url(group["id"], "/bol/generate"), headers=manager).get_json()["bol"]
    first_row = stored_bol(group["id"])
    content = pdf()

    uploaded = client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload(content)).get_json()["bol"]

    row = stored_bol(group["id"])
    assert (uploaded["generated"], uploaded["bol_number"]) == (False, f"BOL-{acme.id}-{group['id']}-2")
    assert generated["bol_number"] == f"BOL-{acme.id}-{group['id']}-1"
    assert row["id"] == first_row["id"] and row["content"] == content and row["name"] == "Acme BOL.pdf"
    assert client.get(group_url(group["id"], "/bol"), headers=manager).data == content
    again = client.post(group_url(group["id"], "/bol/generate"), headers=manager).get_json()["bol"]
    assert (again["generated"], again["bol_number"]) == (True, f"BOL-{acme.id}-{group['id']}-3")
    assert stored_bol(group["id"])["content"] != content


def test_an_approved_group_is_ready_to_process_once_its_bill_of_lading_is_there(client, manager, group):
    approved = client.put(group_url(group["id"], "/approve"), headers=manager)
    assert approved.status_code == 200, approved.get_json()
    assert approved.get_json()["status"] == "validating"  # every check holds but the bill of lading

    answer = client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload()).get_json()

    assert answer["status"] == "ready_to_process" and all(check["ok"] for check in answer["checklist"])
    for shipment_id in group["shipment_ids"]:
        assert client.get(f"/api/v4/shipments/{shipment_id}", headers=manager).get_json()["status"] == "ready_to_process"
    history = client.get(group_url(group["id"], "/history"), headers=manager).get_json()["history"]
    assert history[-1]["to_status"] == "ready_to_process"


@pytest.mark.skipif(BACKEND != "services", reason="two transactions at once need PostgreSQL")
def test_two_bills_of_lading_given_at_once_are_stored_one_after_the_other(app, manager, acme, group):
    start, answers = threading.Barrier(2), []

    def give(call):
        with app.app_context():
            start.wait()
            answers.append(call(app.test_client()))
            db.session.remove()

    calls = (lambda browser: browser.post(group_url(group["id"], "/bol/generate"), headers=manager),
             lambda browser: browser.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload()))
    threads = [threading.Thread(target=give, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [answer.status_code for answer in answers] == [200, 200], [answer.get_json() for answer in answers]
    # The second waited for the first and replaced it; each answer reads the group after its own commit, when the
    # other may have committed too.
    first, second = f"BOL-{acme.id}-{group['id']}-1", f"BOL-{acme.id}-{group['id']}-2"
    assert stored_bol(group["id"])["bol_number"] == second
    assert {answer.get_json()["bol"]["bol_number"] for answer in answers} <= {first, second}


# Refusals: each leaves the group's bill of lading as it was (here a generated one)

@pytest.fixture
def generated(client, manager, group):
    assert client.post(group_url(group["id"], "/bol/generate"), headers=manager).status_code == 200
    return stored_bol(group["id"])


@pytest.mark.parametrize(("body", "status", "code", "field", "description"), [
    (bol_upload(HTML, name="bol.pdf"), 422, "invalid_file", "content", "The file is not a PDF."),
    (bol_upload(zip_file()), 422, "invalid_file", "content", "The file is not a PDF."),
    (bol_upload(b"%PDF-1.7\n<html>not really</html>\n%%EOF"), 422, "invalid_file", "content", "The file is not a PDF."),
    (bol_upload(empty_pdf()), 422, "invalid_file", "content", "The file is not a PDF."),  # no page
    ({**bol_upload(), "content": "not base64!"}, 422, "invalid_file", "content", "File is not valid base64."),
    ({"name": "bol.pdf", "format": "pdf"}, 422, "validation_error", "content", "Please select a file"),
    ({**bol_upload(), "content": ""}, 422, "validation_error", "content", "Please select a file"),
    ({**bol_upload(), "content": " \n "}, 422, "validation_error", "content", "Please select a file"),
    ({**bol_upload(), "content": None}, 422, "validation_error", "content", "Please select a file"),
    (bol_upload(name="bol.png"), 422, "validation_error", "name",
     "File Name must end in .pdf: a bill of lading is a PDF."),
    ({**bol_upload(), "format": "png"}, 422, "validation_error", "format", None),
    ({**bol_upload(), "external_id": "X" * 101}, 422, "validation_error", "external_id", None),
])
def test_what_is_not_a_pdf_or_no_file_is_refused_and_nothing_changes(client, manager, group, generated, body, status,
                                                                       code, field, description):
    answer = assert_error(client.post(group_url(group["id"], "/bol"), headers=manager, json=body), status, code)

    assert answer["field"] == field
    if description is not None:
        assert answer["description"] == description
    assert stored_bol(group["id"]) == generated


def test_a_file_over_the_limit_is_refused_with_413(app, client, manager, group, generated, monkeypatch):
    content = pdf()
    monkeypatch.setitem(app.config, "BOL_MAX_BYTES", len(content) - 1)

    answer = assert_error(client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload(content)), 413,
                          "file_too_large")

    assert answer["field"] == "content" and "larger than" in answer["description"]
    assert stored_bol(group["id"]) == generated
    monkeypatch.setitem(app.config, "BOL_MAX_BYTES", len(content))
    assert client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload(content)).status_code == 200


def test_the_default_limit_is_ten_megabytes(app):
    assert app.config["BOL_MAX_BYTES"] == 10 * 1024 * 1024


@pytest.mark.parametrize("status", ["shipped", "canceled"])
def test_a_shipped_or_cancelled_group_takes_no_bill_of_lading(client, manager, group, generated, status):
    set_group_status(group["id"], status)

    uploaded = assert_error(client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload()), 409,
                            "invalid_status")
    assert_error(client.post(group_url(group["id"], "/bol/generate"), headers=manager), 409, "invalid_status")

    assert str(group["id"]) in uploaded["description"]
    assert stored_bol(group["id"]) == generated
    read = client.get(group_url(group["id"]), headers=manager).get_json()
    assert not {"upload_bol", "generate_bol"} & set(read["allowed_actions"])
    assert client.get(group_url(group["id"], "/bol"), headers=manager).status_code == 200  # still downloaded


def test_a_processing_group_still_takes_one(client, manager, group, generated):
    set_group_status(group["id"], "processing")

    assert client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload()).status_code == 200
    assert stored_bol(group["id"])["generated"] is False


def test_a_user_without_update_ltl_may_download_but_not_change_it(client, factory, acme, group, generated):
    reader = factory.headers(factory.user("client_custom", acme, permissions=["approve:ltl"]))

    assert_error(client.post(group_url(group["id"], "/bol"), headers=reader, json=bol_upload()), 403, "not_authorized")
    assert_error(client.post(group_url(group["id"], "/bol/generate"), headers=reader), 403, "not_authorized")

    assert stored_bol(group["id"]) == generated
    assert client.get(group_url(group["id"], "/bol"), headers=reader).data == generated["content"]
    read = client.get(group_url(group["id"]), headers=reader).get_json()
    assert not {"upload_bol", "generate_bol"} & set(read["allowed_actions"])


def test_another_clients_group_is_not_found(client, factory, group, generated):
    globex = factory.client("Globex", version=2)
    stranger = factory.headers(factory.user("client", globex))

    for answer in (client.post(group_url(group["id"], "/bol"), headers=stranger, json=bol_upload()),
                   client.post(group_url(group["id"], "/bol/generate"), headers=stranger),
                   client.get(group_url(group["id"], "/bol"), headers=stranger)):
        assert_error(answer, 404, "not_found")
    assert stored_bol(group["id"]) == generated


def test_a_client_below_version_2_gets_403_from_every_bill_of_lading_call(client, factory, acme, group, generated):
    acme.fulfillment_request_api_version = 1
    db.session.commit()
    manager = factory.headers(factory.user("client", acme))

    for answer in (client.post(group_url(group["id"], "/bol"), headers=manager, json=bol_upload()),
                   client.post(group_url(group["id"], "/bol/generate"), headers=manager),
                   client.get(group_url(group["id"], "/bol"), headers=manager)):
        assert assert_error(answer, 403, "ltl_not_available")["description"] == (
            "LTL freight is for clients on version 2 and up.")
    assert stored_bol(group["id"]) == generated


def test_a_group_without_one_answers_404_on_download(client, manager, group):
    answer = assert_error(client.get(group_url(group["id"], "/bol"), headers=manager), 404, "not_found")

    assert answer["description"] == "No bill of lading yet."


def test_generating_reads_a_groups_shipments_with_as_many_statements_for_one_as_for_many(client, manager, place):
    alone = place("FR-1")["shipment_group_id"]
    elsewhere = {**BROOKLYN, "address_1": "1 Main St", "postal_code": "11201"}
    many = {place(f"FR-{n}", items=(("TENT", 1), ("STOVE", n)), to_address=elsewhere)["shipment_group_id"]
            for n in range(2, 6)}
    assert len(many) == 1 and alone not in many

    def statements(group_id):
        with counted_statements() as count:
            assert client.post(group_url(group_id, "/bol/generate"), headers=manager).status_code == 200
        return count[0]

    assert statements(many.pop()) == statements(alone)
