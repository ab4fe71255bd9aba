"""The fulfilment request list on a large account: GET /api/v4/fulfillment_requests through the HTTP stack.

Seeds (in SQL, with generate_series) N requests of one client, each with one shipment, beside other
clients' requests, in a fresh PostgreSQL database (portal_bench_requests, dropped afterwards),
migrated like production; serves the API with gunicorn and times the list page's first page (100
rows, as the list screen asks) with no filter and with each filter of the list alone, the search with
terms of each kind it finds (request and order ids, names, e-mails, cities, postal codes; rare,
common and absent). Prints p50 and p95 and the slowest call per filter, and p95_ms=,
worst_filter_p95_ms= and max_ms= over all of them, search_p95_ms= over the searches (goal: p95 under
50 ms for any one filter; with 20 calls a filter, its p95 is its second slowest, so two pauses of the
server landing on one filter decide it).

    .venv/bin/python bench/fulfilment_list.py [--requests 1000000] [--other-requests 100000] [--rounds 20] [--keep]

With --keep the seeded database (portal_bench_requests_kept) is kept after the run and taken again by
the next run with --keep and the same sizes, which saves seeding a million requests each time.
"""
import argparse
import sys
import time

from _common import (
    app_config, make_clients, mark_seeded, measure_list, migrated_app, percentile, seeded_clients, seeded_database,
)

PAGE = 100
STATES = ("NY", "CA", "TX", "IL", "NJ", "WA", "FL", "GA", "OH", "PA")
CITIES = ("Springfield", "Portland", "Brooklyn", "Austin", "Chicago", "Newark", "Seattle", "Miami", "Atlanta",
          "Columbus", "Philadelphia", "Albany", "Fresno")
# Each filter of the list page alone, with a value that matches a realistic share of the requests.
FILTERS = {
    "none": {},
    "orderId": {"orderId": "ORD-0000123"},
    "fulfillmentRequestId": {"fulfillmentRequestId": "FR-0000456"},
    "state": {"state": "TX"},
    "postalCode": {"postalCode": "100"},
    "shipToName": {"shipToName": "Customer 789"},
    "shipToEmail": {"shipToEmail": "customer789@example.com"},
    "dates": {"fromDate": "2026-03-01", "toDate": "2026-03-07"},
    "invalidToAddress": {"invalidToAddress": "true"},
    "requiresApproval": {"requiresApproval": "true"},
    "fraud": {"fraud": "true"},
    "unallocatedInventory": {"unallocatedInventory": "true"},
    "shipmentStatus": {"shipmentStatus": "processing"},
    "missingCustomsInfo": {"missingCustomsInfo": "true"},
    "searchTerm": {"searchTerm": "FR-00009"},
    "search_order": {"searchTerm": "1004"},
    "search_order_hash": {"searchTerm": "#ORD-0123456"},
    "search_name": {"searchTerm": "customer 4321"},
    "search_email": {"searchTerm": "customer98765@"},
    "search_city": {"searchTerm": "Fresno"},
    "search_common": {"searchTerm": "example.com"},
    "search_postal": {"searchTerm": "5432"},
    "search_absent": {"searchTerm": "zqx"},
}
SEARCHES = [name for name, query in FILTERS.items() if "searchTerm" in query]
KEPT_DATABASE = "portal_bench_requests_kept"


def seed(app, client_ids, requests, other_requests):
    """Requests spread over 2026 with realistic shares: 2% invalid addresses, 1% awaiting approval,
    0.5% fraud, 10% waiting for stock, shipments in every status, 3% abroad."""
    from api.extensions import db

    started = time.perf_counter()
    states = "ARRAY[" + ",".join(f"'{state}'" for state in STATES) + "]"
    cities = "ARRAY[" + ",".join(f"'{city}'" for city in CITIES) + "]"
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            with connection.cursor() as cursor:
                for client_id, count in [(client_ids[0], requests)] + [(c, other_requests) for c in client_ids[1:]]:
                    cursor.execute(f"""
                        INSERT INTO fulfillment_requests (
                            client_id, fulfillment_request_id, order_id, warehouse_id, fill_type, ship_together,
                            shipment_type, desired_ship_date, billing_type, options, requires_approval,
                            requires_approval_reason, fraud, to_name, to_address_1, to_city, to_state, to_postal_code,
                            to_country, to_phone, to_email, address_validated, created_at, created_by_username)
                        SELECT %(client)s, 'FR-' || lpad(n::text, 7, '0'), 'ORD-' || lpad(n::text, 7, '0'), 'NJ01',
                               'partial', false, 'default_shipment_type', DATE '2026-12-01', 'sender', '{{}}',
                               n %% 100 = 7, CASE WHEN n %% 100 = 7 THEN 'ltl' END, n %% 200 = 11,
                               'Customer ' || n, n || ' Main St', ({cities})[n %% {len(CITIES)} + 1],
                               ({states})[n %% 10 + 1],
                               lpad((n %% 99999)::text, 5, '0'), CASE WHEN n %% 33 = 0 THEN 'CA' ELSE 'US' END,
                               '212 555 0100', 'customer' || n || '@example.com', n %% 50 <> 3,
                               TIMESTAMP '2026-01-01' + (n * INTERVAL '1 second') * (28000000 / %(count)s),
                               'bench.manager'
                        FROM generate_series(1, %(count)s) AS n
                    """, {"client": client_id, "count": count})
                cursor.execute("""
                    INSERT INTO shipments (client_id, request_id, warehouse_id, status, inventory_allocated,
                                           created_at, updated_at)
                    SELECT client_id, id, 'NJ01',
                           (ARRAY['validating','ready_to_process','processing','pending_ship_label','shipped'])[id % 5 + 1],
                           id % 10 <> 4, created_at, created_at
                    FROM fulfillment_requests
                """)
            connection.commit()
            connection.driver_connection.autocommit = True
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE fulfillment_requests")
                cursor.execute("VACUUM ANALYZE shipments")
        finally:
            connection.close()
    total = requests + other_requests * (len(client_ids) - 1)
    print(f"seeded {total} requests with a shipment each in {time.perf_counter() - started:.1f}s", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1_000_000)
    parser.add_argument("--other-clients", type=int, default=5)
    parser.add_argument("--other-requests", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--keep", action="store_true", help=f"keep the seeded database ({KEPT_DATABASE}) for the next run")
    args = parser.parse_args()
    sizes = f"requests={args.requests} other_clients={args.other_clients} other_requests={args.other_requests}"

    from tests.live import process_env, start_api

    with seeded_database(KEPT_DATABASE if args.keep else "portal_bench_requests", sizes, args.keep) as (
            database_url, seeded):
        app = migrated_app(app_config(database_url))
        if seeded:
            client_ids, headers = seeded_clients(app)
            print(f"reused the requests seeded in {KEPT_DATABASE}", flush=True)
        else:
            client_ids, headers = make_clients(app, 1 + args.other_clients)
            seed(app, client_ids, args.requests, args.other_requests)
            if args.keep:
                mark_seeded(KEPT_DATABASE, sizes)
        api, base_url = start_api(process_env(app.config), app.config["INSTANCE_DIR"], name="bench-api")
        timings, summary, worst = measure_list(api, base_url, "/api/v4/fulfillment_requests", "fulfillment_requests",
                                               headers, FILTERS, args.rounds, PAGE)
        searches = [ms for name in SEARCHES for ms in timings[name]]
        print(f"{summary} search_p95_ms={percentile(searches, 0.95):.1f}")
        return 0 if worst < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
