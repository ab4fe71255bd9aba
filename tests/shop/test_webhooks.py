"""The shop's orders/create webhook: signed, fresh and not replayed, answered at once, imported once."""
import json
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from kombu.exceptions import OperationalError
from sqlalchemy import func, select

from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications.models import OutboundEmail
from api.orders.models import FulfillmentRequest
from api.shop.models import NotificationSetting
from api.shop_orders import tasks
from api.shop_orders.models import ShopOrderImport, ShopWebhookDelivery
from api.shop_orders.webhooks import forget_old_deliveries
from scheduler import sources
from tests.api.helpers import assert_error
from tests.shop_platform import API_SECRET, authorize_state, link_shop, webhook_headers

SHOP = "acme-outdoor.myshopify.com"
URL = "/api/v4/shopify/webhooks/orders_create"


@pytest.fixture
def shop(app, platform, acme, factory):
    platform.admin.reset()
    link_shop(app, acme, SHOP)
    factory.item(acme, upc="TENT", sku="TENT-1", shopify_variant_id="777")
    yield platform.admin
    platform.admin.reset()


def body_of(order):
    """The webhook's body: the order as the shop's REST representation names it (its numeric id first)."""
    return json.dumps({"id": int(order["legacyResourceId"]), "name": order["name"], "line_items": []}).encode()


def deliver(client, body, **header_changes):
    headers = {**webhook_headers(SHOP, body), **header_changes}
    return client.post(URL, data=body, headers={k: v for k, v in headers.items() if v is not None})


def counts():
    return tuple(db.session.scalar(select(func.count()).select_from(model))
                 for model in (FulfillmentRequest, ShopOrderImport, ShopWebhookDelivery))


def test_a_signed_delivery_is_accepted_and_its_order_imported_by_the_worker(client, shop, acme):
    order = shop.add_order(SHOP, [("TENT-1", 777, 2)], risk_level="HIGH", recommendation="CANCEL")

    answer = deliver(client, body_of(order))

    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"accepted": True, "shop_order_id": order["legacyResourceId"]}
    imported = db.session.scalars(select(ShopOrderImport)).one()
    assert (imported.client_id, imported.source, imported.imported_by) == (acme.id, "webhook", "shopify-webhook")
    request = db.session.get(FulfillmentRequest, imported.request_id)
    assert (request.requires_approval_reason, request.shopify_risk_recommendation) == ("fraud", "cancel")


@pytest.mark.parametrize("change", [
    {"X-Shopify-Hmac-Sha256": None},
    {"X-Shopify-Hmac-Sha256": ""},
    {"X-Shopify-Hmac-Sha256": "not base64 at all"},
])
def test_a_delivery_without_a_right_signature_is_refused_and_nothing_recorded(client, shop, change):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)])

    assert_error(deliver(client, body_of(order), **change), 401, "invalid_webhook_signature")

    assert counts() == (0, 0, 0)


def test_a_delivery_signed_with_another_secret_is_refused(client, shop):
    body = body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))
    forged = webhook_headers(SHOP, body, secret="not-" + API_SECRET)["X-Shopify-Hmac-Sha256"]

    assert_error(deliver(client, body, **{"X-Shopify-Hmac-Sha256": forged}), 401, "invalid_webhook_signature")
    assert counts() == (0, 0, 0)


def test_a_body_changed_after_signing_is_refused(client, shop):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)])
    other = shop.add_order(SHOP, [("TENT-1", 777, 5)])
    signed_for_the_first = webhook_headers(SHOP, body_of(order))

    answer = client.post(URL, data=body_of(other), headers=signed_for_the_first)

    assert_error(answer, 401, "invalid_webhook_signature")
    assert counts() == (0, 0, 0)


def test_a_replayed_delivery_is_refused_and_the_order_imported_once(client, shop):
    body = body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))
    headers = webhook_headers(SHOP, body)
    assert client.post(URL, data=body, headers=headers).status_code == 200

    assert_error(client.post(URL, data=body, headers=headers), 409, "webhook_replayed")

    assert counts() == (1, 1, 1)


def test_two_deliveries_of_one_order_import_it_once(client, shop):
    body = body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))

    assert deliver(client, body).status_code == 200
    assert deliver(client, body).status_code == 200

    assert counts() == (1, 1, 2)


