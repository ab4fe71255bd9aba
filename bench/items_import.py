"""Bulk items import end to end: upload, validation, job, worker, on PostgreSQL and Redis.

Builds a realistic N-row items CSV (quoted commas and quotes, decimals, booleans) and sends it as the
browser does (the file itself, text/csv; or, with --body json, its rows keyed by header as a JSON
array, as API clients may) to POST /api/v4/items/bulk?runAsync=true of a live
API (gunicorn) with a real Celery worker behind it, waits for the job and prints rows_per_s= and the
worker's peak resident memory (peak_rss_mb=, VmHWM of the process that ran the job) and the API's
(api_peak_rss_mb=, the gunicorn process that took the upload). Then it times
PostgreSQL's own COPY of the same rows into the emptied item_types, written the way the job writes
them, and prints that ceiling (copy_ceiling_rows_per_s=) and the fraction of it reached.

    .venv/bin/python bench/items_import.py --rows 100000
    .venv/bin/python bench/items_import.py --rows 1000000
"""
import argparse
import csv
import io
import json
import signal
import sys
import threading
import time
from pathlib import Path

import requests

from _common import (
    WORDS, app_config, bench_database, item_name, make_clients, migrated_app, peak_rss_mb, private_redis, seed_rng,
    wait_for_job,
)

COLUMNS = (
    "id", "upc", "sku", "name", "category", "subcategory", "cost", "value", "customs_origin", "customs_description",
    "tariff_code", "hazmat", "requires_serial_number", "length", "width", "height", "weight",
)


def build_csv(rows):
    rng = seed_rng()
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for n in range(rows):
        name = item_name(rng)
        writer.writerow((
            "", f"{700000000000 + n}", f"{name[:3].upper()}-{n:07d}", f'{name}, {rng.choice(WORDS)} "{rng.randint(1, 9)}-pack"',
            rng.choice(WORDS).title(), "", f"{rng.randint(1, 50000) / 100:.2f}", f"{rng.randint(1, 90000) / 100:.2f}",
            rng.choice(("US", "CN", "DE", "")), f"{rng.choice(WORDS)} of {rng.choice(WORDS)}, {rng.choice(WORDS)}",
            f"{rng.randint(1000, 9999)}.{rng.randint(10, 99)}", rng.choice(("true", "false", "")), "false",
            f"{rng.randint(1, 400) / 10:.1f}", f"{rng.randint(1, 300) / 10:.1f}", f"{rng.randint(1, 200) / 10:.1f}",
            f"{rng.randint(1, 5000) / 100:.2f}",
        ))
    return buffer.getvalue()


def upload(session, base_url, body, headers):
    response = session.post(f"{base_url}/api/v4/items/bulk?runAsync=true", data=body, headers=headers)
    if response.status_code != 202:
        raise SystemExit(f"upload refused: {response.status_code} {response.text[:500]}")
    return response.json()["id"]


def copy_text(rows, client_id):
    """The rows as COPY text for item_types, with what the job adds to each new item."""
    escapes = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
    booleans = {"hazmat", "requires_serial_number"}
    names = [name for name in COLUMNS if name != "id"]
    added = {"client_id": str(client_id), "composite_type": "0", "requires_expiration": "f", "ships_in_own_container": "f",
             "is_package": "f", "shopify_inventory_sync": "f", "created_at": "2026-01-01", "updated_at": "2026-01-01"}
    lines = [
        "\t".join([("t" if row[name] == "true" else "f") if name in booleans else (row[name].translate(escapes) or "\\N")
                   for name in names] + list(added.values())) + "\n"
        for row in rows
    ]
    return names + list(added), lines


def copy_ceiling(database_url, client_id, rows, connections=2, chunk_rows=5000):
    """Rows per second of PostgreSQL's own COPY of the same rows into the emptied item_types, with
    all its indexes, in chunks committed one by one over ``connections`` connections, as the job
    writes them: the rate no import through the portal can pass on this machine."""
    import psycopg

    names, lines = copy_text(rows, client_id)
    chunks = [("".join(lines[start:start + chunk_rows])).encode() for start in range(0, len(lines), chunk_rows)]
    dsn = database_url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(dsn, autocommit=True) as admin:
        admin.execute("TRUNCATE item_types CASCADE")
    pending, lock = list(reversed(chunks)), threading.Lock()

    def write():
        with psycopg.connect(dsn) as connection:
            while True:
                with lock:
                    if not pending:
                        return
                    chunk = pending.pop()
                with connection.cursor().copy(f"COPY item_types ({', '.join(names)}) FROM STDIN") as copy:
                    copy.write(chunk)
                connection.commit()

    started = time.perf_counter()
    writers = [threading.Thread(target=write) for _ in range(connections)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    return len(rows) / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--timeout", type=int, default=1800)
    parser.add_argument("--body", choices=("csv", "json"), default="csv", help="send the file itself, or its rows as JSON")
    args = parser.parse_args()

    from tests.live import process_env, start_api, start_worker

    text = build_csv(args.rows)
    rows = list(csv.DictReader(io.StringIO(text)))
    if args.body == "csv":
        body, content_type = text.encode(), "text/csv"
    else:
        body, content_type = json.dumps(rows).encode(), "application/json"
    print(f"body={args.body} body_bytes={len(body)}", flush=True)

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the processes below on the way out
    with bench_database("portal_bench_import") as database_url, private_redis() as broker_url:
        limits = {"UPLOAD_MAX_BYTES": max(100 * 1024 * 1024, len(body) + 1024), "CSV_UPLOAD_MAX_BYTES": max(512 * 1024 * 1024, len(body) + 1024)}
        config = app_config(database_url, CELERY_BROKER_URL=broker_url, **limits)
        app = migrated_app(config)
        (client_id,), headers = make_clients(app, 1)
        env = process_env(app.config, **limits)
        log_dir = Path(config["INSTANCE_DIR"])
        worker = start_worker(env, log_dir, name="bench-worker")
        api, base_url = start_api(env, log_dir, name="bench-api")
        try:
            session = requests.Session()
            # A server's first calls pay for imports and connections (the broker's among them): a
            # one-row import warms the API and the worker up, as any running portal is.
            warm_up = [{**rows[0], "upc": "WARM-UP", "sku": "WARM-UP"}]
            json_headers = {**headers, "Content-Type": "application/json"}
            wait_for_job(session, base_url, upload(session, base_url, json.dumps(warm_up), json_headers), headers, 60)
            started = time.perf_counter()
            job_id = upload(session, base_url, body, {**headers, "Content-Type": content_type})
            accepted = time.perf_counter() - started
            job = wait_for_job(session, base_url, job_id, headers, args.timeout)
            elapsed = time.perf_counter() - started
            peak = peak_rss_mb(worker.popen.pid)
            api_peak = peak_rss_mb(api.popen.pid)
        finally:
            api.stop()
            worker.stop()
        print(f"job_state={job['state']} succeeded={job['succeeded']} failed={job['failed']}")
        print(f"upload_and_validation_s={accepted:.2f} total_s={elapsed:.2f}")
        print(f"rows={args.rows} rows_per_s={args.rows / elapsed:.0f} peak_rss_mb={peak:.0f} api_peak_rss_mb={api_peak:.0f}")
        ceiling = copy_ceiling(database_url, client_id, rows)
        print(f"copy_ceiling_rows_per_s={ceiling:.0f} fraction_of_copy={args.rows / elapsed / ceiling:.2f}")
        return 0 if job["state"] == "succeeded" and job["succeeded"] == args.rows else 1


if __name__ == "__main__":
    sys.exit(main())
