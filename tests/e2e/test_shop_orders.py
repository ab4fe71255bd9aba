"""The Pull Order From Shopify page as a client uses it: the request list's Import from Shopify button
(the client has a shop) leads to the local shop platform's open orders; two are chosen and imported by
the worker, they link to their requests, and the requests are on the list."""
import re

import pytest
from playwright.sync_api import expect

from api.extensions import db
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD
from tests.shop_platform import link_shop, shop_processes
from tests.stock import add_stock

SHOP = "acme-outdoor.myshopify.com"


@pytest.fixture(scope="module")
def shop_portal(app, live_env, process_logs, tmp_path_factory):
    with shop_processes(app, live_env, process_logs, tmp_path_factory, "shop-e2e") as platform_and_url:
        yield platform_and_url


def test_a_client_pulls_two_shop_orders_and_finds_them_among_its_requests(app, factory, shop_portal, page, screenshot):
    platform, base_url = shop_portal
    platform.admin.reset()
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead", email="alex@acme.test")
    tent = factory.item(acme, upc="TENT", sku="TENT-1", name="Trail Tent", shopify_variant_id="777")
    stove = factory.item(acme, upc="STOVE", sku="STOVE-1", name="Camp Stove")
    for item in (tent, stove):
        add_stock(item, "NJ01", unbound=10)
    db.session.commit()
    link_shop(app, acme, SHOP)
    first = platform.admin.add_order(SHOP, [("TENT-1", 777, 2)])
    second = platform.admin.add_order(SHOP, [("STOVE-1", None, 1)], risk_level="HIGH", recommendation="INVESTIGATE")
    third = platform.admin.add_order(SHOP, [("TENT-1", 777, 1)])

    log_in(page, base_url, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    page.get_by_role("link", name="Import from Shopify").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/shopify/get_order$"))
    orders = page.get_by_role("table", name="Shop orders")
    for order in (first, second, third):
        expect(orders.get_by_role("row", name=re.compile(re.escape(order["name"])))).to_contain_text("Not imported")
    screenshot(page, "open-orders")

    page.get_by_label(f"Choose order {first['name']}").check()
    page.get_by_label(f"Choose order {second['name']}").check()
    page.get_by_role("button", name="Import Selected (2)").click()
    expect(page.get_by_label("Job progress")).to_contain_text("Status: Succeeded", timeout=60_000)
    expect(page.get_by_label("Job progress")).to_contain_text("2 succeeded, 0 failed, 2 in all.")
    for order in (first, second):
        expect(orders.get_by_role("row", name=re.compile(re.escape(order["name"])))).not_to_contain_text("Not imported")
    expect(orders.get_by_role("row", name=re.compile(re.escape(third["name"])))).to_contain_text("Not imported")
    screenshot(page, "imported")

    page.goto(f"{base_url}/{acme.id}/fulfillment_requests")
    for order in (first, second):
        expect(page.get_by_text(order["name"], exact=True)).to_be_visible()
    expect(page.get_by_text(third["name"], exact=True)).to_have_count(0)
    screenshot(page, "requests")
    platform.admin.reset()