def test_deliveries_too_old_to_come_again_are_forgotten_and_newer_ones_kept(app, client, shop):
    for _ in range(2):
        assert deliver(client, body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))).status_code == 200
    old, new = db.session.scalars(select(ShopWebhookDelivery).order_by(ShopWebhookDelivery.id)).all()
    max_age = timedelta(seconds=app.config["SHOPIFY_WEBHOOK_MAX_AGE"])
    old.received_at = utcnow() - 2 * max_age - timedelta(minutes=1)
    new.received_at = utcnow() - 2 * max_age + timedelta(minutes=1)
    db.session.commit()
    new_id = new.webhook_id

    assert forget_old_deliveries(utcnow()) == 1

    assert db.session.scalars(select(ShopWebhookDelivery.webhook_id)).all() == [new_id]


def test_the_schedulers_shop_sweep_forgets_old_deliveries_and_pushes_pending_fulfillments(app, monkeypatch):
    calls = []
    monkeypatch.setattr(sources, "forget_old_deliveries", lambda now: calls.append(("forget", now)) or 0)
    monkeypatch.setattr(sources.push_pending_fulfillments, "delay", lambda: calls.append(("push",)))
    sweep = sources.ShopSweep()
    now = utcnow()
    with app.app_context():
        sweep.tick(now)
        sweep.tick(now)  # not due again before SHOP_SWEEP_SECONDS

    assert calls == [("forget", now), ("push",)]


@pytest.mark.parametrize("triggered_at", ["2020-01-01T00:00:00.000Z", "yesterday", None])
def test_a_stale_delivery_is_refused(client, shop, triggered_at):
    body = body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))

    assert_error(deliver(client, body, **{"X-Shopify-Triggered-At": triggered_at}), 400, "stale_webhook")
    assert counts() == (0, 0, 0)


def test_a_delivery_for_a_shop_no_client_has_is_refused(client, shop):
    body = body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))
    headers = webhook_headers("someone-else.myshopify.com", body)

    assert_error(client.post(URL, data=body, headers=headers), 404, "shop_not_connected")
    assert counts() == (0, 0, 0)


@pytest.mark.parametrize("body", [b"not json", b'{"name": "#1"}', b'{"id": "12; DROP"}', b'{"id": true}'])
def test_a_signed_body_that_is_not_an_order_is_refused(client, shop, body):
    assert_error(deliver(client, body), 400, "invalid_webhook")
    assert counts() == (0, 0, 0)


def test_a_delivery_the_broker_cannot_take_is_forgotten_so_the_shops_next_try_is_accepted(client, shop, monkeypatch):
    body = body_of(shop.add_order(SHOP, [("TENT-1", 777, 1)]))
    headers = webhook_headers(SHOP, body)

    def broker_down(*args):
        raise OperationalError("connection refused")

    with monkeypatch.context() as patched:
        patched.setattr(tasks.import_webhook_order, "delay", broker_down)
        assert_error(client.post(URL, data=body, headers=headers), 503, "webhook_not_queued")
    assert counts() == (0, 0, 0)

    assert client.post(URL, data=body, headers=headers).status_code == 200
    assert counts() == (1, 1, 1)


def test_the_install_subscribes_to_the_shops_new_orders(client, factory, platform, acme):
    platform.admin.reset()
    user = factory.user("client", acme)
    params = platform.callback_params(SHOP, authorize_state(client, SHOP))

    answer = client.get("/api/v4/shopify/auth_callback?" + urlencode(params), headers=factory.headers(user))

    assert answer.status_code == 200, answer.get_json()
    assert platform.admin.subscriptions == [(SHOP, "ORDERS_CREATE", "http://localhost" + URL)]


def test_a_webhook_order_with_an_unknown_sku_is_not_imported_and_the_client_is_told_once(client, shop, acme):
    db.session.add(NotificationSetting(client_id=acme.id, email_addresses=["ops@acme.test"]))
    db.session.commit()
    body = body_of(shop.add_order(SHOP, [("GHOST-9", None, 1)]))

    assert deliver(client, body).status_code == 200
    assert deliver(client, body).status_code == 200

    assert counts() == (0, 0, 2)
    [told] = db.session.scalars(select(OutboundEmail).where(OutboundEmail.client_id == acme.id)).all()
    assert (told.recipient, told.subject) == ("ops@acme.test", f"Shopify order #{json.loads(body)['id']} was not imported")
    assert "'Item GHOST-9' (SKU GHOST-9)" in told.body
