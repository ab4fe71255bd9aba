"""Bulk items and bulk case packs: the whole file validated first, then applied by a job (run eagerly
here; tests/integration runs it on a real worker), a mail with the failed rows, nothing half applied."""
import csv
import io
import threading
import time
from decimal import Decimal

import pytest

from api.extensions import db
from api.jobs import service as job_service
from api.jobs.models import Job
from api.jobs.runner import run_job
from api.notifications.models import OutboundEmail
from api.products.imports import ITEMS_IMPORT
from api.products.models import ItemComponent, ItemType
from tests.api.helpers import assert_error

ITEMS = "/api/v4/items/bulk?runAsync=true"
CASE_PACKS = "/api/v4/case_packs/bulk"


def row(upc, **cells):
    return {"id": "", "upc": upc, "sku": f"SKU-{upc}", "name": f"Item {upc}", "cost": "", "hazmat": "", **cells}


def items():
    return {item.upc: item for item in db.session.scalars(db.select(ItemType)).all()}


def accepted(response):
    assert response.status_code == 202, response.get_json()
    job = response.get_json()
    return db.session.get(Job, job["id"])


def test_rows_create_and_update_items(client, factory, acme, as_manager):
    existing = factory.item(acme, upc="OLD", sku="OLD-SKU", name="Old", category="Tents", cost=Decimal("5.00"))
    rows = [
        row("NEW-1", name='Tent, "Deluxe"', cost="12.50", hazmat="TRUE", category="=HYPERLINK(\"x\")"),
        {"id": str(existing.id), "upc": "", "sku": "OLD-SKU", "name": "Renamed", "cost": "", "hazmat": "no"},
        row("NEW-2", cost="0.01"),
    ]

    job = accepted(client.post(ITEMS, json=rows, headers=as_manager))

    assert (job.kind, job.state, job.total, job.succeeded, job.failed) == ("import_items", "succeeded", 3, 3, 0)
    found = items()
    assert (found["NEW-1"].name, found["NEW-1"].cost, found["NEW-1"].hazmat) == ('Tent, "Deluxe"', Decimal("12.50"), True)
    assert found["NEW-1"].category == '=HYPERLINK("x")'
    assert (found["OLD"].name, found["OLD"].cost, found["OLD"].category) == ("Renamed", None, "Tents")
    assert found["NEW-2"].composite_type == 0


def test_an_item_created_by_an_upload_shows_the_upload_as_its_creation_in_its_log(client, factory, acme, as_manager):
    existing = factory.item(acme, upc="OLD", sku="OLD-SKU")
    rows = [row("NEW-1"), {"id": str(existing.id), "upc": "", "sku": "OLD-SKU", "name": "Renamed", "cost": "", "hazmat": ""}]
    job = accepted(client.post(ITEMS, json=rows, headers=as_manager))
    client.get(f"/api/v4/jobs/{job.id}", headers=as_manager)

    created = client.get("/api/v4/logs/requests/item_type/NEW-1", headers=as_manager).get_json()["requests"]
    updated = client.get("/api/v4/logs/requests/item_type/OLD", headers=as_manager).get_json()["requests"]

    assert [(e["http_method"], e["uri"], e["response_status"]) for e in created] == [("POST", ITEMS, 202)]
    assert updated == []
    assert items()["NEW-1"].created_by_job_id == job.id


def test_numbers_sent_as_json_numbers_keep_every_digit(client, as_manager):
    # An API client may send numbers, not text; one beyond 64 bits, or a decimal, is read exactly.
    body = b'[{"upc": 123456789012345678901234, "sku": 77, "name": "Long UPC", "cost": 12.5, "length": 0.1}]'

    job = accepted(client.post(ITEMS, data=body, content_type="application/json", headers=as_manager))

    assert (job.state, job.succeeded) == ("succeeded", 1)
    item = items()["123456789012345678901234"]
    assert (item.sku, item.cost, item.length) == ("77", Decimal("12.50"), Decimal("0.10"))


def test_a_row_without_id_updates_the_item_with_its_upc(client, factory, acme, as_manager):
    factory.item(acme, upc="U1", sku="S1", name="Before")

    job = accepted(client.post(ITEMS, json=[{"upc": "U1", "name": "After"}], headers=as_manager))

    assert job.succeeded == 1 and items()["U1"].name == "After" and items()["U1"].sku == "S1"


