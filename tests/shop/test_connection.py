"""GET /api/v4/shopify/connection: what the Shopify page shows."""
from urllib.parse import urlencode

import pytest

from tests.shop_platform import authorize_state

SHOP = "acme-outdoor.myshopify.com"


def link(client, headers, platform, shop=SHOP):
    params = platform.callback_params(shop, authorize_state(client, shop))
    response = client.get("/api/v4/shopify/auth_callback?" + urlencode(params), headers=headers)
    assert response.status_code == 200, response.get_json()


def test_a_client_without_a_shop_is_not_connected(client, factory, platform, manager):
    response = client.get("/api/v4/shopify/connection", headers=factory.headers(manager))

    assert response.get_json() == {
        "connected": False, "shop_name": None, "admin_url": None, "installed_at": None, "reauthenticate_url": None,
        "app_configured": True,
    }


def test_a_linked_shop_is_connected(client, factory, platform, acme, manager):
    link(client, factory.headers(manager), platform)
    viewer = factory.user("client_read_only", acme)

    body = client.get("/api/v4/shopify/connection", headers=factory.headers(viewer)).get_json()

    assert body["connected"] is True
    assert body["shop_name"] == SHOP
    assert body["admin_url"] == f"https://{SHOP}/admin"
    assert body["reauthenticate_url"] == f"/shopify/authorize?shop={SHOP}"
    assert body["installed_at"]
    assert body["app_configured"] is True
    assert set(body) == {"connected", "shop_name", "admin_url", "installed_at", "reauthenticate_url", "app_configured"}


def test_a_shop_named_by_staff_but_never_installed_is_not_connected(client, factory):
    acme = factory.client("Acme", shopify_shop_name=SHOP)
    user = factory.user("client", acme)

    body = client.get("/api/v4/shopify/connection", headers=factory.headers(user)).get_json()

    assert body["connected"] is False
    assert body["shop_name"] == SHOP
    assert body["reauthenticate_url"] == f"/shopify/authorize?shop={SHOP}"


@pytest.mark.parametrize("missing", ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"])
def test_without_the_apps_credentials_the_app_is_not_configured(client, factory, app, monkeypatch, missing):
    monkeypatch.setitem(app.config, missing, "")
    acme = factory.client("Acme", shopify_shop_name=SHOP)
    user = factory.user("client", acme)

    body = client.get("/api/v4/shopify/connection", headers=factory.headers(user)).get_json()

    assert body["app_configured"] is False
    assert body["shop_name"] == SHOP
    assert client.get(body["reauthenticate_url"]).get_json()["error"] == "shop_not_configured"


def test_another_clients_connection_is_not_shown(client, factory, platform, manager, globex):
    link(client, factory.headers(manager), platform)
    other = factory.user("client", globex)

    body = client.get("/api/v4/shopify/connection", headers=factory.headers(other)).get_json()

    assert body["connected"] is False and body["shop_name"] is None


def test_the_answer_never_carries_the_token(client, factory, platform, manager):
    link(client, factory.headers(manager), platform)

    text = client.get("/api/v4/shopify/connection", headers=factory.headers(manager)).get_data(as_text=True)

    assert platform.tokens[-1] not in text
