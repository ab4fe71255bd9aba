"""What a new user tripped over (issue 11), clicked through in Chromium: bundle and kit pages, the
Shopify page without app credentials, the bulk items rule, dates, required fields, version gating,
what can still be reserved, date parameters, titles, the active sidebar entry, a phone-sized layout
and the request log's reads."""
import re
from datetime import timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from api.extensions import db
from api.reports.models import Report
from api.reports.parameters import declared_parameters
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD
from tests.stock import add_stock

SHOTS = Path("/tmp/shots")
BUNDLE = 2
PORTAL = "Fulfilment Portal"
PORTAL_DATE = re.compile(r"^\d{2}/\d{2}/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M [+-]\d{2}:\d{2}$")


def shot(page, screenshot, name):
    """The test's screenshot, and a copy under /tmp/shots to look at."""
    screenshot(page, name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def alert(page):
    return page.get_by_role("alert")


def stock(item, location, units):
    add_stock(item, location, unbound=units, reason="receipt", reference="test", actor="test")
    db.session.commit()


def catalogue(factory):
    acme = factory.client("Acme Outdoor", version=2)
    factory.user("client", acme, username="alex.lead")
    mug = factory.item(acme, upc="012345678905", sku="MUG-BLUE", name="Trail Mug Blue")
    bundle = factory.item(acme, upc="099999999990", sku="MUG-PAIR", name="Mug Pair", composite_type=BUNDLE,
                          category="Kitchen", children=[(mug, 2)])
    return acme, mug, bundle


def test_a_bundle_offers_edit_and_not_the_pages_that_do_not_apply(factory, live_api, page, screenshot):
    acme, _, bundle = catalogue(factory)
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/{bundle.upc}")

    expect(page.get_by_role("heading", name="Mug Pair")).to_be_visible()
    expect(page.get_by_role("link", name="Edit", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Reserve Inventory")).to_have_count(0)
    expect(page.get_by_role("link", name="Convert to Case Pack")).to_have_count(0)
    shot(page, screenshot, "B-bundle-detail")

    page.get_by_role("link", name="Edit", exact=True).click()
    expect(page.get_by_role("heading", name="Edit Mug Pair")).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value("Mug Pair")
    expect(page.get_by_label("Name", exact=True)).to_have_attribute("required", "")
    expect(page.get_by_label("Category", exact=True)).to_have_value("Kitchen")
    expect(page.get_by_label("UPC")).to_have_count(0)
    expect(page.get_by_label("Search Child Items")).to_have_count(0)
    expect(page.get_by_test_id("required-marker")).to_have_count(1)
    shot(page, screenshot, "B-bundle-edit")

    for page_path, reason in (
        ("reserve_inventory", "holds no stock of its own, so nothing can be reserved for it"),
        ("convert_to_case_pack", "Only a simple item that is part of no bundle or case pack can be converted"),
    ):
        page.goto(f"{live_api}/{acme.id}/item_types/{bundle.upc}/{page_path}")
        expect(page.get_by_text("Not available for this product")).to_be_visible()
        expect(page.get_by_text(reason)).to_be_visible()
        expect(page.get_by_role("spinbutton")).to_have_count(0)
        expect(page.get_by_role("button", name="Save")).to_have_count(0)
        shot(page, screenshot, f"B-bundle-{page_path}")
    page.get_by_role("link", name="Back to Mug Pair").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/item_types/{bundle.upc}$"))


def test_a_bundles_name_and_category_are_saved(factory, live_api, page, screenshot):
    """Against the contract PUT /api/v4/items/{upc} with {name, category} for bundles and kits."""
    acme, _, bundle = catalogue(factory)
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/{bundle.upc}/edit")

    page.get_by_label("Name", exact=True).fill("Mug Pair Gift Set")
    page.get_by_label("Category", exact=True).fill("Gifts")
    page.get_by_role("button", name="Save").click()

    expect(alert(page)).to_have_text("Saved")
    expect(page.get_by_role("heading", name="Mug Pair Gift Set")).to_be_visible()
    shot(page, screenshot, "B-bundle-saved")
    db.session.refresh(bundle)
    assert (bundle.name, bundle.category, len(bundle.components)) == ("Mug Pair Gift Set", "Gifts", 1)


def test_reserve_inventory_shows_what_can_still_be_reserved(factory, live_api, page, screenshot):
    acme, mug, _ = catalogue(factory)
    stock(mug, "CA01", 10)
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/{mug.upc}")
    page.get_by_role("link", name="Reserve Inventory").click()

    field = page.get_by_label("CA01")
    group = page.locator(".mb-3", has=field)
    expect(group.get_by_text("10 free, 0 reserved")).to_be_visible()
    expect(field).to_have_attribute("required", "")
    expect(page.get_by_test_id("required-marker")).to_have_count(8)
    field.fill("4")
    page.get_by_role("button", name="Save").click()

    expect(alert(page)).to_have_text("Saved")
    expect(group.get_by_text("6 free, 4 reserved")).to_be_visible()
    expect(page).to_have_title(f"Reserve Inventory · {PORTAL}")
    shot(page, screenshot, "H-reserved")


def test_a_named_shop_is_shown_and_missing_app_credentials_are_explained(factory, live_api, page, screenshot):
    shop = "acme-outdoor.myshopify.com"
    acme = factory.client("Acme Outdoor", shopify_shop_name=shop)
    factory.user("client", acme, username="alex.lead")
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/shopify")

    expect(page.get_by_role("link", name=shop)).to_have_attribute("href", f"https://{shop}/admin")
    expect(page.get_by_text("No shop connected")).to_have_count(0)
    expect(page.get_by_role("heading", name="Shopify app not authorized yet")).to_be_visible()
    expect(page.get_by_text("The Shopify app is not set up on this portal yet")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^here to"))).to_have_count(0)
    expect(page).to_have_url(f"{live_api}/{acme.id}/shopify")
    shot(page, screenshot, "C-shop-not-configured")


def test_the_bulk_items_rule_is_the_servers(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/new_bulk")

    expect(page.get_by_text("A row with a blank")).to_have_count(0)
    expect(page.get_by_text(re.compile(r"updates the item with its upc, or creates an item when there is none"))).to_be_visible()
    page.get_by_label("CSV file").set_input_files(files=[{
        "name": "items.csv", "mimeType": "text/csv",
        "buffer": b"upc,sku,name\n,MUG-RED,Trail Mug Red\n012345678912,MUG-GREEN,Trail Mug Green\n",
    }])
    page.get_by_role("button", name="Check file").click()

    row_errors = page.get_by_label("Row errors")
    expect(row_errors.get_by_text("The file has 1 invalid row; nothing has been applied.")).to_be_visible()
    expect(row_errors.get_by_text("Line 2. Error upc is required.")).to_be_visible()
    shot(page, screenshot, "D-bulk-items")


def test_timestamps_in_report_results_and_date_parameters(factory, live_api, browser, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    mug = factory.item(acme, sku="MUG-BLUE", name="Trail Mug Blue")
    query = (
        'SELECT name AS "Name", created_at AS "Created", CAST(:since AS VARCHAR(10)) AS "Since" '
        "FROM item_types WHERE client_id = :client_id"
    )
    db.session.add(Report(id="R_CLIENT_ADDED", name="Products Added", report_type="client", category="Catalogue",
                          sub_category="", query=query, parameters=declared_parameters(query), created_by_username="system"))
    db.session.commit()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, timezone_id="America/New_York")
    page = context.new_page()
    try:
        log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/reports/Catalogue/R_CLIENT_ADDED")
        since = page.get_by_label("since")
        expect(since).to_have_attribute("type", "date")
        expect(since).to_have_attribute("required", "")
        since.fill("2026-11-01")
        page.get_by_role("button", name="Run").click()

        created = mug.created_at.replace(tzinfo=timezone.utc).astimezone(ZoneInfo("America/New_York"))
        offset = created.strftime("%z")
        expected = f"{created:%m/%d/%Y} {created.hour % 12 or 12}:{created:%M:%S %p} {offset[:3]}:{offset[3:]}"
        row = page.get_by_role("row", name=re.compile("Trail Mug Blue"))
        expect(row.get_by_role("cell").nth(1)).to_have_text(expected)
        expect(row.get_by_role("cell").nth(1)).to_have_text(PORTAL_DATE)
        expect(row.get_by_role("cell").nth(2)).to_have_text("11/01/2026")
        expect(page.get_by_text("1 row", exact=True)).to_be_visible()
        shot(page, screenshot, "E-I-report-dates")
    finally:
        context.close()


def test_a_version_one_client_gets_no_ltl_or_api_reference(factory, live_api, page, screenshot):
    bluebird = factory.client("Bluebird Tea", version=1)
    factory.user("client", bluebird, username="bea")
    log_in(page, live_api, "bea", PASSWORD, path=f"/{bluebird.id}/ltl")

    expect(page.get_by_role("heading", name="LTL")).to_be_visible()
    expect(page.get_by_text("This page is not available for this client.")).to_be_visible()
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="LTL")).to_have_count(0)
    shot(page, screenshot, "G-ltl-version-1")

    page.goto(f"{live_api}/api_reference")
    expect(page.get_by_role("heading", name="API Reference")).to_be_visible()
    expect(page.get_by_text("This page is not available for this client.")).to_be_visible()
    shot(page, screenshot, "G-api-reference-version-1")


def test_a_version_two_client_gets_ltl_and_the_api_reference(factory, live_api, page):
    acme = factory.client("Acme Outdoor", version=2)
    factory.user("client", acme, username="alex.lead")
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/ltl")

    expect(page.get_by_role("navigation", name="Shipment group filters")).to_be_visible()
    expect(page.get_by_text("This page is not available for this client.")).to_have_count(0)
    page.goto(f"{live_api}/api_reference")
    expect(page.locator("h1")).to_be_visible()
    expect(page.get_by_text("This page is not available for this client.")).to_have_count(0)


def test_required_fields_are_marked(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/new")

    for label in ("UPC", "SKU", "Name"):
        expect(page.get_by_label(label, exact=True)).to_have_attribute("required", "")
    expect(page.get_by_test_id("required-marker")).to_have_count(3)
    expect(page.get_by_test_id("required-marker").first).to_be_visible()
    shot(page, screenshot, "F-add-product-required")

    page.goto(f"{live_api}/{acme.id}/users/new")
    for label in ("Username", "Password"):
        expect(page.get_by_label(label, exact=True)).to_have_attribute("required", "")
    expect(page.get_by_test_id("required-marker")).to_have_count(2)
    shot(page, screenshot, "F-new-user-required")


def test_titles_the_active_entry_and_a_phone_sized_layout(factory, live_api, page, screenshot):
    acme, mug, _ = catalogue(factory)
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types")
    sidebar = page.get_by_role("navigation", name="Main")

    expect(page).to_have_title(f"Products · {PORTAL}")
    expect(sidebar.get_by_role("link", name="Products")).to_have_attribute("aria-current", "page")
    expect(sidebar.get_by_role("link", name="Users")).not_to_have_attribute("aria-current", "page")
    shot(page, screenshot, "J-active-entry")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_api}/{acme.id}/item_types/{mug.upc}")
    expect(page).to_have_title(f"Trail Mug Blue · {PORTAL}")
    expect(sidebar).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, screenshot, "J-phone-product")

    page.get_by_role("button", name="Menu").click()
    expect(sidebar).to_be_visible()
    shot(page, screenshot, "J-phone-menu-open")
    sidebar.get_by_role("link", name="Users").click()
    expect(page).to_have_title(f"Users · {PORTAL}")
    expect(sidebar).to_be_hidden()
    shot(page, screenshot, "J-phone-users")


def test_the_request_log_hides_reads_until_asked(factory, live_api, page, screenshot):
    acme, mug, _ = catalogue(factory)
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/{mug.upc}/edit")
    page.get_by_label("Hazmat").check()
    page.get_by_role("button", name="Save").click()
    expect(alert(page)).to_have_text("Saved")

    with page.expect_request(lambda request: "/logs/requests/item_type/" in request.url) as first:
        page.get_by_role("button", name="Request Log").click()
    assert "include_reads" not in first.value.url
    log = page.locator(f"#request-log-item_type-{mug.upc}")
    expect(log.get_by_role("row", name=re.compile(rf"PUT \/api\/v4\/items\/{mug.upc} 200"))).to_be_visible()

    with page.expect_request(lambda request: "include_reads=true" in request.url):
        log.get_by_label("Show reads").check()
    expect(log.get_by_role("row", name=re.compile(rf"GET \/api\/v4\/items\/{mug.upc}\S* 200")).first).to_be_visible()
    shot(page, screenshot, "K-request-log-reads")
