"""A request's page as a client works it: entering the customs values the list flags and lowering
quantities (refusals shown where they are), cancelling the whole request after being asked, reading
who approved it in its history, a past ship date refused before it is sent, a return label made once
per filled form, and the page at a phone's width; and an item's open shipments leading to their requests."""
import re
from datetime import timedelta

import requests
from playwright.sync_api import expect
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import FulfillmentRequest, ReturnLabel, SetItem, Shipment
from api.shipping.models import Carrier, ShipProfile
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import BROOKLYN, create
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in
from tests.stock import add_stock

TORONTO = {"name": "Sam Roy", "address_1": "100 Queen St W", "city": "Toronto", "state": "ON", "postal_code": "M5H 2N2",
           "country": "CA", "phone": "+1 416 555 0100"}
PHONE = {"width": 390, "height": 844}


def acme_with_tents(factory, units=10):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=units, reason="receipt", reference="test", actor="test")
    db.session.commit()
    return acme


def set_status(request, status):
    db.session.expire_all()
    for shipment in db.session.scalars(select(Shipment).filter_by(request_id=request["id"])):
        shipment.status = status
    db.session.commit()


def shipment_row(page, shipment_id):
    return page.get_by_role("row", name=re.compile(rf"^{shipment_id} "))


def test_a_client_enters_missing_customs_values_and_lowers_a_quantity(factory, live_api, page, screenshot):
    acme = acme_with_tents(factory)
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    abroad = create(live_api, headers, "FR-TORONTO", items=(("TENT", 3),), to_address=TORONTO, warehouse_id="NJ01",
                    sets=[{"items": [{"upc": "TENT", "quantity": 3, "customs_value": 1}]}])
    # As from a shop: the customs value never came, and the shipment waits for it.
    db.session.scalars(select(SetItem).where(SetItem.upc == "TENT")).one().customs_value = None
    db.session.commit()
    set_status(abroad, "validating")
    [shipment] = abroad["shipments"]

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{abroad['id']}")
    expect(shipment_row(page, shipment["id"])).to_contain_text("Validating")
    expect(shipment_row(page, shipment["id"])).to_contain_text("Customs values are missing.")
    page.get_by_role("button", name="Edit Items of set 1").click()
    page.get_by_label("Customs value of TENT").fill("24.50")
    page.get_by_label("Quantity of TENT").fill("2")
    screenshot(page, "editing-items")
    page.get_by_role("button", name="Save Items").click()

    expect(page.get_by_role("alert")).to_have_text("Saved")
    expect(shipment_row(page, shipment["id"])).to_contain_text("Ready To Process")
    expect(page.get_by_role("row", name="TENT Trail Tent 2 2 24.50")).to_be_visible()
    history = page.get_by_role("table", name="History")
    expect(history.get_by_role("cell", name=re.compile(r"TENT customs value from nothing to 24\.50, TENT quantity from 3 to 2"))
           ).to_be_visible()
    expect(history.get_by_role("cell", name="alex.lead").first).to_be_visible()
    screenshot(page, "customs-entered")

    # Taking the customs value away again is refused by the API, shown on the field it names.
    page.get_by_role("button", name="Edit Items of set 1").click()
    page.get_by_label("Customs value of TENT").fill("")
    page.get_by_role("button", name="Save Items").click()
    refusal = "Item 1 (UPC TENT): Customs Value is needed outside the US."
    expect(page.get_by_role("alert")).to_have_text(refusal)
    expect(page.get_by_label("Customs value of TENT")).to_have_class(re.compile("is-invalid"))
    expect(page.get_by_text(refusal, exact=True).last).to_be_visible()

    # The warehouse starts on the shipment while the page is open: the quantity is refused, nothing changes.
    page.get_by_role("button", name="Discard").click()
    set_status(abroad, "processing")
    page.get_by_role("button", name="Edit Items of set 1").click()
    page.get_by_label("Quantity of TENT").fill("1")
    page.get_by_role("button", name="Save Items").click()
    expect(page.get_by_role("alert")).to_have_text(
        f"Quantities can no longer be changed: shipment {shipment['id']} is Processing; they are changed while every "
        "shipment is Validating or Ready To Process.")
    screenshot(page, "quantity-refused")
    page.reload()
    expect(page.get_by_role("row", name="TENT Trail Tent 2 2 24.50")).to_be_visible()
    page.get_by_role("button", name="Edit Items of set 1").click()
    expect(page.get_by_label("Quantity of TENT")).to_be_disabled()


