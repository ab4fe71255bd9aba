"""The LTL screens as a client on version 2 works them: two LTL requests to one dock make a group, seen
under Needs Approval; a shipment of another group moved into it (that group, left empty, gone from its
page to the list), one removed to ship as a parcel, the group approved, its bill of lading refused without
a file and then generated and downloaded; the warehouse ships it by group events and the page shows it
shipped under its master tracking id, the BOL form gone. Another group's invalid address, reached from its
request, refused again and then fixed on the requests' address fix page; that group cancelled after the spec's
question."""
import re
from datetime import timedelta

import requests
from playwright.sync_api import expect

from api.common.timeutil import utcnow
from api.extensions import db
from api.shipping.models import Carrier, ShipProfile
from tests.e2e.conftest import log_in
from tests.e2e.test_fulfillment_requests import BROOKLYN, create
from tests.factories import PASSWORD
from tests.live import log_in as api_log_in
from tests.stock import add_stock

CHICAGO = {**BROOKLYN, "name": "Dock 4", "address_1": "121 N LaSalle St", "city": "Chicago", "state": "IL",
           "postal_code": "60602"}
MASTER_TRACKING = "PRO-778899"


def ship_date():
    """Two days ahead: the requests of a test share it even when the test runs over midnight."""
    return utcnow().date() + timedelta(days=2)


def freight_client(factory):
    """A client on version 2 with tents at NJ01, an LTL and a UPS ship profile, its user and the warehouse's."""
    acme = factory.client("Acme Freight", version=2)
    factory.user("client", acme, username="alex.lead")
    factory.user("admin", username="warehouse.system")
    tent = factory.item(acme, upc="TENT", name="Trail Tent")
    add_stock(tent, "NJ01", unbound=100)
    profiles = {carrier: ShipProfile(client_id=acme.id, name=f"{carrier} profile",
                                     carrier=db.session.query(Carrier).filter_by(name=carrier).one())
                for carrier in ("LTL", "UPS")}
    db.session.add_all(profiles.values())
    db.session.commit()
    return acme, {carrier: profile.id for carrier, profile in profiles.items()}


def place_ltl(base_url, headers, reference, ltl_profile_id, **fields):
    """An LTL request of 4 tents from NJ01, shipping in two days; its answer and its one shipment."""
    request = create(base_url, headers, reference, items=(("TENT", 4),), warehouse_id="NJ01", ship_profile_id=ltl_profile_id,
                     ship_method="LTL_STANDARD", desired_ship_date=ship_date().isoformat(), **fields)
    [shipment] = request["shipments"]
    return request, shipment


