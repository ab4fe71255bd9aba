"""Login, the client picker and the client shell."""
import base64
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import assert_accessible, log_in
from tests.factories import PASSWORD

PNG_1X1 = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def test_wrong_password_shows_the_api_message(factory, live_api, page, screenshot):
    factory.user("client", factory.client(), username="someone")

    page.goto(live_api)
    page.get_by_label("Username").fill("someone")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log In").click()

    expect(page.get_by_role("alert")).to_contain_text("Invalid username or password.")
    screenshot(page, "login-failed")


def test_login_error_in_the_url_is_shown_instead_of_the_app(live_api, page, screenshot):
    page.goto(f"{live_api}/?error=access_denied&error_description=Your+account+is+locked")

    expect(page.get_by_role("heading", name="Login failed")).to_be_visible()
    expect(page.get_by_text("Your account is locked")).to_be_visible()
    expect(page.get_by_label("Username")).to_have_count(0)
    screenshot(page, "login-error")


def test_client_user_goes_to_their_own_client_and_sees_version_1_menu(factory, live_api, page, screenshot):
    mine, other = factory.client("Bluebird Tea", version=1), factory.client("Other")
    factory.user("client", mine, username="blake")

    log_in(page, live_api, "blake", PASSWORD)
    expect(page).to_have_url(re.compile(rf"/{mine.id}/dashboards/orders$"))
    sidebar = page.get_by_role("navigation", name="Main")
    expect(sidebar.get_by_role("link", name="Users", exact=True)).to_be_visible()
    expect(sidebar.get_by_role("link", name="LTL")).to_have_count(0)
    expect(sidebar.get_by_role("link", name="API Reference")).to_have_count(0)
    expect(page.get_by_role("banner").get_by_text("Bluebird Tea")).to_be_visible()
    screenshot(page, "version-1-shell")

    page.goto(f"{live_api}/{other.id}/users")
    expect(page).to_have_url(re.compile(rf"/{mine.id}"))
    page.goto(f"{live_api}/login")
    expect(page).to_have_url(re.compile(rf"/{mine.id}/dashboards/orders$"))


def test_the_client_lands_on_the_orders_dashboard_and_no_entry_leads_to_an_unbuilt_area(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor", version=2)
    factory.user("client", acme, username="alex")

    log_in(page, live_api, "alex", PASSWORD)

    expect(page).to_have_url(re.compile(rf"/{acme.id}/dashboards/orders$"))
    expect(page.get_by_role("heading", name="Orders Dashboard")).to_be_visible()
    sidebar = page.get_by_role("navigation", name="Main")
    expect(sidebar.get_by_role("link", name="Orders", exact=True)).to_have_attribute("aria-current", "page")
    screenshot(page, "landing")

    page.get_by_role("link", name="Products").click()
    page.get_by_role("banner").get_by_role("link", name="Acme Outdoor").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/dashboards/orders$"))
    expect(page.get_by_text("This area is not available yet.")).to_have_count(0)

    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name="Menu").click()
    expect(sidebar.get_by_role("link", name="Products")).to_be_visible()
    expect(sidebar.get_by_role("link", name="Dashboard", exact=True)).to_be_visible()
    screenshot(page, "menu-390")


def test_admin_sees_logo_and_switches_client(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor", version=2, logo=base64.b64decode(PNG_1X1))
    factory.user("admin", username="dana.admin")

    log_in(page, live_api, "dana.admin", PASSWORD, path=f"/{acme.id}/dashboards/shipments")
    expect(page.get_by_role("banner").get_by_role("img", name="Acme Outdoor")).to_be_visible()
    expect(page.get_by_role("heading", name="Shipments Dashboard")).to_be_visible()
    screenshot(page, "admin-dashboard")
    page.goto(f"{live_api}/{acme.id}/no/such/page")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Switch Client").click()
    expect(page.get_by_label("Client")).to_be_visible()
    page.get_by_role("link", name="Logout").click()
    expect(page.get_by_role("button", name="Log In")).to_be_visible()


def test_api_reference_renders_the_openapi_document(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor", version=2)
    factory.user("client", acme, username="alex")
    external = []
    page.on("request", lambda request: external.append(request.url) if not request.url.startswith(live_api) else None)

    log_in(page, live_api, "alex", PASSWORD, path="/api_reference")

    expect(page.get_by_text("Fulfilment Client Portal API").first).to_be_visible()
    expect(page.get_by_text("/api/v4/users/{username}").first).to_be_visible()
    expect(page.get_by_text("Log in with username and password; answers a bearer token.")).to_be_visible()
    screenshot(page, "api-reference", full_page=False)
    assert [url for url in external if not url.startswith("data:")] == []


def test_the_accessibility_check_names_each_violation_it_finds(factory, live_api, page):
    acme = factory.client("Acme Outdoor", version=2)
    factory.user("client", acme, username="alex")
    log_in(page, live_api, "alex", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    expect(page.get_by_role("heading", name="Fulfillment Requests")).to_be_visible()
    assert_accessible(page, "the request list")

    page.evaluate("""() => {
        const faint = document.createElement('p');
        faint.id = 'faint';
        faint.textContent = 'Too pale to read';
        faint.style.color = '#bbbbbb';
        document.querySelector('main').append(faint);
    }""")

    with pytest.raises(AssertionError) as refusal:
        assert_accessible(page, "the request list")
    assert "color-contrast (serious)" in str(refusal.value)
    assert "#faint: Fix any of the following: Element has insufficient color contrast" in str(refusal.value)
    page.evaluate("() => document.getElementById('faint').remove()")
