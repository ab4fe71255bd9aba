"""The reports area and the ASN view in Chromium against the real API: categories, report forms, runs,
CSV downloads, schedules with their live cron preview, and what client users may not see."""
import csv
import io
import re
from datetime import date

from playwright.sync_api import expect
from sqlalchemy import func, select

from api.extensions import db
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.reports import quartz
from api.reports.builtin import seed_builtin_reports
from api.reports.models import Report, ReportSchedule
from api.reports.parameters import declared_parameters
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD

ITEMS_QUERY = (
    'SELECT sku AS "SKU", name AS "Name" FROM item_types '
    "WHERE client_id = :client_id AND sku LIKE :sku_pattern ORDER BY sku"
)
# 600 rows for the acting client: more than the 500 a page shows.
MANY_ROWS_QUERY = (
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600) '
    'SELECT n.i AS "Row", c.name AS "Client" FROM n JOIN clients c ON c.id = :client_id ORDER BY n.i'
)


def _report(report_id, name, query, category="Catalogue", report_type="client"):
    report = Report(
        id=report_id, name=name, report_type=report_type, category=category, sub_category="",
        query=query, parameters=declared_parameters(query), created_by_username="system",
    )
    db.session.add(report)
    db.session.commit()
    return report


def _open_report(page, category, label):
    page.get_by_role("navigation", name="Report categories").get_by_role("link", name=category).click()
    page.get_by_role("navigation", name="Reports").get_by_role("link", name=re.compile(re.escape(label))).click()
    expect(page.get_by_role("heading", name=label)).to_be_visible()


def _cron_message(expression):
    try:
        quartz.parse(expression)
    except quartz.CronError as error:
        return str(error)
    raise AssertionError(f"{expression!r} is valid")


