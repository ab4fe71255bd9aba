"""The shop app install: the redirect to the shop platform, and the callback's checks (Shopify's rules)."""
import time
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from sqlalchemy import select

from api.audit.models import RequestLog
from api.clients.models import Client
from api.extensions import db
from api.shop.models import ShopConnection
from api.shop.secrets_store import decrypt_token
from tests.api.helpers import assert_error
from tests.shop_platform import API_KEY, SCOPES, authorize_state, sign, signed

SHOP = "acme-outdoor.myshopify.com"
CALLBACK = "/api/v4/shopify/auth_callback"

HOSTILE_SHOPS = [
    "evil.com",
    "a.myshopify.com.evil.com",
    "evil.com/.myshopify.com",
    "evil.com?.myshopify.com",
    "evil.com#.myshopify.com",
    "acme.myshopify.com/admin",
    "acme.myshopify.com:8080",
    "user@acme.myshopify.com",
    "user:pw@acme.myshopify.com",
    "//evil.com/acme.myshopify.com",
    "https://acme.myshopify.com",
    "acme.MYSHOPIFY.COM",
    "ACME.MYSHOPIFY.COM",
    "acmé.myshopify.com",
    "аcme.myshopify.com",  # Cyrillic a
    "acme.myshopify.com\n",
    "acme.myshopify.com.",
    "-acme.myshopify.com",
    ".myshopify.com",
    "acme.evil.myshopify.com",
    "acme%2Emyshopify.com",
    "",
]


def start(client, shop, path="/shopify/authorize", **params):
    return client.get(path + "?" + urlencode({"shop": shop, **params}))


def callback(client, headers, params):
    return client.get(CALLBACK + "?" + urlencode(params), headers=headers)


