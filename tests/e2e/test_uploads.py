"""The four upload pages in Chromium against the real API, worker and SMTP server: bulk items, bulk
case packs, inbound inventory (ASNs) and RMAs, from files a user would choose."""
import re

import requests
from playwright.sync_api import expect

from tests.e2e.conftest import log_in
from tests.factories import PASSWORD

EMAIL_MESSAGE = "You will receive an email with results when the load completes"
# Jobs run on a real worker that shares the machine's two cores with every other test process.
JOB_TIMEOUT_MS = 60_000
RMA_HEADER = ("fulfillment_request_id,order_id,reason,warehouse_id,rma_id,carrier_id,tracking_id,"
              "expected_arrival_date,upc,quantity,reason_code,reason_notes")


def _csv(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return str(path)


def _progress(page):
    return page.get_by_label("Job progress")


def _api_get(live_api, factory, user, path):
    answer = requests.get(live_api + path, headers=factory.headers(user), timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _item_or_none(live_api, factory, user, upc):
    answer = requests.get(f"{live_api}/api/v4/items/{upc}", headers=factory.headers(user), timeout=10)
    return answer.json() if answer.status_code == 200 else None


def test_bulk_items_upload_creates_items_follows_the_job_and_mails_the_result(
    factory, live_api, page, screenshot, mail, tmp_path
):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="ivy.items", email="ivy@acme.test")
    file = _csv(tmp_path, "items.csv", (
        "upc,sku,name,category,cost\n"
        '100000000001,TENT-2,"Tent, 2 person",Camping,129.50\n'
        '100000000002,STOVE-1,"Stove ""Mini""",Cooking,\n'
    ))

    log_in(page, live_api, "ivy.items", PASSWORD, path=f"/{acme.id}/item_types/new_bulk")
    expect(page.get_by_role("heading", name="Bulk Create / Update Items")).to_be_visible()
    page.get_by_label("CSV file").set_input_files(file)
    preview = page.get_by_role("table", name="File preview")
    expect(preview.get_by_role("cell", name="Tent, 2 person")).to_be_visible()
    expect(preview.get_by_role("cell", name='Stove "Mini"')).to_be_visible()
    expect(page.get_by_text(re.compile(r"2 rows, read as UTF-8"))).to_be_visible()
    screenshot(page, "preview")

    page.get_by_role("button", name="Check file").click()
    expect(page.get_by_text("The file is valid. 2 rows: 2 items would be created and 0 updated. Nothing has been applied yet.")).to_be_visible()
    assert _item_or_none(live_api, factory, user, "100000000001") is None
    screenshot(page, "checked")

    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_text(EMAIL_MESSAGE, exact=True)).to_be_visible()
    expect(_progress(page).get_by_text("Status: Succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    expect(_progress(page).get_by_text("2 succeeded, 0 failed, 2 in all.")).to_be_visible()
    expect(page.get_by_role("button", name="Upload", exact=True)).to_be_disabled()
    screenshot(page, "succeeded")

    tent = _item_or_none(live_api, factory, user, "100000000001")
    assert (tent["name"], tent["sku"], tent["category"], tent["cost"], tent["composite_type"]) == (
        "Tent, 2 person", "TENT-2", "Camping", 129.5, 0)
    assert _item_or_none(live_api, factory, user, "100000000002")["name"] == 'Stove "Mini"'
    [message] = mail.wait_for(1)
    assert message["To"] == "ivy@acme.test"
    assert "2 applied, 0 failed" in message.get_body(("plain",)).get_content()


def test_items_file_with_bad_headers_then_bad_rows_applies_nothing_until_valid_rows_only_is_confirmed(
    factory, live_api, page, screenshot, mail, tmp_path
):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="ivy.items")
    factory.item(acme, upc="200000000009", sku="TAKEN-SKU", name="Existing Lantern")
    misspelt = _csv(tmp_path, "misspelt.csv", "upc,SKU,nmae\n200000000001,A-1,Axe\n")
    with_errors = _csv(tmp_path, "with-errors.csv", (
        "upc,sku,name,cost\n"
        "200000000001,AXE-1,Axe,19.99\n"
        "200000000002,TAKEN-SKU,Hatchet,12.00\n"
        "200000000003,SAW-1,Saw,-4\n"
        "200000000004,ROPE-1,Rope,3.50\n"
    ))

    log_in(page, live_api, "ivy.items", PASSWORD, path=f"/{acme.id}/item_types/new_bulk")
    page.get_by_label("CSV file").set_input_files(misspelt)
    expect(page.get_by_text("Unknown column 'SKU' (did you mean 'sku'?).")).to_be_visible()
    expect(page.get_by_text("Unknown column 'nmae' (did you mean 'name'?).")).to_be_visible()
    expect(page.get_by_role("button", name="Upload", exact=True)).to_be_disabled()
    screenshot(page, "misspelt-headers")

    page.get_by_label("CSV file").set_input_files(with_errors)
    expect(page.get_by_text("Unknown column 'SKU' (did you mean 'sku'?).")).to_have_count(0)
    page.get_by_role("button", name="Upload", exact=True).click()
    row_errors = page.get_by_label("Row errors")
    expect(row_errors.get_by_text("The file has 2 invalid rows; nothing was applied.")).to_be_visible()
    expect(row_errors.get_by_text("Line 3. Error An item with SKU 'TAKEN-SKU' already exists.")).to_be_visible()
    expect(row_errors.get_by_text("Line 4. Error cost must be at least 0.01.")).to_be_visible()
    preview = page.get_by_role("table", name="File preview")
    expect(preview.locator("tr.table-danger")).to_have_count(2)
    screenshot(page, "row-errors")
    assert _item_or_none(live_api, factory, user, "200000000001") is None

    row_errors.get_by_role("button", name="Upload valid rows only").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("2 of 4 rows have errors and will be skipped; 2 other rows will be applied.")).to_be_visible()
    screenshot(page, "confirm-valid-rows-only")
    dialog.get_by_role("button", name="Upload valid rows").click()

    expect(page.get_by_text(EMAIL_MESSAGE, exact=True)).to_be_visible()
    expect(_progress(page).get_by_text("Status: Partly succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    expect(_progress(page).get_by_text("2 succeeded, 2 failed, 4 in all.")).to_be_visible()
    expect(_progress(page).get_by_text("Line 4. Error cost must be at least 0.01.")).to_be_visible()
    screenshot(page, "partly-succeeded")
    assert _item_or_none(live_api, factory, user, "200000000001")["name"] == "Axe"
    assert _item_or_none(live_api, factory, user, "200000000004")["name"] == "Rope"
    assert _item_or_none(live_api, factory, user, "200000000002") is None
    [message] = mail.wait_for(1)
    attachment = next(message.iter_attachments()).get_content()
    assert "cost must be at least 0.01." in attachment


def test_bulk_case_packs_upload_creates_case_packs(factory, live_api, page, screenshot, mail, tmp_path):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="cal.packs")
    factory.item(acme, upc="300000000001", sku="MUG-1", name="Mug")
    factory.item(acme, upc="300000000002", sku="CUP-1", name="Cup")
    file = _csv(tmp_path, "case-packs.csv", (
        "upc,sku,name,child_upc,child_quantity\n"
        "300000000101,MUG-CASE,Mug case of 12,300000000001,12\n"
        "300000000102,CUP-CASE,Cup case of 24,300000000002,24\n"
    ))

    log_in(page, live_api, "cal.packs", PASSWORD, path=f"/{acme.id}/item_types/case_pack_types_bulk")
    expect(page.get_by_role("heading", name="Bulk Create Case Packs")).to_be_visible()
    page.get_by_label("CSV file").set_input_files(file)
    page.get_by_role("button", name="Check file").click()
    expect(page.get_by_text(re.compile(r"2 rows: 2 case packs would be created"))).to_be_visible()
    screenshot(page, "checked")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(_progress(page).get_by_text("Status: Succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    screenshot(page, "succeeded")

    mug_case = _item_or_none(live_api, factory, user, "300000000101")
    assert (mug_case["composite_type_name"], [(c["upc"], c["quantity"]) for c in mug_case["children"]]) == (
        "CASE PACK", [("300000000001", 12)])
    mail.wait_for(1)


def test_inbound_upload_from_the_sidebar_creates_an_asn(factory, live_api, page, screenshot, mail, tmp_path):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="rhea.receiving")
    factory.item(acme, upc="012345678905", sku="BOOT-9", name="Boot")
    factory.item(acme, upc="012345678912", sku="SOCK-1", name="Sock")
    file = _csv(tmp_path, "asn.csv", (
        "Warehouse ID,ASN ID,UPC,Quantity\r\n"
        "CA01,ASN-7001,'012345678905,40\r\n"
        "CA01,ASN-7001,'012345678912,120\r\n"
    ))

    log_in(page, live_api, "rhea.receiving", PASSWORD, path=f"/{acme.id}")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Upload ASN").click()
    expect(page.get_by_role("heading", name="Upload Inbound Inventory")).to_be_visible()
    page.get_by_label("CSV file").set_input_files(file)
    expect(page.get_by_role("table", name="File preview").get_by_role("cell", name="'012345678905")).to_be_visible()
    page.get_by_role("button", name="Check file").click()
    expect(page.get_by_text("The file is valid. 2 lines: 1 ASN would be created. Nothing has been applied yet.")).to_be_visible()
    screenshot(page, "checked")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(_progress(page).get_by_text("Status: Succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    screenshot(page, "succeeded")

    [asn] = _api_get(live_api, factory, user, "/api/v4/asns")["asns"]
    assert (asn["external_id"], asn["warehouse_id"], asn["quantity"]) == ("ASN-7001", "CA01", 160)
    boot = _api_get(live_api, factory, user, "/api/v4/items/012345678905?openAsns=true")
    [open_asn] = boot["open_asns"]
    assert open_asn["external_id"] == "ASN-7001"
    mail.wait_for(1)


def test_rma_upload_groups_rows_into_rmas(factory, live_api, page, screenshot, mail, tmp_path):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="rory.returns")
    factory.item(acme, upc="400000000001", sku="JACKET-M", name="Jacket M")
    factory.item(acme, upc="400000000002", sku="JACKET-L", name="Jacket L")
    file = _csv(tmp_path, "rmas.csv", "\r\n".join([
        RMA_HEADER,
        'FR-1,ORD-1,Wrong size,CA01,RMA-1,UPS,1Z001,2026-12-01,400000000001,1,SIZE,"Too small, customer says"',
        "FR-1,ORD-1,Wrong size,CA01,RMA-1,UPS,1Z001,2026-12-01,400000000002,2,SIZE,",
        "FR-2,ORD-2,Damaged,NJ01,RMA-2,FEDEX,7788,12/03/2026,400000000001,1,DMG,Torn",
    ]) + "\r\n")

    log_in(page, live_api, "rory.returns", PASSWORD, path=f"/{acme.id}")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Upload RMAs").click()
    expect(page.get_by_role("heading", name="Upload RMAs")).to_be_visible()
    page.get_by_label("CSV file").set_input_files(file)
    expect(page.get_by_role("table", name="File preview").get_by_role("cell", name="Too small, customer says")).to_be_visible()
    page.get_by_role("button", name="Check file").click()
    expect(page.get_by_text("The file is valid. 3 lines: 2 RMAs would be created. Nothing has been applied yet.")).to_be_visible()
    screenshot(page, "checked")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(_progress(page).get_by_text("Status: Succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    screenshot(page, "succeeded")

    rmas = {rma["rma_id"]: rma for rma in _api_get(live_api, factory, user, "/api/v4/rmas")["rmas"]}
    assert {rma_id: (rma["warehouse_id"], rma["quantity"]) for rma_id, rma in rmas.items()} == {
        "RMA-1": ("CA01", 3), "RMA-2": ("NJ01", 1)}
    mail.wait_for(1)


def test_rma_upload_names_the_csv_line_of_a_bad_item(factory, live_api, page, screenshot, tmp_path):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="rory.returns")
    factory.item(acme, upc="400000000001", sku="JACKET-M", name="Jacket M")
    file = _csv(tmp_path, "rmas.csv", "\n".join([
        RMA_HEADER,
        "FR-1,ORD-1,Wrong size,CA01,RMA-1,UPS,1Z001,2026-12-01,400000000001,1,SIZE,",
        "FR-2,ORD-2,Damaged,NJ01,RMA-2,FEDEX,7788,2026-12-03,400000000001,1,DMG,",
        "FR-1,ORD-1,Wrong size,CA01,RMA-1,UPS,1Z001,2026-12-01,499999999999,1,SIZE,",
    ]))

    log_in(page, live_api, "rory.returns", PASSWORD, path=f"/{acme.id}/rmas/upload")
    page.get_by_label("CSV file").set_input_files(file)
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_label("Row errors").get_by_text(
        "Line 4. Error UPC '499999999999' is not an item of this client.")).to_be_visible()
    screenshot(page, "row-error")


def test_latin1_file_and_bom_crlf_file_are_read_and_uploaded(factory, live_api, page, screenshot, mail, tmp_path):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="lea.latin")
    latin1 = _csv(tmp_path, "latin1.csv", "upc,sku,name\n500000000001,CAFE-1,Café Crème\n".encode("latin-1"))
    bom_crlf = _csv(tmp_path, "bom-crlf.csv", "\ufeffupc,sku,name\r\n500000000002,NINO-1,Niño Jacket\r\n".encode("utf-8"))

    log_in(page, live_api, "lea.latin", PASSWORD, path=f"/{acme.id}/item_types/new_bulk")
    page.get_by_label("CSV file").set_input_files(latin1)
    expect(page.get_by_text(re.compile(r"1 row, read as Windows-1252 \(Latin-1\) \(the file is not UTF-8\)"))).to_be_visible()
    expect(page.get_by_role("table", name="File preview").get_by_role("cell", name="Café Crème")).to_be_visible()
    screenshot(page, "latin1")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(_progress(page).get_by_text("Status: Succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)

    page.get_by_label("CSV file").set_input_files(bom_crlf)
    expect(page.get_by_text(re.compile(r"1 row, read as UTF-8\."))).to_be_visible()
    expect(page.get_by_text(re.compile("Unknown column"))).to_have_count(0)
    expect(page.get_by_role("table", name="File preview").get_by_role("columnheader", name="upc", exact=True)).to_be_visible()
    screenshot(page, "bom-crlf")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(_progress(page).get_by_text("Status: Succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)

    assert _item_or_none(live_api, factory, user, "500000000001")["name"] == "Café Crème"
    assert _item_or_none(live_api, factory, user, "500000000002")["name"] == "Niño Jacket"
    mail.wait_for(2)


def test_empty_header_only_and_oversized_files_are_refused_in_the_browser(factory, live_api, page, screenshot, tmp_path):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="ed.empty")
    empty = _csv(tmp_path, "empty.csv", "")
    header_only = _csv(tmp_path, "header-only.csv", "Warehouse ID,ASN ID,UPC,Quantity\r\n")
    oversized = _csv(tmp_path, "oversized.csv", b"Warehouse ID,ASN ID,UPC,Quantity\n" + b"CA01,ASN-1,012345678905,1\n" * 1_300_000)

    log_in(page, live_api, "ed.empty", PASSWORD, path=f"/{acme.id}/asns/upload")
    page.get_by_label("CSV file").set_input_files(empty)
    expect(page.get_by_text("No data in file!")).to_be_visible()
    page.get_by_label("CSV file").set_input_files(header_only)
    expect(page.get_by_text("No data in file!")).to_be_visible()
    expect(page.get_by_role("button", name="Upload", exact=True)).to_have_count(0)
    screenshot(page, "no-data")

    page.get_by_label("CSV file").set_input_files(oversized)
    expect(page.get_by_text(
        "The file is 33 MB; files of at most 32 MB can be uploaded. Split it into smaller files.")).to_be_visible()
    expect(page.get_by_role("button", name="Upload", exact=True)).to_have_count(0)
    screenshot(page, "oversized")


def test_a_large_items_file_is_sent_as_csv_and_a_upc_repeated_batches_later_is_caught(
    factory, live_api, page, screenshot, mail, tmp_path
):
    acme = factory.client("Acme Outdoor")
    user = factory.user("client", acme, username="lars.large")
    rows = 12_000  # over two of the API's 5,000-row batches
    lines = [f"{300000000000 + n},BIG-{n:05d},\"Tent {n}, 2 person\",{n % 90 + 10}.50" for n in range(rows)]
    lines[11_000] = f"{300000000000 + 3},BIG-DUP,Repeated tent,12.00"  # line 11002 repeats line 5's UPC
    large = _csv(tmp_path, "large.csv", "upc,sku,name,cost\n" + "\n".join(lines) + "\n")

    log_in(page, live_api, "lars.large", PASSWORD, path=f"/{acme.id}/item_types/new_bulk")
    page.get_by_label("CSV file").set_input_files(large)
    expect(page.get_by_text(re.compile(r"12,?000 rows, read as UTF-8"))).to_be_visible()
    with page.expect_request(lambda request: "/items/bulk" in request.url and request.method == "POST") as sent:
        page.get_by_role("button", name="Upload", exact=True).click()
    assert sent.value.headers["content-type"] == "text/csv;charset=utf-8"
    row_errors = page.get_by_label("Row errors")
    expect(row_errors.get_by_text("The file has 1 invalid row; nothing was applied.")).to_be_visible()
    expect(row_errors.get_by_text(
        "Line 11002. Error UPC '300000000003' appears more than once in the file (first on line 5).")).to_be_visible()
    screenshot(page, "repeated-upc")
    assert _item_or_none(live_api, factory, user, "300000000000") is None

    row_errors.get_by_role("button", name="Upload valid rows only").click()
    page.get_by_role("dialog").get_by_role("button", name="Upload valid rows").click()
    expect(_progress(page).get_by_text("Status: Partly succeeded")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    expect(_progress(page).get_by_text("11,999 succeeded, 1 failed, 12,000 in all.")).to_be_visible()
    screenshot(page, "partly-succeeded")
    assert _item_or_none(live_api, factory, user, "300000011999")["name"] == "Tent 11999, 2 person"
    mail.wait_for(1)


def test_a_result_mail_the_server_keeps_refusing_is_shown_as_failed_and_staff_send_it_again(
    factory, live_api, page, screenshot, mail, tmp_path
):
    acme = factory.client("Acme Outdoor")
    factory.user("admin", username="olga.ops", email="olga.ops@example.com")
    items = _csv(tmp_path, "mail-test.csv", "upc,sku,name\n400000000001,MAIL-1,Mail test tent\n")
    mail.refusals = 3  # the first attempt and both retries the live worker makes (MAIL_RETRIES=2)

    log_in(page, live_api, "olga.ops", PASSWORD, path=f"/{acme.id}/item_types/new_bulk")
    page.get_by_label("CSV file").set_input_files(items)
    page.get_by_role("button", name="Upload", exact=True).click()
    result_mail = _progress(page).get_by_label("Result e-mail")
    expect(result_mail.get_by_text(re.compile(
        r"The result e-mail to olga\.ops@example\.com could not be sent: 550 Mailbox unavailable"))).to_be_visible(timeout=JOB_TIMEOUT_MS)
    screenshot(page, "failed")
    assert mail.refused == 3 and mail.messages == []

    result_mail.get_by_role("button", name="Send the e-mail again").click()
    expect(result_mail.get_by_text("The result e-mail was sent to olga.ops@example.com.")).to_be_visible(timeout=JOB_TIMEOUT_MS)
    screenshot(page, "sent-again")
    [message] = mail.wait_for(1)
    assert message["To"] == "olga.ops@example.com" and "mail-test.csv" in message["Subject"]