def test_validate_only_answers_without_applying(client, factory, acme, as_manager):
    factory.item(acme, upc="U1")

    response = client.post(ITEMS + "&validateOnly=true", json=[row("U1"), row("U2"), row("U3", cost="-1")], headers=as_manager)

    assert response.status_code == 200
    assert response.get_json() == {
        "valid": False, "rows": 3, "would_create": 1, "would_update": 1,
        "errors": [{"line": 4, "error": "cost must be at least 0.01."}], "errors_not_listed": 0,
    }
    assert set(items()) == {"U1"}


@pytest.mark.parametrize("cells, error", [
    ({"cost": "-1"}, "cost must be at least 0.01."),
    ({"cost": "1.005"}, "cost must have at most 2 decimal places."),
    ({"weight": "ten"}, "weight must be a number."),
    ({"hazmat": "maybe"}, "hazmat must be true or false."),
    ({"sku": ""}, "sku is required."),
    ({"customs_origin": "USA"}, "customs_origin must be at most 2 characters."),
    ({"id": "12abc"}, "id must be an item id (a whole number)."),
    ({"id": "999999"}, "Item not found."),
])
def test_any_bad_row_refuses_the_whole_file(client, as_manager, cells, error):
    response = client.post(ITEMS, json=[row("GOOD"), row("BAD", **cells)], headers=as_manager)

    body = assert_error(response, 422, "invalid_rows")
    assert body["description"] == "The file has 1 invalid row; nothing was applied."
    assert body["errors"] == [{"line": 3, "error": error}]
    assert items() == {}


def test_empty_file(client, as_manager):
    body = assert_error(client.post(ITEMS, json=[], headers=as_manager), 422)

    assert body["description"] == "No data in file!"


def test_misspelt_headers_are_named(client, as_manager):
    body = assert_error(client.post(ITEMS, json=[{"upc": "U1", "sku": "S1", "nmae": "x", "Price": "1"}], headers=as_manager), 422)

    assert body["description"].startswith("Unknown columns: Price, nmae. Column headers must be field names: id, upc, sku, name")
    assert body["errors"][0]["line"] == 1
    assert items() == {}


def test_body_must_be_rows(client, as_manager):
    assert_error(client.post(ITEMS, json={"upc": "U1"}, headers=as_manager), 422)
    assert_error(client.post(ITEMS, json=["U1"], headers=as_manager), 422)


def test_duplicate_upcs_and_skus_inside_one_file(client, as_manager):
    rows = [row("U1"), row("U2"), row("U1", sku="OTHER"), row("U3", sku="SKU-U2")]

    body = assert_error(client.post(ITEMS, json=rows, headers=as_manager), 422)

    assert body["errors"] == [
        {"line": 4, "error": "UPC 'U1' appears more than once in the file (first on line 2)."},
        {"line": 5, "error": "SKU 'SKU-U2' appears more than once in the file (first on line 3)."},
    ]


def test_a_sku_of_another_item_of_the_client_clashes(client, factory, acme, as_manager):
    factory.item(acme, upc="U1", sku="TAKEN")

    body = assert_error(client.post(ITEMS, json=[row("U2", sku="TAKEN")], headers=as_manager), 422)

    assert body["errors"] == [{"line": 2, "error": "An item with SKU 'TAKEN' already exists."}]


def test_another_clients_upc_is_a_new_item(client, factory, globex, as_manager):
    factory.item(globex, upc="SHARED", sku="SHARED", name="Globex's")

    job = accepted(client.post(ITEMS, json=[row("SHARED", sku="SHARED")], headers=as_manager))

    assert job.succeeded == 1
    names = sorted(db.session.scalars(db.select(ItemType.name)).all())
    assert names == ["Globex's", "Item SHARED"]


def test_another_clients_id_is_not_found(client, factory, globex, as_manager):
    theirs = factory.item(globex, upc="G1", name="Theirs")

    body = assert_error(client.post(ITEMS, json=[{"id": str(theirs.id), "name": "Mine"}], headers=as_manager), 422)

    assert body["errors"] == [{"line": 2, "error": "Item not found."}]
    assert db.session.get(ItemType, theirs.id).name == "Theirs"


