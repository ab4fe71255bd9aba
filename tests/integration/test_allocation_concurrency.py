"""Allocation under concurrency: the API (gunicorn, several processes and threads) creating requests
of every fill type one by one and in bulk uploads, cancelling shipments, raising and lowering
reservations and receiving ASNs, while two real workers run the uploads' jobs and allocate the waiting shipments as units are
freed, all at once and for the same items.

Afterwards no answer was a 5xx; at every location bound is exactly what the allocated shipment lines
hold and no figure is below zero; the ledger explains every level; units were neither made nor lost;
and no waiting shipment could take the stock that is free."""
import random
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from sqlalchemy import func, select

from api.extensions import db
from api.inventory.models import InventoryLevel
from api.inventory.service import ledger_drift
from api.orders.models import CANCELED, VALIDATING, FulfillmentRequest, Shipment, ShipmentLine
from tests.factories import PASSWORD
from tests.live import broker_client, log_in, start_worker, wait_for_job, wait_until
from tests.orders.test_fulfillment_requests import BROOKLYN
from tests.stock import add_stock

pytestmark = pytest.mark.integration

LOCATIONS = ("NJ01", "TX01")
UPCS = [f"CONC-{n}" for n in range(4)]
STARTING_UNITS = 6  # of each item at each location
RECEIVED_UNITS = 5  # of each item on each ASN
FILL_TYPES = ("partial", "complete", "kill", "partial_kill")
CANCELLED_LATER = 12  # requests created first, whose shipments are cancelled amid the rest


def request_payload(rng, n):
    lines = rng.sample(UPCS, rng.randint(1, 3))
    return {
        "fulfillment_request_id": f"CONC-{n}-{uuid.uuid4().hex[:6]}", "to_address": BROOKLYN,
        "fill_type": rng.choice(FILL_TYPES), "warehouse_id": rng.choice(LOCATIONS + ("optimal",)),
        "sets": [{"items": [{"upc": upc, "quantity": rng.randint(1, 3)} for upc in lines]}],
    }


def bulk_rows(rng, upload, requests_in_file=8):
    """A bulk file's rows: each request's item lines with its columns on every row."""
    rows = []
    for n in range(requests_in_file):
        request = request_payload(rng, f"{upload}-{n}")
        columns = {"fulfillment_request_id": request["fulfillment_request_id"], "fill_type": request["fill_type"],
                   "warehouse_id": request["warehouse_id"],
                   **{f"to_{part}": value for part, value in BROOKLYN.items()}}
        rows += [{**columns, "upc": item["upc"], "quantity": str(item["quantity"])} for item in request["sets"][0]["items"]]
    return rows


def reservation_payload(rng):
    return {"locations": [{"location": location, "reserved": rng.randint(0, 2)}
                          for location in rng.sample(LOCATIONS, rng.randint(1, 2))]}


def upload_asns(base_url, headers):
    lines = [{"Warehouse ID": location, "ASN ID": f"ASN-{location}-{n}", "UPC": upc, "Quantity": str(RECEIVED_UNITS)}
             for location in LOCATIONS for n in range(2) for upc in UPCS]
    answer = requests.post(f"{base_url}/api/v2/inbound/client_upload", json={"lines": lines}, headers=headers, timeout=60)
    assert answer.status_code == 202, answer.text
    assert wait_for_job(base_url, headers, answer.json()["id"])["state"] == "succeeded"
    asns = requests.get(f"{base_url}/api/v4/asns?limit=50", headers=headers, timeout=30).json()["asns"]
    assert len(asns) == 2 * len(LOCATIONS)
    return [asn["id"] for asn in asns], len(lines) * RECEIVED_UNITS


def levels():
    db.session.expire_all()
    return {(row.item_type_id, row.location): row for row in db.session.scalars(select(InventoryLevel))}


def allocated_by_level():
    rows = db.session.execute(
        select(ShipmentLine.item_type_id, Shipment.warehouse_id, func.sum(ShipmentLine.quantity_allocated))
        .join(Shipment, Shipment.id == ShipmentLine.shipment_id).where(Shipment.status != CANCELED)
        .group_by(ShipmentLine.item_type_id, Shipment.warehouse_id))
    return {(item_id, location): total for item_id, location, total in rows if total}


def waiting_that_could_take_free_stock():
    """Waiting shipments whose every unit is free at their warehouse: none once allocation settled."""
    now = levels()
    waiting = db.session.scalars(select(Shipment).where(Shipment.status == VALIDATING,
                                                        Shipment.inventory_allocated.is_(False)))
    ready = []
    for shipment in waiting:
        demand = Counter()
        for line in shipment.lines:
            demand[line.item_type_id] += line.quantity_desired
        level_of = {item_id: now.get((item_id, shipment.warehouse_id)) for item_id in demand}
        if all(level is not None and level.unbound >= quantity for item_id, quantity in demand.items()
               for level in [level_of[item_id]]):
            ready.append(shipment.id)
    return ready


