"""The order page: every shipment of an order's requests (Order ID, Fulfillment Request Id, Shipment ID,
Status, Tracking Number) on one page, each leading to its shipment; reached from a shipment's summary."""
import re

from playwright.sync_api import expect

from api.extensions import db
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import create
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in
from tests.stock import add_stock


def test_an_orders_shipments_are_listed_and_lead_to_their_pages(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=1)
    db.session.commit()
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    split = create(live_api, headers, "FR-SPLIT", items=(("TENT", 3),), order_id="#3001", warehouse_id="NJ01")
    extra = create(live_api, headers, "FR-EXTRA", order_id="#3001", warehouse_id="NJ01")
    create(live_api, headers, "FR-ELSEWHERE", order_id="#3002", warehouse_id="NJ01")
    now, waiting = split["shipments"]
    [late] = extra["shipments"]

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/shipments/{now['id']}")
    page.get_by_role("link", name="#3001").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/orders/%233001$"))
    expect(page.get_by_role("heading", name="Order #3001")).to_be_visible()
    table = page.get_by_role("table", name="Shipments of the order")
    expect(table.get_by_role("columnheader")).to_have_text(
        ["Order ID", "Fulfillment Request Id", "Shipment ID", "Status", "Tracking Number"])
    expect(table.get_by_role("row")).to_have_count(4)  # the heading row and the order's three shipments
    expect(table.get_by_role("row", name=f"#3001 FR-SPLIT {now['id']} Ready To Process")).to_be_visible()
    expect(table.get_by_role("row", name=f"#3001 FR-SPLIT {waiting['id']} Validating")).to_be_visible()
    expect(table.get_by_role("row", name=f"#3001 FR-EXTRA {late['id']} Validating")).to_be_visible()
    expect(table.get_by_text("FR-ELSEWHERE")).to_have_count(0)
    screenshot(page, "order")

    table.get_by_role("link", name=str(late["id"]), exact=True).click()
    expect(page.get_by_role("heading", name=f"Shipment {late['id']}")).to_be_visible()