def test_valid_rows_only_applies_the_valid_rows_and_mails_the_failed_ones(client, as_manager):
    rows = [row("U1"), row("U2", cost="abc"), row("U3"), row("U4", weight="-2")]

    job = accepted(client.post(ITEMS + "&validRowsOnly=true", json=rows, headers=as_manager))

    assert (job.state, job.total, job.succeeded, job.failed) == ("partly_succeeded", 4, 2, 2)
    assert set(items()) == {"U1", "U3"}
    assert [(r["line"], r["error"]) for r in job.results] == [(3, "cost must be a number."), (5, "weight must be at least 0.")]
    mail = db.session.scalars(db.select(OutboundEmail)).one()
    assert mail.recipient == "acme.manager@example.com" and "2 applied, 2 failed" in mail.body
    failed = list(csv.reader(io.StringIO(mail.attachment.decode("utf-8-sig"))))
    # Rows sent as JSON may each have their own cells: the columns are all those the rows name.
    assert failed == [["line", "error", "id", "upc", "sku", "name", "cost", "hazmat", "weight"],
                      ["3", "cost must be a number.", "", "U2", "SKU-U2", "Item U2", "abc", "", ""],
                      ["5", "weight must be at least 0.", "", "U4", "SKU-U4", "Item U4", "", "", "'-2"]]


def test_a_successful_import_mails_a_summary(client, as_manager):
    job = accepted(client.post(ITEMS, json=[row("U1"), row("U2")], headers=as_manager))

    mail = db.session.scalars(db.select(OutboundEmail)).one()
    assert job.state == "succeeded" and "2 applied, 0 failed" in mail.body and mail.attachment is None


def test_an_idempotency_key_applies_nothing_twice(client, as_manager):
    headers = {**as_manager, "Idempotency-Key": "upload-1"}

    first = client.post(ITEMS, json=[row("U1")], headers=headers)
    again = client.post(ITEMS, json=[row("U1")], headers=headers)

    assert first.status_code == again.status_code == 202
    assert again.get_json()["id"] == first.get_json()["id"] and again.headers["Idempotent-Replayed"] == "true"
    assert db.session.scalars(db.select(Job)).all() == [db.session.get(Job, first.get_json()["id"])]
    assert list(items()) == ["U1"]


def test_clients_may_not_set_admin_only_fields_in_bulk(client, factory, acme, as_custom):
    factory.item(acme, upc="U1", weight=Decimal("1.00"))

    body = assert_error(client.post(ITEMS, json=[
        row("U2", is_package="true", weight="3"), {"upc": "U1", "weight": "2"}, {"upc": "U1", "weight": "1.00"},
    ], headers=as_custom), 422)

    assert body["errors"] == [
        {"line": 2, "error": "Only provider staff may set: is_package."},
        {"line": 3, "error": "Only provider staff may set: weight."},
        {"line": 4, "error": "UPC 'U1' appears more than once in the file (first on line 3)."},
    ]


def test_admins_set_admin_only_fields_in_bulk(client, factory, acme, as_admin):
    factory.item(acme, upc="U1")

    accepted(client.post(ITEMS, json=[{"upc": "U1", "is_package": "yes", "weight": "2.5"}], headers=as_admin))

    assert (items()["U1"].is_package, items()["U1"].weight) == (True, Decimal("2.50"))


def test_updates_need_the_update_permission(client, factory, acme):
    factory.item(acme, upc="U1", name="Kept")
    creator = factory.headers(factory.user("client_custom", acme, permissions=["create:items"]))

    body = assert_error(client.post(ITEMS, json=[{"upc": "U1", "name": "Changed"}], headers=creator), 403)
    created = client.post(ITEMS, json=[row("U2")], headers=creator)

    assert body["description"] == "Updating existing items needs the update:items permission."
    assert created.status_code == 202 and items()["U1"].name == "Kept"


def test_read_only_users_cannot_upload(client, as_viewer):
    assert_error(client.post(ITEMS, json=[row("U1")], headers=as_viewer), 403)
    assert_error(client.post(CASE_PACKS, json=[row("U1")], headers=as_viewer), 403)


# --- case packs ----------------------------------------------------------------------------------

def pack(upc, child_upc, quantity="6", **cells):
    return {"id": "", "upc": upc, "sku": f"SKU-{upc}", "name": f"Case {upc}", "child_upc": child_upc, "child_quantity": quantity, **cells}


def children_of(upc):
    item = items()[upc]
    return [(c.child.upc, c.quantity) for c in db.session.scalars(db.select(ItemComponent).filter_by(parent_id=item.id))]


