"""The Admin API client against the local shop platform: retries of a 429 or 5xx with back-off
(honouring Retry-After), a revoked token, and what it sends."""
import pytest

from api.shop import admin_api
from tests.shop_platform import link_shop

SHOP = "acme-outdoor.myshopify.com"


@pytest.fixture
def shop(app, platform, acme):
    platform.admin.reset()
    link_shop(app, acme, SHOP)
    yield platform.admin
    platform.admin.reset()


@pytest.fixture
def waits():
    return []


def api_of(acme, waits):
    return admin_api.for_client(acme.id, sleep=waits.append)


def test_a_429_is_tried_again_after_the_shops_retry_after(shop, acme, waits):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)])
    shop.fail_next += [(429, {"Retry-After": "2.0"}), (429, {"Retry-After": "0.5"})]

    assert api_of(acme, waits).order(order["legacyResourceId"])["name"] == order["name"]

    assert waits == [2.0, 0.5]
    assert shop.calls == ["Order", "Order", "Order"]


def test_a_5xx_is_tried_again_waiting_twice_as_long_each_time(shop, acme, waits, app, monkeypatch):
    monkeypatch.setitem(app.config, "SHOPIFY_API_BACKOFF_SECONDS", 0.25)
    shop.fail_next += [(500, {}), (503, {}), (502, {})]

    orders, cursor = api_of(acme, waits).open_orders()

    assert (orders, cursor) == ([], None)
    assert waits == [0.25, 0.5, 1.0]


def test_a_shop_still_down_after_every_attempt_is_unavailable(shop, acme, waits, app, monkeypatch):
    monkeypatch.setitem(app.config, "SHOPIFY_API_ATTEMPTS", 3)
    shop.fail_next += [(500, {})] * 5

    with pytest.raises(admin_api.ShopUnavailable) as raised:
        api_of(acme, waits).open_orders()

    assert raised.value.status == 502 and "did not answer (HTTP 500)" in raised.value.description
    assert len(shop.calls) == 3 and len(waits) == 2


def test_a_revoked_token_is_not_tried_again(shop, acme, waits, platform):
    platform.admin.revoked.update(platform.tokens)

    with pytest.raises(admin_api.ShopReauthenticationRequired):
        api_of(acme, waits).open_orders()

    assert waits == []


def test_the_token_is_sent_as_the_admin_api_wants_and_the_shop_keeps_the_fulfillment(shop, acme, waits):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)])
    api = api_of(acme, waits)
    [fulfillment_order] = api.fulfillment_orders(order["legacyResourceId"])

    created = api.create_fulfillment([fulfillment_order["id"]], "1Z999", "UPS", "https://ups.example/1Z999")

    assert shop.fulfillments == [(SHOP, order["legacyResourceId"], "1Z999", created)]
    with pytest.raises(admin_api.ShopRefused, match="already closed"):
        api.create_fulfillment([fulfillment_order["id"]], "1Z999", "UPS")
