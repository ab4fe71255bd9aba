"""The shipment list on a large account: GET /api/v4/shipments through the HTTP stack.

Seeds (in SQL, with generate_series) N shipments of one client, each of its own request with a set, a
line and the item it sends, beside other clients' shipments, in a fresh PostgreSQL database
(portal_bench_shipments, dropped afterwards), migrated like production; serves the API with gunicorn
and times the list's first page (100 rows) with no filter and with each filter alone: status (a
common and a rare one), orderId, fulfillmentRequestId, shipmentGroupId, warehouse, a shipped week and
an open shipped range. Prints p50 and p95 and the slowest call per filter, and p95_ms=,
worst_filter_p95_ms= and max_ms= over all of them (goal: p95 under 50 ms for any one filter; with 20
calls a filter, its p95 is its second slowest).

    .venv/bin/python bench/shipments_list.py [--shipments 1000000] [--other-clients 5] [--other-shipments 100000] [--rounds 20]
"""
import argparse
import sys
import time

from _common import app_config, bench_database, make_clients, measure_list, migrated_app

PAGE = 100
WAREHOUSES = ("NJ01", "CA01", "TX01", "IL01", "NJ03", "CA02")
ITEMS = 200
# Each filter alone, with a value matching a realistic share of one client's shipments.
FILTERS = {
    "none": {},
    "status_delivered": {"status": "delivered"},
    "status_exception": {"status": "exception"},
    "status_processing": {"status": "processing"},
    "orderId": {"orderId": "ORD-0000123"},
    "fulfillmentRequestId": {"fulfillmentRequestId": "FR-0456789"},
    "shipmentGroupId": {"shipmentGroupId": 207},
    "warehouse": {"warehouse": "TX01"},
    "shipped_week": {"shippedFrom": "2026-06-01", "shippedTo": "2026-06-07"},
    "shipped_since": {"shippedFrom": "2026-03-01"},
    "shipped_until": {"shippedTo": "2026-02-01", "timeZone": "America/New_York"},
}


def seed(app, client_ids, shipments, other_shipments):
    """Per client: items (a tenth lacking customs fields), then requests spread over 2026 (3% abroad),
    each with a set, a line and a shipment: the older 97% shipped or delivered (3% cancelled, 0.5% in
    the exception state), the newest 3% in the early statuses; 1% in shipment groups of ten; EDI details
    for 1% and custom labels for 0.5%."""
    from api.extensions import db

    started = time.perf_counter()
    warehouses = "ARRAY[" + ",".join(f"'{code}'" for code in WAREHOUSES) + "]"
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            with connection.cursor() as cursor:
                for client_id, count in [(client_ids[0], shipments)] + [(c, other_shipments) for c in client_ids[1:]]:
                    _seed_client(cursor, client_id, count, warehouses)
            connection.commit()
            connection.driver_connection.autocommit = True
            with connection.cursor() as cursor:
                for table in ("item_types", "fulfillment_requests", "fulfillment_request_sets",
                              "fulfillment_request_set_items", "shipments", "shipment_lines", "shipment_files",
                              "shipment_details"):
                    cursor.execute(f"VACUUM ANALYZE {table}")
        finally:
            connection.close()
    total = shipments + other_shipments * (len(client_ids) - 1)
    print(f"seeded {total} shipments in {time.perf_counter() - started:.1f}s", flush=True)


