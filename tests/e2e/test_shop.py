"""The shop connection in Chromium: the app install through the local shop platform, the callback
page, the connected Shopify page, an already linked shop and the notification addresses."""
import re

import pytest
from playwright.sync_api import expect

from api.extensions import db
from api.shop.models import NotificationSetting, ShopConnection
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD
from tests.live import start_api
from tests.shop_platform import ShopPlatform

pytestmark = pytest.mark.e2e

SHOP = "acme-outdoor.myshopify.com"


@pytest.fixture(scope="module")
def platform():
    platform = ShopPlatform()
    yield platform
    platform.server.shutdown()


@pytest.fixture(scope="module")
def shop_api(live_env, process_logs, worker, platform):
    """An API process configured with the local shop platform's address and the app's credentials."""
    process, base_url = start_api({**live_env, **platform.settings}, process_logs, name="api-shop")
    yield base_url
    process.stop()


@pytest.fixture
def acme(factory):
    return factory.client("Acme Outdoor")


def install_from_the_app_store(page, base_url, platform, screenshot, prefix):
    """The merchant installs the app: the platform's consent page, then back to the portal."""
    page.goto(f"{base_url}/shopify/install?shop={SHOP}")
    expect(page.get_by_role("heading", name="Install Fulfilment Portal")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"^http://127\.0\.0\.1:{platform.port}/shops/{SHOP}/admin/oauth/authorize\?"))
    screenshot(page, f"{prefix}-shop-consent")
    page.get_by_role("button", name="Install app").click()


def test_a_client_installs_the_shop_app_and_sees_the_connected_shop(factory, shop_api, platform, acme, page, screenshot):
    factory.user("client", acme, username="alex")
    log_in(page, shop_api, "alex", PASSWORD, path=f"/{acme.id}/shopify")
    expect(page.get_by_text("No shop connected")).to_be_visible()
    expect(page.get_by_text("install the Fulfilment Portal app from the Shopify App Store")).to_be_visible()
    expect(page.get_by_label("Notification E-mail Addresses")).to_be_enabled()
    screenshot(page, "not-connected")

    platform.exchange_delay = 2
    try:
        install_from_the_app_store(page, shop_api, platform, screenshot, "install")
        expect(page.get_by_text("Configuring Shopify App...")).to_be_visible()
        assert "/shopify/auth_callback?" in page.url and "hmac=" in page.url
        screenshot(page, "configuring")
    finally:
        platform.exchange_delay = 0

    expect(page).to_have_url(f"{shop_api}/{acme.id}/shopify", timeout=20_000)
    shop_link = page.get_by_role("link", name=SHOP)
    expect(shop_link).to_have_attribute("href", f"https://{SHOP}/admin")
    expect(page.get_by_role("button", name="here to Reauthenticate")).to_be_visible()
    expect(page.get_by_text("Products are matched to your shop's products by the Shopify variant id")).to_be_visible()
    expect(page.get_by_text("not authorized", exact=False)).to_have_count(0)
    screenshot(page, "connected")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "connected-390")
    page.set_viewport_size({"width": 1280, "height": 800})

    page.get_by_role("button", name="here to Reauthenticate").click()
    expect(page.get_by_role("heading", name="Install Fulfilment Portal")).to_be_visible()
    page.get_by_role("button", name="Install app").click()
    expect(page).to_have_url(f"{shop_api}/{acme.id}/shopify", timeout=20_000)
    expect(page.get_by_role("link", name=SHOP)).to_be_visible()
    assert len(platform.tokens) == 2


def test_a_shop_named_before_the_app_was_authorized_is_not_called_connected(factory, shop_api, page, screenshot):
    named = factory.client("Acme Outdoor", shopify_shop_name=SHOP)
    factory.user("client", named, username="alex")

    log_in(page, shop_api, "alex", PASSWORD, path=f"/{named.id}/shopify")

    expect(page.get_by_role("heading", name="Shopify app not authorized yet")).to_be_visible()
    expect(page.get_by_text(f"{SHOP} is named as this account's shop")).to_be_visible()
    expect(page.get_by_role("button", name="Authorize the app")).to_be_visible()
    expect(page.get_by_text(re.compile("connected", re.IGNORECASE))).to_have_count(0)
    screenshot(page, "named-not-authorized")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "named-not-authorized-390")


