"""A shipment's files: shipping documents (PNG or PDF, with copies) and its custom label (PNG or ZPL, one
at a time), checked by content and size, stored under server-made names, downloaded with their own
content type and name, changed only while the shipment's status allows it, and never another client's."""
import base64
import io
import struct
import zipfile
import zlib

import pytest
from pypdf import PdfWriter
from reportlab.pdfgen import canvas
from sqlalchemy import func, select

from api.extensions import db
from api.orders.models import Shipment
from api.shipments.models import CUSTOM_LABEL, DOCUMENT, ShipmentFile
from api.shipping.models import Carrier, ShipProfile
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width=4, height=6, padding=0):
    """A PNG file of that size, made larger by ``padding`` bytes of a comment chunk."""
    header = png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    rows = b"".join(b"\x00" + b"\x80" * 3 * width for _ in range(height))
    comment = png_chunk(b"tEXt", b"Comment\x00" + b"x" * padding) if padding else b""
    return b"\x89PNG\r\n\x1a\n" + header + comment + png_chunk(b"IDAT", zlib.compress(rows)) + png_chunk(b"IEND", b"")


def pdf(pages=1):
    buffer = io.BytesIO()
    drawing = canvas.Canvas(buffer)
    for page in range(pages):
        drawing.drawString(72, 720, f"Packing slip, page {page + 1}")
        drawing.showPage()
    drawing.save()
    return buffer.getvalue()


def empty_pdf():
    buffer = io.BytesIO()
    PdfWriter().write(buffer)
    return buffer.getvalue()


def zip_file():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("slip.pdf", pdf())
    return buffer.getvalue()


ZPL = b"^XA\n^FO50,50^A0N,40,40^FDShip to Pat Doe^FS\n^XZ\n"
HTML = b"<!DOCTYPE html><html><body><script>alert(1)</script>^XA^XZ</body></html>"


def upload(content, name, file_format, **fields):
    return {"content": base64.b64encode(content).decode(), "name": name, "format": file_format, **fields}


def documents_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/documents"


def label_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/custom_label"


@pytest.fixture
def shipment_id(client, manager, catalogue, stock):
    """A shipment of the manager's client, ready to process."""
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]
    assert shipment["status"] == "ready_to_process"
    return shipment["id"]


def set_status(shipment_id, status):
    db.session.get(Shipment, shipment_id).status = status
    db.session.commit()


def stored_files(kind=None):
    db.session.expire_all()
    query = select(ShipmentFile).order_by(ShipmentFile.id)
    return db.session.scalars(query.filter_by(kind=kind) if kind else query).all()


def file_count():
    return db.session.scalar(select(func.count()).select_from(ShipmentFile))


@pytest.mark.parametrize("content, name, file_format, content_type", [
    (png(), "packing-slip.png", "png", "image/png"),
    (pdf(pages=2), "commercial invoice.pdf", "pdf", "application/pdf"),
])
def test_a_document_is_stored_listed_and_downloaded_as_sent(client, manager, shipment_id, content, name, file_format,
                                                             content_type):
    answer = client.post(documents_url(shipment_id), headers=manager, json=upload(content, name, file_format, copies=3))

    assert answer.status_code == 201, answer.get_json()
    document = answer.get_json()
    assert document == {"id": document["id"], "name": name, "copies": 3, "format": file_format}
    [stored] = stored_files(DOCUMENT)
    assert (stored.content, stored.size, stored.content_type) == (content, len(content), content_type)
    assert stored.created_by_username.startswith("client.")
    assert stored.stored_name.endswith(f".{file_format}") and name not in stored.stored_name
    listed = client.get(documents_url(shipment_id), headers=manager)
    assert listed.status_code == 200 and listed.get_json() == {"documents": [document]}
    download = client.get(f"{documents_url(shipment_id)}/{document['id']}", headers=manager)
    assert download.status_code == 200 and download.data == content
    assert download.mimetype == content_type
    assert download.headers["Content-Disposition"].startswith(f'attachment; filename="{name}"')
    assert download.headers["X-Content-Type-Options"] == "nosniff"
    shipment = client.get(f"/api/v4/shipments/{shipment_id}", headers=manager).get_json()
    assert shipment["documents"] == [document]


def test_documents_default_to_one_copy_and_keep_the_name_without_its_folders(client, manager, shipment_id):
    answer = client.post(documents_url(shipment_id), headers=manager,
                         json=upload(pdf(), "C:\\fakepath\\slip", "pdf"))

    assert answer.status_code == 201, answer.get_json()
    assert (answer.get_json()["name"], answer.get_json()["copies"]) == ("slip.pdf", 1)