def test_admin_creates_runs_edits_schedules_and_deletes_a_report(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("admin", username="rita.admin")
    factory.item(acme, sku="TENT-1", name="Ridge Tent")
    factory.item(acme, sku="TENT-2", name="Dome Tent")
    factory.item(acme, sku="STOVE-1", name="Camp Stove")

    log_in(page, live_api, "rita.admin", PASSWORD, path=f"/{acme.id}/reports")
    expect(page.get_by_role("heading", name="Reports")).to_be_visible()
    screenshot(page, "categories")
    page.get_by_role("link", name="New", exact=True).click()

    page.get_by_label("Name").fill("Items by SKU")
    page.get_by_label("Report Type").select_option("client")
    page.get_by_label("Category", exact=True).fill("Catalogue")
    page.get_by_label("Query").fill(ITEMS_QUERY)
    screenshot(page, "new-report")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_text("Created!", exact=True)).to_be_visible()
    report = db.session.scalars(select(Report).where(Report.name == "Items by SKU")).one()
    report_id = report.id
    label = f"{report_id.split('_')[2]} Items by SKU"
    expect(page.get_by_role("heading", name=label)).to_be_visible()
    assert report.parameters == ["sku_pattern"]

    page.get_by_label("sku_pattern").fill("TENT-%")
    page.get_by_role("button", name="Run").click()
    table = page.get_by_role("table")
    expect(table.get_by_role("columnheader")).to_have_text(["SKU", "Name"])
    expect(table.get_by_role("row")).to_have_count(3)
    expect(table.get_by_role("cell")).to_have_text(["TENT-1", "Ridge Tent", "TENT-2", "Dome Tent"])
    page.get_by_text("SQL", exact=True).click()
    screenshot(page, "run-results")

    page.get_by_role("link", name="Edit").click()
    expect(page.get_by_label("Query")).to_have_value(ITEMS_QUERY)
    page.get_by_label("Name").fill("Items by SKU pattern")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name=f"{report.id.split('_')[2]} Items by SKU pattern")).to_be_visible()

    page.get_by_role("link", name="Schedules").click()
    expect(page.get_by_text("This report has no schedules.")).to_be_visible()
    page.get_by_role("link", name="New", exact=True).click()
    expect(page.get_by_label("Name")).to_have_value("Items by SKU pattern")
    expect(page.get_by_label("Active")).not_to_be_checked()
    expect(page.get_by_label(re.compile("Suppress on empty"))).to_be_checked()
    expect(page.get_by_text("Client ID, or blank for all active clients.")).to_be_visible()
    expect(page.get_by_text(re.compile("seconds, minutes, hours, day of month, month, day of week"))).to_be_visible()

    preview = page.get_by_test_id("cron-preview")
    crontab = page.get_by_label("Crontab")
    crontab.press_sequentially("0 0 12 ? * 8")
    expect(preview).to_have_text(_cron_message("0 0 12 ? * 8"))
    screenshot(page, "schedule-invalid-crontab")
    crontab.fill("0 0 * * * ?")
    expect(preview.get_by_role("listitem")).to_have_count(5)
    expect(preview.get_by_role("listitem").first).to_contain_text(":00:00 UTC")
    page.get_by_label("Time Zone").select_option("Australia/Adelaide")
    expect(preview.get_by_role("listitem").first).to_contain_text(re.compile(r":00:00 GMT\+(9|10):30"))
    page.get_by_label("Email Addresses").fill("ops@acme.test, buyer@acme.test")
    page.get_by_label("Email Text").fill("The tents of the week.")
    screenshot(page, "new-schedule")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_text("Created!", exact=True)).to_be_visible()
    schedule = db.session.scalars(select(ReportSchedule).where(ReportSchedule.report_id == report.id)).one()
    assert (schedule.crontab, schedule.time_zone, schedule.is_active, schedule.suppress_on_empty) == (
        "0 0 * * * ?", "Australia/Adelaide", False, True)
    assert schedule.email_addresses_string == "ops@acme.test, buyer@acme.test"
    expect(page.get_by_text("This schedule has not run yet.")).to_be_visible()
    expect(page.get_by_test_id("cron-preview").get_by_role("listitem")).to_have_count(5)
    screenshot(page, "edit-schedule")

    page.get_by_label("Email Addresses").fill("ops@acme.test, not-an-address")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("'not-an-address' is not a valid e-mail address.")
    page.get_by_label("Email Addresses").fill("")
    page.get_by_label("Active").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("This report asks for sku_pattern when it runs")
    screenshot(page, "schedule-cannot-be-active")
    page.get_by_label("Active").uncheck()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved", exact=True)).to_be_visible()

    page.get_by_role("navigation", name="breadcrumb").get_by_role("link", name="Schedules").click()
    row = page.get_by_role("table", name="Schedules").get_by_role("row").nth(1)
    expect(row.get_by_role("cell")).to_have_text(
        [str(schedule.id), "Items by SKU pattern", "All active clients", re.compile(r"0 0 \* \* \* \?\s*Australia/Adelaide"), "No"])
    screenshot(page, "schedules")

    row.get_by_role("link", name=str(schedule.id)).click()
    page.get_by_role("button", name="Delete").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_text("This report has no schedules.")).to_be_visible()
    assert db.session.scalar(select(func.count()).select_from(ReportSchedule)) == 0

    page.get_by_role("navigation", name="breadcrumb").get_by_role("link", name=re.compile("Items by SKU pattern")).click()
    page.get_by_role("button", name="Delete").click()
    screenshot(page, "delete-report")
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_role("heading", name="Catalogue")).to_be_visible()
    expect(page.get_by_text("There are no reports in this category.")).to_be_visible()
    db.session.expire_all()
    assert db.session.get(Report, report_id) is None


def test_report_errors_show_the_description(factory, live_api, page):
    acme = factory.client("Acme Outdoor")
    factory.user("admin", username="rita.admin")

    log_in(page, live_api, "rita.admin", PASSWORD, path=f"/{acme.id}/reports/new")
    page.get_by_label("Name").fill("Leaky report")
    page.get_by_label("Report Type").select_option("client")
    page.get_by_label("Category", exact=True).fill("Catalogue")
    page.get_by_label("Query").fill("SELECT name FROM item_types")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text(":client_id")
    assert db.session.scalar(select(func.count()).select_from(Report)) == 0


