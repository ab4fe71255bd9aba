"""The fulfilment request screens: the list (tabs, search, status and date filters, scrolling through
pages by cursor), a request's detail (cards, sets with their children, settings edit, approval) and
the return label page that downloads the PDF, cancelling a shipment from the request page."""
import re
from datetime import timedelta

import requests
from playwright.sync_api import expect
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.bulk import COLUMN_DESCRIPTIONS
from api.orders.models import FulfillmentRequest
from api.products.models import BUNDLE
from api.shipping.models import Carrier, ShipProfile
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in, wait_until
from tests.stock import add_stock

BROOKLYN = {"name": "Pat Doe", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
            "postal_code": "11201", "country": "US", "phone": "718 555 0100"}
OLDER_REQUESTS = 120  # more than a page (100): the oldest ones come as the list is scrolled


def create(base_url, headers, reference, items=(("TENT", 1),), **fields):
    body = {"fulfillment_request_id": reference, "to_address": fields.pop("to_address", BROOKLYN),
            "sets": [{"items": [{"upc": upc, "quantity": quantity} for upc, quantity in items]}], **fields}
    answer = requests.post(f"{base_url}/api/v4/fulfillment_requests", json=body, headers=headers, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def scroller(page):
    return page.get_by_test_id("requests-scroller")


def request_links(page):
    return scroller(page).locator("tbody a")


def cut_short(page):
    """[(text, whether it shows whole on hover)] of the list's headings and cells too wide for their column."""
    return page.evaluate(
        """() => {
            const table = document.querySelector('[data-testid=requests-scroller] table');
            const tooWide = (cell) => {
                const text = document.createRange();
                text.selectNodeContents(cell);
                const style = getComputedStyle(cell);
                const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                return text.getBoundingClientRect().width > room;
            };
            return [...table.querySelectorAll('thead th, tbody tr[data-index] td')].filter(tooWide)
                .map((cell) => [cell.textContent, cell.title === cell.textContent]);
        }"""
    )


def test_list_filter_open_edit_approve_and_create_a_return(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    stove = factory.item(acme, upc="STOVE", name="Camp Stove")
    factory.item(acme, upc="CAMP-SET", name="Camp Set", composite_type=BUNDLE, children=[(tent, 1), (stove, 2)])
    factory.item(acme, upc="LANTERN", name="Lantern")  # none in stock
    add_stock(tent, "NJ01", unbound=500, reason="receipt", reference="test", actor="test")
    add_stock(stove, "NJ01", unbound=500, reason="receipt", reference="test", actor="test")
    ups = ShipProfile(client_id=acme.id, name="UPS account", carrier=db.session.query(Carrier).filter_by(name="UPS").one())
    db.session.add(ups)
    db.session.commit()
    headers = {**api_log_in(live_api, "alex.lead", PASSWORD)}
    for n in range(1, OLDER_REQUESTS + 1):
        create(live_api, headers, f"FR-{n:03d}", order_id=f"ORD-{n:03d}")
    create(live_api, headers, "FR-MISPLACED", to_address={**BROOKLYN, "city": "Springfield"})
    bundle = create(live_api, headers, "FR-BUNDLE", items=(("CAMP-SET", 2),), order_id="ORD-B", warehouse_id="NJ01",
                    ship_profile_id=ups.id, ship_method="UPS_GROUND")
    create(live_api, headers, "FR-WAITING", items=(("LANTERN", 1),))
    risky = create(live_api, headers, "FR-RISKY")
    flagged = db.session.get(FulfillmentRequest, risky["id"])
    flagged.requires_approval, flagged.requires_approval_reason, flagged.fraud = True, "fraud", True
    flagged.shopify_risk_recommendation, flagged.shopify_risk_score = "investigate", 0.7
    db.session.commit()

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    expect(page.get_by_role("heading", name="Fulfillment Requests")).to_be_visible()
    for button in ("Bulk Import", "New"):
        expect(page.get_by_role("link", name=button, exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Import from Shopify")).to_have_count(0)  # the client has no shop
    expect(request_links(page).first).to_have_text("FR-RISKY")  # newest first
    columns = ("ID", "Order ID", "Warehouse", "Ship Profile ID", "Ship Method", "To Address", "Order Date")
    for column in columns:
        expect(scroller(page).get_by_role("columnheader", name=column, exact=True)).to_be_visible()
    # Every heading and order date fits its column; a longer reference, ship method or address is cut
    # short with an ellipsis and shows whole on hover.
    cut = cut_short(page)
    assert {text for text, _ in cut} & set(columns) == set()
    assert [text for text, _ in cut if re.fullmatch(r"\d\d/\d\d/\d{4} .*", text)] == []
    assert [text for text, whole_on_hover in cut if not whole_on_hover] == []
    assert any(text.startswith("Pat Doe") for text, _ in cut)  # an address did not fit: the check saw one
    screenshot(page, "list")

    # Scrolling to the end fetches the next page by cursor until the oldest request is drawn.
    page.wait_for_function(
        """() => {
            const list = document.querySelector('[data-testid=requests-scroller]');
            list.scrollTop = list.scrollHeight;
            return [...list.querySelectorAll('tbody a')].some((link) => link.textContent === 'FR-001');
        }""",
        polling=100,
    )
    expect(request_links(page).filter(has_text=re.compile("^FR-001$"))).to_be_visible()

    tabs = page.get_by_role("navigation", name="Request filters")
    tabs.get_by_role("link", name="Invalid Address").click()
    expect(page).to_have_url(re.compile(r"tab=Invalid\+Address"))
    expect(request_links(page)).to_have_text(["FR-MISPLACED"])
    tabs.get_by_role("link", name="Fraud", exact=True).click()
    expect(request_links(page)).to_have_text(["FR-RISKY"])
    tabs.get_by_role("link", name="Validating", exact=True).click()
    expect(request_links(page)).to_have_text(["FR-WAITING", "FR-MISPLACED"])
    tabs.get_by_role("link", name="Unallocated Inventory", exact=True).click()
    expect(request_links(page)).to_have_text(["FR-WAITING"])
    for tab in ("Processing", "Missing Customs"):
        tabs.get_by_role("link", name=tab, exact=True).click()
        expect(scroller(page).get_by_text("No fulfillment requests found.")).to_be_visible()
    tabs.get_by_role("link", name="All", exact=True).click()
    page.get_by_label("Date").select_option(label="Today")
    page.get_by_label("Status").select_option(label="Shipped")
    expect(scroller(page).get_by_text("No fulfillment requests found.")).to_be_visible()
    page.get_by_label("Status").select_option(label="All Statuses")
    page.get_by_label("Search").fill("FR-BUN")
    expect(request_links(page)).to_have_text(["FR-BUNDLE"])
    screenshot(page, "searched")

    request_links(page).first.click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/fulfillment_requests/{bundle['id']}$"))
    expect(page.get_by_role("heading", name="Fulfillment Request FR-BUNDLE")).to_be_visible()
    for card in ("Fulfillment Request", "Settings", "Shipping Address", "Shipping Carrier and Method", "Sets", "Shipments"):
        expect(page.get_by_role("heading", name=card, exact=True)).to_be_visible()
    expect(page.get_by_text(f"{ups.id} · UPS · UPS account", exact=True)).to_be_visible()
    expect(page.get_by_text("UPS Ground", exact=True)).to_be_visible()
    expect(page.get_by_text("Internal ID")).to_have_count(0)  # admins only
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    expect(page.get_by_role("cell", name="Trail Tent")).to_have_count(0)
    page.get_by_role("button", name="Show the items of CAMP-SET").click()
    expect(page.get_by_role("cell", name="Trail Tent")).to_be_visible()
    expect(page.get_by_role("cell", name="Camp Stove")).to_be_visible()
    page.get_by_label("Reference 1").fill("PO 7731")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_have_text("Saved")
    screenshot(page, "detail")

    page.get_by_role("link", name="Create Return").click()
    expect(page).to_have_url(re.compile(rf"/fulfillment_requests/{bundle['id']}/return/create$"))
    expect(page.get_by_label("Carrier").locator("option")).to_have_text(["Choose a ship profile", "UPS · UPS account"])
    page.get_by_label("Carrier").select_option(label="UPS · UPS account")
    page.get_by_label("Ship Method").select_option(label="UPS Ground")
    page.get_by_label("Length (in)").fill("12")
    page.get_by_label("Width (in)").fill("9")
    page.get_by_label("Height (in)").fill("4")
    page.get_by_label("Weight (lbs)").fill("3.25")
    expect(page.get_by_label("Weight (lbs)")).to_have_attribute("step", "0.01")
    screenshot(page, "return-form")
    with page.expect_download() as download:
        page.get_by_role("button", name="Create Return Label").click()
    assert download.value.suggested_filename == "return-label-FR-BUNDLE.pdf"
    assert open(download.value.path(), "rb").read(5) == b"%PDF-"
    expect(page.get_by_role("alert")).to_have_text("Created!")

    page.get_by_role("link", name="FR-BUNDLE").click()
    expect(page.get_by_role("heading", name="Expected Returns")).to_be_visible()
    tracking = page.get_by_role("cell", name=re.compile(r"^RT\d{12}$"))
    expect(tracking).to_be_visible()
    expect(page.get_by_role("cell", name="Not yet")).to_be_visible()
    expect(page.get_by_label("Reference 1")).to_have_value("PO 7731")
    # The warehouse scans the parcel in; the request shows when it arrived.
    factory.user("admin", username="dock.staff")
    staff = {**api_log_in(live_api, "dock.staff", PASSWORD), "X-Client-Id": str(acme.id)}
    scanned = requests.post(f"{live_api}/api/v4/return_labels/{tracking.inner_text()}/receive", headers=staff, timeout=30)
    assert scanned.status_code == 200, scanned.text
    page.reload()
    expect(page.get_by_role("cell", name="Not yet")).to_have_count(0)
    expect(page.get_by_role("row", name=re.compile(r"^RT\d{12} UPS UPS Ground NJ01"))).to_be_visible()
    screenshot(page, "return-received")

    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/{risky['id']}")
    expect(page.get_by_role("heading", name="Shopify Risk Analysis")).to_be_visible()
    expect(page.get_by_text("Shopify recommends: investigate.")).to_be_visible()
    expect(page.get_by_text("None (the warehouse chooses)", exact=True)).to_be_visible()  # no ship profile
    screenshot(page, "approval")
    page.get_by_role("button", name="Approve").click()
    expect(page.get_by_role("alert")).to_have_text("Fulfillment Request has been approved")
    expect(page.get_by_role("heading", name="Shopify Risk Analysis")).to_have_count(0)

    # A client with a shop is offered the import of its orders, leading to the Pull Order From Shopify page.
    acme.shopify_shop_name = "acme-outdoor.myshopify.com"
    db.session.commit()
    page.goto(f"{live_api}/{acme.id}/fulfillment_requests")
    expect(request_links(page).first).to_be_visible()
    expect(page.get_by_role("link", name="Import from Shopify")).to_have_attribute(
        "href", f"/{acme.id}/shopify/get_order")


def test_admins_see_the_internal_id_and_the_breadcrumbs_of_a_request(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    factory.user("admin", username="dana.admin")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=1, reason="receipt", reference="test", actor="test")
    db.session.commit()
    created = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-ALBANY", items=(("TENT", 2),),
                     to_address={**BROOKLYN, "city": "Albany"})
    first, rest = (shipment["id"] for shipment in created["shipments"])

    log_in(page, live_api, "dana.admin", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{created['id']}")
    expect(page.get_by_text("Internal ID")).to_be_visible()
    crumbs = page.get_by_role("table", name="History")
    expect(crumbs.get_by_role("cell", name=f"shipment {first} allocated at NJ01; shipment {rest} waits for stock")).to_be_visible()
    expect(crumbs.get_by_role("cell", name="alex.lead")).to_be_visible()

    page.get_by_role("link", name="Fix Address", exact=True).click()
    page.get_by_role("list", name="Suggested addresses").get_by_role("button", name="Use").first.click()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Every ship-to address is valid.")).to_be_visible()
    page.go_back()
    expect(crumbs.get_by_role("cell", name="Address fixed: 75 LIVINGSTON ST, BROOKLYN, NY 11201, US.")).to_be_visible()
    expect(crumbs.get_by_role("cell", name="dana.admin")).to_be_visible()
    screenshot(page, "admin-detail")


def test_bulk_import_documents_its_columns_checks_the_file_and_creates_the_requests(
        factory, live_api, page, screenshot, mail, tmp_path):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    factory.item(acme, upc="STOVE", name="Camp Stove")
    add_stock(tent, "NJ01", unbound=5, reason="receipt", reference="test", actor="test")
    db.session.commit()
    address = "Pat Doe,75 Livingston St,Brooklyn,NY,11201,US,718 555 0100"
    file = tmp_path / "orders.csv"
    file.write_text(
        "fulfillment_request_id,to_name,to_address_1,to_city,to_state,to_postal_code,to_country,to_phone,upc,quantity\n"
        f"BULK-1,{address},TENT,2\n"
        f"BULK-1,{address},STOVE,1\n"
        f"BULK-2,{address},TENT,1\n")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    page.get_by_role("link", name="Bulk Import").click()
    expect(page.get_by_role("heading", name="Bulk Fulfillment Requests")).to_be_visible()
    columns = page.get_by_role("table", name="Columns")
    assert 50 < len(COLUMN_DESCRIPTIONS) <= 100
    expect(columns.get_by_role("row")).to_have_count(1 + 50)  # pages of 50 columns
    expect(columns.get_by_role("cell", name="fulfillment_request_id", exact=True)).to_be_visible()
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(columns.get_by_role("row")).to_have_count(1 + len(COLUMN_DESCRIPTIONS) - 50)
    expect(columns.get_by_role("cell", name="edi_group_number", exact=True)).to_be_visible()
    page.get_by_role("button", name="Previous").click()
    expect(columns.get_by_role("cell", name="fulfillment_request_id", exact=True)).to_be_visible()
    page.get_by_label("CSV file").set_input_files(str(file))
    page.get_by_role("button", name="Check file").click()
    expect(page.get_by_text("3 rows: 2 fulfillment requests would be created.", exact=False)).to_be_visible()
    with page.expect_request(lambda request: "/fulfillment_requests/bulk" in request.url and request.method == "POST") as sent:
        page.get_by_role("button", name="Upload", exact=True).click()
    assert sent.value.headers["content-type"] == "text/csv;charset=utf-8"  # the file itself, read as it arrives
    expect(page.get_by_text("Bulk fulfillment request upload success")).to_be_visible()
    expect(page.get_by_label("Job progress").get_by_text("Status: Succeeded")).to_be_visible(timeout=60_000)
    screenshot(page, "bulk-succeeded")
    mail.wait_for(1)

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Fulfillment Requests").click()
    expect(request_links(page)).to_have_text(["BULK-2", "BULK-1"])


def test_bulk_import_shows_each_rows_problem_and_applies_the_valid_requests_only_when_asked(
        factory, live_api, page, screenshot, mail, tmp_path):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=5, reason="receipt", reference="test", actor="test")
    db.session.commit()
    create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "TAKEN")
    address = "Pat Doe,75 Livingston St,Brooklyn,NY,11201,US,718 555 0100"
    file = tmp_path / "orders.csv"
    file.write_text(
        "fulfillment_request_id,to_name,to_address_1,to_city,to_state,to_postal_code,to_country,to_phone,upc,quantity\n"
        f"BAD-UPC,{address},TENT,1\n"
        f"BAD-UPC,{address},NOPE,1\n"
        f"BAD-QTY,{address},TENT,0\n"
        f"GOOD,{address},TENT,2\n"
        f"TAKEN,{address},TENT,1\n")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/new_bulk")
    page.get_by_label("CSV file").set_input_files(str(file))
    page.get_by_role("button", name="Check file").click()
    row_errors = page.get_by_label("Row errors")
    expect(row_errors.get_by_text("The file has 4 invalid rows; nothing has been applied.")).to_be_visible()
    for line, error in ((2, "upc NOPE is not in the catalogue."), (3, "upc NOPE is not in the catalogue."),
                        (4, "quantity: Must be greater than or equal to 1 and less than or equal to 1000."),
                        (6, "fulfillment_request_id 'TAKEN' is already used by another request.")):
        expect(row_errors.get_by_text(f"Line {line}. Error {error}")).to_be_visible()
    # Each problem stands next to its line number, in view however many columns the file has.
    preview = page.get_by_role("table", name="File preview")
    expect(preview.get_by_role("columnheader").nth(1)).to_have_text("Problems")
    expect(preview.get_by_role("row", name=re.compile(r"^4 quantity: Must be greater"))).to_be_visible()
    expect(preview.get_by_role("cell", name="quantity: Must be greater", exact=False)).to_be_in_viewport()
    expect(preview.locator("tr.table-danger")).to_have_count(4)
    screenshot(page, "bulk-row-errors")

    row_errors.get_by_role("button", name="Upload valid rows only").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("4 of 5 rows have errors and will be skipped; 1 other row will be applied.")).to_be_visible()
    dialog.get_by_role("button", name="Upload valid rows").click()
    progress = page.get_by_label("Job progress")
    expect(progress.get_by_text("Status: Partly succeeded")).to_be_visible(timeout=60_000)
    expect(progress.get_by_text("1 succeeded, 4 failed, 5 in all.")).to_be_visible()
    expect(progress.get_by_role("listitem")).to_have_count(4)  # the rows skipped, each with its problem
    screenshot(page, "bulk-valid-rows-applied")
    mail.wait_for(1)

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Fulfillment Requests").click()
    expect(request_links(page)).to_have_text(["GOOD", "TAKEN"])


def test_new_request_form_follows_its_rules_and_creates_the_request(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    factory.item(acme, upc="STOVE", name="Camp Stove")
    add_stock(tent, "NJ01", unbound=5, reason="receipt", reference="test", actor="test")
    for carrier in ("UPS", "USPS"):
        db.session.add(ShipProfile(client_id=acme.id, name=f"{carrier} account",
                                   carrier=db.session.query(Carrier).filter_by(name=carrier).one()))
    db.session.commit()

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests")
    page.get_by_role("link", name="New", exact=True).click()
    expect(page.get_by_role("heading", name="New Fulfillment Request")).to_be_visible()
    for section in ("Request Details", "Shipping Details", "Ship To Address", "EDI Retail Shipments", "Items"):
        expect(page.get_by_role("heading", name=section, exact=True)).to_be_visible()
    expect(page.get_by_label("Warehouse", exact=True)).to_have_value("optimal")
    expect(page.get_by_label("Fill Type", exact=True)).to_have_value("partial")
    expect(page.get_by_label("Shipment Type")).to_have_value("default_shipment_type")
    expect(page.get_by_label("Ship together (needs a warehouse other than optimal and fill type complete)")).to_be_disabled()

    page.get_by_label("Fulfillment Request ID").fill("WEB-1")
    page.get_by_label("Ship Profile").select_option(label="USPS · USPS account")
    page.get_by_label("Ship Method").select_option(label="USPS Priority Mail")
    expect(page.get_by_label("Saturday Delivery (UPS and FedEx express only)")).to_be_disabled()
    page.get_by_label("Ship Profile").select_option(label="UPS · UPS account")
    page.get_by_label("Ship Method").select_option(label="UPS Next Day Air")
    page.get_by_label("Saturday Delivery (UPS and FedEx express only)").check()
    page.get_by_label("Billing", exact=True).select_option("third_party")
    expect(page.get_by_label("Billing Account")).to_be_visible()
    page.get_by_label("Billing", exact=True).select_option("sender")
    expect(page.get_by_label("Billing Account")).to_have_count(0)

    page.get_by_label("Name", exact=True).fill("Pat Doe")
    page.get_by_label("Address 1").fill("75 Livingston St")
    page.get_by_label("Postal Code").fill("11201")
    page.get_by_label("Phone").fill("718 555 0100")
    page.get_by_label("Postal Code").blur()
    expect(page.get_by_label("City")).to_have_value("BROOKLYN")  # from the ZIP code lookup, in USPS form
    expect(page.get_by_label("State")).to_have_value("NY")

    page.get_by_label("Add an item").fill("Trail")
    page.get_by_label("Catalogue matches").get_by_role("button", name="Trail Tent").click()
    expect(page.get_by_label("Quantity of TENT")).to_have_value("1")
    expect(page.get_by_label("Customs value of TENT")).to_have_count(0)  # only outside the US
    page.get_by_label("Country").fill("CA")
    expect(page.get_by_label("Customs value of TENT")).to_be_visible()
    page.get_by_label("Country").fill("US")
    page.get_by_label("Quantity of TENT").fill("2")
    page.get_by_label("Gift Note").fill("Happy trails")
    page.get_by_label("Reference 3").fill("Dept 12")
    page.get_by_label("One SKU per shipment").check()
    page.get_by_label("Address 3").fill("Dock 4")
    page.get_by_label("This is a retail (EDI) shipment").check()
    expect(page.get_by_label("Retailer").locator("option")).to_have_count(22)  # a prompt and the 21 retailers
    page.get_by_label("Retailer").select_option("target")
    page.get_by_label("Cancel Date").fill((utcnow().date() + timedelta(days=30)).isoformat())
    page.get_by_label("PO Number").fill("PO-88")
    page.get_by_label("Store Number").fill("0042")
    screenshot(page, "new-request")

    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Fulfillment Request WEB-1")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text("Created!")
    expect(page.get_by_text("UPS Next Day Air", exact=True)).to_be_visible()
    expect(page.get_by_text("Gift note: Happy trails")).to_be_visible()
    made = db.session.scalars(select(FulfillmentRequest).filter_by(fulfillment_request_id="WEB-1")).one()
    assert (made.reference3, made.options["one_sku_per_shipment"], made.options["expedited"]) == ("Dept 12", True, False)
    assert (made.to_address_3, made.edi["retailer"], made.edi["po_number"], made.edi["store_number"]) == (
        "Dock 4", "target", "PO-88", "0042")

    # The same id again: the API's message names the field, and nothing more is created.
    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/new")
    page.get_by_label("Fulfillment Request ID").fill("WEB-1")
    for label, value in (("Name", "Pat Doe"), ("Address 1", "75 Livingston St"), ("City", "Brooklyn"), ("State", "NY"),
                         ("Postal Code", "11201"), ("Phone", "718 555 0100")):
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_label("Add an item").fill("Camp")
    page.get_by_label("Catalogue matches").get_by_role("button", name="Camp Stove").click()
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("alert")).to_have_text("Fulfillment Request ID 'WEB-1' is already used by another request.")


def test_cancelling_a_shipment_asks_first_and_frees_its_units_for_the_next_request(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=1, reason="receipt", reference="test", actor="test")
    db.session.commit()
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    first = create(live_api, headers, "FR-FIRST", warehouse_id="NJ01")
    second = create(live_api, headers, "FR-SECOND", warehouse_id="NJ01", fill_type="complete")
    [shipment] = first["shipments"]
    prompts = []

    def answer(dialog, accept):
        prompts.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{first['id']}")
    row = page.get_by_role("row", name=re.compile(rf"^{shipment['id']} "))
    expect(row).to_contain_text("Ready To Process")
    screenshot(page, "cancel-offered")
    page.once("dialog", lambda dialog: answer(dialog, accept=False))
    page.get_by_role("button", name=f"Cancel shipment {shipment['id']}").click()
    expect(row).to_contain_text("Ready To Process")
    page.once("dialog", lambda dialog: answer(dialog, accept=True))
    page.get_by_role("button", name=f"Cancel shipment {shipment['id']}").click()

    expect(page.get_by_role("alert")).to_have_text(f"Shipment {shipment['id']} has been cancelled")
    expect(row).to_contain_text("Cancelled")
    expect(page.get_by_role("button", name=f"Cancel shipment {shipment['id']}")).to_have_count(0)
    assert prompts == [f"Are you sure you wan't to cancel shipment {shipment['id']}?"] * 2
    screenshot(page, "cancelled")

    # The worker gives the freed tent to the request that waited for it.
    def second_allocated():
        body = requests.get(f"{live_api}/api/v4/fulfillment_requests/{second['id']}", headers=headers, timeout=30).json()
        return body["shipments"][0]["inventory_allocated"]

    wait_until(second_allocated, 60, "the waiting request to take the freed tent")
    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/{second['id']}")
    expect(page.get_by_role("region", name="Shipments of the request").get_by_role("row").filter(has_text="NJ01")
           ).to_contain_text("Ready To Process")
