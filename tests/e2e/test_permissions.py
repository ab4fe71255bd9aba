"""What the demo read-only and custom-permission users see: no control for an action the API would
refuse them, and a refusal instead of a form when they open such a page by its address."""
import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from api.cli import DEMO_PASSWORD
from api.clients.models import Client
from api.extensions import db
from tests.e2e.conftest import log_in

PRODUCT_LIST_LINKS = (
    "Add New Product", "Add New Case Pack", "Add New Virtual Bundle", "Bulk Create / Update Items", "Bulk Create Case Packs",
)
UPC = "012345678905"


@pytest.fixture
def demo_acme(app, factory):
    """The demo data's Acme client (its users come from seed-demo), with one simple item."""
    result = app.test_cli_runner().invoke(args=["seed-demo"])
    assert result.exit_code == 0, result.output
    acme = db.session.scalars(select(Client).filter_by(name="Acme Outdoor Supply")).one()
    factory.item(acme, upc=UPC, sku="MUG-BLUE", name="Trail Mug Blue")
    return acme


def sidebar(page):
    return page.get_by_role("navigation", name="Main")


def not_permitted(page, grant):
    expect(page.get_by_role("heading", name="Not permitted")).to_be_visible()
    expect(page).to_have_title("Not permitted · Fulfilment Portal")
    expect(page.get_by_text(f"the permission this page needs ({grant})")).to_be_visible()
    expect(page.get_by_role("button", name="Save")).to_have_count(0)


def test_the_read_only_user_sees_products_without_any_control_to_change_them(demo_acme, live_api, page, screenshot):
    log_in(page, live_api, "acme.viewer", DEMO_PASSWORD, path=f"/{demo_acme.id}/item_types")

    expect(page.get_by_role("link", name="Trail Mug Blue")).to_be_visible()
    for name in PRODUCT_LIST_LINKS:
        expect(page.get_by_role("link", name=name)).to_have_count(0)
    expect(sidebar(page).get_by_role("link", name="Reports")).to_be_visible()
    for name in ("Upload ASN", "Upload RMAs"):
        expect(sidebar(page).get_by_role("link", name=name)).to_have_count(0)
    screenshot(page, "read-only-list")

    page.get_by_role("link", name="Trail Mug Blue").click()
    expect(page.get_by_role("heading", name=re.compile("Trail Mug Blue"))).to_be_visible()
    expect(page.get_by_text("MUG-BLUE")).to_be_visible()
    for name in ("Reserve Inventory", "Edit", "Convert to Case Pack"):
        expect(page.get_by_role("link", name=name, exact=True)).to_have_count(0)
    screenshot(page, "read-only-detail")

    page.goto(f"{live_api}/{demo_acme.id}/item_types/{UPC}/edit")
    not_permitted(page, "update:items")
    expect(page.get_by_label("Name", exact=True)).to_have_count(0)
    screenshot(page, "read-only-edit-refused")
    page.goto(f"{live_api}/{demo_acme.id}/item_types/new_bulk")
    not_permitted(page, "create:items")


def test_the_custom_user_sees_what_they_were_granted_and_nothing_else(demo_acme, live_api, page, screenshot):
    log_in(page, live_api, "acme.custom", DEMO_PASSWORD, path=f"/{demo_acme.id}/item_types")

    expect(page.get_by_role("link", name="Trail Mug Blue")).to_be_visible()
    for name in PRODUCT_LIST_LINKS:  # create:items
        expect(page.get_by_role("link", name=name)).to_be_visible()
    expect(sidebar(page).get_by_role("link", name="Upload ASN")).to_have_count(0)
    screenshot(page, "custom-list")

    page.get_by_role("link", name="Trail Mug Blue").click()
    expect(page.get_by_role("heading", name=re.compile("Trail Mug Blue"))).to_be_visible()
    expect(page.get_by_role("link", name="Edit", exact=True)).to_be_visible()  # update:items
    expect(page.get_by_role("link", name="Convert to Case Pack")).to_be_visible()
    expect(page.get_by_role("link", name="Reserve Inventory")).to_have_count(0)  # no update:inventory
    screenshot(page, "custom-detail")

    page.goto(f"{live_api}/{demo_acme.id}/item_types/{UPC}/reserve_inventory")
    not_permitted(page, "update:inventory")
    screenshot(page, "custom-reserve-refused")

    page.goto(f"{live_api}/{demo_acme.id}/item_types/{UPC}")
    page.get_by_role("link", name="Edit", exact=True).click()
    page.get_by_label("Name", exact=True).fill("Trail Mug Navy")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_have_text("Saved")