@pytest.mark.parametrize("path", ["/shopify/install", "/shopify/authorize"])
def test_the_install_redirects_to_the_shops_authorize_page(client, platform, path):
    response = start(client, SHOP, path)

    assert response.status_code == 302
    location = urlsplit(response.headers["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == f"http://127.0.0.1:{platform.port}/shops/{SHOP}/admin/oauth/authorize"
    query = dict(parse_qsl(location.query))
    assert query["client_id"] == API_KEY
    assert query["scope"] == SCOPES
    assert query["redirect_uri"] == "http://localhost/shopify/auth_callback"
    assert len(query["state"]) > 20


def test_every_install_gets_its_own_state(client, platform):
    assert authorize_state(client, SHOP) != authorize_state(client, SHOP)


def test_the_redirect_uri_uses_the_configured_portal_address(client, platform, monkeypatch, app):
    monkeypatch.setitem(app.config, "PORTAL_BASE_URL", "https://portal.example.com/")

    query = dict(parse_qsl(urlsplit(start(client, SHOP).headers["Location"]).query))

    assert query["redirect_uri"] == "https://portal.example.com/shopify/auth_callback"


@pytest.mark.parametrize("path", ["/shopify/install", "/shopify/authorize"])
@pytest.mark.parametrize("shop", HOSTILE_SHOPS)
def test_hostile_shop_names_are_refused_without_a_redirect(client, platform, path, shop):
    response = start(client, shop, path)

    assert "Location" not in response.headers
    assert_error(response, 400, "invalid_shop")


def test_a_missing_shop_is_refused(client, platform):
    assert_error(client.get("/shopify/install"), 400, "invalid_shop")


def test_an_app_store_install_with_the_platforms_hmac_is_accepted(client, platform):
    params = signed({"shop": SHOP, "timestamp": str(int(time.time())), "host": "YWNtZQ"})

    assert start(client, SHOP, "/shopify/install", **{k: v for k, v in params.items() if k != "shop"}).status_code == 302


@pytest.mark.parametrize("change", [
    {"hmac": "0" * 64},
    {"shop": "other-shop.myshopify.com"},
    {"timestamp": "1"},
])
def test_an_app_store_install_with_a_wrong_hmac_or_stale_timestamp_is_refused(client, platform, change):
    params = signed({"shop": SHOP, "timestamp": str(int(time.time()))})
    if "timestamp" in change:
        params = signed({**params, **change})
    else:
        params.update(change)

    response = client.get("/shopify/install?" + urlencode(params))

    assert "Location" not in response.headers
    assert response.status_code == 400


def test_the_install_needs_the_app_credentials(client, platform, monkeypatch, app):
    monkeypatch.setitem(app.config, "SHOPIFY_API_SECRET", "")

    assert_error(start(client, SHOP), 404, "shop_not_configured")


def valid_callback(client, platform, shop=SHOP, **overrides):
    return platform.callback_params(shop, authorize_state(client, shop), **overrides)


def test_the_callback_links_the_shop_to_the_acting_client(client, factory, platform, acme, manager):
    response = callback(client, factory.headers(manager), valid_callback(client, platform))

    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"shopify_shop_name": SHOP, "client_already_linked_to_shop": False}
    connection = db.session.scalars(select(ShopConnection)).one()
    assert (connection.client_id, connection.shop_domain, connection.installed_by) == (acme.id, SHOP, "acme.manager")
    assert connection.scopes == SCOPES
    assert db.session.get(Client, acme.id).shopify_shop_name == SHOP


def test_the_token_is_stored_encrypted_and_never_shown(client, factory, platform, acme, manager):
    response = callback(client, factory.headers(manager), valid_callback(client, platform))

    token = platform.tokens[-1]
    raw = db.session.execute(select(ShopConnection.__table__.c.access_token_encrypted)).scalar_one()
    assert token.encode() not in raw and token[6:].encode() not in raw
    assert token not in response.get_data(as_text=True)
    log = db.session.scalars(select(RequestLog).where(RequestLog.uri.startswith(CALLBACK))).one()
    assert token not in (log.response_body or "")
    assert "code=[redacted]" in log.uri and "hmac=[redacted]" in log.uri and "state=[redacted]" in log.uri


def test_the_stored_token_decrypts_to_the_platforms_token(client, factory, platform, acme, manager, app):
    callback(client, factory.headers(manager), valid_callback(client, platform))

    connection = db.session.scalars(select(ShopConnection)).one()
    assert decrypt_token(app.config, connection.access_token_encrypted) == platform.tokens[-1]


def test_installing_again_for_the_same_client_refreshes_the_token(client, factory, platform, acme, manager):
    headers = factory.headers(manager)
    callback(client, headers, valid_callback(client, platform))
    first = db.session.scalars(select(ShopConnection)).one().access_token_encrypted

    response = callback(client, headers, valid_callback(client, platform))

    assert response.status_code == 200
    db.session.expire_all()
    connections = db.session.scalars(select(ShopConnection)).all()
    assert len(connections) == 1 and connections[0].access_token_encrypted != first


def test_a_shop_linked_to_another_client_is_refused(client, factory, platform, acme, globex, manager):
    globex_manager = factory.user("client", globex, username="globex.manager")
    callback(client, factory.headers(globex_manager), valid_callback(client, platform))
    exchanged = len(platform.tokens)

    response = callback(client, factory.headers(manager), valid_callback(client, platform))

    body = assert_error(response, 409, "client_already_linked_to_shop")
    assert body["client_already_linked_to_shop"] is True
    assert len(platform.tokens) == exchanged  # no token was fetched for the wrong client
    assert db.session.get(Client, acme.id).shopify_shop_name is None
    assert [c.client_id for c in db.session.scalars(select(ShopConnection))] == [globex.id]


def test_a_shop_named_on_another_client_by_staff_is_refused(client, factory, platform, acme, manager):
    factory.client("Globex", shopify_shop_name="Acme-Outdoor.myshopify.com")

    response = callback(client, factory.headers(manager), valid_callback(client, platform))

    assert_error(response, 409, "client_already_linked_to_shop")


def test_a_shop_name_in_capitals_is_the_same_shop(client, factory, platform, acme, globex, manager):
    globex_manager = factory.user("client", globex, username="globex.manager")
    callback(client, factory.headers(globex_manager), valid_callback(client, platform))

    response = callback(client, factory.headers(manager), valid_callback(client, platform, shop="ACME-Outdoor.myshopify.com"))

    assert_error(response, 409, "client_already_linked_to_shop")


def test_a_tampered_hmac_is_refused(client, factory, platform, manager):
    params = valid_callback(client, platform)
    params["hmac"] = params["hmac"][:-1] + ("0" if params["hmac"][-1] != "0" else "1")

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_hmac")
    assert db.session.scalars(select(ShopConnection)).all() == []


@pytest.mark.parametrize("field, value", [
    ("shop", "other-shop.myshopify.com"), ("code", "another-code"), ("state", "another-state"),
    ("timestamp", "1"), ("host", "ZXZpbA"),
])
def test_a_parameter_changed_after_signing_is_refused(client, factory, platform, manager, field, value):
    params = valid_callback(client, platform)
    params[field] = value

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_hmac")


def test_an_added_parameter_breaks_the_signature(client, factory, platform, manager):
    params = {**valid_callback(client, platform), "extra": "1"}

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_hmac")


def test_a_callback_signed_with_another_secret_is_refused(client, factory, platform, manager):
    params = valid_callback(client, platform)
    params["hmac"] = sign(params, "not-the-app-secret")

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_hmac")


@pytest.mark.parametrize("age", [305, 3600, -305])
def test_a_stale_or_future_timestamp_is_refused(client, factory, platform, manager, age):
    params = valid_callback(client, platform, timestamp=str(int(time.time()) - age))

    assert_error(callback(client, factory.headers(manager), params), 400, "stale_request")


def test_the_timestamp_window_is_configurable(client, factory, platform, manager, monkeypatch, app):
    monkeypatch.setitem(app.config, "SHOPIFY_CALLBACK_MAX_AGE", 4000)

    params = valid_callback(client, platform, timestamp=str(int(time.time()) - 3600))

    assert callback(client, factory.headers(manager), params).status_code == 200


@pytest.mark.parametrize("state", ["", "made-up", "eyJzaG9wIjoiYWNtZS1vdXRkb29yLm15c2hvcGlmeS5jb20ifQ.AAAA.BBBB"])
def test_a_wrong_state_is_refused(client, factory, platform, manager, state):
    params = platform.callback_params(SHOP, state)

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_state")


def test_a_state_issued_for_another_shop_is_refused(client, factory, platform, manager):
    params = platform.callback_params(SHOP, authorize_state(client, "other-shop.myshopify.com"))

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_state")


def test_an_expired_state_is_refused(client, factory, platform, manager, monkeypatch, app):
    state = authorize_state(client, SHOP)
    monkeypatch.setitem(app.config, "SHOPIFY_STATE_MAX_AGE", -1)

    assert_error(callback(client, factory.headers(manager), platform.callback_params(SHOP, state)), 400, "invalid_state")


def test_a_state_signed_by_another_portal_is_refused(client, factory, platform, manager, monkeypatch, app):
    state = authorize_state(client, SHOP)
    monkeypatch.setitem(app.config, "SHOP_TOKEN_KEY", "ZmFrZS1rZXktZmFrZS1rZXktZmFrZS1rZXktZmFrZS0=")

    assert_error(callback(client, factory.headers(manager), platform.callback_params(SHOP, state)), 400, "invalid_state")


@pytest.mark.parametrize("shop", [s for s in HOSTILE_SHOPS if s])
def test_a_hostile_shop_in_a_signed_callback_is_refused(client, factory, platform, manager, shop):
    params = platform.callback_params(shop, "state")

    assert_error(callback(client, factory.headers(manager), params), 400, "invalid_shop")


@pytest.mark.parametrize("missing", ["shop", "code", "state", "timestamp", "hmac"])
def test_a_callback_missing_a_parameter_is_refused(client, factory, platform, manager, missing):
    params = valid_callback(client, platform)
    del params[missing]

    assert_error(callback(client, factory.headers(manager), params), 422, "validation_error")


def test_a_code_the_platform_refuses_links_nothing(client, factory, platform, acme, manager):
    params = valid_callback(client, platform)
    platform.codes.clear()

    assert_error(callback(client, factory.headers(manager), params), 400, "shop_authorization_failed")
    assert db.session.scalars(select(ShopConnection)).all() == []
    assert db.session.get(Client, acme.id).shopify_shop_name is None


def test_a_code_cannot_be_used_twice(client, factory, platform, manager):
    params = valid_callback(client, platform)
    assert callback(client, factory.headers(manager), params).status_code == 200

    assert_error(callback(client, factory.headers(manager), params), 400, "shop_authorization_failed")


def test_a_platform_failure_is_a_bad_gateway(client, factory, platform, manager):
    params = valid_callback(client, platform)
    platform.refuse_exchange = 503

    assert_error(callback(client, factory.headers(manager), params), 502, "shop_platform_unavailable")
    assert db.session.scalars(select(ShopConnection)).all() == []


def test_an_unreachable_platform_is_a_bad_gateway(client, factory, platform, manager, monkeypatch, app):
    params = valid_callback(client, platform)
    monkeypatch.setitem(app.config, "SHOPIFY_SHOP_URL_TEMPLATE", "http://127.0.0.1:9/{shop}")

    assert_error(callback(client, factory.headers(manager), params), 502, "shop_platform_unavailable")


@pytest.mark.parametrize("role, permissions", [("client_read_only", ()), ("client_custom", ("create:items",))])
def test_only_users_who_administer_the_account_link_a_shop(client, factory, platform, acme, role, permissions):
    user = factory.user(role, acme, permissions=permissions)

    assert_error(callback(client, factory.headers(user), valid_callback(client, platform)), 403)
    assert db.session.scalars(select(ShopConnection)).all() == []


def test_a_custom_user_with_write_users_links_a_shop(client, factory, platform, acme):
    user = factory.user("client_custom", acme, permissions=("write:users",))

    assert callback(client, factory.headers(user), valid_callback(client, platform)).status_code == 200


def test_an_admin_links_the_shop_to_the_client_they_act_for(client, factory, platform, admin, acme, globex):
    response = callback(client, factory.headers(admin, globex), valid_callback(client, platform))

    assert response.status_code == 200
    assert [c.client_id for c in db.session.scalars(select(ShopConnection))] == [globex.id]


def test_a_client_user_cannot_link_a_shop_to_another_client(client, factory, platform, manager, globex):
    response = callback(client, factory.headers(manager, globex), valid_callback(client, platform))

    assert_error(response, 403)
    assert db.session.scalars(select(ShopConnection)).all() == []


def test_the_callback_needs_the_app_credentials(client, factory, platform, manager, monkeypatch, app):
    params = valid_callback(client, platform)
    monkeypatch.setitem(app.config, "SHOPIFY_API_KEY", "")

    assert_error(callback(client, factory.headers(manager), params), 404, "shop_not_configured")


def test_the_callback_needs_a_signed_in_user(client, platform):
    assert_error(client.get(CALLBACK + "?" + urlencode(valid_callback(client, platform))), 401)


def test_a_value_holding_a_delimiter_cannot_pose_as_two_parameters(client, factory, platform, manager):
    """Unescaped, code='C&host=H' without host would sign exactly as code=C and host=H do."""
    params = valid_callback(client, platform)
    forged = {key: value for key, value in params.items() if key != "host"}
    forged["code"] = f"{params['code']}&host={params['host']}"

    assert_error(callback(client, factory.headers(manager), forged), 400, "invalid_hmac")


def test_the_install_leaves_its_nonce_with_the_browser_only_for_the_callback(client, platform):
    cookie = start(client, SHOP).headers["Set-Cookie"]

    assert cookie.startswith("shop_install_nonce=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/api/v4/shopify/auth_callback" in cookie


def test_a_callback_opened_in_another_browser_is_refused(client, factory, platform, app, manager):
    """Someone who approved an install for their own shop cannot have another client's user finish it."""
    params = valid_callback(client, platform)
    other_browser = app.test_client()

    response = other_browser.get(CALLBACK + "?" + urlencode(params), headers=factory.headers(manager))

    assert_error(response, 400, "invalid_state")
    assert db.session.scalars(select(ShopConnection)).all() == []


def test_a_callback_with_the_nonce_of_another_install_is_refused(client, factory, platform, app, manager):
    params = valid_callback(client, platform)
    other_browser = app.test_client()
    authorize_state(other_browser, SHOP)

    response = other_browser.get(CALLBACK + "?" + urlencode(params), headers=factory.headers(manager))

    assert_error(response, 400, "invalid_state")