def test_case_pack_rows_create_and_convert(client, factory, acme, as_manager):
    factory.item(acme, upc="TENT")
    factory.item(acme, upc="STOVE")
    box = factory.item(acme, upc="BOX", sku="BOX-SKU", name="Box")

    job = accepted(client.post(CASE_PACKS, json=[
        pack("CP-1", "TENT", "12"),
        {"id": str(box.id), "upc": "", "sku": "BOX-SKU", "name": "", "child_upc": "STOVE", "child_quantity": "4"},
    ], headers=as_manager))

    assert (job.kind, job.state, job.succeeded) == ("import_case_packs", "succeeded", 2)
    assert items()["CP-1"].composite_type == 1 and children_of("CP-1") == [("TENT", 12)]
    assert (items()["BOX"].composite_type, items()["BOX"].name) == (1, "Box") and children_of("BOX") == [("STOVE", 4)]


@pytest.mark.parametrize("rows, error", [
    ([pack("CP-1", "")], "Case Pack must have a child item."),
    ([pack("CP-1", "CP-1")], "Child item cannot be the same as the parent."),
    ([pack("CP-1", "NOPE")], "Child item with UPC 'NOPE' not found."),
    ([pack("CP-1", "TENT", "0")], "child_quantity must be a whole number from 1 to 1000."),
    ([pack("CP-1", "TENT", "1001")], "child_quantity must be a whole number from 1 to 1000."),
    ([pack("CP-1", "TENT", "2.5")], "child_quantity must be a whole number from 1 to 1000."),
    ([pack("CP-1", "TENT", "-3")], "child_quantity must be a whole number from 1 to 1000."),
    ([pack("CP-1", "HELD")], "Item 'Held' is already a child of item 'Old case'"),
    ([pack("CP-1", "OLD-CASE")], "A Case Pack's child item must be a simple item."),
    ([pack("OLD-CASE", "TENT")], "An item with UPC 'OLD-CASE' already exists."),
])
def test_case_pack_row_rules(client, factory, acme, as_manager, rows, error):
    factory.item(acme, upc="TENT")
    factory.item(acme, upc="SPARE")
    held = factory.item(acme, upc="HELD", name="Held")
    factory.item(acme, upc="OLD-CASE", name="Old case", composite_type=1, children=[(held, 2)])

    body = assert_error(client.post(CASE_PACKS, json=[pack("FINE", "SPARE", "1")] + rows, headers=as_manager), 422)

    assert body["errors"] == [{"line": 3, "error": error}]
    assert "FINE" not in items()


def test_two_case_packs_of_one_child_in_a_file(client, factory, acme, as_manager):
    factory.item(acme, upc="TENT", name="Tent")

    body = assert_error(client.post(CASE_PACKS, json=[pack("CP-1", "TENT"), pack("CP-2", "TENT")], headers=as_manager), 422)

    assert body["errors"] == [{"line": 3, "error": "Item 'Tent' is already a child of item 'Case CP-1'"}]


def test_converting_keeps_sku_and_name_and_needs_a_simple_item_without_parents(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT")
    factory.item(acme, upc="STOVE")
    factory.item(acme, upc="BUNDLE", composite_type=2, children=[(tent, 1)])
    box = factory.item(acme, upc="BOX", name="Box")

    body = assert_error(client.post(CASE_PACKS, json=[
        {"id": str(box.id), "name": "Other", "child_upc": "STOVE", "child_quantity": "2"},
        {"id": str(tent.id), "name": "", "child_upc": "STOVE", "child_quantity": "2"},
    ], headers=as_manager), 422)

    assert body["errors"] == [
        {"line": 2, "error": "SKU and name cannot be changed when converting to a Case Pack."},
        {"line": 3, "error": "Only a simple item that is not part of a case pack or bundle can be converted to a Case Pack."},
    ]


def test_a_upc_taken_after_validation_fails_only_that_row(client, monkeypatch, as_manager):
    # The job stays queued (no broker, no worker) until this test runs it.
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)
    job_id = client.post(ITEMS, json=[row("U1"), row("U2")], headers=as_manager).get_json()["id"]
    assert client.post("/api/v4/items", json={"upc": "U2", "sku": "OTHER", "name": "Made meanwhile"}, headers=as_manager).status_code == 201

    run_job(job_id)

    job = db.session.get(Job, job_id)
    assert (job.state, job.succeeded, job.failed) == ("partly_succeeded", 1, 1)
    assert job.results == [{"line": 3, "status": "failed", "error": "An item with UPC 'U2' already exists."}]
    assert items()["U2"].name == "Made meanwhile"


