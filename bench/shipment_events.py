"""The warehouse's events through the HTTP stack: POST /api/v4/shipments/{id}/events one at a time, and
POST /api/v4/shipment_events in batches of 1,000.

Seeds (in SQL, with generate_series) shipments ready_to_process of one client, one line each with
its units bound in the ledger (the levels and their ledger rows written as placement writes them),
in a fresh PostgreSQL database (portal_bench_events, dropped afterwards), migrated like production;
serves the API with gunicorn and a staff token acting for the client. First single events, one call
after another (processing, then shipped, for each of --single shipments): p50, p95 and the slowest
call. Then batches of 1,000 (processing for every other shipment, then shipped): events applied a
second. Then a batch of each kind is sent again: every event must be answered duplicate. Last, the
database is checked: every shipment shipped once (one history row, one ledger row, its units gone
from bound), the ledger explains every level (the drift check).

Prints single_p50_ms=, single_p95_ms= (goal: under 30), batch_events_per_s= (goal: at least 5,000),
events_applied=, reposted= and duplicates= (events applied more than once: must be 0).

    .venv/bin/python bench/shipment_events.py [--single 500] [--batches 10] [--items 50]
"""
import argparse
import os
import sys
import time

import sqlalchemy as sa

from _common import CpuUse, app_config, bench_database, make_clients, migrated_app, percentile, postgres_server_pid

BATCH = 1000
LOCATION = "NJ01"
SHIPPED = {"tracking_number": "1Z999AA10123456784", "carrier": "UPS", "weight": 2.5,
           "tracking_url": "https://www.ups.com/track?tracknum=1Z999AA10123456784"}


def seed(app, client_id, shipments, items):
    """``shipments`` ready_to_process shipments of one unit each, spread over ``items`` items bound at
    LOCATION; answers their ids in order."""
    from api.extensions import db
    from api.inventory.ledger import Move, apply_moves
    from api.products.models import ItemType

    started = time.perf_counter()
    with app.app_context():
        catalogue = [ItemType(client_id=client_id, upc=f"{n:012d}", sku=f"EV-{n}", name=f"Event item {n}")
                     for n in range(items)]
        db.session.add_all(catalogue)
        db.session.flush()
        item_ids = [item.id for item in catalogue]
        apply_moves(client_id, [Move(item_id, LOCATION, unbound=shipments, reason="receipt", reference="bench")
                                for item_id in item_ids], "bench")
        statements = [
            """INSERT INTO fulfillment_requests (
                   client_id, fulfillment_request_id, warehouse_id, fill_type, ship_together, shipment_type,
                   desired_ship_date, billing_type, options, requires_approval, fraud, to_name, to_address_1,
                   to_city, to_state, to_postal_code, to_country, address_validated, created_at, created_by_username)
               SELECT :client, 'EV-' || n, :location, 'partial', false, 'default_shipment_type', DATE '2026-12-01',
                      'sender', '{}', false, false, 'Customer ' || n, n || ' Main St', 'Brooklyn', 'NY', '11201',
                      'US', true, now(), 'bench'
               FROM generate_series(1, :count) AS n""",
            """INSERT INTO fulfillment_request_sets (request_id, type)
               SELECT id, 'default_set_type' FROM fulfillment_requests WHERE client_id = :client""",
            """INSERT INTO fulfillment_request_set_items (set_id, item_type_id, upc, name, quantity, picked, details)
               SELECT s.id, i.id, i.upc, i.name, 1, true, '{}'
               FROM fulfillment_request_sets s
               JOIN item_types i ON i.id = (:items)[s.request_id % cardinality(:items) + 1]""",
            """INSERT INTO shipments (client_id, request_id, warehouse_id, status, inventory_allocated, created_at,
                                      updated_at)
               SELECT :client, id, :location, 'ready_to_process', true, now(), now()
               FROM fulfillment_requests WHERE client_id = :client ORDER BY id""",
            """INSERT INTO shipment_lines (shipment_id, set_item_id, item_type_id, quantity_desired, quantity_allocated)
               SELECT sh.id, si.id, si.item_type_id, 1, 1
               FROM shipments sh JOIN fulfillment_request_sets s ON s.request_id = sh.request_id
               JOIN fulfillment_request_set_items si ON si.set_id = s.id""",
        ]
        for statement in statements:
            db.session.execute(sa.text(statement), {"client": client_id, "location": LOCATION, "count": shipments,
                                                    "items": item_ids})
        bound = db.session.execute(sa.text(
            "SELECT item_type_id, sum(quantity_allocated) FROM shipment_lines GROUP BY item_type_id")).all()
        apply_moves(client_id, [Move(item_id, LOCATION, unbound=-units, bound=units, reason="allocation",
                                     reference="bench") for item_id, units in bound], "bench")
        shipment_ids = list(db.session.scalars(sa.text("SELECT id FROM shipments ORDER BY id")))
        db.session.commit()
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            for table in ("fulfillment_requests", "shipments", "shipment_lines", "inventory_levels"):
                connection.execute(sa.text(f"VACUUM ANALYZE {table}"))
    print(f"seeded {shipments} shipments over {items} items in {time.perf_counter() - started:.1f}s", flush=True)
    return shipment_ids


