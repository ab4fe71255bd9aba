"""The request list as a client works it: one filter state that the tabs and the Status dropdown both
show, a search that finds an order number or a city, a Status column summing up each request's
shipments, the filtered list exported as CSV; and the bulk page's template, required columns and the
link from a finished upload to the requests it created."""
import csv
import io
import re

import pytest
from playwright.sync_api import expect

from api.extensions import db
from api.orders.models import FulfillmentRequest
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import create, request_links, scroller
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in
from tests.stock import add_stock

CHICAGO = {"name": "Kim Lee", "address_1": "233 S Wacker Dr", "city": "Chicago", "state": "IL", "postal_code": "60606",
           "country": "US", "phone": "312 555 0100"}


@pytest.fixture
def acme(factory):
    """A client with a user, alex.lead, and ten tents in stock at NJ01."""
    client = factory.client("Acme Outdoor")
    factory.user("client", client, username="alex.lead")
    tent = factory.item(client, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=10, reason="receipt", reference="test", actor="test")
    db.session.commit()
    return client


def set_status(request_id, status):
    db.session.get(FulfillmentRequest, request_id).shipments[0].status = status
    db.session.commit()


def tab(page, name):
    return page.get_by_role("navigation", name="Request filters").get_by_role("link", name=name, exact=True)


def test_tabs_and_status_show_one_filter_search_finds_orders_and_cities_and_the_list_exports(
        acme, factory, live_api, page, screenshot):
    acme.shopify_shop_name = "acme-outdoor.myshopify.com"  # a shop: its orders are offered for import
    factory.item(acme, upc="LANTERN", name="Lantern")  # none in stock
    db.session.commit()
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    set_status(create(live_api, headers, "FR-SHOP", order_id="#1004")["id"], "shipped")
    set_status(create(live_api, headers, "FR-PROC", order_id="=1+1")["id"], "processing")
    create(live_api, headers, "FR-CHI", to_address=CHICAGO)
    create(live_api, headers, "FR-WAIT", items=(("LANTERN", 1),))

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    expect(request_links(page)).to_have_text(["FR-WAIT", "FR-CHI", "FR-PROC", "FR-SHOP"])
    expect(page.get_by_role("link", name="Import from Shopify")).to_be_visible()
    statuses = scroller(page).locator("tbody tr[data-index] td:nth-child(3)")
    expect(statuses).to_have_text(["Waiting for stock", "Ready to process", "Processing", "Shipped"])
    screenshot(page, "list")

    # The Processing tab open, the Status dropdown set to Validating: the validating rows show under
    # the Validating tab, which the dropdown's choice opened.
    tab(page, "Processing").click()
    expect(request_links(page)).to_have_text(["FR-PROC"])
    expect(page.get_by_label("Status")).to_have_value("processing")
    page.get_by_label("Status").select_option(label="Validating")
    expect(request_links(page)).to_have_text(["FR-WAIT"])
    expect(tab(page, "Validating")).to_have_class(re.compile(r"\bactive\b"))
    expect(tab(page, "Processing")).not_to_have_class(re.compile(r"\bactive\b"))
    page.get_by_label("Status").select_option(label="Shipped")  # a status without a tab opens none
    expect(request_links(page)).to_have_text(["FR-SHOP"])
    expect(page.get_by_role("navigation", name="Request filters").locator(".active")).to_have_count(0)
    tab(page, "All").click()
    expect(page.get_by_label("Status")).to_have_value("")
    expect(request_links(page)).to_have_count(4)

    page.get_by_label("Search").fill("1004")
    expect(request_links(page)).to_have_text(["FR-SHOP"])
    page.get_by_label("Search").fill("chicago")
    expect(request_links(page)).to_have_text(["FR-CHI"])
    page.get_by_label("Search").fill("1+1")
    expect(request_links(page)).to_have_text(["FR-PROC"])

    with page.expect_download() as download:
        page.get_by_role("button", name="Export CSV").click()
    assert download.value.suggested_filename == "fulfillment-requests.csv"
    text = open(download.value.path(), encoding="utf-8-sig").read()
    [header, row] = list(csv.reader(io.StringIO(text)))
    exported = dict(zip(header, row))
    assert (exported["fulfillment_request_id"], exported["order_id"], exported["status"]) == ("FR-PROC", "'=1+1", "Processing")

    page.get_by_label("Search").fill("")
    expect(request_links(page)).to_have_count(4)
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.get_by_role("button", name="Export CSV")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the list scrolls inside its box
    screenshot(page, "list-390")


def test_the_bulk_page_offers_a_template_marks_required_columns_and_links_to_what_an_upload_created(
        acme, live_api, page, screenshot, tmp_path):
    create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "EARLIER")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/new_bulk")
    columns = page.get_by_role("table", name="Columns")
    for required in ("fulfillment_request_id", "to_name", "to_phone", "upc", "quantity"):
        expect(columns.get_by_role("row", name=re.compile(rf"^{required} Required"))).to_be_visible()
    expect(columns.get_by_role("row", name=re.compile(r"^to_company Required"))).to_have_count(0)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download a CSV template").click()
    [header] = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8-sig").read())))
    assert header[:3] == ["fulfillment_request_id", "order_id", "warehouse_id"] and "quantity" in header
    screenshot(page, "bulk")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "bulk-390")
    page.set_viewport_size({"width": 1280, "height": 800})

    file = tmp_path / "orders.csv"
    address = "Pat Doe,75 Livingston St,Brooklyn,NY,11201,US,718 555 0100"
    file.write_text(
        "fulfillment_request_id,to_name,to_address_1,to_city,to_state,to_postal_code,to_country,to_phone,upc,quantity\n"
        f"BULK-1,{address},TENT,2\nBULK-2,{address},TENT,1\n")
    page.get_by_label("CSV file").set_input_files(str(file))
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_label("Job progress").get_by_text("Status: Succeeded")).to_be_visible(timeout=60_000)
    screenshot(page, "bulk-succeeded")

    page.get_by_role("link", name="See the requests this upload created").click()
    expect(request_links(page)).to_have_text(["BULK-2", "BULK-1"])
    expect(page.get_by_text("Showing the requests created by one bulk upload.")).to_be_visible()
    screenshot(page, "upload-requests")
    page.get_by_role("link", name="Show all requests").click()
    expect(request_links(page)).to_have_text(["BULK-2", "BULK-1", "EARLIER"])
