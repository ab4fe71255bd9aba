"""Fulfillments flow back to the shop: a shipped shipment of an imported order owes one (recorded with
the warehouse's event), the worker creates it once with the tracking number, tries again while the
shop is down, and never creates it twice."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.orders.models import Shipment
from api.shop import admin_api
from api.shop_orders import fulfillments, tasks
from api.shop_orders.models import ShopFulfillment
from tests.shop_platform import link_shop
from tests.stock import add_stock

pytestmark = pytest.mark.backend_sensitive  # the push locks its row; the events lock shipments

SHOP = "acme-outdoor.myshopify.com"
SHIPPED = {"tracking_number": "1Z999AA10123456784", "carrier": "UPS",
           "tracking_url": "https://www.ups.com/track?tracknum=1Z999AA10123456784"}


@pytest.fixture
def shop(app, platform, acme, factory):
    platform.admin.reset()
    link_shop(app, acme, SHOP)
    tent = factory.item(acme, upc="TENT", sku="TENT-1", shopify_variant_id="777")
    add_stock(tent, "NJ01", unbound=10, reason="receipt", reference="test", actor="test")
    db.session.commit()
    yield platform.admin
    platform.admin.reset()


@pytest.fixture
def staff(factory, acme):
    return factory.headers(factory.user("admin", username="warehouse.system"), acme)


@pytest.fixture
def manager(factory, acme):
    return factory.headers(factory.user("client", acme))


def imported_shipment(client, shop, manager):
    """The shop order and the id of the shipment its import made."""
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)])
    answer = client.post("/api/v2/orders/get_from_shopify", json={"order_id": order["legacyResourceId"]}, headers=manager)
    assert answer.status_code == 200, answer.get_json()
    shipment = db.session.scalars(select(Shipment).filter_by(request_id=answer.get_json()["fulfillment_request_id"])).one()
    assert shipment.status == "ready_to_process"
    return order, shipment.id


def ship(client, staff, shipment_id, tracking=SHIPPED, prefix="E"):
    for n, (status, fields) in enumerate((("processing", {}), ("pending_ship_label", {}), ("shipped", tracking))):
        answer = client.post(f"/api/v4/shipments/{shipment_id}/events", headers=staff, json={
            "event_id": f"{prefix}-{shipment_id}-{n}", "status": status, "occurred_at": f"2026-03-02T1{n}:00:00Z", **fields})
        assert answer.status_code == 200, answer.get_json()


def owed(shipment_id):
    db.session.expire_all()
    return db.session.scalars(select(ShopFulfillment).filter_by(shipment_id=shipment_id)).one()


def test_a_shipped_shipment_owes_its_fulfillment_and_the_worker_creates_it_once(client, shop, manager, staff):
    order, shipment_id = imported_shipment(client, shop, manager)

    ship(client, staff, shipment_id)
    pending = owed(shipment_id)
    assert (pending.status, pending.attempts) == ("pending", 0)
    assert shop.fulfillments == []

    assert tasks.push_fulfillment.apply(args=[pending.id]).get() == "created"
    assert tasks.push_fulfillment.apply(args=[pending.id]).get() == "created"

    [(shop_domain, number, tracking, fulfillment_id)] = shop.fulfillments
    assert (shop_domain, number, tracking) == (SHOP, order["legacyResourceId"], SHIPPED["tracking_number"])
    done = owed(shipment_id)
    assert (done.status, done.shop_fulfillment_id, done.attempts) == ("created", fulfillment_id, 1)
    assert done.pushed_at is not None
    assert shop.calls.count("FulfillmentCreate") == 1


def test_the_fulfillment_is_sent_to_the_worker_once_the_event_is_committed(client, shop, manager, staff, app, monkeypatch):
    _, shipment_id = imported_shipment(client, shop, manager)
    sent = []
    monkeypatch.setitem(app.config, "CELERY_TASK_ALWAYS_EAGER", False)
    monkeypatch.setattr(tasks.push_fulfillment, "delay", sent.append)

    ship(client, staff, shipment_id)

    assert sent == [owed(shipment_id).id]


def test_a_shipment_of_a_request_not_from_the_shop_owes_nothing(client, shop, manager, staff):
    answer = client.post("/api/v4/fulfillment_requests", headers=manager, json={
        "fulfillment_request_id": "FR-OWN", "warehouse_id": "NJ01", "sets": [{"items": [{"upc": "TENT", "quantity": 1}]}],
        "to_address": {"name": "Pat Doe", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
                       "postal_code": "11201", "country": "US", "phone": "718 555 0100"}})
    [shipment] = answer.get_json()["shipments"]

    ship(client, staff, shipment["id"])

    assert db.session.scalars(select(ShopFulfillment)).all() == []


def test_a_shop_that_is_down_is_tried_again_and_gets_the_fulfillment_once(client, shop, manager, staff, app, monkeypatch):
    monkeypatch.setitem(app.config, "SHOPIFY_API_ATTEMPTS", 1)
    _, shipment_id = imported_shipment(client, shop, manager)
    ship(client, staff, shipment_id)
    pending_id = owed(shipment_id).id
    shop.fail_next += [(503, {}), (500, {})]

    for _ in range(2):
        with pytest.raises(fulfillments.ShopStillDown):
            fulfillments.push(pending_id)
    waiting = owed(shipment_id)
    assert (waiting.status, waiting.attempts) == ("pending", 2)
    assert "did not answer (HTTP 500)" in waiting.last_error

    assert fulfillments.push(pending_id) == "created"
    assert len(shop.fulfillments) == 1 and owed(shipment_id).last_error is None


def test_the_task_waits_longer_each_time_the_shop_is_down(app, monkeypatch):
    monkeypatch.setitem(app.config, "SHOPIFY_FULFILLMENT_RETRY_SECONDS", 30)

    with app.app_context():
        assert [tasks._countdown(retries) for retries in (0, 1, 2, 10)] == [30, 60, 120, 3600]


def test_a_fulfillment_the_shop_got_but_the_portal_did_not_record_is_not_created_again(client, shop, manager, staff):
    order, shipment_id = imported_shipment(client, shop, manager)
    ship(client, staff, shipment_id)
    # The earlier push reached the shop, then the worker died before recording it.
    api = admin_api.for_client(owed(shipment_id).client_id)
    [fulfillment_order] = api.fulfillment_orders(order["legacyResourceId"])
    earlier = api.create_fulfillment([fulfillment_order["id"]], SHIPPED["tracking_number"], "UPS")

    assert fulfillments.push(owed(shipment_id).id) == "created"

    assert owed(shipment_id).shop_fulfillment_id == earlier
    assert len(shop.fulfillments) == 1


def test_a_revoked_token_keeps_the_fulfillment_pending_to_be_tried_again(client, shop, manager, staff, platform):
    _, shipment_id = imported_shipment(client, shop, manager)
    ship(client, staff, shipment_id)
    platform.admin.revoked.update(platform.tokens)

    with pytest.raises(fulfillments.ShopStillDown):
        fulfillments.push(owed(shipment_id).id)

    assert owed(shipment_id).status == "pending" and "reauthenticate" in owed(shipment_id).last_error


def test_pending_fulfillments_are_sent_again_by_the_sweep(client, shop, manager, staff, monkeypatch):
    _, shipment_id = imported_shipment(client, shop, manager)
    ship(client, staff, shipment_id)
    sent = []
    monkeypatch.setattr(tasks.push_fulfillment, "delay", sent.append)

    assert tasks.push_pending_fulfillments.apply().get() == 1

    assert sent == [owed(shipment_id).id]
