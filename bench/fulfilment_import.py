"""Bulk fulfilment requests end to end: upload, validation, job, worker, allocation, on PostgreSQL and Redis.

Seeds a catalogue with stock spread over the warehouses (enough for most requests, not all), builds a
bulk file of N item lines (requests of 1–5 lines to real US addresses, every ZIP code checked against
its city and state) and sends it as the Bulk Import page does, the CSV file itself (text/csv, which the
API checks a batch at a time as it arrives), to POST /api/v4/fulfillment_requests/bulk of a live API
(gunicorn) with a real Celery worker behind it.
Waits for the job, then prints lines_per_s= (validated, created, address-checked and allocated, end
to end), the worker's and the API's peak resident memory (peak_rss_mb=, api_peak_rss_mb=), how many
shipments were allocated, and the invariant check: at every location bound equals what the allocated
shipment lines hold, no figure is below zero and the ledger explains every level
(invariant_ok=true|false).

Last, the CPU time each side spent per line over the same window (cpu_us_per_line_api=,
cpu_us_per_line_worker=, cpu_us_per_line_postgres=: the gunicorn, Celery and PostgreSQL processes,
each with its children; n/a for a server on another machine) and the most lines a second that cost
allows with every core of this machine busy all the time (cpu_bound_lines_per_s=): lines_per_s can
come near it by running the sides side by side, never pass it.

    .venv/bin/python bench/fulfilment_import.py --lines 100000
    .venv/bin/python bench/fulfilment_import.py --lines 20000    # then 300000: memory should stay flat
"""
import argparse
import csv
import io
import signal
import sys
import time
from pathlib import Path

import requests

from _common import (
    CpuUse, app_config, bench_database, item_values, make_clients, migrated_app, peak_rss_mb, postgres_server_pid,
    private_redis, seed_rng, wait_for_job,
)

STOCKED_LOCATIONS = ("CA01", "NJ01", "TX01", "IL01", "NJ03", "CA02", "TX02")
STOCKED_SHARE = 0.85  # units on hand as a share of all that the file asks for


def us_addresses(rng, count):
    """``count`` real standard US ZIP codes with their city and state, as the customers' addresses."""
    import zipcodes

    standard = [z for z in zipcodes.list_all() if z["zip_code_type"] == "STANDARD" and z["active"]]
    return [rng.choice(standard) for _ in range(count)]


