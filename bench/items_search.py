"""Item search on a large catalogue: GET /api/v4/items?searchTerm= through the HTTP stack.

Seeds (with COPY) 1,000,000 items of one client beside 10 other clients' items in a fresh PostgreSQL
database (portal_bench_search, dropped afterwards), migrated like production, serves the API with
gunicorn and times the list call over HTTP for a mix of search terms: prints p50_ms= and p95_ms=
(goal: p95 under 50 ms) and the load average before and after.

    .venv/bin/python bench/items_search.py [--items 1000000] [--other-items 50000] [--rounds 20] [--in-process]

--in-process calls the app with Flask's test client instead (the same WSGI stack without gunicorn
and the socket) and prints in_process_p50_ms= and in_process_p95_ms=.
"""
import argparse
import os
import sys
import time
from datetime import datetime
from urllib.parse import quote

from _common import app_config, bench_database, item_values, make_clients, migrated_app, percentile, seed_rng

TERMS = (
    "tent", "Merino Wool", "kayak paddle", "ultralight", "xyzzy", "nothing-like-this",
    "TRA-00", "0000123", "000000912345", "ab", "Summit Ridge", "LAN-0004",
)
COLUMNS = (
    "client_id", "upc", "sku", "name", "category", "composite_type", "requires_serial_number", "hazmat",
    "requires_expiration", "ships_in_own_container", "is_package", "shopify_inventory_sync", "created_at", "updated_at",
)


def seed(app, client_ids, items, other_items):
    from api.extensions import db

    rng = seed_rng()
    now = datetime(2026, 1, 1)
    started = time.perf_counter()
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            with connection.cursor() as cursor:
                with cursor.copy(f"COPY item_types ({', '.join(COLUMNS)}) FROM STDIN") as copy:
                    n = 0
                    for client_id, count in [(client_ids[0], items)] + [(c, other_items) for c in client_ids[1:]]:
                        for _ in range(count):
                            n += 1
                            upc, sku, name, category = item_values(rng, n)
                            copy.write_row((client_id, upc, sku, name, category, 0, False, False, False, False, False, False, now, now))
            connection.commit()
            # What autovacuum does to a table after a large load: statistics and the visibility map.
            connection.driver_connection.autocommit = True
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE item_types")
        finally:
            connection.close()
    print(f"seeded {items + other_items * (len(client_ids) - 1)} items in {time.perf_counter() - started:.1f}s", flush=True)


def timed_calls(call, rounds):
    timings = {term: [] for term in TERMS}
    hits = {term: call(term)[1] for term in TERMS}  # also warms the cache for each term
    for _ in range(rounds):
        for term in TERMS:
            started = time.perf_counter()
            status, count = call(term)
            timings[term].append((time.perf_counter() - started) * 1000)
            assert status == 200, (term, status)
    return timings, hits


def in_process_caller(app, headers):
    http = app.test_client()

    def call(term):
        response = http.get(f"/api/v4/items?searchTerm={quote(term)}", headers=headers)
        return response.status_code, len(response.get_json()["items"])

    return call


def live_caller(app, headers):
    import requests

    from tests.live import process_env, start_api

    env = process_env(app.config)
    log_dir = app.config["INSTANCE_DIR"]
    process, base_url = start_api(env, log_dir, name="bench-api")
    session = requests.Session()

    def call(term):
        response = session.get(f"{base_url}/api/v4/items", params={"searchTerm": term}, headers=headers)
        return response.status_code, len(response.json()["items"])

    return call, process


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--other-clients", type=int, default=10)
    parser.add_argument("--other-items", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--in-process", action="store_true", help="call the app with Flask's test client, not over HTTP")
    args = parser.parse_args()
    figure = "in_process_" if args.in_process else ""

    with bench_database("portal_bench_search") as database_url:
        app = migrated_app(app_config(database_url))
        client_ids, headers = make_clients(app, 1 + args.other_clients)
        seed(app, client_ids, args.items, args.other_items)
        process = None
        if args.in_process:
            call = in_process_caller(app, headers)
        else:
            call, process = live_caller(app, headers)
        print(f"load_avg_before={os.getloadavg()[0]:.2f}", flush=True)
        try:
            with app.app_context():
                timings, hits = timed_calls(call, args.rounds)
        finally:
            if process is not None:
                process.stop()
        everything = [ms for values in timings.values() for ms in values]
        for term, values in timings.items():
            print(f"  {term!r:24} p50={percentile(values, 0.5):7.1f} ms  p95={percentile(values, 0.95):7.1f} ms  "
                  f"hits={hits[term]}")
        print(f"load_avg_after={os.getloadavg()[0]:.2f}")
        print(f"calls={len(everything)} {figure}p50_ms={percentile(everything, 0.5):.1f} "
              f"{figure}p95_ms={percentile(everything, 0.95):.1f}")
        return 0 if percentile(everything, 0.95) < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
