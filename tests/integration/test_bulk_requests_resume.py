"""A worker killed in the middle of a bulk fulfilment request import, and another started: every request
of the file is created once, with its lines, its shipments and their stock allocated once, and one
result mail. The chunks a killed worker had committed stay; the next worker applies the rest."""
import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.inventory.models import InventoryLevel
from api.inventory.service import ledger_drift
from api.jobs.models import Job
from api.orders.models import CANCELED, FulfillmentRequest, SetItem, Shipment, ShipmentLine
from tests.integration.test_import_resume import (  # noqa: F401 (fixture)
    VISIBILITY_TIMEOUT, job_progress, killable_env, start_worker, through_the_broker, upload_and_kill_the_worker_mid_job,
    wait_for,
)
from tests.live import wait_until_quiet, wait_until_redeliverable
from tests.stock import add_stock

pytestmark = pytest.mark.integration

REQUESTS = 600
LINES_PER_REQUEST = 3
LINES = REQUESTS * LINES_PER_REQUEST
ITEMS = 12
UNITS_PER_ITEM = 200  # less than the file asks for: some shipments wait for stock
ADDRESS = {"to_name": "Pat Doe", "to_address_1": "75 Livingston St", "to_city": "Brooklyn", "to_state": "NY",
           "to_postal_code": "11201", "to_country": "US", "to_phone": "718 555 0100"}


def reference_of(n):
    return f"BULK-{n:05d}"


def lines_of(n):
    """(index of the item, units) of each line of the file's request ``n``."""
    return [((n + line) % ITEMS, line + 1) for line in range(LINES_PER_REQUEST)]


def allocated_in_file_order():
    """Whether each request of the file gets its stock, the requests taking it one after another in
    file order, each whole or not at all (fill type complete, one warehouse)."""
    free, allocated = [UNITS_PER_ITEM] * ITEMS, []
    for n in range(REQUESTS):
        allocated.append(all(free[item] >= units for item, units in lines_of(n)))
        if allocated[-1]:
            for item, units in lines_of(n):
                free[item] -= units
    return allocated


def upload_bulk_requests(client, factory, acme):
    requester = factory.user("client", acme, username="acme.orders", email="orders@acme.test")
    items = [factory.item(acme, upc=f"7{n:011d}") for n in range(ITEMS)]
    for item in items:
        add_stock(item, "NJ01", unbound=UNITS_PER_ITEM, reason="receipt", reference="test", actor="test")
    db.session.commit()
    rows = [
        {"fulfillment_request_id": reference_of(n), "warehouse_id": "NJ01", "fill_type": "complete", **ADDRESS,
         "upc": items[item].upc, "quantity": str(units)}
        for n in range(REQUESTS) for item, units in lines_of(n)
    ]
    answer = client.post("/api/v4/fulfillment_requests/bulk", json=rows, headers=factory.headers(requester))
    assert answer.status_code == 202, answer.get_json()
    return answer.get_json()["id"]


def assert_every_request_created_and_allocated_once(job_id, acme, mail):
    db.session.rollback()
    job = db.session.get(Job, job_id)
    assert (job.state, job.total, job.processed, job.succeeded, job.failed, job.attempts) == (
        "succeeded", LINES, LINES, LINES, 0, 2)
    assert db.session.scalar(select(func.count()).select_from(FulfillmentRequest).filter_by(client_id=acme.id)) == REQUESTS
    assert db.session.scalar(select(func.count()).select_from(SetItem)) == LINES
    assert db.session.scalar(select(func.count()).select_from(Shipment)) == REQUESTS  # complete: one shipment each
    allocated = dict(db.session.execute(
        select(ShipmentLine.item_type_id, func.sum(ShipmentLine.quantity_allocated))
        .join(Shipment, Shipment.id == ShipmentLine.shipment_id).where(Shipment.status != CANCELED)
        .group_by(ShipmentLine.item_type_id)).all())
    levels = db.session.scalars(select(InventoryLevel).filter_by(location="NJ01")).all()
    assert {level.item_type_id: level.bound for level in levels if level.bound} == {k: v for k, v in allocated.items() if v}
    assert all(level.unbound + level.bound == UNITS_PER_ITEM and level.unbound >= 0 for level in levels)
    assert ledger_drift() == []
    waiting = db.session.scalar(select(func.count()).select_from(Shipment).where(Shipment.inventory_allocated.is_(False)))
    assert 0 < waiting < REQUESTS
    # However the chunks were applied (side by side, and by two workers), the requests were stored
    # in file order and took the stock as one pass down the file would have given it.
    stored = db.session.execute(select(FulfillmentRequest.fulfillment_request_id, Shipment.inventory_allocated)
                                .join(Shipment, Shipment.request_id == FulfillmentRequest.id)
                                .order_by(FulfillmentRequest.id)).all()
    assert [reference for reference, _ in stored] == [reference_of(n) for n in range(REQUESTS)]
    assert [allocated for _, allocated in stored] == allocated_in_file_order()
    [message] = mail.messages
    assert message["To"] == "orders@acme.test"
    assert f"{LINES} applied, 0 failed" in message.get_body().get_content()


def test_a_worker_killed_mid_bulk_request_import_leaves_a_job_the_next_worker_finishes_exactly_once(
    app, client, factory, live_env, process_logs, mail, through_the_broker, monkeypatch,
):
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 50)
    acme = factory.client("Acme")
    env = killable_env(live_env)
    job_id, processed = upload_and_kill_the_worker_mid_job(
        lambda: upload_bulk_requests(client, factory, acme), env, process_logs, "bulk-worker-1", applied_before_kill=300)
    wait_until_redeliverable(env, VISIBILITY_TIMEOUT)
    assert job_progress(job_id).processed == processed

    second = start_worker(env, process_logs, "bulk-worker-2")
    try:
        wait_for(lambda: job_progress(job_id).state not in ("queued", "running"), 300, "the job to end")
        mail.wait_for(1)
        wait_until_quiet(env, [second])
    finally:
        second.stop()

    assert_every_request_created_and_allocated_once(job_id, acme, mail)