def test_a_name_ending_otherwise_is_given_the_extension_of_what_the_file_is(client, manager, shipment_id):
    answer = client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), "invoice.png", "pdf"))

    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["name"] == "invoice.png.pdf"
    download = client.get(f"{documents_url(shipment_id)}/{answer.get_json()['id']}", headers=manager)
    assert download.headers["Content-Disposition"].startswith('attachment; filename="invoice.png.pdf"')


@pytest.mark.parametrize("copies", [0, 100, -1])
def test_copies_are_one_to_ninety_nine(client, manager, shipment_id, copies):
    answer = client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), "slip.pdf", "pdf", copies=copies))

    body = assert_error(answer, 422, "validation_error")
    assert body["field"] == "copies" and body["description"].startswith("Copies")
    assert file_count() == 0


@pytest.mark.parametrize("kind_url, content, name, file_format", [
    pytest.param(documents_url, pdf(), "invoice.png", "png", id="a PDF named .png"),
    pytest.param(documents_url, zip_file(), "invoice.pdf", "pdf", id="a ZIP named .pdf"),
    pytest.param(label_url, HTML, "label.zpl", "zpl", id="HTML named .zpl"),
    pytest.param(label_url, b"^XA^FDno end^FS", "label.zpl", "zpl", id="ZPL without ^XZ"),
    pytest.param(label_url, b"\xff\xfe^XA^XZ", "label.zpl", "zpl", id="ZPL that is not text"),
    pytest.param(label_url, png()[:20], "label.png", "png", id="a PNG cut short"),
    pytest.param(label_url, png(width=0), "label.png", "png", id="a PNG of no width"),
    pytest.param(label_url, png()[:29] + b"\x00\x00\x00\x00" + png()[33:], "label.png", "png", id="a PNG header damaged"),
    pytest.param(label_url, pdf(), "label.png", "png", id="a PDF as a label"),
    pytest.param(documents_url, b"%PDF-1.7\nnot really a PDF", "slip.pdf", "pdf", id="a PDF that does not parse"),
    pytest.param(documents_url, pdf()[:600], "slip.pdf", "pdf", id="a PDF cut short"),
    pytest.param(documents_url, empty_pdf(), "slip.pdf", "pdf", id="a PDF of no page"),
])
def test_content_not_of_its_format_is_refused_naming_the_file(client, manager, shipment_id, kind_url, content, name,
                                                               file_format):
    answer = client.post(kind_url(shipment_id), headers=manager, json=upload(content, name, file_format))

    body = assert_error(answer, 422, "invalid_file")
    assert body["field"] == "content" and body["description"].startswith("File is not ")
    assert file_count() == 0


@pytest.mark.parametrize("kind_url, file_format", [(documents_url, "zpl"), (label_url, "pdf"), (label_url, "gif")])
def test_a_format_the_kind_does_not_take_is_refused(client, manager, shipment_id, kind_url, file_format):
    answer = client.post(kind_url(shipment_id), headers=manager, json=upload(ZPL, "file", file_format))

    body = assert_error(answer, 422, "validation_error")
    assert body["field"] == "format" and body["description"].startswith("Format")
    assert file_count() == 0


@pytest.mark.parametrize("text", ["not base64!", "QUJ", "JVBERi0x%"])
def test_content_that_is_not_base64_is_refused(client, manager, shipment_id, text):
    answer = client.post(documents_url(shipment_id), headers=manager,
                         json={"content": text, "name": "slip.pdf", "format": "pdf"})

    body = assert_error(answer, 422, "invalid_file")
    assert (body["field"], body["description"]) == ("content", "File is not valid base64.")
    assert file_count() == 0


def test_base64_in_lines_is_taken(client, manager, shipment_id):
    content = pdf()
    wrapped = base64.encodebytes(content).decode()  # 76 characters a line

    answer = client.post(documents_url(shipment_id), headers=manager,
                         json={"content": wrapped, "name": "slip.pdf", "format": "pdf"})

    assert answer.status_code == 201, answer.get_json()
    assert stored_files()[0].content == content


def test_files_up_to_the_limit_are_taken_and_larger_ones_refused(client, manager, shipment_id, app):
    limit = app.config["SHIPMENT_FILE_MAX_BYTES"]
    base = len(png(padding=1))
    at_limit, over_limit = png(padding=limit - base + 1), png(padding=limit - base + 2)
    assert (len(at_limit), len(over_limit)) == (limit, limit + 1)

    taken = client.post(documents_url(shipment_id), headers=manager, json=upload(at_limit, "big.png", "png"))
    refused = client.post(label_url(shipment_id), headers=manager, json=upload(over_limit, "big.png", "png"))

    assert taken.status_code == 201, taken.get_json()
    body = assert_error(refused, 413, "file_too_large")
    assert (body["field"], body["description"]) == ("content", "File is larger than 5 MB.")
    assert [stored.size for stored in stored_files()] == [limit]