def _seed_client(cursor, client_id, count, warehouses):
    values = {"client": client_id, "count": count, "items": ITEMS, "early": count - count * 3 // 100}
    cursor.execute("""
        INSERT INTO item_types (client_id, upc, sku, name, composite_type, requires_serial_number, hazmat,
                                requires_expiration, ships_in_own_container, is_package, shopify_inventory_sync,
                                tariff_code, customs_description, customs_origin, created_at, updated_at)
        SELECT %(client)s, lpad(n::text, 12, '0'), 'SKU-' || n, 'Item ' || n, 0, false, false, false, false, false,
               false, CASE WHEN n %% 10 <> 0 THEN '6306.22' END, 'Camping goods', 'VN', now(), now()
        FROM generate_series(1, %(items)s) AS n
    """, values)
    cursor.execute(f"""
        INSERT INTO fulfillment_requests (
            client_id, fulfillment_request_id, order_id, warehouse_id, fill_type, ship_together, shipment_type,
            desired_ship_date, billing_type, options, requires_approval, fraud, to_name, to_address_1, to_city,
            to_state, to_postal_code, to_country, to_phone, to_email, address_validated, created_at,
            created_by_username)
        SELECT %(client)s, 'FR-' || lpad(n::text, 7, '0'), 'ORD-' || lpad(n::text, 7, '0'),
               ({warehouses})[n %% 6 + 1], 'partial', false, 'default_shipment_type', DATE '2026-12-01', 'sender',
               '{{}}', false, false, 'Customer ' || n, n || ' Main St', 'Springfield', 'NY',
               lpad((n %% 99999)::text, 5, '0'), CASE WHEN n %% 33 = 0 THEN 'CA' ELSE 'US' END, '212 555 0100',
               'customer' || n || '@example.com', true,
               TIMESTAMP '2026-01-01' + (n * INTERVAL '1 second') * (28000000 / %(count)s), 'bench.manager'
        FROM generate_series(1, %(count)s) AS n
    """, values)
    cursor.execute("""
        INSERT INTO fulfillment_request_sets (request_id, type)
        SELECT id, 'default_set_type' FROM fulfillment_requests WHERE client_id = %(client)s
    """, values)
    cursor.execute("""
        INSERT INTO fulfillment_request_set_items (set_id, item_type_id, upc, name, quantity, picked, details)
        SELECT s.id, i.id, i.upc, i.name, 1 + s.request_id %% 3, true, '{}'
        FROM fulfillment_request_sets s
        JOIN fulfillment_requests r ON r.id = s.request_id AND r.client_id = %(client)s
        JOIN item_types i ON i.client_id = %(client)s AND i.upc = lpad((s.request_id %% %(items)s + 1)::text, 12, '0')
    """, values)
    cursor.execute("""
        INSERT INTO shipments (client_id, request_id, warehouse_id, status, inventory_allocated, shipment_group_id,
                               tracking_number, carrier, shipped_at, delivered_at, exception_reason, created_at,
                               updated_at)
        SELECT client_id, id, warehouse_id, status, status <> 'canceled', CASE WHEN n %% 100 = 7 THEN n / 1000 END,
               CASE WHEN shipped THEN '1Z' || lpad(n::text, 16, '0') END, CASE WHEN shipped THEN 'UPS' END,
               CASE WHEN shipped THEN created_at + INTERVAL '1 day' END,
               CASE WHEN status = 'delivered' THEN created_at + INTERVAL '4 days' END,
               CASE WHEN status = 'exception' THEN 'Damaged in transit' END, created_at, created_at
        FROM (SELECT *, status IN ('shipped', 'delivered', 'exception') AS shipped
              FROM (SELECT *, CASE WHEN n > %(early)s THEN
                                       (ARRAY['validating', 'ready_to_process', 'processing', 'pending_ship_label'])[n %% 4 + 1]
                                   WHEN n %% 200 = 0 THEN 'exception'
                                   WHEN n %% 33 = 1 THEN 'canceled'
                                   WHEN n %% 3 = 0 THEN 'shipped'
                                   ELSE 'delivered' END AS status
                    FROM (SELECT id, client_id, warehouse_id, created_at, substr(fulfillment_request_id, 4)::int AS n
                          FROM fulfillment_requests WHERE client_id = %(client)s) AS numbered) AS placed) AS chosen
    """, values)
    cursor.execute("""
        INSERT INTO shipment_lines (shipment_id, set_item_id, item_type_id, quantity_desired, quantity_allocated)
        SELECT sh.id, si.id, si.item_type_id, si.quantity, CASE WHEN sh.inventory_allocated THEN si.quantity ELSE 0 END
        FROM shipments sh
        JOIN fulfillment_request_sets s ON s.request_id = sh.request_id
        JOIN fulfillment_request_set_items si ON si.set_id = s.id
        WHERE sh.client_id = %(client)s
    """, values)
    cursor.execute("""
        INSERT INTO shipment_details (client_id, shipment_id, retailer, cancel_date, po_number, updated_at,
                                      updated_by_username)
        SELECT client_id, id, 'Target', DATE '2026-12-24', 'PO-' || id, now(), 'bench.manager'
        FROM shipments WHERE client_id = %(client)s AND id %% 100 = 3
    """, values)
    cursor.execute("""
        INSERT INTO shipment_files (client_id, shipment_id, kind, stored_name, name, format, content_type, copies,
                                    size, content, created_at, created_by_username)
        SELECT client_id, id, 'custom_label', 'label-' || id, 'label.zpl', 'zpl', 'text/plain', 1, 9,
               convert_to('^XA^FO^XZ', 'UTF8'), now(), 'bench.manager'
        FROM shipments WHERE client_id = %(client)s AND id %% 200 = 5
    """, values)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shipments", type=int, default=1_000_000)
    parser.add_argument("--other-clients", type=int, default=5)
    parser.add_argument("--other-shipments", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()

    from tests.live import process_env, start_api

    with bench_database("portal_bench_shipments") as database_url:
        app = migrated_app(app_config(database_url))
        client_ids, headers = make_clients(app, 1 + args.other_clients)
        seed(app, client_ids, args.shipments, args.other_shipments)
        api, base_url = start_api(process_env(app.config), app.config["INSTANCE_DIR"], name="bench-api")
        _, summary, worst = measure_list(api, base_url, "/api/v4/shipments", "shipments", headers, FILTERS, args.rounds, PAGE)
        print(summary)
        return 0 if worst < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
