"""A shipment's page as a client works it: opened from its request, a quantity lowered, a shipping
document (a real PDF) and a custom label (a real PNG) uploaded and downloaded under their names, the EDI
details changed (a missing PO Number refused on its field), a comment left, another shipment cancelled
after the spec's question; then the warehouse's events (processing, shipped, delivered) posted with a
staff token show on the page, tracking linked out, and the shipped units leave the item's inventory.
Its address changed through the request's address fix page (a wrong city refused first), back on the shipment."""
import io
import re
import struct
import zlib
from datetime import timedelta

import requests
from playwright.sync_api import expect
from pypdf import PdfWriter

from api.common.timeutil import utcnow
from api.extensions import db
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import BROOKLYN, create
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in
from tests.stock import add_stock

TRACKING = "1Z999AA10123456784"
TRACKING_URL = f"https://www.ups.com/track?tracknum={TRACKING}"


def a_pdf():
    """A one-page PDF, as a packing list would be."""
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def a_png(width=4, height=2):
    """A small grey PNG, as a label image would be."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def acme_with_tents(factory, units=10):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    factory.user("admin", username="warehouse.system")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=units)
    db.session.commit()
    return acme


def breadcrumb(page):
    return page.get_by_role("navigation", name="Shipment status")


def current_status(page):
    return breadcrumb(page).locator("[aria-current=step]")


def tent_stock(page):
    """The TENT's inventory row at NJ01: Location Unbound Reserved Bound Available."""
    return page.get_by_role("table", name="Inventory").get_by_role("row", name=re.compile(r"^NJ01 "))


def post_event(base_url, staff, shipment_id, event_id, status, **fields):
    body = {"event_id": event_id, "status": status, "occurred_at": utcnow().isoformat() + "Z", **fields}
    answer = requests.post(f"{base_url}/api/v4/shipments/{shipment_id}/events", json=body, headers=staff, timeout=30)
    assert answer.status_code == 200, answer.text