def group_of(base_url, headers, shipment):
    answer = requests.get(f"{base_url}/api/v4/shipments/{shipment['id']}", headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["shipment_group_id"]


def post_group_event(base_url, staff, group_id, event_id, status, **fields):
    body = {"event_id": event_id, "status": status, "occurred_at": utcnow().isoformat() + "Z", **fields}
    answer = requests.post(f"{base_url}/api/v4/shipment_groups/{group_id}/events", json=body, headers=staff, timeout=30)
    assert answer.status_code == 200, answer.text


def shipments_table(page):
    return page.get_by_role("table", name="Shipments of the group")


def test_a_group_is_built_moved_into_trimmed_approved_given_a_bol_and_shipped(factory, live_api, page, screenshot):
    acme, profile_ids = freight_client(factory)
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    _, first_shipment = place_ltl(live_api, headers, "FR-DOCK-1", profile_ids["LTL"])
    second, second_shipment = place_ltl(live_api, headers, "FR-DOCK-2", profile_ids["LTL"])
    _, moving_shipment = place_ltl(live_api, headers, "FR-CHICAGO", profile_ids["LTL"], to_address=CHICAGO)
    group_id = group_of(live_api, headers, first_shipment)
    other_group_id = group_of(live_api, headers, moving_shipment)
    assert group_of(live_api, headers, second_shipment) == group_id != other_group_id

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/ltl")
    page.get_by_role("link", name="Needs Approval", exact=True).click()
    expect(page).to_have_url(re.compile(r"/ltl\?needsApproval=true$"))
    groups = page.get_by_test_id("groups-scroller")
    shown_date = ship_date().strftime("%m/%d/%Y").replace("/", r"\/")  # a regex Playwright hands to JavaScript
    expect(groups.get_by_role("row", name=re.compile(
        rf"^{group_id} Pat Doe · Brooklyn, NY · 11201 NJ01 Yes None No {shown_date} Validating 2$", re.IGNORECASE))).to_be_visible()
    expect(groups.get_by_role("row", name=re.compile(rf"^{other_group_id} Dock 4 · Chicago, IL · 60602 ", re.IGNORECASE))).to_be_visible()
    screenshot(page, "needs-approval")

    # The Chicago group's only shipment moves into the Brooklyn group: the emptied group leaves for the list.
    groups.get_by_role("link", name=str(other_group_id), exact=True).click()
    expect(page.get_by_role("heading", name="LTL", exact=True)).to_be_visible()
    page.get_by_role("button", name=f"Move To Shipment Group... (shipment {moving_shipment['id']})").click()
    dialog = page.get_by_role("dialog", name=f"Move Shipment {moving_shipment['id']} To Shipment Group")
    dialog.get_by_label("Shipment Group").select_option(str(group_id))
    screenshot(page, "move-picker")
    dialog.get_by_role("button", name="Move", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/ltl$"))
    expect(page.get_by_role("alert")).to_have_text("Shipment group is being approved.")

    page.get_by_test_id("groups-scroller").get_by_role("link", name=str(group_id), exact=True).click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/ltl/{group_id}$"))
    expect(shipments_table(page).get_by_role("row")).to_have_count(4)  # the heading and three shipments
    side_list = page.get_by_role("navigation", name="Shipments in this group").get_by_role("link")
    expect(side_list).to_have_count(3)
    assert side_list.first.bounding_box()["height"] == 70  # spec: the side list's rows are 70 px

    # One shipment leaves freight for a parcel carrier, billed to the sender as the dialog proposes.
    page.get_by_role("button", name=f"Remove From Shipment Group (shipment {first_shipment['id']})").click()
    dialog = page.get_by_role("dialog", name=f"Remove Shipment {first_shipment['id']} From Shipment Group")
    expect(dialog.get_by_label("Billing Type")).to_have_value("sender")
    dialog.get_by_label("Ship Profile").select_option(label="UPS · UPS profile")
    dialog.get_by_label("Ship Method").select_option("UPS_GROUND")
    screenshot(page, "remove-dialog")
    dialog.get_by_role("button", name="Remove From Shipment Group").click()
    expect(page.get_by_role("alert")).to_have_text(f"Shipment {first_shipment['id']} removed from shipment group {group_id}")
    expect(shipments_table(page).get_by_role("row")).to_have_count(3)

    page.get_by_role("button", name="Approve", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(f"Shipment group {group_id} has been approved")
    expect(page.get_by_role("button", name="Approve", exact=True)).to_have_count(0)
    expect(page.get_by_test_id("check-bol")).to_contain_text("BOL required to complete processing.")

    bol_form = page.get_by_role("form", name="Upload Bill of Lading")
    bol_form.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Please select a file")
    page.get_by_role("button", name="Generate BOL").click()
    expect(page.get_by_role("alert")).to_have_text(re.compile(r"^BOL-.+\.pdf generated$"))
    expect(page.get_by_test_id("check-bol")).to_contain_text("Bill of lading: OK")
    expect(page.get_by_test_id("group-status")).to_have_text("Ready To Process")
    with page.expect_download() as download:
        page.get_by_role("button", name=re.compile(r"^Download BOL-.+\.pdf$")).click()
    assert re.fullmatch(r"BOL-.+\.pdf", download.value.suggested_filename)
    assert open(download.value.path(), "rb").read().startswith(b"%PDF-")
    screenshot(page, "approved-with-bol")

    # The warehouse loads the freight and ships it under one master tracking id.
    staff = {**api_log_in(live_api, "warehouse.system", PASSWORD), "X-Client-Id": str(acme.id)}
    post_group_event(live_api, staff, group_id, "load-1", "processing")
    post_group_event(live_api, staff, group_id, "load-2", "shipped", master_tracking_id=MASTER_TRACKING, carrier="Estes")
    page.reload()
    expect(page.get_by_test_id("group-status")).to_have_text("Shipped")
    expect(page.get_by_test_id("master-tracking")).to_have_text(MASTER_TRACKING)
    expect(page.get_by_role("form", name="Upload Bill of Lading")).to_have_count(0)
    expect(page.get_by_role("button", name="Generate BOL")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(r"^Download BOL-"))).to_be_visible()
    expect(shipments_table(page).get_by_role("cell", name="Shipped", exact=True)).to_have_count(2)
    screenshot(page, "shipped")

    # The request and the shipment lead back to their group.
    page.goto(f"{live_api}/{acme.id}/fulfillment_requests/{second['id']}")
    page.get_by_role("link", name=f"LTL Shipment Group {group_id}").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/ltl/{group_id}$"))
    page.goto(f"{live_api}/{acme.id}/shipments/{second_shipment['id']}")
    expect(page.get_by_role("link", name=str(group_id), exact=True)).to_have_attribute("href", f"/{acme.id}/ltl/{group_id}")


def test_a_group_address_is_refused_then_fixed_and_the_group_cancelled(factory, live_api, page, screenshot):
    acme, profile_ids = freight_client(factory)
    headers = api_log_in(live_api, "alex.lead", PASSWORD)
    request, shipment = place_ltl(live_api, headers, "FR-CHICAGO", profile_ids["LTL"],
                                  to_address={**CHICAGO, "city": "Springfield"})
    group_id = group_of(live_api, headers, shipment)

    # The request's invalid address is the group's: its Fix Address leads to the group's address page.
    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/fulfillment_requests/{request['id']}")
    page.get_by_role("link", name="Fix Address").click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/ltl/{group_id}/to_address$"))
    expect(page.get_by_test_id("original-address")).to_contain_text(re.compile("LaSalle", re.IGNORECASE))
    page.get_by_role("button", name="Save", exact=True).click()
    refusal = page.get_by_role("alert")
    expect(refusal).to_contain_text("SPRINGFIELD")
    expect(refusal).to_have_class(re.compile(r"\balert-danger\b"))
    expect(page).to_have_url(re.compile(rf"/ltl/{group_id}/to_address$"))
    screenshot(page, "address-refused")

    page.get_by_label("City", exact=True).fill("Chicago")
    page.get_by_label("Address 2", exact=True).fill("Suite 1200")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/{acme.id}/ltl/{group_id}$"))
    expect(page.get_by_role("alert")).to_have_text("Address changed")
    address = page.locator(".card", has=page.get_by_role("heading", name="Ship To"))
    expect(address).to_contain_text(re.compile(r"STE 1200", re.IGNORECASE))
    screenshot(page, "address-changed")

    prompts = []
    page.once("dialog", lambda dialog: (prompts.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Cancel", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(f"Shipment group {group_id} has been cancelled")
    expect(page.get_by_test_id("group-status")).to_have_text("Cancelled")
    expect(page.get_by_role("button", name="Cancel", exact=True)).to_have_count(0)
    assert prompts == [f"Are you sure you wan't to cancel this group {group_id} and all the shipments?"]
    screenshot(page, "cancelled")