def test_the_limit_is_a_setting(client, manager, shipment_id, app, monkeypatch):
    monkeypatch.setitem(app.config, "SHIPMENT_FILE_MAX_BYTES", 1024)

    answer = client.post(label_url(shipment_id), headers=manager, json=upload(png(padding=2000), "label.png", "png"))

    assert assert_error(answer, 413, "file_too_large")["description"] == "File is larger than 1 KB."
    assert file_count() == 0


def test_a_label_is_stored_replaced_downloaded_and_deleted(client, manager, shipment_id):
    first = client.post(label_url(shipment_id), headers=manager, json=upload(png(), "label.png", "png"))
    second = client.post(label_url(shipment_id), headers=manager, json=upload(ZPL, "label", "zpl"))

    assert (first.status_code, second.status_code) == (201, 201), (first.get_json(), second.get_json())
    label = second.get_json()
    assert label == {"id": label["id"], "name": "label.zpl", "copies": 1, "format": "zpl"}
    assert [(stored.id, stored.content) for stored in stored_files(CUSTOM_LABEL)] == [(label["id"], ZPL)]
    download = client.get(label_url(shipment_id), headers=manager)
    assert (download.status_code, download.data, download.mimetype) == (200, ZPL, "text/plain")
    assert download.headers["Content-Disposition"].startswith('attachment; filename="label.zpl"')
    shipment = client.get(f"/api/v4/shipments/{shipment_id}", headers=manager).get_json()
    assert (shipment["has_custom_label"], shipment["custom_label_name"], shipment["documents"]) == (True, "label.zpl", [])

    deleted = client.delete(label_url(shipment_id), headers=manager)

    assert deleted.status_code == 204
    assert stored_files() == []
    assert_error(client.get(label_url(shipment_id), headers=manager), 404, "not_found")
    assert_error(client.delete(label_url(shipment_id), headers=manager), 404, "not_found")


def test_a_custom_carriers_shipment_waits_for_its_label_and_goes_back_to_validating_without_it(
        client, manager, acme, catalogue, stock):
    custom = ShipProfile(client_id=acme.id, name="Own labels", carrier=db.session.query(Carrier).filter_by(name="Custom").one())
    db.session.add(custom)
    db.session.commit()
    stock(catalogue["tent"], NJ01=1)
    [placed] = create(client, manager, warehouse_id="NJ01", ship_profile_id=custom.id,
                      ship_method="CUSTOM_GROUND")["shipments"]
    url = f"/api/v4/shipments/{placed['id']}"

    def status_and_label_check():
        shipment = client.get(url, headers=manager).get_json()
        [label_check] = [check for check in shipment["checklist"] if check["check"] == "custom_label"]
        return shipment["status"], label_check["ok"]

    assert status_and_label_check() == ("validating", False)
    assert client.post(label_url(placed["id"]), headers=manager,
                       json=upload(ZPL, "label.zpl", "zpl")).status_code == 201
    assert status_and_label_check() == ("ready_to_process", True)
    assert client.delete(label_url(placed["id"]), headers=manager).status_code == 204
    assert status_and_label_check() == ("validating", False)


def test_a_label_takes_no_copies(client, manager, shipment_id):
    answer = client.post(label_url(shipment_id), headers=manager, json=upload(ZPL, "label.zpl", "zpl", copies=2))

    assert assert_error(answer, 422, "validation_error")["field"] == "copies"
    assert file_count() == 0


def test_a_document_is_deleted_alone(client, manager, shipment_id):
    kept, deleted = (client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), name, "pdf")).get_json()
                     for name in ("kept.pdf", "deleted.pdf"))
    client.post(label_url(shipment_id), headers=manager, json=upload(ZPL, "label.zpl", "zpl"))

    answer = client.delete(f"{documents_url(shipment_id)}/{deleted['id']}", headers=manager)

    assert answer.status_code == 204 and answer.data == b""
    assert client.get(documents_url(shipment_id), headers=manager).get_json() == {"documents": [kept]}
    assert_error(client.get(f"{documents_url(shipment_id)}/{deleted['id']}", headers=manager), 404, "not_found")
    assert_error(client.delete(f"{documents_url(shipment_id)}/{deleted['id']}", headers=manager), 404, "not_found")
    assert [stored.kind for stored in stored_files()] == [DOCUMENT, CUSTOM_LABEL]


@pytest.mark.parametrize("status", ["pending_ship_label", "shipped", "delivered", "canceled", "exception"])
def test_documents_change_only_until_the_label_is_due(client, manager, shipment_id, status):
    document = client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), "slip.pdf", "pdf")).get_json()
    set_status(shipment_id, status)

    added = client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), "more.pdf", "pdf"))
    deleted = client.delete(f"{documents_url(shipment_id)}/{document['id']}", headers=manager)

    assert f"while shipment {shipment_id} is " in assert_error(added, 409, "invalid_status")["description"]
    assert_error(deleted, 409, "invalid_status")
    assert [stored.name for stored in stored_files()] == ["slip.pdf"]
    downloaded = client.get(f"{documents_url(shipment_id)}/{document['id']}", headers=manager)
    assert downloaded.status_code == 200  # still readable


