"""The shop's orders/create webhooks through the HTTP stack (gunicorn) with a real Celery worker, on
PostgreSQL and a Redis of the run's own, against the local shop platform (tests/shop_platform.py)
whose Admin API takes --shop-delay-ms a call, as a slow shop would.

Every one of --orders orders is delivered --deliveries times, each time with its own webhook id (the
shop delivers an order again when it thinks a delivery failed), by --senders threads at once, so
deliveries of one order meet in the worker (the machine's load and cores are printed: the latency
is that of the API's processes sharing the cores with the worker and PostgreSQL); then --replays deliveries are sent again with the same
webhook id (each must be refused 409). The worker imports each order by reading it from the shop.

Prints webhook_p50_ms=, webhook_p95_ms= (goal: under 50, whatever the import costs), the CPU a
webhook costs the API and PostgreSQL (cpu_us_per_webhook_api=, _postgres=), replays_refused=,
orders_imported= and orders_duplicated= (requests made beyond one per shop order, counted in the
database: must be 0).

    .venv/bin/python bench/shop_webhooks.py [--orders 200] [--deliveries 2] [--senders 8] [--shop-delay-ms 100]
"""
import argparse
import json
import os
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sqlalchemy as sa

from _common import (
    CpuUse, app_config, bench_database, make_clients, migrated_app, percentile, postgres_server_pid, private_redis,
)

SHOP = "bench-outdoor.myshopify.com"
URL = "/api/v4/shopify/webhooks/orders_create"


def seed(app, client_id, platform, orders, items):
    """``items`` items with Shopify variant ids, stock for every order, the shop linked, and
    ``orders`` open orders in the shop: answers the orders."""
    from api.clients.models import Client
    from api.extensions import db
    from api.inventory.ledger import Move, apply_moves
    from api.products.models import ItemType
    from tests.shop_platform import link_shop

    with app.app_context():
        catalogue = [ItemType(client_id=client_id, upc=f"{n:012d}", sku=f"WH-{n}", name=f"Webhook item {n}",
                              shopify_variant_id=str(900000 + n)) for n in range(items)]
        db.session.add_all(catalogue)
        db.session.flush()
        apply_moves(client_id, [Move(item.id, "NJ01", unbound=orders * 3, reason="receipt", reference="bench")
                                for item in catalogue], "bench")
        db.session.commit()
        link_shop(app, db.session.get(Client, client_id), SHOP)
    return [platform.admin.add_order(SHOP, [(f"WH-{n % items}", 900000 + n % items, 1 + n % 3)]) for n in range(orders)]


def deliver(session, base_url, order, webhook_id=None):
    from tests.shop_platform import webhook_headers

    body = json.dumps({"id": int(order["legacyResourceId"]), "name": order["name"]}).encode()
    headers = webhook_headers(SHOP, body, webhook_id=webhook_id)
    started = time.perf_counter()
    response = session.post(base_url + URL, data=body, headers=headers, timeout=30)
    return (time.perf_counter() - started) * 1000, response.status_code, headers["X-Shopify-Webhook-Id"]


def wait_for_imports(database_url, expected, timeout):
    engine = sa.create_engine(database_url)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            with engine.connect() as connection:
                done = connection.scalar(sa.text("SELECT count(*) FROM shop_order_imports"))
            if done >= expected:
                return done
            time.sleep(0.2)
        return done
    finally:
        engine.dispose()


def duplicated(database_url):
    """Requests beyond one per shop order: by the shop's order name, and by the import rows."""
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            by_name = connection.scalar(sa.text(
                "SELECT coalesce(sum(n - 1), 0) FROM (SELECT count(*) AS n FROM fulfillment_requests "
                "WHERE fulfillment_request_id LIKE 'SHOPIFY-%' GROUP BY order_id) AS per_order"))
            extra_requests = connection.scalar(sa.text(
                "SELECT (SELECT count(*) FROM fulfillment_requests WHERE fulfillment_request_id LIKE 'SHOPIFY-%') "
                "- (SELECT count(DISTINCT shop_order_id) FROM shop_order_imports)"))
        return max(by_name, extra_requests)
    finally:
        engine.dispose()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=200)
    parser.add_argument("--deliveries", type=int, default=2, help="deliveries of each order, each its own webhook id")
    parser.add_argument("--replays", type=int, default=50, help="deliveries sent again with their webhook id")
    parser.add_argument("--senders", type=int, default=2, help="deliveries sent at once (the shop sends in parallel)")
    parser.add_argument("--items", type=int, default=20)
    parser.add_argument("--shop-delay-ms", type=int, default=100, help="what each Admin API call takes")
    args = parser.parse_args()

    import requests

    from tests.live import process_env, start_api, start_worker
    from tests.shop_platform import connect

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the processes below on the way out
    with bench_database("portal_bench_shop_webhooks") as database_url, private_redis() as broker_url:
        config = app_config(database_url, CELERY_BROKER_URL=broker_url)
        app = migrated_app(config)
        platform = connect(app)  # the local shop platform, the app pointed at it
        platform.admin.delay = args.shop_delay_ms / 1000
        (client_id,), _ = make_clients(app, 1)
        orders = seed(app, client_id, platform, args.orders, args.items)
        env = process_env(app.config, **platform.settings)
        log_dir = Path(config["INSTANCE_DIR"])
        worker = start_worker(env, log_dir, name="bench-shop-worker")
        api, base_url = start_api(env, log_dir, name="bench-shop-api")
        try:
            session = requests.Session()
            for _ in range(20):  # warms the API's processes: imports, connections, the first statements
                deliver(session, base_url, orders[0])
            print(f"load_avg_before={os.getloadavg()[0]:.2f} cpus={os.cpu_count()}", flush=True)
            deliveries = [order for _ in range(args.deliveries) for order in orders]
            cpu = CpuUse(api=api.popen.pid, postgres=postgres_server_pid(database_url))
            cpu.start()
            with ThreadPoolExecutor(args.senders) as senders:
                answers = list(senders.map(lambda order: deliver(requests.Session(), base_url, order), deliveries))
            cpu.stop()
            assert all(status == 200 for _, status, _ in answers), {status for _, status, _ in answers}
            timings = [ms for ms, _, _ in answers]
            replayed = [deliver(session, base_url, order, webhook_id) for order, (_, _, webhook_id)
                        in zip(deliveries[:args.replays], answers[:args.replays])]
            refused = sum(status == 409 for _, status, _ in replayed)
            print(f"deliveries={len(answers)} webhook_p50_ms={percentile(timings, 0.5):.1f} "
                  f"webhook_p95_ms={percentile(timings, 0.95):.1f} webhook_max_ms={max(timings):.1f} "
                  f"replays_sent={len(replayed)} replays_refused={refused}", flush=True)
            # What a webhook costs the API and PostgreSQL, whatever else the machine runs meanwhile.
            print(cpu.figures(len(answers), "webhook"), flush=True)
            started = time.monotonic()
            imported = wait_for_imports(database_url, args.orders, timeout=max(120, args.orders * args.deliveries))
            print(f"import_seconds={time.monotonic() - started:.1f} shop_calls={len(platform.admin.calls)}", flush=True)
        finally:
            api.stop()
            worker.stop()
        duplicates = duplicated(database_url)
        print(f"orders={args.orders} orders_imported={imported} orders_duplicated={duplicates}")
        return 0 if duplicates == 0 and imported == args.orders and refused == len(replayed) else 1


if __name__ == "__main__":
    sys.exit(main())