def test_cancel_request_asks_first_and_a_begun_request_is_refused_as_a_whole(factory, live_api, page, screenshot):
    acme = acme_with_tents(factory, units=3)
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    whole = create(live_api, headers, "FR-WHOLE", items=(("TENT", 5),), warehouse_id="NJ01")  # 3 now, 2 waiting
    begun = create(live_api, headers, "FR-BEGUN", items=(("TENT", 1),), warehouse_id="NJ01")
    set_status(begun, "processing")
    prompts = []

    def answer(dialog, accept):
        prompts.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{whole['id']}")
    expect(page.get_by_role("link", name="Create Return")).to_be_visible()
    page.once("dialog", lambda dialog: answer(dialog, accept=False))
    page.get_by_role("button", name="Cancel Request").click()
    expect(page.get_by_role("button", name="Cancel Request")).to_be_enabled()
    for shipment in whole["shipments"]:
        expect(shipment_row(page, shipment["id"])).not_to_contain_text("Cancelled")
    page.once("dialog", lambda dialog: answer(dialog, accept=True))
    page.get_by_role("button", name="Cancel Request").click()

    expect(page.get_by_role("alert")).to_have_text("Fulfillment Request FR-WHOLE has been cancelled")
    for shipment in whole["shipments"]:
        expect(shipment_row(page, shipment["id"])).to_contain_text("Cancelled")
    expect(page.get_by_role("button", name="Cancel Request")).to_have_count(0)
    expect(page.get_by_role("link", name="Create Return")).to_have_count(0)  # nothing left to return
    expect(page.get_by_role("button", name="Save", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Edit Items of set 1")).to_have_count(0)
    assert prompts == ["Are you sure you want to cancel fulfillment request FR-WHOLE? Every shipment of it is cancelled."] * 2
    screenshot(page, "request-cancelled")
    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/{whole['id']}/return/create")
    expect(page.get_by_text("has no live shipment: there is nothing to return.")).to_be_visible()

    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/{begun['id']}")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Cancel Request").click()
    expect(page.get_by_role("alert")).to_have_text(
        f"Shipment {begun['shipments'][0]['id']} is Processing: only a Validating or Ready To Process shipment can be "
        "cancelled.")
    expect(shipment_row(page, begun["shipments"][0]["id"])).to_contain_text("Processing")
    screenshot(page, "cancel-refused")


def test_the_history_says_who_approved_and_a_past_date_is_refused_before_it_is_sent(factory, live_api, page, screenshot):
    acme = acme_with_tents(factory)
    factory.user("admin", username="ops.admin")
    risky = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-RISKY", warehouse_id="NJ01")
    flagged = db.session.get(FulfillmentRequest, risky["id"])
    flagged.requires_approval, flagged.requires_approval_reason, flagged.fraud = True, "fraud", True
    db.session.commit()
    staff = {**api_log_in(live_api, "ops.admin", PASSWORD), "X-Client-Id": str(acme.id)}
    approved = requests.put(f"{live_api}/api/v4/fulfillment_requests/{risky['id']}/approve", headers=staff, timeout=30)
    assert approved.status_code == 200, approved.text

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{risky['id']}")
    expect(page.get_by_role("heading", name="Shopify Risk Analysis")).to_have_count(0)
    expect(page.get_by_role("table", name="History").get_by_role("row", name=re.compile(r"Approved\. ops\.admin$"))
           ).to_be_visible()
    sent = []
    page.on("request", lambda call: sent.append(call.method) if call.url.endswith(f"/fulfillment_requests/{risky['id']}")
            else None)
    yesterday = (utcnow().date() - timedelta(days=2)).isoformat()
    page.get_by_label("Desired Ship Date").fill(yesterday)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Desired Ship Date cannot be earlier than today.")).to_be_visible()
    expect(page.get_by_label("Desired Ship Date")).to_have_class(re.compile("is-invalid"))
    assert "PUT" not in sent
    screenshot(page, "history-and-past-date")

    page.goto(f"{live_api}/{acme.id}/fulfillment_requests?tab=fraud")
    expect(page.get_by_text("FR-RISKY")).to_have_count(0)


def test_a_return_label_is_made_once_per_filled_form_and_the_form_clears(factory, live_api, page, screenshot):
    acme = acme_with_tents(factory)
    ups = ShipProfile(client_id=acme.id, name="UPS account", carrier=db.session.query(Carrier).filter_by(name="UPS").one())
    db.session.add(ups)
    db.session.commit()
    sent = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-SENT", warehouse_id="NJ01")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{sent['id']}/return/create")
    page.get_by_label("Carrier").select_option(label="UPS · UPS account")
    page.get_by_label("Ship Method").select_option(label="UPS Ground")
    for field, value in (("Length (in)", "12"), ("Width (in)", "9"), ("Height (in)", "4"), ("Weight (lbs)", "3.25")):
        page.get_by_label(field).fill(value)
    answers = []
    page.on("response", lambda answer: answers.append(answer) if answer.url.endswith("/get_return_label") else None)
    with page.expect_download():
        # Two clicks before the page can disable the button: one form, one key, one label.
        page.get_by_role("button", name="Create Return Label").evaluate("button => { button.click(); button.click(); }")
    expect(page.get_by_role("alert")).to_have_text("Created!")
    while len(answers) < 2:
        page.wait_for_event("response")
    assert [answer.status for answer in answers] == [200, 200]
    assert len({answer.request.header_value("idempotency-key") for answer in answers}) == 1

    for field in ("Length (in)", "Width (in)", "Height (in)", "Weight (lbs)", "Carrier"):
        expect(page.get_by_label(field)).to_have_value("")
    screenshot(page, "return-created")
    page.set_viewport_size(PHONE)
    expect(page.get_by_role("button", name="Create Return Label")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "return-created-390")
    db.session.expire_all()
    assert len(db.session.scalars(select(ReturnLabel).filter_by(request_id=sent["id"])).all()) == 1