def test_chunks_applied_side_by_side_write_every_row_once(app, client, monkeypatch, as_manager):
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 2)
    monkeypatch.setitem(app.config, "IMPORT_APPLY_THREADS", 3)
    kind, apply_original, threads = ITEMS_IMPORT, ITEMS_IMPORT.apply_chunk, set()

    def apply_chunk(chunk, context):
        threads.add(threading.current_thread().name)
        time.sleep(0.05)  # long enough for the other threads to take chunks of their own
        return apply_original(chunk, context)

    monkeypatch.setattr(kind, "apply_chunk", apply_chunk)
    rows = [row(f"P{n}", cost=f"{n}.25", length="1.5") for n in range(11)] + [row("BAD", cost="-1")]

    job = accepted(client.post(ITEMS + "&validRowsOnly=true", json=rows, headers=as_manager))

    # Side by side on PostgreSQL; SQLite takes one writer at a time, so one after another there.
    assert len(threads) == (3 if db.engine.dialect.name == "postgresql" else 1)
    assert (job.state, job.processed, job.succeeded, job.failed) == ("partly_succeeded", 12, 11, 1)
    found = items()
    assert sorted(found) == sorted(f"P{n}" for n in range(11))
    assert [found[f"P{n}"].cost for n in range(11)] == [Decimal(f"{n}.25") for n in range(11)]
    [mail] = db.session.scalars(db.select(OutboundEmail)).all()
    assert mail.subject == "Import of items for Acme completed with 1 failed row"


def test_chunks_applied_side_by_side_stop_at_the_end_of_a_time_slice(app, client, monkeypatch, as_manager):
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 2)
    monkeypatch.setitem(app.config, "IMPORT_APPLY_THREADS", 2)
    monkeypatch.setitem(app.config, "JOB_SLICE_SECONDS", 0)  # each run: one chunk, whatever the threads
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)
    job_id = client.post(ITEMS, json=[row(f"S{n}") for n in range(6)], headers=as_manager).get_json()["id"]

    progress = []
    while run_job(job_id) is not None:
        db.session.expire_all()
        progress.append(db.session.get(Job, job_id).processed)

    db.session.expire_all()
    job = db.session.get(Job, job_id)
    assert progress == [2, 4]
    assert (job.state, job.processed, job.succeeded) == ("succeeded", 6, 6)
    assert sorted(items()) == [f"S{n}" for n in range(6)]


def test_a_chunk_failing_among_parallel_ones_leaves_only_whole_chunks_applied(app, client, monkeypatch, as_manager):
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 2)
    monkeypatch.setitem(app.config, "IMPORT_APPLY_THREADS", 2)
    kind, apply_original = ITEMS_IMPORT, ITEMS_IMPORT.apply_chunk

    def apply_chunk(chunk, context):
        if "F5" in chunk["columns"][chunk["names"].index("upc")]:  # items travel column by column
            raise RuntimeError("connection lost")
        return apply_original(chunk, context)

    monkeypatch.setattr(kind, "apply_chunk", apply_chunk)
    job = accepted(client.post(ITEMS, json=[row(f"F{n}") for n in range(9)], headers=as_manager))

    assert job.state == "failed"
    created = sorted(items())
    chunks = [{f"F{n}", f"F{n + 1}"} & {f"F{m}" for m in range(9)} for n in range(0, 9, 2)]
    assert all(chunk <= set(created) or not chunk & set(created) for chunk in chunks)
    assert "F5" not in created and len(created) == job.processed


def test_a_large_file_for_a_small_catalogue_finds_the_items_it_names(client, factory, acme, as_manager):
    # Enough rows to read the whole (small) catalogue at once instead of looking each value up.
    existing = factory.item(acme, upc="U00007", sku="OLD-7", name="Old seven")
    factory.item(acme, upc="OTHER", sku="TAKEN", name="Other")
    rows = [row(f"U{n:05d}") for n in range(2400)]
    rows[7]["sku"] = "OLD-7"
    rows[9]["sku"] = "TAKEN"
    rows[11] = {"id": str(existing.id), "upc": "", "sku": "OLD-7", "name": "Renamed"}

    report = client.post(ITEMS + "&validateOnly=true", json=rows, headers=as_manager).get_json()

    # Line 9 updates the item with its UPC; line 13 names the same item by id.
    assert (report["would_create"], report["would_update"]) == (2397, 1)
    assert report["errors"] == [
        {"line": 11, "error": "An item with SKU 'TAKEN' already exists."},
        {"line": 13, "error": "UPC 'U00007' appears more than once in the file (first on line 9). "
                              "SKU 'OLD-7' appears more than once in the file (first on line 9)."},
    ]
