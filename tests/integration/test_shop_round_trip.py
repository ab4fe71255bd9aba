"""The shop round trip with a real API and worker: the shop's orders/create webhook is answered (how fast
is bench/shop_webhooks.py's) and the worker imports the order from the local shop platform's Admin API;
when its shipment ships, the worker creates the shop's fulfillment with the tracking number, trying again
with back-off while the shop answers 503, and creates it once.

Both run on a broker queue of their own (``shop_processes`` says why)."""
import pytest
import requests
from sqlalchemy import select

from api.extensions import db
from api.orders.models import Shipment
from api.shop_orders.models import ShopFulfillment, ShopOrderImport
from tests.live import wait_until
from tests.shop_platform import link_shop, shop_processes, webhook_headers
from tests.stock import add_stock

pytestmark = pytest.mark.integration

SHOP = "round-trip.myshopify.com"
TRACKING = {"tracking_number": "1Z999AA10123456784", "carrier": "UPS"}
# How long the worker may take, at most, for what each wait is for (the fulfillment: three tries, two
# refused). A bound, not a pause: the waits end when the row is there, in a second or two.
TASKS_BOUND = 60


@pytest.fixture
def shop_round_trip(app, live_env, process_logs, tmp_path_factory):
    with shop_processes(app, live_env, process_logs, tmp_path_factory, "shop-round-trip",
                        SHOPIFY_API_ATTEMPTS="1", SHOPIFY_FULFILLMENT_RETRY_SECONDS="0.2") as platform_and_url:
        yield platform_and_url


def fresh(query):
    db.session.rollback()
    return db.session.scalars(query).first()


def test_a_webhook_order_is_imported_by_the_worker_and_its_shipment_fulfilled_once_in_the_shop(
        app, factory, acme, shop_round_trip):
    platform, base_url = shop_round_trip
    platform.admin.reset()
    link_shop(app, acme, SHOP)
    tent = factory.item(acme, upc="TENT", sku="TENT-1", shopify_variant_id="777")
    add_stock(tent, "NJ01", unbound=5, reason="receipt", reference="test", actor="test")
    db.session.commit()
    staff = factory.headers(factory.user("admin", username="warehouse.system"), acme)
    order = platform.admin.add_order(SHOP, [("TENT-1", 777, 1)])

    body = f'{{"id": {order["legacyResourceId"]}, "name": "{order["name"]}"}}'.encode()
    answer = requests.post(f"{base_url}/api/v4/shopify/webhooks/orders_create", data=body,
                           headers=webhook_headers(SHOP, body), timeout=30)
    assert answer.status_code == 200, answer.text

    imported = wait_until(lambda: fresh(select(ShopOrderImport).filter_by(client_id=acme.id)), TASKS_BOUND, "the import")
    assert imported.source == "webhook" and platform.admin.calls == ["Order"]
    shipment = fresh(select(Shipment).filter_by(request_id=imported.request_id))

    platform.admin.fail_next += [(503, {}), (503, {})]  # the shop is down for the first two pushes
    for n, (status, fields) in enumerate((("processing", {}), ("pending_ship_label", {}), ("shipped", TRACKING))):
        event = requests.post(f"{base_url}/api/v4/shipments/{shipment.id}/events", headers=staff, timeout=30, json={
            "event_id": f"RT-{n}", "status": status, "occurred_at": f"2026-03-02T1{n}:00:00Z", **fields})
        assert event.status_code == 200, event.text

    created = wait_until(lambda: fresh(select(ShopFulfillment).filter_by(shipment_id=shipment.id, status="created")),
                       TASKS_BOUND, "the fulfillment in the shop")

    # Both refusals were met and the push went on: two tries failed, the third created it.
    assert platform.admin.fail_next == []
    assert created.attempts == 3 and created.last_error is None
    assert [(number, tracking) for _, number, tracking, _ in platform.admin.fulfillments] == [
        (order["legacyResourceId"], TRACKING["tracking_number"])]
    assert platform.admin.calls.count("FulfillmentCreate") == 1
    platform.admin.reset()
