"""The items file sent as CSV (text/csv) and read as it arrives, a batch of IMPORT_CHUNK_ROWS rows at a
time: the same answers as its JSON rows, whole-file rules across batches, and nothing left behind by
a file refused on the way."""
import io
from datetime import timedelta

import pytest

from api.common.timeutil import utcnow
from api.extensions import db
from api.imports.models import ImportChunk
from api.imports.service import drop_abandoned_uploads
from api.jobs.models import Job
from api.products.models import ItemType
from tests.api.helpers import assert_error

ITEMS = "/api/v4/items/bulk?runAsync=true"
HEADER = "upc,sku,name,cost"


@pytest.fixture(autouse=True)
def small_batches(app, monkeypatch):
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 2)


def post_csv(client, headers, text, query="", encoding="utf-8", content_type="text/csv"):
    body = text.encode(encoding) if isinstance(text, str) else text
    return client.post(ITEMS + query, data=body, headers={**headers, "Content-Type": content_type})


def csv_of(*lines):
    return "\r\n".join((HEADER, *lines)) + "\r\n"


def names():
    return {item.upc: item.name for item in db.session.scalars(db.select(ItemType)).all()}


def nothing_stored():
    return db.session.scalar(db.select(db.func.count()).select_from(ImportChunk)) == 0 and db.session.scalar(
        db.select(db.func.count()).select_from(Job)) == 0


def test_a_csv_file_creates_and_updates_items_like_its_json_rows(client, factory, acme, as_manager):
    factory.item(acme, upc="OLD", sku="OLD-SKU", name="Old")
    text = csv_of("U1,S1,\"Tent, large \"\"XL\"\"\",12.50", "OLD,OLD-SKU,Renamed,", "U2,S2,\"Two\nlines\",", "U3,S3,Three,1")

    response = post_csv(client, as_manager, "\ufeff" + text, "&fileName=items.csv")

    assert response.status_code == 202, response.get_json()
    job = db.session.get(Job, response.get_json()["id"])
    assert (job.state, job.total, job.succeeded, job.failed) == ("succeeded", 4, 4, 0)
    assert names() == {"U1": 'Tent, large "XL"', "OLD": "Renamed", "U2": "Two\nlines", "U3": "Three"}
    assert db.session.scalar(db.select(db.func.count()).select_from(ImportChunk)) == 0  # dropped once applied


def test_blank_rows_are_left_out_and_not_counted_as_lines(client, as_manager):
    report = post_csv(client, as_manager, "\r\n" + csv_of("U1,S1,One,", ",,,", "", "U1,S9,Again,"), "&validateOnly=true")

    assert report.status_code == 200
    assert report.get_json()["rows"] == 2
    assert report.get_json()["errors"] == [
        {"line": 3, "error": "UPC 'U1' appears more than once in the file (first on line 2)."},
    ]


def test_a_value_repeated_in_a_later_batch_is_refused_with_its_first_line(client, as_manager):
    lines = [f"U{n},S{n},Item {n}," for n in range(1, 8)] + ["U2,S20,Again,", "U30,S5,Same SKU,"]

    response = post_csv(client, as_manager, csv_of(*lines))

    body = assert_error(response, 422, "invalid_rows")
    assert body["errors"] == [
        {"line": 9, "error": "UPC 'U2' appears more than once in the file (first on line 3)."},
        {"line": 10, "error": "SKU 'S5' appears more than once in the file (first on line 6)."},
    ]
    assert "2 invalid rows; nothing was applied" in body["description"]
    assert names() == {} and nothing_stored()


def test_valid_rows_only_applies_every_batch_but_the_refused_rows(client, as_manager):
    lines = [f"U{n},S{n},Item {n}," for n in range(1, 6)] + ["U1,S9,Again,", "U7,S7,Seven,-3"]

    response = post_csv(client, as_manager, csv_of(*lines), "&validRowsOnly=true")

    assert response.status_code == 202
    job = db.session.get(Job, response.get_json()["id"])
    assert (job.state, job.total, job.processed, job.succeeded, job.failed) == ("partly_succeeded", 7, 7, 5, 2)
    assert sorted(result["line"] for result in job.results) == [7, 8]  # chunks are applied side by side
    assert sorted(names()) == ["U1", "U2", "U3", "U4", "U5"]


def test_validate_only_counts_the_whole_file_and_stores_nothing(client, factory, acme, as_manager):
    factory.item(acme, upc="U2", sku="S2", name="Two")
    report = post_csv(client, as_manager, csv_of("U1,S1,One,", "U2,S2,Two again,", "U3,S3,Three,", "U4,S4,,"), "&validateOnly=true")

    assert report.get_json() == {
        "valid": False, "rows": 4, "would_create": 2, "would_update": 1, "errors_not_listed": 0,
        "errors": [{"line": 5, "error": "name is required."}],
    }
    assert nothing_stored()


def test_a_row_with_too_few_or_too_many_cells_is_a_row_error(client, as_manager):
    response = post_csv(client, as_manager, csv_of("U1,S1,One,", "U2,S2", "U3,S3,Three,,extra"), "&validRowsOnly=true")

    job = db.session.get(Job, response.get_json()["id"])
    assert sorted(job.results, key=lambda result: result["line"]) == [
        {"line": 3, "status": "failed", "error": "Too few fields: expected 4 fields but parsed 2"},
        {"line": 4, "status": "failed", "error": "Too many fields: expected 4 fields but parsed 5"},
    ]
    assert sorted(names()) == ["U1"]