def test_a_shop_linked_to_another_client_is_explained(factory, shop_api, platform, acme, page, screenshot):
    factory.client("Globex", shopify_shop_name=SHOP)
    factory.user("client", acme, username="alex")
    log_in(page, shop_api, "alex", PASSWORD, path=f"/{acme.id}/shopify")
    expect(page.get_by_text("No shop connected")).to_be_visible()

    install_from_the_app_store(page, shop_api, platform, screenshot, "linked")

    expect(page.get_by_text("This shop is already linked to another client")).to_be_visible()
    expect(page.get_by_text("Each shop needs a dedicated client account")).to_be_visible()
    expect(page.get_by_text("contact support", exact=False)).to_be_visible()
    screenshot(page, "already-linked")
    page.get_by_role("link", name="Back to the portal").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/dashboards/orders$"))


def test_an_expired_install_fails_with_the_reason(factory, shop_api, platform, acme, page, screenshot):
    factory.user("client", acme, username="alex")
    log_in(page, shop_api, "alex", PASSWORD, path=f"/{acme.id}/shopify")
    messages = []
    page.on("console", lambda message: messages.append(message.text) if message.type == "error" else None)
    query = "&".join(f"{k}={v}" for k, v in platform.callback_params(SHOP, "not-a-state").items())

    page.goto(f"{shop_api}/shopify/auth_callback?{query}")

    expect(page.get_by_text("Failed installing shopify app")).to_be_visible()
    expect(page.get_by_text("The install state is not valid.")).to_be_visible()
    screenshot(page, "failed")
    assert any("Failed installing shopify app" in text for text in messages)


def test_an_admin_installs_for_the_client_whose_shopify_page_they_opened(factory, shop_api, platform, acme, page, screenshot):
    factory.client("Globex")
    factory.user("admin", username="root")
    log_in(page, shop_api, "root", PASSWORD)
    page.get_by_label("Client").select_option(label=f"Acme Outdoor - {acme.id}")
    page.get_by_role("link", name="Shopify").click()
    expect(page.get_by_text("No shop connected")).to_be_visible()

    install_from_the_app_store(page, shop_api, platform, screenshot, "admin")

    expect(page).to_have_url(f"{shop_api}/{acme.id}/shopify", timeout=20_000)
    expect(page.get_by_role("link", name=SHOP)).to_be_visible()
    screenshot(page, "admin-connected")


def test_an_admin_who_chose_no_client_is_asked_for_one(factory, shop_api, platform, acme, page, screenshot):
    factory.user("admin", username="root")
    log_in(page, shop_api, "root", PASSWORD)

    install_from_the_app_store(page, shop_api, platform, screenshot, "admin-choose")

    expect(page.get_by_text("Choose the client this shop belongs to")).to_be_visible()
    expect(page.get_by_label("Client")).to_be_visible()
    screenshot(page, "admin-choose-client")
    page.get_by_label("Client").select_option(label=f"Acme Outdoor - {acme.id}")
    expect(page).to_have_url(f"{shop_api}/{acme.id}/shopify", timeout=20_000)
    expect(page.get_by_role("link", name=SHOP)).to_be_visible()


def test_the_notification_addresses_are_edited_as_one_list(factory, shop_api, acme, page, screenshot):
    factory.user("client", acme, username="alex")
    log_in(page, shop_api, "alex", PASSWORD, path=f"/{acme.id}/shopify")
    field = page.get_by_label("Notification E-mail Addresses")
    expect(field).to_be_enabled()

    field.fill("ops@acme.example, not-an-address")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_have_text("'not-an-address' is not a valid e-mail address.")
    screenshot(page, "notification-error")

    field.fill("ops@acme.example,  dock@acme.example ,")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_have_text("Saved")
    expect(field).to_have_value("ops@acme.example, dock@acme.example")
    screenshot(page, "notification-saved")

    page.reload()
    expect(page.get_by_label("Notification E-mail Addresses")).to_have_value("ops@acme.example, dock@acme.example")


def test_a_read_only_user_sees_the_shop_and_its_addresses_without_the_means_to_change_them(factory, shop_api, page, screenshot):
    acme = factory.client("Acme Outdoor", shopify_shop_name=SHOP)
    db.session.add_all([
        ShopConnection(client_id=acme.id, shop_domain=SHOP, access_token_encrypted=b"not read by this page"),
        NotificationSetting(client_id=acme.id, email_addresses=["ops@acme.example"]),
    ])
    db.session.commit()
    factory.user("client_read_only", acme, username="robin.viewer")
    log_in(page, shop_api, "robin.viewer", PASSWORD, path=f"/{acme.id}/shopify")

    expect(page.get_by_role("link", name=SHOP)).to_be_visible()
    expect(page.get_by_label("Notification E-mail Addresses")).to_have_value("ops@acme.example")
    expect(page.get_by_role("button", name="here to Reauthenticate")).to_have_count(0)
    expect(page.get_by_label("Notification E-mail Addresses")).not_to_be_editable()
    expect(page.get_by_role("button", name="Save")).to_have_count(0)
    screenshot(page, "read-only")