def test_client_user_runs_a_report_downloads_it_and_sees_no_sql(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    factory.item(acme, sku="TENT-1", name="Ridge Tent")
    factory.item(acme, sku="TENT-2", name="=HYPERLINK(\"http://evil.test\")")
    other = factory.client("Bluebird Tea")
    factory.item(other, sku="TENT-9", name="Not Acme's tent")
    _report("R_CLIENT_9001", "Items", ITEMS_QUERY)
    _report("R_FMS_9002", "Clients", "SELECT name FROM clients", category="Catalogue", report_type="fms")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/reports")
    expect(page.get_by_role("link", name="New", exact=True)).to_have_count(0)
    _open_report(page, "Catalogue", "9001 Items")
    expect(page.get_by_role("navigation", name="breadcrumb")).to_be_visible()
    for admin_only in ("Edit", "Schedules"):
        expect(page.get_by_role("link", name=admin_only)).to_have_count(0)
    expect(page.get_by_role("button", name="Delete")).to_have_count(0)
    expect(page.get_by_text("SQL", exact=True)).to_have_count(0)
    expect(page.get_by_text("item_types")).to_have_count(0)

    page.get_by_label("sku_pattern").fill("TENT-%")
    page.get_by_role("button", name="Run").click()
    expect(page.get_by_role("table").get_by_role("cell")).to_have_text(
        ["TENT-1", "Ridge Tent", "TENT-2", "=HYPERLINK(\"http://evil.test\")"])
    screenshot(page, "client-run")

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download CSV").click()
    download = download_info.value
    assert download.suggested_filename == "Items.csv"
    content = open(download.path(), "rb").read()
    assert content.startswith("\ufeff".encode())  # spreadsheets read it as UTF-8
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert rows == [["SKU", "Name"], ["TENT-1", "Ridge Tent"], ["TENT-2", "'=HYPERLINK(\"http://evil.test\")"]]

    page.get_by_label("sku_pattern").fill("NOTHING-%")
    page.get_by_role("button", name="Run").click()
    expect(page.get_by_text("No Results")).to_be_visible()
    expect(page.get_by_role("table")).to_have_count(0)
    screenshot(page, "no-results")

    page.goto(f"{live_api}/{acme.id}/reports/Catalogue")
    expect(page.get_by_role("navigation", name="Reports").get_by_role("link")).to_have_text(["9001 Items"])
    page.goto(f"{live_api}/{acme.id}/reports/Catalogue/R_CLIENT_9001/edit")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()


def test_a_result_over_500_rows_is_offered_only_as_csv(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client_read_only", acme, username="robin.viewer")
    _report("R_CLIENT_9003", "Every Row", MANY_ROWS_QUERY, category="Invoices")

    log_in(page, live_api, "robin.viewer", PASSWORD, path=f"/{acme.id}")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Invoices").click()
    page.get_by_role("navigation", name="Reports").get_by_role("link", name="9003 Every Row").click()
    page.get_by_role("button", name="Run").click()

    expect(page.get_by_text("This report has 600 rows, more than the 500 a page shows")).to_be_visible()
    expect(page.get_by_role("table")).to_have_count(0)
    screenshot(page, "truncated")
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download CSV").click()
    download = download_info.value
    assert download.suggested_filename == "Every Row.csv"
    rows = list(csv.reader(open(download.path(), encoding="utf-8-sig")))
    assert rows[0] == ["Row", "Client"]
    assert [row[0] for row in rows[1:]] == [str(n) for n in range(1, 601)]
    assert {row[1] for row in rows[1:]} == {"Acme Outdoor"}


def _asn(client, item, external_id, warehouse_id, quantity):
    asn = Asn(client_id=client.id, warehouse_id=warehouse_id, external_id=external_id,
              expected_arrival_date=date(2025, 3, 1), created_by="alex.lead")
    shipment = ExpectedInboundShipment(tracking_id="1Z999", carrier_id="ups")
    shipment.expected_inbound_shipment_items.append(ExpectedInboundShipmentItem(item_type_id=item.id, quantity=quantity))
    asn.expected_inbound_shipments.append(shipment)
    db.session.add(asn)
    db.session.commit()
    return asn


def test_asn_view_lists_the_clients_asns(factory, live_api, page, screenshot):
    seed_builtin_reports()
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    tent = factory.item(acme, sku="TENT-1")
    _asn(acme, tent, "PO-1001", "NJ01", 24)
    other = factory.client("Bluebird Tea")
    _asn(other, factory.item(other), "PO-SECRET", "CA01", 5)

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="View ASNs").click()
    expect(page.get_by_role("heading", name="View ASNs")).to_be_visible()
    table = page.get_by_role("table")
    expect(table.get_by_role("columnheader")).to_contain_text(["ASN ID", "Warehouse", "Quantity"])
    expect(table.get_by_role("row")).to_have_count(2)
    expect(table).to_contain_text("PO-1001")
    expect(table).to_contain_text("NJ01")
    expect(table).not_to_contain_text("PO-SECRET")
    screenshot(page, "asns")

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Receive", exact=True).click()
    expect(page.get_by_role("heading", name="Receive")).to_be_visible()
    expect(page.get_by_role("navigation", name="Reports").get_by_role("link", name=re.compile("5458 Display ASNs"))).to_be_visible()
    screenshot(page, "receive-category")


def test_asn_view_shows_the_error_description(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/asns/list")
    expect(page.get_by_role("alert")).to_have_text("Report not found.")
    screenshot(page, "asns-error")