@pytest.mark.parametrize(("body", "message"), [
    (b"upc,sku,name\r\nU1,S1,One\r\nU2,S2,Caf\xe9\r\n", "Row 3: the file is not utf-8 text."),
    (b'upc,sku,name\r\nU1,S1,One\r\nU2,S2,"Bad"quote\r\n', "Row 3: ',' expected after '\"'."),
    (b"upc,sku,name\r\nU1,S1,One\r\nU2,S2,Tw\x00o\r\n", "Row 3: the file holds a NUL character."),
])
def test_a_file_that_cannot_be_read_is_refused_whole(client, as_manager, body, message):
    body = assert_error(post_csv(client, as_manager, body), 400, "invalid_csv")

    assert body["description"] == message
    assert nothing_stored()


def test_a_refusal_late_in_the_file_removes_the_batches_stored_before_it(client, as_manager):
    lines = [f"U{n},S{n},Item {n}," for n in range(1, 6)]
    body = csv_of(*lines).encode() + b"U6,S6,Caf\xe9,\r\n"

    assert_error(post_csv(client, as_manager, body, "&validRowsOnly=true"), 400, "invalid_csv")

    assert nothing_stored() and names() == {}


def test_other_encodings_are_read_when_the_content_type_names_them(client, as_manager):
    response = post_csv(client, as_manager, csv_of("U1,S1,Café,"), encoding="utf-16",
                        content_type="text/csv; charset=utf-16")

    assert response.status_code == 202, response.get_json()
    assert names() == {"U1": "Café"}


def test_a_column_named_twice_or_unknown_is_refused(client, as_manager):
    twice = assert_error(post_csv(client, as_manager, "upc,sku,UPC\r\nU1,S1,U2\r\n"), 422, "invalid_headers")
    unknown = assert_error(post_csv(client, as_manager, "upc,colour\r\nU1,red\r\n"), 422, "invalid_headers")

    assert twice["description"] == "Columns named twice: UPC, upc."
    assert unknown["description"].startswith("Unknown column: colour.")
    assert nothing_stored()


@pytest.mark.parametrize("text", ["", "\r\n\r\n", HEADER + "\r\n", HEADER + "\r\n,,,\r\n"])
def test_a_file_without_rows_has_no_data(client, as_manager, text):
    body = assert_error(post_csv(client, as_manager, text), 422, "empty_file")

    assert body["description"] == "No data in file!"


def test_updating_by_csv_needs_the_update_permission_even_late_in_the_file(client, factory, acme):
    factory.item(acme, upc="OLD", sku="OLD-SKU", name="Old")
    creator = factory.headers(factory.user("client_custom", acme, permissions=["create:items"]))
    lines = [f"U{n},S{n},Item {n}," for n in range(1, 6)] + ["OLD,OLD-SKU,Renamed,"]

    assert_error(post_csv(client, creator, csv_of(*lines)), 403, "not_authorized")

    assert names() == {"OLD": "Old"} and db.session.scalar(db.select(db.func.count()).select_from(ImportChunk)) == 0


def test_the_same_file_under_the_same_key_answers_the_first_job(client, as_manager):
    key = {**as_manager, "Idempotency-Key": "csv-upload-1"}
    text = csv_of("U1,S1,One,", "U2,S2,Two,", "U3,S3,Three,")

    first = post_csv(client, key, text)
    again = post_csv(client, key, text)
    other = post_csv(client, key, csv_of("U1,S1,Other,"))

    assert first.status_code == again.status_code == 202
    assert again.get_json()["id"] == first.get_json()["id"] and again.headers["Idempotent-Replayed"] == "true"
    assert_error(other, 422, "idempotency_key_reused")
    assert db.session.scalar(db.select(db.func.count()).select_from(Job)) == 1


def test_a_chunked_file_over_the_limit_is_refused_and_leaves_nothing(app, client, monkeypatch, as_manager):
    monkeypatch.setitem(app.config, "CSV_UPLOAD_MAX_BYTES", 200)

    stream = io.BytesIO(csv_of(*(f"U{n},S{n},Item {n}," for n in range(100))).encode())

    response = client.post(ITEMS, headers={**as_manager, "Transfer-Encoding": "chunked"}, input_stream=stream,
                           content_type="text/csv", environ_overrides={"wsgi.input_terminated": True})

    assert_error(response, 413)
    assert stream.tell() <= 201 + (1 << 20)  # at most one read ahead past the limit
    assert nothing_stored()


def test_case_packs_are_not_taken_as_csv(client, as_manager):
    response = client.post("/api/v4/case_packs/bulk", data=b"upc,child_upc\r\n", headers={**as_manager, "Content-Type": "text/csv"})

    assert_error(response, 415, "unsupported_media_type")


def test_chunks_of_uploads_that_never_started_their_job_are_swept(app, client, as_manager):
    started = post_csv(client, as_manager, csv_of("U1,S1,One,"))
    job_id = started.get_json()["id"]
    db.session.add(ImportChunk(upload_id=job_id, seq=99, rows=b"", stored_at=utcnow() - timedelta(days=1)))
    db.session.add(ImportChunk(upload_id="abandoned", seq=0, rows=b"", stored_at=utcnow() - timedelta(hours=2)))
    db.session.add(ImportChunk(upload_id="arriving", seq=0, rows=b"", stored_at=utcnow()))
    db.session.add(ImportChunk(upload_id="before-streaming", seq=0, rows=b"", stored_at=None))
    db.session.commit()

    assert drop_abandoned_uploads(utcnow()) == 1

    left = db.session.scalars(db.select(ImportChunk.upload_id)).all()
    assert sorted(left) == sorted([job_id, "arriving", "before-streaming"])