def test_concurrent_requests_reservations_and_receipts_never_bind_more_than_is_on_hand(
        app, factory, live_api, live_env, process_logs):
    acme = factory.client("Concurrent")
    user = factory.user("client", acme)
    staff_user = factory.user("admin")
    items = [factory.item(acme, upc=upc, name=f"Item {upc}") for upc in UPCS]
    for item in items:
        for location in LOCATIONS:
            add_stock(item, location, unbound=STARTING_UNITS, reason="receipt", reference="test", actor="test")
    db.session.commit()
    headers = log_in(live_api, user.username, PASSWORD)
    staff = {**log_in(live_api, staff_user.username, PASSWORD), "X-Client-Id": str(acme.id)}
    asn_ids, received_units = upload_asns(live_api, headers)

    rng = random.Random(14)
    to_cancel = []
    for n in range(CANCELLED_LATER):
        answer = requests.post(f"{live_api}/api/v4/fulfillment_requests", json=request_payload(rng, f"early-{n}"),
                               headers=headers, timeout=60)
        assert answer.status_code == 201, answer.text
        to_cancel += [shipment["id"] for shipment in answer.json()["shipments"] if shipment["status"] != CANCELED]
    calls = [("create", "POST", "/api/v4/fulfillment_requests", headers, request_payload(rng, n)) for n in range(60)]
    calls += [("cancel", "POST", f"/api/v4/shipments/{shipment_id}/cancel", headers, None) for shipment_id in to_cancel]
    calls += [("reserve", "PUT", f"/api/v4/inventory/{rng.choice(UPCS)}", headers, reservation_payload(rng))
              for _ in range(24)]
    calls += [("receive", "POST", f"/api/v4/asns/{asn_id}/receive", staff, None) for asn_id in asn_ids]
    calls += [("bulk", "POST", "/api/v4/fulfillment_requests/bulk", headers, bulk_rows(rng, upload)) for upload in range(3)]
    rng.shuffle(calls)

    def call(kind, method, path, call_headers, body):
        answer = requests.request(method, live_api + path, json=body, headers=call_headers, timeout=120)
        if kind == "bulk" and answer.status_code == 202:
            return kind, wait_for_job(live_api, call_headers, answer.json()["id"])["state"], answer.text[:500]
        return kind, answer.status_code, answer.text[:500]

    second_worker = start_worker(live_env, process_logs, name="allocator")
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(lambda c: call(*c), calls))
        # One more allocation after everything: a request whose waiting shipment was committed just
        # after the last freeing news had been handled is otherwise left to the scheduler's sweep.
        broker_client(app).send_task("orders.allocate_waiting")
        wait_until(lambda: not waiting_that_could_take_free_stock(), 120, "the waiting shipments to take the free stock")
    finally:
        second_worker.stop()

    assert [answer for answer in answers if isinstance(answer[1], int) and answer[1] >= 500] == []
    statuses = Counter((kind, status) for kind, status, _ in answers)
    assert statuses[("create", 201)] == 60, answers
    assert statuses[("bulk", "succeeded")] == 3, answers
    assert db.session.scalar(select(func.count()).select_from(FulfillmentRequest)) == CANCELLED_LATER + 60 + 3 * 8
    assert statuses[("cancel", 200)] == len(to_cancel) > 0, answers
    assert db.session.scalars(select(Shipment.status).where(Shipment.id.in_(to_cancel))).all() == [CANCELED] * len(to_cancel)
    assert statuses[("receive", 200)] == len(asn_ids), answers
    assert {status for kind, status, _ in answers if kind == "reserve"} <= {200, 422}, answers

    now = levels()
    assert all(row.unbound >= 0 and row.reserved >= 0 and row.bound >= 0 for row in now.values())
    assert {key: row.bound for key, row in now.items() if row.bound} == allocated_by_level()
    assert sum(row.unbound + row.reserved + row.bound for row in now.values()) == (
        len(UPCS) * len(LOCATIONS) * STARTING_UNITS + received_units)
    assert ledger_drift() == []
    allocated = db.session.scalar(select(func.count()).select_from(Shipment).where(Shipment.inventory_allocated.is_(True)))
    assert allocated > 0


def test_a_request_id_in_two_concurrent_uploads_is_created_once(factory, live_api, live_env, process_logs):
    acme = factory.client("Twice")
    user = factory.user("client", acme)
    for upc in UPCS:
        factory.item(acme, upc=upc)
    headers = log_in(live_api, user.username, PASSWORD)
    rng = random.Random(12)
    files = {name: bulk_rows(rng, name, requests_in_file=5) for name in ("A", "B")}
    for name, rows in files.items():
        rows += [{**rows[0], "fulfillment_request_id": "TWICE-1", "upc": upc, "quantity": "1"} for upc in UPCS[:2]]

    def upload(rows):
        answer = requests.post(f"{live_api}/api/v4/fulfillment_requests/bulk", json=rows, headers=headers, timeout=120)
        if answer.status_code != 202:  # the other file's job created TWICE-1 before this one was checked
            return answer.status_code, answer.json()
        return answer.status_code, wait_for_job(live_api, headers, answer.json()["id"])

    second_worker = start_worker(live_env, process_logs, name="second-uploads-worker")
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            outcomes = dict(zip(files, pool.map(upload, files.values())))
    finally:
        second_worker.stop()

    db.session.expire_all()
    created = Counter(db.session.scalars(select(FulfillmentRequest.fulfillment_request_id)
                                         .where(FulfillmentRequest.client_id == acme.id)))
    assert created["TWICE-1"] == 1
    accepted = [name for name, (status, _) in outcomes.items() if status == 202]
    assert set(created) == {"TWICE-1"} | {row["fulfillment_request_id"] for name in accepted for row in files[name]}
    assert all(count == 1 for count in created.values())
    failed_twice = []
    for name, (status, answer) in outcomes.items():
        if status == 202:
            failed_twice += [result for result in answer["results"] if result.get("status") == "failed"]
            assert answer["failed"] in (0, 2), answer
        else:
            assert status == 409 or "TWICE-1" in str(answer), answer
    assert len(accepted) == 1 or [result["error"] for result in failed_twice] == [
        "fulfillment_request_id 'TWICE-1' is already used by another request."] * 2, outcomes
    assert ledger_drift() == []
