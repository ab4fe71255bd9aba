"""The new request form as a client meets a refusal: the alert is brought into view and focused, the
fields it names are marked with its message beside them (named by their labels), and what was typed
stays; the item picker shows where each item is free."""
import re
from datetime import datetime, time, timedelta

from playwright.sync_api import expect

from api.common.timeutil import utcnow
from api.extensions import db
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD
from tests.stock import add_stock

INVALID = re.compile(r"\bis-invalid\b")


def open_form(factory, live_api, page):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    factory.item(acme, upc="TARP", name="Trail Tarp")
    add_stock(tent, "NJ01", unbound=5, reason="receipt", reference="test", actor="test")
    add_stock(tent, "CA01", reserved=2, bound=4, reason="receipt", reference="test", actor="test")
    db.session.commit()
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/new")
    expect(page.get_by_role("heading", name="New Fulfillment Request")).to_be_visible()


def fill_request(page, state="NY"):
    page.get_by_label("Fulfillment Request ID").fill("WEB-7")
    page.get_by_label("Name", exact=True).fill("Pat Doe")
    page.get_by_label("Address 1").fill("75 Livingston St")
    page.get_by_label("Postal Code").fill("11201")
    page.get_by_label("Phone").fill("718 555 0100")
    page.get_by_label("Postal Code").blur()
    expect(page.get_by_label("State")).to_have_value("NY")  # from the ZIP code lookup
    page.get_by_label("State").fill(state)
    page.get_by_label("Add an item").fill("Trail")
    page.get_by_label("Catalogue matches").get_by_role("button", name="Trail Tent").click()


def expect_refusal_in_view(page, message):
    alert = page.get_by_role("alert")
    expect(alert).to_have_text(message)
    expect(alert).to_be_in_viewport()
    expect(page.locator(":focus")).to_have_text(message)


def test_a_refused_address_is_brought_into_view_and_its_field_marked_keeping_what_was_typed(
        factory, live_api, page, screenshot):
    open_form(factory, live_api, page)
    page.get_by_label("Add an item").fill("Trail")
    picker = page.get_by_label("Catalogue matches")
    # Free stock: neither bound nor reserved, per warehouse.
    expect(picker.get_by_role("button", name="Trail Tent")).to_contain_text("Free stock: NJ01 5")
    expect(picker.get_by_role("button", name="Trail Tent")).not_to_contain_text("CA01")
    expect(picker.get_by_role("button", name="Trail Tarp")).to_contain_text("Free stock: No free stock")
    screenshot(page, "item-picker")
    page.get_by_label("Add an item").fill("")

    fill_request(page, state="CA")
    page.get_by_role("button", name="Create").click()

    message = "Postal Code 11201 is in NY, not in CA."
    expect_refusal_in_view(page, message)
    postal_code = page.get_by_label("Postal Code")
    expect(postal_code).to_have_class(INVALID)
    expect(postal_code).to_have_accessible_description(message)
    expect(page.get_by_label("State")).not_to_have_class(INVALID)
    expect(page.get_by_label("Fulfillment Request ID")).to_have_value("WEB-7")
    expect(postal_code).to_have_value("11201")
    expect(page.get_by_label("State")).to_have_value("CA")
    expect(page.get_by_label("Quantity of TENT")).to_have_value("1")
    screenshot(page, "refused-address")
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name="Create").click()
    expect_refusal_in_view(page, message)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "refused-address-390")

    page.get_by_label("State").fill("NY")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("alert")).to_have_text("Created!")


def test_a_desired_ship_date_the_server_finds_past_is_named_by_its_label(factory, live_api, page, screenshot):
    # The browser's clock a day behind the server's (a time zone west of it late in its day): the
    # form's today is the server's yesterday.
    yesterday = utcnow().date() - timedelta(days=1)
    page.clock.set_fixed_time(datetime.combine(yesterday, time(12)))
    open_form(factory, live_api, page)
    fill_request(page)
    page.get_by_role("button", name="Create").click()

    message = f"Desired Ship Date {yesterday.isoformat()} is before today ({utcnow().date().isoformat()})."
    expect_refusal_in_view(page, message)
    expect(page.get_by_label("Desired Ship Date")).to_have_class(INVALID)
    expect(page.get_by_label("Desired Ship Date")).to_have_accessible_description(message)
    screenshot(page, "refused-date")


def test_a_refused_quantity_names_the_set_the_item_and_its_upc(factory, live_api, page, screenshot):
    open_form(factory, live_api, page)
    fill_request(page)
    quantity = page.get_by_label("Quantity of TENT")
    quantity.evaluate("input => input.removeAttribute('max')")  # as a form that let it through would send it
    quantity.fill("1001")
    page.get_by_role("button", name="Create").click()

    message = "Set 1, item 1 (UPC TENT), Quantity: Must be greater than or equal to 1 and less than or equal to 1000."
    expect_refusal_in_view(page, message)
    expect(quantity).to_have_class(INVALID)
    expect(quantity).to_have_accessible_description(message)
    expect(quantity).to_have_value("1001")
    screenshot(page, "refused-quantity")