def staff_headers(app, client_id):
    """A staff token (an admin, as a warehouse system holds one) acting for the client."""
    from api.common.tokens import issue_token
    from api.extensions import db
    from api.users.models import User

    with app.app_context():
        user = User(username="warehouse.system", role="admin", client_id=None, real_name="Warehouse system",
                    email="warehouse@example.com", password_hash="!", permissions=[], active=True)
        db.session.add(user)
        db.session.commit()
        claims = {"sub": user.username, "username": user.username, "roles": ["admin"], "client_id": None}
        token, _ = issue_token(app.config, claims)
    return {"Authorization": f"Bearer {token}", "X-Client-Id": str(client_id)}


def event(event_id, status, at, **fields):
    return {"event_id": event_id, "status": status, "occurred_at": at, **fields}


def check_applied_once(app, shipped):
    """Events applied more than once (a shipment moved twice, its units taken twice, an event recorded
    twice), and whether the ledger explains every level and bound holds what unshipped lines hold."""
    from api.extensions import db
    from api.inventory.service import ledger_drift

    with app.app_context():
        twice = db.session.scalar(sa.text("""
            SELECT (SELECT count(*) FROM (SELECT shipment_id, to_status FROM shipment_status_changes
                                          WHERE from_status IS NOT NULL
                                          GROUP BY shipment_id, to_status HAVING count(*) > 1) moved)
                 + (SELECT count(*) FROM (SELECT reference FROM inventory_movements WHERE reason = 'shipment'
                                          GROUP BY reference HAVING count(*) > 1) taken)
                 + (SELECT count(*) - count(DISTINCT event_id) FROM shipment_events)"""))
        shipped_count = db.session.scalar(sa.text("SELECT count(*) FROM shipments WHERE status = 'shipped'"))
        taken = db.session.scalar(sa.text("SELECT -sum(bound_delta) FROM inventory_movements WHERE reason = 'shipment'"))
        bound = db.session.scalar(sa.text("SELECT sum(bound) FROM inventory_levels"))
        still_bound = db.session.scalar(sa.text("""
            SELECT coalesce(sum(l.quantity_allocated), 0) FROM shipment_lines l JOIN shipments s ON s.id = l.shipment_id
            WHERE s.status NOT IN ('shipped', 'delivered') AND s.inventory_allocated"""))
        drift = ledger_drift()
    ok = shipped_count == shipped and taken == shipped and bound == still_bound and not drift
    print(f"shipped={shipped_count} units_taken={taken} bound={bound} bound_by_lines={still_bound} "
          f"drift_levels={len(drift)}", flush=True)
    return twice, ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--single", type=int, default=500, help="shipments moved by single events (2 calls each)")
    parser.add_argument("--batches", type=int, default=10, help="batches of 1,000 of each kind (processing, shipped)")
    parser.add_argument("--items", type=int, default=50)
    args = parser.parse_args()

    import requests as http

    from tests.live import process_env, start_api

    with bench_database("portal_bench_events") as database_url:
        app = migrated_app(app_config(database_url))
        [client_id], _ = make_clients(app, 1)
        shipment_ids = seed(app, client_id, args.single + args.batches * BATCH, args.items)
        headers = staff_headers(app, client_id)
        singles, batched = shipment_ids[:args.single], shipment_ids[args.single:]
        api, base_url = start_api(process_env(app.config), app.config["INSTANCE_DIR"], name="bench-api")
        session = http.Session()
        applied = 0

        def post(url, body):
            response = session.post(base_url + url, json=body, headers=headers)
            assert response.status_code == 200, (url, response.status_code, response.text[:300])
            return response.json()

        print(f"load_avg_before={os.getloadavg()[0]:.2f}", flush=True)
        try:
            timings = []
            cpu = CpuUse(api=api.popen.pid, postgres=postgres_server_pid(database_url))
            cpu.start()
            for status, at, fields in (("processing", "2026-03-02T09:00:00Z", {}),
                                       ("shipped", "2026-03-02T15:00:00Z", SHIPPED)):
                for shipment_id in singles:
                    started = time.perf_counter()
                    answer = post(f"/api/v4/shipments/{shipment_id}/events",
                                  event(f"S-{status}-{shipment_id}", status, at, **fields))
                    timings.append((time.perf_counter() - started) * 1000)
                    assert answer["shipment"]["status"] == status, answer
                    applied += 1
            cpu.stop()
            print(f"single_calls={len(timings)} single_p50_ms={percentile(timings, 0.5):.1f} "
                  f"single_p95_ms={percentile(timings, 0.95):.1f} single_max_ms={max(timings):.1f}", flush=True)
            print(cpu.figures(len(timings), "single_event"), flush=True)

            batches = [[{**event(f"B-{status}-{shipment_id}", status, at, **fields), "shipment_id": shipment_id}
                        for shipment_id in batched[start:start + BATCH]]
                       for status, at, fields in (("processing", "2026-03-02T09:00:00Z", {}),
                                                  ("shipped", "2026-03-02T15:00:00Z", SHIPPED))
                       for start in range(0, len(batched), BATCH)]
            batch_ms = []
            cpu = CpuUse(api=api.popen.pid, postgres=postgres_server_pid(database_url))
            cpu.start()
            for batch in batches:
                started = time.perf_counter()
                answer = post("/api/v4/shipment_events", {"events": batch})
                batch_ms.append((time.perf_counter() - started) * 1000)
                results = [entry["status"] for entry in answer["events"]]
                assert results == ["applied"] * len(batch), {result: results.count(result) for result in set(results)}
                applied += len(batch)
            cpu.stop()
            batched_events = sum(len(batch) for batch in batches)
            events_per_s = batched_events / (sum(batch_ms) / 1000)
            print(f"batches={len(batches)} batch_p50_ms={percentile(batch_ms, 0.5):.0f} "
                  f"batch_max_ms={max(batch_ms):.0f} batch_events_per_s={events_per_s:.0f}", flush=True)
            print(cpu.figures(batched_events, "event"), flush=True)

            reposted = 0
            for batch in (batches[0], batches[-1]):
                answer = post("/api/v4/shipment_events", {"events": batch})
                assert all(entry["status"] == "duplicate" for entry in answer["events"]), answer["events"][:3]
                reposted += len(batch)
            for shipment_id in singles[:50]:
                again = session.post(f"{base_url}/api/v4/shipments/{shipment_id}/events", headers=headers,
                                     json=event(f"S-shipped-{shipment_id}", "shipped", "2026-03-02T15:00:00Z", **SHIPPED))
                assert again.headers.get("Idempotent-Replayed") == "true", again.text[:300]
                reposted += 1
        finally:
            api.stop()
        duplicates, ledger_ok = check_applied_once(app, len(shipment_ids))
        print(f"load_avg_after={os.getloadavg()[0]:.2f}")
        print(f"events_applied={applied} reposted={reposted} duplicates={duplicates} ledger_ok={ledger_ok}")
        return 0 if duplicates == 0 and ledger_ok else 1


if __name__ == "__main__":
    sys.exit(main())
