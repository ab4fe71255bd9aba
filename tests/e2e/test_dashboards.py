"""Both dashboards on the demo's month of history: the client lands on the orders dashboard (totals per
warehouse, the alerts, the status chart), an alert opens the list it counts, and the shipments dashboard
shows its averages, tables and the map with a state's count on hover. Screenshots to look at also land
in /tmp/dash-shots/."""
import re
from pathlib import Path

from playwright.sync_api import expect
from sqlalchemy import select

from api.clients.models import Client
from api.extensions import db
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import request_links

SHOTS = Path("/tmp/dash-shots")


def test_the_dashboards_show_the_demo_month_and_an_alert_opens_its_list(app, live_api, page, screenshot):
    assert app.test_cli_runner().invoke(args=["seed-demo"]).exit_code == 0
    with app.app_context():
        acme_id = db.session.scalars(select(Client.id).filter_by(name="Acme Outdoor Supply")).one()
    SHOTS.mkdir(exist_ok=True)

    log_in(page, live_api, "acme.manager", "demo-password-1")

    expect(page).to_have_url(re.compile(rf"/{acme_id}/dashboards/orders$"))
    expect(page.get_by_role("heading", name="Orders Dashboard")).to_be_visible()
    unfilled = page.get_by_role("region", name="All Unfilled Shipments")
    expect(unfilled.get_by_role("row").first).to_be_visible()
    expect(page.get_by_test_id("status-chart").locator("rect[data-bar]").first).to_be_visible()
    screenshot(page, "orders")
    page.screenshot(path=str(SHOTS / "orders.png"), full_page=True)

    page.get_by_role("region", name="Order Alerts").get_by_role("link", name=re.compile("Invalid address")).click()
    expect(page).to_have_url(re.compile(rf"/{acme_id}/fulfillment_requests\?tab=Invalid\+Address&status=validating$"))
    expect(request_links(page)).to_have_text(["DEMO-4"])
    page.screenshot(path=str(SHOTS / "invalid-address-list.png"), full_page=True)

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Shipments", exact=True).click()
    expect(page.get_by_role("heading", name="Shipments Dashboard")).to_be_visible()
    states = page.get_by_test_id("states-map").locator("path[data-state]")
    expect(states.first).to_be_visible()
    page.get_by_test_id("states-map").locator('path[data-state="TX"]').hover()
    expect(page.get_by_test_id("states-map-caption")).to_have_text(re.compile(r"^Texas: [1-9]\d* shipments$"))
    expect(page.get_by_role("table", name="Shipments per state").get_by_role("row")).not_to_have_count(2)
    screenshot(page, "shipments")
    page.screenshot(path=str(SHOTS / "shipments.png"), full_page=True)
