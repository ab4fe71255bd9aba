"""The two dashboards on a large account: GET /api/v4/dashboards/orders and /shipments over HTTP.

Seeds, as bench/shipments_list.py does (its seed, in SQL with generate_series), N shipments of one
client, each of its own request, beside other clients' shipments, in a fresh PostgreSQL database
migrated like production; then moves the shipments' times so that the newest was made a week ago (the
seed places its year in 2026; the requests' own times stay, no dashboard reads them) and gives each
shipped parcel a weight. Serves the API with
gunicorn, calls each dashboard once to warm up and then ``--rounds`` times, and prints p50, p95 and the
slowest call of each, then orders_p95_ms= and shipments_p95_ms= (goal: under 100 ms each).

    .venv/bin/python bench/dashboards.py [--shipments 1000000] [--other-clients 5] [--other-shipments 100000]
                                         [--rounds 20] [--keep]

With --keep the seeded database (portal_bench_dashboards_kept) is kept after the run and taken again by
the next run with --keep and the same sizes (migrated to the newest schema and vacuumed first), which
saves seeding a million shipments each time.
"""
import argparse
import os
import sys
import time

from _common import (
    app_config, make_clients, mark_seeded, migrated_app, percentile, print_filter_timings, seeded_clients,
    seeded_database, time_filters,
)
from shipments_list import seed

GOAL_MS = 100
KEPT_DATABASE = "portal_bench_dashboards_kept"
DASHBOARDS = {"orders": "/api/v4/dashboards/orders", "shipments": "/api/v4/dashboards/shipments"}


def bring_to_the_present(app):
    """Shift every shipment's times so that the newest is a week old, and weigh the shipped ones (1 to 40
    pounds)."""
    from api.extensions import db

    started = time.perf_counter()
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT (now() AT TIME ZONE 'UTC') - INTERVAL '7 days' - max(created_at) FROM shipments")
                [shift] = cursor.fetchone()
                cursor.execute("""
                    UPDATE shipments SET created_at = created_at + %(shift)s, updated_at = updated_at + %(shift)s,
                                         shipped_at = shipped_at + %(shift)s, delivered_at = delivered_at + %(shift)s,
                                         weight = CASE WHEN shipped_at IS NOT NULL THEN 1 + id %% 40 END
                """, {"shift": shift})
            connection.commit()
            connection.driver_connection.autocommit = True
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE shipments")
        finally:
            connection.close()
    print(f"moved to the present in {time.perf_counter() - started:.1f}s", flush=True)


def vacuum(app):
    from api.extensions import db

    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            connection.driver_connection.autocommit = True
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE shipments")
        finally:
            connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shipments", type=int, default=1_000_000)
    parser.add_argument("--other-clients", type=int, default=5)
    parser.add_argument("--other-shipments", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--keep", action="store_true", help=f"keep the seeded database ({KEPT_DATABASE}) for the next run")
    args = parser.parse_args()
    sizes = f"shipments={args.shipments} other_clients={args.other_clients} other_shipments={args.other_shipments}"

    import requests as http

    from tests.live import process_env, start_api

    with seeded_database(KEPT_DATABASE if args.keep else "portal_bench_dashboards", sizes, args.keep) as (
            database_url, seeded):
        app = migrated_app(app_config(database_url))
        if seeded:
            _, headers = seeded_clients(app)
            vacuum(app)  # a migration since the seed may have rewritten the rows the indexes answer from
            print(f"reused the shipments seeded in {KEPT_DATABASE}", flush=True)
        else:
            client_ids, headers = make_clients(app, 1 + args.other_clients)
            seed(app, client_ids, args.shipments, args.other_shipments)
            bring_to_the_present(app)
            if args.keep:
                mark_seeded(KEPT_DATABASE, sizes)
        api, base_url = start_api(process_env(app.config), app.config["INSTANCE_DIR"], name="bench-api")
        session = http.Session()

        def call(path):
            response = session.get(f"{base_url}{path}", headers=headers)
            assert response.status_code == 200, (path, response.status_code, response.text[:300])
            return response

        def count(response):
            body = response.json()
            if "shipments_by_destination_state" in body:
                return sum(row["shipments"] for row in body["shipments_by_destination_state"])
            return sum(row["pending"] for row in body["orders_per_warehouse_summary"])

        print(f"load_avg_before={os.getloadavg()[0]:.2f}", flush=True)
        try:
            counted, timings = time_filters(call, count, DASHBOARDS, args.rounds)
        finally:
            api.stop()
        print_filter_timings(counted, timings)
        print(f"load_avg_after={os.getloadavg()[0]:.2f}")
        figures = {name: percentile(values, 0.95) for name, values in timings.items()}
        print(" ".join(f"{name}_p95_ms={ms:.1f}" for name, ms in figures.items()))
        return 0 if max(figures.values()) < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