def build_rows(rng, lines, upcs):
    """Rows of the bulk file: requests of 1–5 distinct items, each of quantity 1–3."""
    rows, number = [], 0
    places = us_addresses(rng, max(1, lines // 3 + 1))
    while len(rows) < lines:
        number += 1
        place = places[number % len(places)]
        request = {
            "fulfillment_request_id": f"BENCH-{number:07d}", "order_id": f"ORD-{number:07d}", "fill_type": "partial",
            "to_name": f"Customer {number}", "to_address_1": f"{rng.randint(1, 9999)} Main St", "to_city": place["city"],
            "to_state": place["state"], "to_postal_code": place["zip_code"], "to_country": "US",
            "to_phone": f"212 555 {rng.randint(0, 9999):04d}",
        }
        for upc in rng.sample(upcs, min(rng.randint(1, 5), lines - len(rows))):
            rows.append({**request, "upc": upc, "quantity": str(rng.randint(1, 3))})
    return rows, number


def csv_file(rows):
    """The rows as a CSV file; its header is every column they use, in the order of the file's columns."""
    from api.orders.bulk import COLUMNS

    used = set().union(*rows)
    text = io.StringIO()
    writer = csv.DictWriter(text, [column for column in COLUMNS if column in used], lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue().encode()


def seed_catalogue(app, client_id, rng, items):
    from api.products.models import ItemType
    from api.extensions import db

    catalogue = [item_values(rng, n) for n in range(items)]
    with app.app_context():
        db.session.add_all(ItemType(client_id=client_id, upc=upc, sku=sku, name=name, category=category, composite_type=0)
                           for upc, sku, name, category in catalogue)
        db.session.commit()
    return [upc for upc, *_ in catalogue]


def seed_stock(app, client_id, rng, rows):
    """Units on hand for STOCKED_SHARE of what the rows ask for, each item's spread over a few warehouses."""
    from sqlalchemy import select

    from api.products.models import ItemType
    from api.extensions import db
    from api.inventory.ledger import Move, apply_moves

    wanted = {}
    for row in rows:
        wanted[row["upc"]] = wanted.get(row["upc"], 0) + int(row["quantity"])
    with app.app_context():
        items = {item.upc: item for item in db.session.scalars(select(ItemType).filter_by(client_id=client_id))}
        receipts = []
        for upc, units in sorted(wanted.items()):
            locations = rng.sample(STOCKED_LOCATIONS, rng.randint(1, 3))
            on_hand = int(units * STOCKED_SHARE)
            for index, location in enumerate(locations):
                share = on_hand // len(locations) + (on_hand % len(locations) if index == 0 else 0)
                if share:
                    receipts.append(Move(items[upc].id, location, unbound=share, reason="receipt", reference="bench"))
        apply_moves(client_id, receipts, "bench")
        db.session.commit()


def invariant(app):
    """(ok, allocated shipments, waiting shipments): bound matches the allocated lines everywhere, nothing
    is below zero, the ledger explains every level."""
    from sqlalchemy import func, select

    from api.extensions import db
    from api.inventory.models import InventoryLevel
    from api.inventory.service import ledger_drift
    from api.orders.models import CANCELED, Shipment, ShipmentLine

    with app.app_context():
        levels = list(db.session.scalars(select(InventoryLevel)))
        allocated = {
            (item_id, location): total for item_id, location, total in db.session.execute(
                select(ShipmentLine.item_type_id, Shipment.warehouse_id, func.sum(ShipmentLine.quantity_allocated))
                .join(Shipment, Shipment.id == ShipmentLine.shipment_id).where(Shipment.status != CANCELED)
                .group_by(ShipmentLine.item_type_id, Shipment.warehouse_id)) if total
        }
        ok = (all(level.unbound >= 0 and level.reserved >= 0 and level.bound >= 0 for level in levels)
              and {(level.item_type_id, level.location): level.bound for level in levels if level.bound} == allocated
              and ledger_drift() == [])
        counts = dict(db.session.execute(select(Shipment.inventory_allocated, func.count()).group_by(Shipment.inventory_allocated)).all())
        return ok, counts.get(True, 0), counts.get(False, 0)


def upload(session, base_url, body, headers):
    response = session.post(f"{base_url}/api/v4/fulfillment_requests/bulk?fileName=bench.csv", data=body,
                            headers={**headers, "Content-Type": "text/csv"})
    if response.status_code != 202:
        raise SystemExit(f"upload refused: {response.status_code} {response.text[:500]}")
    return response.json()["id"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--items", type=int, default=2_000, help="items in the catalogue")
    parser.add_argument("--timeout", type=int, default=3600)
    args = parser.parse_args()

    from tests.live import process_env, start_api, start_worker

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the processes below on the way out
    rng = seed_rng()
    with bench_database("portal_bench_fulfilment") as database_url, private_redis() as broker_url:
        limits = {"CSV_UPLOAD_MAX_BYTES": 1024 * 1024 * 1024}
        config = app_config(database_url, CELERY_BROKER_URL=broker_url, **limits)
        app = migrated_app(config)
        (client_id,), headers = make_clients(app, 1)
        upcs = seed_catalogue(app, client_id, rng, args.items)
        rows, requests_in_file = build_rows(rng, args.lines, upcs)
        body, warm_up = csv_file(rows), csv_file([{**rows[0], "fulfillment_request_id": "WARM-UP"}])
        seed_stock(app, client_id, rng, rows)
        print(f"lines={len(rows)} requests={requests_in_file} items={args.items} body_bytes={len(body)}", flush=True)

        env = process_env(app.config, **limits)
        log_dir = Path(config["INSTANCE_DIR"])
        worker = start_worker(env, log_dir, name="bench-worker")
        api, base_url = start_api(env, log_dir, name="bench-api")
        try:
            session = requests.Session()
            # A server's first calls pay for imports and connections: a one-line file warms both up.
            wait_for_job(session, base_url, upload(session, base_url, warm_up, headers), headers, 120)
            cpu = CpuUse(api=api.popen.pid, worker=worker.popen.pid, postgres=postgres_server_pid(database_url))
            cpu.start()
            started = time.perf_counter()
            job_id = upload(session, base_url, body, headers)
            accepted = time.perf_counter() - started
            job = wait_for_job(session, base_url, job_id, headers, args.timeout)
            elapsed = time.perf_counter() - started
            cpu.stop()
            peak, api_peak = peak_rss_mb(worker.popen.pid), peak_rss_mb(api.popen.pid)
        finally:
            api.stop()
            worker.stop()
        ok, allocated, waiting = invariant(app)
        print(f"job_state={job['state']} succeeded={job['succeeded']} failed={job['failed']}")
        print(f"upload_and_validation_s={accepted:.2f} total_s={elapsed:.2f}")
        print(f"lines_per_s={len(rows) / elapsed:.0f} peak_rss_mb={peak:.0f} api_peak_rss_mb={api_peak:.0f}")
        print(f"shipments_allocated={allocated} shipments_waiting={waiting} invariant_ok={str(ok).lower()}")
        print(cpu.figures(len(rows), "line"))
        return 0 if ok and job["state"] == "succeeded" and job["succeeded"] == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