def test_a_client_works_a_shipment_and_the_warehouse_ships_it(factory, live_api, page, screenshot, tmp_path):
    acme = acme_with_tents(factory)
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    request = create(live_api, headers, "FR-SHIP", items=(("TENT", 3),), warehouse_id="NJ01", order_id="#2001")
    other = create(live_api, headers, "FR-OTHER", items=(("TENT", 1),), warehouse_id="NJ01")
    [shipment] = request["shipments"]
    [other_shipment] = other["shipments"]
    shipment_id = shipment["id"]

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{request['id']}")
    page.get_by_role("link", name=str(shipment_id), exact=True).click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/shipments/{shipment_id}$"))
    expect(page.get_by_role("heading", name=f"Shipment {shipment_id}")).to_be_visible()
    expect(current_status(page)).to_have_text("Ready To Process")
    expect(page.get_by_role("link", name="FR-SHIP")).to_have_attribute("href", f"/{acme.id}/fulfillment_requests/{request['id']}")
    expect(page.get_by_test_id("check-inventory")).to_contain_text("Inventory allocated: OK")
    screenshot(page, "opened")

    # A quantity lowered: one tent goes back to free stock.
    page.get_by_role("button", name="Edit Quantities of set 1").click()
    page.get_by_label("Quantity of TENT").fill("2")
    page.get_by_role("button", name="Save Quantities").click()
    expect(page.get_by_role("alert")).to_have_text("Saved")
    expect(page.get_by_role("table", name="Items of set 1").get_by_role("row", name="TENT Trail Tent 3 2 2")).to_be_visible()

    # A shipping document, two copies, downloaded again under its name with the same bytes.
    pdf = tmp_path / "packing-list.pdf"
    pdf.write_bytes(a_pdf())
    documents = page.get_by_role("form", name="Upload Document")
    documents.get_by_label("File").set_input_files(str(pdf))
    documents.get_by_label("Copies").fill("2")
    documents.get_by_role("button", name="Upload Document").click()
    expect(page.get_by_role("alert")).to_have_text("packing-list.pdf uploaded")
    listed = page.get_by_role("table", name="Shipping Documents")
    expect(listed.get_by_role("row", name="packing-list.pdf 2 Delete Document packing-list.pdf")).to_be_visible()
    with page.expect_download() as download:
        listed.get_by_role("button", name="packing-list.pdf", exact=True).click()
    assert download.value.suggested_filename == "packing-list.pdf"
    assert open(download.value.path(), "rb").read() == pdf.read_bytes()

    # A custom label, a real PNG.
    png = tmp_path / "label.png"
    png.write_bytes(a_png())
    page.get_by_role("form", name="Upload Label").get_by_label("File").set_input_files(str(png))
    page.get_by_role("form", name="Upload Label").get_by_role("button", name="Upload Label").click()
    expect(page.get_by_role("alert")).to_have_text("label.png uploaded")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download label.png").click()
    assert download.value.suggested_filename == "label.png"
    screenshot(page, "document-and-label")

    # EDI: without a PO Number the API refuses, named on its field; with one it is stored.
    page.get_by_role("button", name="Change EDI Information").click()
    modal = page.get_by_role("dialog", name="Change EDI Information")
    modal.get_by_label("Retailer").select_option(label="Target")
    modal.get_by_label("Cancel Date").fill((utcnow().date() + timedelta(days=30)).isoformat())
    modal.get_by_label("Store Name").fill("Downtown")
    modal.get_by_role("button", name="Update").click()
    po_number = modal.get_by_label("PO Number")
    expect(po_number).to_have_class(re.compile("is-invalid"))
    expect(modal.locator("#edi-po_number-error")).to_contain_text("PO Number")
    screenshot(page, "edi-refused")
    po_number.fill("PO-77")
    modal.get_by_role("button", name="Update").click()
    expect(page.get_by_role("alert")).to_have_text("EDI information updated")
    expect(modal).to_have_count(0)
    edi = page.locator(".card", has=page.get_by_role("heading", name="Retail EDI"))
    expect(edi).to_contain_text("PO-77")
    expect(edi).to_contain_text("Downtown")

    page.get_by_label("Comment", exact=True).fill("Please pack the tents with care.")
    page.get_by_role("button", name="Add Comment").click()
    expect(page.get_by_role("list", name="Comments")).to_contain_text("Please pack the tents with care.")
    screenshot(page, "edited")

    # The other shipment is cancelled after the spec's question, word for word.
    prompts = []
    page.goto(f"{live_api}/{acme.id}/shipments/{other_shipment['id']}")
    page.once("dialog", lambda dialog: (prompts.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Cancel", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(f"Shipment {other_shipment['id']} has been cancelled")
    expect(breadcrumb(page).get_by_role("listitem")).to_have_text(["Cancelled"])
    expect(page.get_by_role("button", name="Cancel", exact=True)).to_have_count(0)
    assert prompts == [f"Are you sure you wan't to cancel shipment {other_shipment['id']}?"]
    screenshot(page, "other-cancelled")

    page.goto(f"{live_api}/{acme.id}/item_types/TENT")
    expect(tent_stock(page)).to_have_text(re.compile(r"^NJ01\s*8\s*0\s*2\s*8$"))

    # The warehouse reports: each status shows, tracking linked out, the units leave the ledger.
    staff = {**api_log_in(live_api, "warehouse.system", PASSWORD), "X-Client-Id": str(acme.id)}
    shipment_page = f"{live_api}/{acme.id}/shipments/{shipment_id}"
    post_event(live_api, staff, shipment_id, "wh-1", "processing")
    page.goto(shipment_page)
    expect(current_status(page)).to_have_text("Processing")
    expect(page.get_by_role("button", name="Cancel", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Edit Quantities of set 1")).to_have_count(0)
    post_event(live_api, staff, shipment_id, "wh-2", "shipped", tracking_number=TRACKING, tracking_url=TRACKING_URL,
               carrier="UPS", weight=3.25)
    page.reload()
    expect(current_status(page)).to_have_text("Shipped")
    tracking = page.get_by_role("link", name=TRACKING)
    expect(tracking).to_have_attribute("href", TRACKING_URL)
    expect(tracking).to_have_attribute("target", "_blank")
    expect(page.get_by_role("form", name="Upload Document")).to_have_count(0)
    post_event(live_api, staff, shipment_id, "wh-3", "delivered")
    page.reload()
    expect(current_status(page)).to_have_text("Delivered")
    history = page.get_by_role("table", name="Status history")
    for step in ("Ready To Process → Processing", "Processing → Shipped", "Shipped → Delivered"):
        expect(history.get_by_role("cell", name=step, exact=True)).to_be_visible()
    screenshot(page, "delivered")

    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/{request['id']}")
    shipments = page.get_by_role("table", name="Shipments of the request")
    expect(shipments.get_by_role("row", name=re.compile(rf"^{shipment_id} Delivered {TRACKING} "))).to_be_visible()
    expect(shipments.get_by_role("link", name=TRACKING)).to_have_attribute("href", TRACKING_URL)

    page.goto(f"{live_api}/{acme.id}/item_types/TENT")
    expect(tent_stock(page)).to_have_text(re.compile(r"^NJ01\s*8\s*0\s*0\s*8$"))
    screenshot(page, "stock-left")


def test_the_address_is_changed_on_the_request_fix_page_and_leads_back(factory, live_api, page, screenshot):
    acme = acme_with_tents(factory)
    request = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-MOVE", warehouse_id="NJ01")
    [shipment] = request["shipments"]

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/shipments/{shipment['id']}")
    page.get_by_role("link", name="Change Address").click()
    expect(page).to_have_url(re.compile(
        rf"/{acme.id}/fulfillment_requests/{request['id']}/shipments/{shipment['id']}/to_address$"))
    expect(page.get_by_test_id("original-address")).to_contain_text(re.compile(BROOKLYN["address_1"], re.IGNORECASE))
    # A city the postal code is not in is refused in the address check's words, and nothing is stored.
    page.get_by_label("City", exact=True).fill("Springfield")
    page.get_by_role("button", name="Save", exact=True).click()
    refusal = page.get_by_role("alert")
    expect(refusal).to_contain_text("SPRINGFIELD")
    expect(refusal).to_have_class(re.compile(r"\balert-danger\b"))
    expect(page).to_have_url(re.compile(rf"/shipments/{shipment['id']}/to_address$"))
    screenshot(page, "address-refused")

    page.get_by_label("City", exact=True).fill(BROOKLYN["city"])
    page.get_by_label("Address 2", exact=True).fill("Suite 400")
    screenshot(page, "changing-address")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page).to_have_url(re.compile(rf"/{acme.id}/shipments/{shipment['id']}$"))
    expect(page.get_by_role("alert")).to_have_text("Address changed")
    address = page.locator(".card", has=page.get_by_role("heading", name="Ship To"))
    expect(address).to_contain_text("75 LIVINGSTON ST, STE 400")  # as the address check normalised it
    screenshot(page, "address-changed")


def test_at_a_phones_width_the_shipment_page_fits(factory, live_api, new_page, screenshot):
    acme = acme_with_tents(factory)
    request = create(live_api, api_log_in(live_api, "alex.lead", PASSWORD), "FR-A-LONGER-REFERENCE-1234",
                     items=(("TENT", 2),), warehouse_id="NJ01", order_id="#2002")
    [shipment] = request["shipments"]
    page = new_page()
    page.set_viewport_size({"width": 390, "height": 844})

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/shipments/{shipment['id']}")
    expect(current_status(page)).to_have_text("Ready To Process")
    cancel = page.get_by_role("button", name="Cancel", exact=True)
    cancel.scroll_into_view_if_needed()
    expect(cancel).to_be_in_viewport()
    page.get_by_role("button", name="Edit Quantities of set 1").click()
    expect(page.get_by_label("Quantity of TENT")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "phone")
