"""The portal as its users meet it, in Chromium against the real API, worker and SMTP server."""
import re

from playwright.sync_api import expect

from tests.e2e.conftest import log_in
from tests.factories import PASSWORD


def _sidebar(page):
    return page.get_by_role("navigation", name="Main")


def test_admin_creates_a_custom_user_who_signs_in_exports_users_and_logs_out(
    factory, live_api, new_page, screenshot, mail
):
    acme = factory.client("Acme Outdoor", version=2)
    factory.client("Bluebird Tea")
    factory.user("admin", username="dana.admin")

    admin = new_page()
    log_in(admin, live_api, "dana.admin", PASSWORD)
    picker = admin.get_by_label("Client")
    expect(picker.locator("option").first).to_have_text("Choose Client...")
    expect(picker.locator("option", has_text=f"Acme Outdoor - {acme.id}")).to_have_count(1)
    expect(picker.locator("option", has_text=f"{acme.id} - Acme Outdoor")).to_have_count(1)
    screenshot(admin, "client-picker")
    picker.select_option(label=f"Acme Outdoor - {acme.id}")
    expect(admin).to_have_url(re.compile(rf"/{acme.id}/dashboards/orders$"))

    _sidebar(admin).get_by_role("link", name="Users", exact=True).click()
    admin.get_by_role("link", name="Add New User").click()
    admin.get_by_label("Username", exact=True).fill("casey.custom")
    admin.get_by_label("Name", exact=True).fill("Casey Custom")
    admin.get_by_label("Email").fill("casey@acme.test")
    admin.get_by_label("Password").fill("casey-password-1")
    admin.get_by_label("Role").select_option(label="Read Access + Custom Permissions")
    admin.get_by_label("create:items").check()
    admin.get_by_label("Reserve Inventory").check()
    screenshot(admin, "new-custom-user")
    admin.get_by_role("button", name="Save").click()
    expect(admin.get_by_text("User Created")).to_be_visible()
    expect(admin.get_by_role("navigation", name="Users").get_by_role("link", name=re.compile("Casey Custom"))).to_be_visible()
    screenshot(admin, "user-created")

    user = new_page()
    log_in(user, live_api, "casey.custom", "casey-password-1")
    expect(user).to_have_url(re.compile(rf"/{acme.id}/dashboards/orders$"))
    sidebar = _sidebar(user)
    for name in ("Dashboard", "Orders", "Shipments", "Products", "Receive", "Fulfillment Requests", "LTL", "Customer Returns",
                 "Users", "Shopify", "API Reference", "Logout"):
        expect(sidebar.get_by_role("link", name=name, exact=True)).to_be_visible()
    for name in ("Invoices", "Reports", "View ASNs"):  # report pages, and read:reports was not granted
        expect(sidebar.get_by_role("link", name=name, exact=True)).to_have_count(0)
    expect(sidebar.get_by_role("link", name="Switch Client")).to_have_count(0)
    expect(user.get_by_text("Casey Custom").first).to_be_visible()
    screenshot(user, "custom-user-shell")

    sidebar.get_by_role("link", name="Users", exact=True).click()
    user.get_by_role("button", name="Export users").click()
    progress = user.get_by_role("region", name="Job progress").or_(user.get_by_label("Job progress"))
    expect(progress.get_by_text("Status: Succeeded")).to_be_visible(timeout=30_000)
    expect(progress.get_by_text("The export was e-mailed to you.")).to_be_visible()
    expect(progress.get_by_text("The result e-mail was sent to casey@acme.test.")).to_be_visible(timeout=30_000)
    screenshot(user, "export-finished")
    [message] = mail.wait_for(1)
    assert message["To"] == "casey@acme.test"
    assert "casey.custom" in next(message.iter_attachments()).get_content()

    sidebar.get_by_role("link", name="Logout").click()
    expect(user.get_by_label("Username")).to_be_visible()
    user.goto(f"{live_api}/{acme.id}/users")
    expect(user.get_by_label("Username")).to_be_visible()


def test_idle_user_is_warned_then_logged_out(factory, short_idle_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="idle.person")

    log_in(page, short_idle_api, "idle.person", PASSWORD)
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Session Timeout")).to_be_visible(timeout=10_000)
    expect(dialog.get_by_text(re.compile(r"You will be logged out in \d+ seconds?"))).to_be_visible()
    screenshot(page, "idle-warning")

    expect(page.get_by_label("Username")).to_be_visible(timeout=10_000)
    screenshot(page, "logged-out")


def test_staying_logged_in_closes_the_idle_warning(factory, short_idle_api, page):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="busy.person")

    log_in(page, short_idle_api, "busy.person", PASSWORD)
    page.get_by_role("button", name="Stay Logged In").click(timeout=10_000)

    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_label("Username")).to_have_count(0)


def test_activity_in_another_tab_keeps_an_idle_tab_signed_in(factory, short_idle_api, page):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="two.tabs")
    log_in(page, short_idle_api, "two.tabs", PASSWORD)
    busy_tab = page.context.new_page()
    busy_tab.goto(f"{short_idle_api}/{acme.id}/users")

    for step in range(14):  # 7 s, well past the 4 s idle time of the quiet tab
        busy_tab.mouse.move(100 + step * 10, 200)
        busy_tab.wait_for_timeout(500)

    expect(page.get_by_role("button", name="Log In")).to_have_count(0)
    expect(busy_tab.get_by_role("heading", name="Users")).to_be_visible()
    expect(page.get_by_text(re.compile("You will be logged out"))).to_have_count(0)
