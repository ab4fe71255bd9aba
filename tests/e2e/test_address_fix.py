"""The address fix page: the requests whose ship-to address did not validate, one at a time with Back
and Next that wrap; the original and the editable address, the score, the candidates, a web search
and a map of the postal code; a validated save drops the request and moves on."""
import re
from urllib.parse import parse_qs, urlparse

import requests
from playwright.sync_api import expect

from api.extensions import db
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import BROOKLYN, create
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in
from tests.stock import add_stock


def position(page):
    return page.get_by_test_id("fix-position")


def showing(page, reference):
    expect(page.get_by_role("link", name=reference, exact=True)).to_be_visible()


def field(page, label):
    return page.get_by_label(label, exact=True)


def test_fix_addresses_one_after_another(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=50, reason="receipt", reference="test", actor="test")
    db.session.commit()
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    create(live_api, headers, "FR-WRONG-CITY", to_address={**BROOKLYN, "city": "Albany"})
    create(live_api, headers, "FR-NO-ZIP", to_address={**BROOKLYN, "postal_code": "99999"})
    create(live_api, headers, "FR-SPRINGFIELD", to_address={**BROOKLYN, "city": "Springfield"})
    create(live_api, headers, "FR-GOOD")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    page.get_by_role("link", name="Invalid Address", exact=True).click()
    page.get_by_role("link", name="Fix Addresses", exact=True).click()

    # Newest first: the one with the wrong city, its candidates and its map.
    expect(page.get_by_role("heading", name="Fix Addresses")).to_be_visible()
    expect(position(page)).to_have_text("1 of 3")
    showing(page, "FR-SPRINGFIELD")
    expect(page.get_by_test_id("fix-score")).to_have_text("Changes Recommended")
    suggestions = page.get_by_role("list", name="Suggested addresses")
    expect(suggestions.get_by_text("75 LIVINGSTON ST, BROOKLYN, NY 11201, US")).to_be_visible()
    expect(page.get_by_text("City 'SPRINGFIELD' is not served by Postal Code 11201")).to_be_visible()
    expect(page.get_by_test_id("address-map")).to_have_attribute("aria-label", "Map of 11201 in Kings, New York")
    search = page.get_by_role("link", name="Search the web for this address")
    query = parse_qs(urlparse(search.get_attribute("href")).query)["q"][0]
    assert query == "75 Livingston St, Springfield, NY 11201, US"
    expect(search).to_have_attribute("target", "_blank")
    screenshot(page, "candidates-and-map")

    # Back and Next wrap around.
    page.get_by_role("button", name="Back").click()
    expect(position(page)).to_have_text("3 of 3")
    showing(page, "FR-WRONG-CITY")
    page.get_by_role("button", name="Next").click()
    expect(position(page)).to_have_text("1 of 3")
    page.get_by_role("button", name="Next").click()
    expect(position(page)).to_have_text("2 of 3")
    showing(page, "FR-NO-ZIP")
    expect(page.get_by_test_id("fix-score")).to_have_text("Undeliverable")
    expect(page.get_by_text("No suggestions.")).to_be_visible()
    expect(page.get_by_text("No map: the postal code could not be placed.")).to_be_visible()

    # A validated save drops the request and shows the next one in its place.
    field(page, "Postal Code").fill("11201")
    expect(page.get_by_test_id("address-map")).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Saved", exact=True)).to_be_visible()
    expect(position(page)).to_have_text("2 of 2")
    showing(page, "FR-WRONG-CITY")

    # Taking a candidate and saving the last one goes back to the one before.
    expect(field(page, "City")).to_have_value("Albany")
    page.get_by_role("list", name="Suggested addresses").get_by_role("button", name="Use").first.click()
    expect(field(page, "City")).to_have_value("BROOKLYN")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(position(page)).to_have_text("1 of 1")
    showing(page, "FR-SPRINGFIELD")

    # A save that does not validate shows why and the new candidates; the sender can vouch for it.
    field(page, "City").fill("Buffalo")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("alert").filter(has_text="City 'BUFFALO' is not served by Postal Code 11201")).to_be_visible()
    expect(position(page)).to_have_text("1 of 1")
    expect(page.get_by_test_id("fix-score")).to_have_text("Changes Recommended")
    screenshot(page, "save-refused")
    page.get_by_role("button", name="Save Without Validation").click()
    expect(page.get_by_text("Every ship-to address is valid.")).to_be_visible()
    screenshot(page, "all-fixed")

    listed = requests.get(f"{live_api}/api/v4/fulfillment_requests", headers=headers,
                          params={"includeShipments": "true"}, timeout=30).json()["fulfillment_requests"]
    stored = {request["fulfillment_request_id"]: request for request in listed}
    assert {reference: stored[reference]["to_address"]["city"] for reference in ("FR-WRONG-CITY", "FR-NO-ZIP", "FR-SPRINGFIELD")} == {
        "FR-WRONG-CITY": "BROOKLYN", "FR-NO-ZIP": "BROOKLYN", "FR-SPRINGFIELD": "BUFFALO"}
    assert {request["to_address"]["validation_status"] for request in listed} == {"validated"}
    assert {shipment["status"] for request in listed for shipment in request["shipments"]} == {"ready_to_process"}


def test_a_request_with_an_invalid_address_links_to_its_fix(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    factory.item(acme, upc="TENT", name="Trail Tent")
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    older = create(live_api, headers, "FR-OLDER", to_address={**BROOKLYN, "city": "Albany"})
    create(live_api, headers, "FR-NEWER", to_address={**BROOKLYN, "city": "Albany"})

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{older['id']}")
    page.get_by_role("link", name="Fix Address", exact=True).click()

    expect(page).to_have_url(re.compile(rf"/fix_address\?request={older['id']}$"))
    expect(position(page)).to_have_text("2 of 2")
    showing(page, "FR-OLDER")
    expect(page.get_by_test_id("original-address")).to_contain_text("Albany, NY 11201")
    screenshot(page, "from-the-request")
