"""Upload RMAs: rows grouped by RMA and parcel, each item line checked, then stored by a job."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.jobs.models import Job
from api.returns.models import Rma
from tests.api.helpers import assert_error

URL = "/api/v4/rmas/bulk"


@pytest.fixture
def items(factory, acme):
    return [factory.item(acme, upc=f"40000000000{n}", name=f"Mug {n}") for n in (1, 2)]


def item(upc="400000000001", quantity="1", line=2, reason_code="DAMAGED", reason_notes=None):
    return {"upc": upc, "quantity": quantity, "reason_code": reason_code, "reason_notes": reason_notes, "line": line}


def parcel(*items, tracking_id="1Z999", expected_arrival_date="2026-12-01", carrier_id="UPS"):
    return {"tracking_id": tracking_id, "expected_arrival_date": expected_arrival_date, "carrier_id": carrier_id, "items": list(items)}


def rma(*parcels, warehouse_id="CA01", rma_id="RMA-1", reason="Customer return", order_id="1001"):
    return {"warehouse_id": warehouse_id, "rma_id": rma_id, "reason": reason, "fulfillment_request_id": None,
            "order_id": order_id, "expected_inbound_shipments": list(parcels)}


def upload(client, headers, rmas, query="", **extra):
    return client.post(URL + query, json={"rmas": rmas}, headers={**headers, **extra})


def stored():
    return db.session.scalars(select(Rma).order_by(Rma.rma_id)).all()


def test_grouped_rmas_are_stored_by_a_job_and_listed(client, headers, items):
    answer = upload(client, headers, [
        rma(parcel(item(line=2), item(upc="400000000002", quantity="3", line=3)),
            parcel(item(line=4, reason_notes="lid, cracked"), tracking_id="1Z000", expected_arrival_date="12/24/2026")),
        rma(parcel(item(line=5), carrier_id=None, tracking_id=""), rma_id="RMA-2", warehouse_id="nj01"),
    ])

    assert answer.status_code == 202, answer.get_json()
    job = client.get(f"/api/v4/jobs/{answer.get_json()['id']}", headers=headers).get_json()
    assert (job["kind"], job["state"], job["total"], job["succeeded"]) == ("import_rmas", "succeeded", 4, 4)
    listed = {r["rma_id"]: r for r in client.get("/api/v4/rmas", headers=headers).get_json()["rmas"]}
    assert (listed["RMA-1"]["item_count"], listed["RMA-1"]["quantity"], listed["RMA-2"]["warehouse_id"]) == (3, 5, "NJ01")
    detail = client.get(f"/api/v4/rmas/{listed['RMA-1']['id']}", headers=headers).get_json()
    assert (detail["reason"], detail["order_id"]) == ("Customer return", "1001")
    assert [(s["tracking_id"], s["expected_arrival_date"], s["carrier_id"], [(i["upc"], i["quantity"]) for i in s["items"]])
            for s in detail["expected_inbound_shipments"]] == [
        ("1Z999", "2026-12-01", "UPS", [("400000000001", 1), ("400000000002", 3)]),
        ("1Z000", "2026-12-24", "UPS", [("400000000001", 1)]),
    ]
    assert detail["expected_inbound_shipments"][1]["items"][0]["reason_notes"] == "lid, cracked"
    other = client.get(f"/api/v4/rmas/{listed['RMA-2']['id']}", headers=headers).get_json()
    assert other["expected_inbound_shipments"][0]["tracking_id"] is None


def test_each_bad_item_line_is_named_and_nothing_is_applied(client, headers, factory, globex, items):
    factory.item(globex, upc="499999999999")
    answer = upload(client, headers, [
        rma(parcel(item(line=2), item(quantity="-2", line=3), item(quantity="1.5", line=4), item(upc="499999999999", line=5),
                   item(line=6))),
        rma(parcel(item(line=7), expected_arrival_date="31/12/2026"), rma_id="RMA-2", warehouse_id="ZZ99"),
        rma(parcel(item(line=8, upc="'400000000002")), rma_id=""),
    ])

    body = assert_error(answer, 422, "invalid_rows")
    assert body["description"] == "The file has 6 invalid rows; nothing was applied."
    errors = {e["line"]: e["error"] for e in body["errors"]}
    assert errors[3] == errors[4] == "quantity must be a whole number from 1 to 1000000."
    assert errors[5] == "UPC '499999999999' is not an item of this client."
    assert errors[6] == "UPC '400000000001' is already listed for this RMA and parcel on line 2."
    assert errors[7] == (
        "expected_arrival_date must be a date such as 2026-12-31 or 12/31/2026. "
        "warehouse_id 'ZZ99' is not one of CA01, NJ01, TX01, BC01, IL01, NJ03, CA02, TX02."
    )
    assert errors[8] == "rma_id is required."
    assert stored() == [] and db.session.scalars(select(Job)).all() == []


def test_an_rma_id_already_used_at_the_warehouse_is_a_row_error(client, headers, items):
    assert upload(client, headers, [rma(parcel(item()))]).status_code == 202

    body = assert_error(upload(client, headers, [rma(parcel(item(upc="400000000002")))]), 422, "invalid_rows")

    assert body["errors"] == [{"line": 2, "error": "RMA 'RMA-1' already exists at CA01; use a new RMA ID."}]
    assert upload(client, headers, [rma(parcel(item()), warehouse_id="TX01")]).status_code == 202


def test_empty_upload_and_validate_only_and_valid_rows_only(client, headers, items):
    assert assert_error(upload(client, headers, []), 422, "empty_file")["description"] == "No data in file!"
    assert assert_error(upload(client, headers, [rma()]), 422, "empty_file")["description"] == "No data in file!"

    report = upload(client, headers, [rma(parcel(item(line=2), item(upc="404", line=3)))], query="?validateOnly=true")
    assert report.status_code == 200
    assert report.get_json()["errors"] == [{"line": 3, "error": "UPC '404' is not an item of this client."}]
    assert (report.get_json()["valid"], report.get_json()["would_create"]) == (False, 1)
    assert stored() == []

    partly = upload(client, headers, [rma(parcel(item(line=2), item(upc="404", line=3)))], query="?validRowsOnly=true")
    job = client.get(f"/api/v4/jobs/{partly.get_json()['id']}", headers=headers).get_json()
    assert (job["state"], job["succeeded"], job["failed"]) == ("partly_succeeded", 1, 1)
    assert [len(s.items) for s in stored()[0].expected_inbound_shipments] == [1]


def test_malformed_groups_are_refused_whole(client, headers, items):
    assert_error(client.post(URL, json={"rmas": [{"rma_id": "X"}]}, headers=headers), 422, "validation_error")
    assert_error(client.post(URL, json=[{"rma_id": "X"}], headers=headers), 422, "validation_error")
    assert_error(upload(client, headers, [rma(parcel(item(line="two")))]), 422, "validation_error")


def test_formula_cells_are_stored_as_text(client, headers, items):
    upload(client, headers, [rma(parcel(item(reason_notes="=cmd|' /C calc'!A0")), rma_id="+RMA")])

    [stored_rma] = stored()
    assert stored_rma.rma_id == "+RMA"
    assert stored_rma.expected_inbound_shipments[0].items[0].reason_notes == "=cmd|' /C calc'!A0"


def test_a_repeated_idempotency_key_stores_the_rmas_once(client, headers, items):
    first = upload(client, headers, [rma(parcel(item()))], **{"Idempotency-Key": "rma-1"})
    again = upload(client, headers, [rma(parcel(item()))], **{"Idempotency-Key": "rma-1"})

    assert again.get_json()["id"] == first.get_json()["id"]
    assert len(stored()) == 1


def test_another_clients_rmas_are_not_found(client, factory, headers, globex):
    factory.item(globex, upc="400000000001")
    upload(client, factory.headers(factory.user("client", globex)), [rma(parcel(item()))])
    [other] = stored()

    assert_error(client.get(f"/api/v4/rmas/{other.id}", headers=headers), 404, "not_found")
    assert client.get("/api/v4/rmas", headers=headers).get_json()["rmas"] == []