def test_at_a_phones_width_the_page_fits_and_cancel_is_reachable(factory, live_api, new_page, screenshot):
    acme = acme_with_tents(factory, units=1)
    request = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-A-LONGER-REFERENCE-1234",
                     items=(("TENT", 3),), warehouse_id="NJ01", to_address={**BROOKLYN, "address_2": "Apartment 12B"})
    page = new_page()
    page.set_viewport_size(PHONE)

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{request['id']}")
    expect(page.get_by_role("heading", name="Shipments")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    cancel = page.get_by_role("button", name="Cancel Request")
    cancel.scroll_into_view_if_needed()
    expect(cancel).to_be_in_viewport()
    waiting = request["shipments"][1]["id"]
    shipment_cancel = page.get_by_role("button", name=f"Cancel shipment {waiting}")
    shipment_cancel.scroll_into_view_if_needed()
    expect(shipment_cancel).to_be_in_viewport()
    page.get_by_role("button", name="Edit Items of set 1").click()
    expect(page.get_by_label("Quantity of TENT")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "phone")


def test_an_items_open_shipments_lead_to_their_requests(factory, live_api, page, screenshot):
    acme = acme_with_tents(factory, units=1)
    request = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-OPEN", items=(("TENT", 3),),
                     order_id="#1004", warehouse_id="NJ01")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/item_types/TENT")
    shipments = page.locator(".card", has=page.get_by_role("heading", name="Open Shipments"))
    expect(shipments.get_by_role("row")).to_have_count(3)  # the heading row and the two shipments
    expect(shipments.get_by_role("row", name=re.compile(r"^#1004 FR-OPEN \d+ .* Ready To Process NJ01 1 1$"))).to_be_visible()
    expect(shipments.get_by_role("row", name=re.compile(r"^#1004 FR-OPEN \d+ .* Validating NJ01 0 2$"))).to_be_visible()
    screenshot(page, "open-shipments")
    page.set_viewport_size(PHONE)
    expect(shipments.get_by_role("link", name="FR-OPEN").first).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "open-shipments-390")
    shipments.get_by_role("link", name="FR-OPEN").first.click()
    expect(page).to_have_url(re.compile(rf"/fulfillment_requests/{request['id']}$"))
    expect(page.get_by_role("heading", name="Fulfillment Request FR-OPEN")).to_be_visible()