@pytest.mark.parametrize("status", ["validating", "processing", "pending_ship_label"])
def test_a_label_changes_until_the_warehouse_has_it(client, manager, shipment_id, status):
    set_status(shipment_id, status)

    added = client.post(label_url(shipment_id), headers=manager, json=upload(ZPL, "label.zpl", "zpl"))
    deleted = client.delete(label_url(shipment_id), headers=manager)

    assert (added.status_code, deleted.status_code) == (201, 204)


@pytest.mark.parametrize("status", ["shipped", "delivered", "canceled", "exception"])
def test_a_label_is_kept_once_shipped(client, manager, shipment_id, status):
    client.post(label_url(shipment_id), headers=manager, json=upload(ZPL, "label.zpl", "zpl"))
    set_status(shipment_id, status)

    added = client.post(label_url(shipment_id), headers=manager, json=upload(png(), "label.png", "png"))
    deleted = client.delete(label_url(shipment_id), headers=manager)

    assert_error(added, 409, "invalid_status")
    assert_error(deleted, 409, "invalid_status")
    assert [stored.content for stored in stored_files()] == [ZPL]


def test_another_clients_shipment_and_files_are_not_found(client, factory, manager, shipment_id, globex):
    document = client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), "slip.pdf", "pdf")).get_json()
    client.post(label_url(shipment_id), headers=manager, json=upload(ZPL, "label.zpl", "zpl"))
    stranger = factory.headers(factory.user("client", globex))

    calls = [
        client.get(documents_url(shipment_id), headers=stranger),
        client.post(documents_url(shipment_id), headers=stranger, json=upload(pdf(), "x.pdf", "pdf")),
        client.get(f"{documents_url(shipment_id)}/{document['id']}", headers=stranger),
        client.delete(f"{documents_url(shipment_id)}/{document['id']}", headers=stranger),
        client.get(label_url(shipment_id), headers=stranger),
        client.post(label_url(shipment_id), headers=stranger, json=upload(ZPL, "x.zpl", "zpl")),
        client.delete(label_url(shipment_id), headers=stranger),
    ]

    assert [answer.status_code for answer in calls] == [404] * len(calls)
    assert [stored.name for stored in stored_files()] == ["slip.pdf", "label.zpl"]


def test_a_document_of_another_shipment_is_not_found_through_this_one(client, manager, shipment_id, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    [other] = create(client, manager, reference="FR-2", warehouse_id="NJ01")["shipments"]
    document = client.post(documents_url(other["id"]), headers=manager, json=upload(pdf(), "slip.pdf", "pdf")).get_json()

    assert_error(client.get(f"{documents_url(shipment_id)}/{document['id']}", headers=manager), 404)
    assert_error(client.delete(f"{documents_url(shipment_id)}/{document['id']}", headers=manager), 404)
    assert len(stored_files()) == 1


def test_readers_download_but_do_not_change(client, factory, acme, manager, shipment_id):
    document = client.post(documents_url(shipment_id), headers=manager, json=upload(pdf(), "slip.pdf", "pdf")).get_json()
    reader = factory.headers(factory.user("client_read_only", acme))

    assert client.get(f"{documents_url(shipment_id)}/{document['id']}", headers=reader).status_code == 200
    assert_error(client.post(documents_url(shipment_id), headers=reader, json=upload(pdf(), "x.pdf", "pdf")), 403)
    assert_error(client.delete(f"{documents_url(shipment_id)}/{document['id']}", headers=reader), 403)
    assert len(stored_files()) == 1


def test_the_shipments_log_keeps_no_file_content(client, manager, shipment_id):
    content = pdf()
    document = client.post(documents_url(shipment_id), headers=manager, json=upload(content, "slip.pdf", "pdf")).get_json()
    client.get(f"{documents_url(shipment_id)}/{document['id']}", headers=manager)

    logged = client.get(f"/api/v4/logs/requests/shipment/{shipment_id}", headers=manager,
                        query_string={"include_reads": "true"}).get_json()["requests"]

    download, upload_call = logged[0], logged[1]
    assert (upload_call["http_method"], download["http_method"]) == ("POST", "GET")
    assert '"content":"[redacted]"' in upload_call["request_body"]
    assert download["response_body"] == f"[{len(content)} bytes of application/pdf not stored]"
    encoded = base64.b64encode(content).decode()
    assert all(encoded[:40] not in (entry["request_body"] or "") + (entry["response_body"] or "") for entry in logged)
