"""The bill of lading document, drawn from plain data: what it shows, its barcode, its pages."""
import datetime
import io
from decimal import Decimal

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.graphics.barcode.code128 import Code128

from api.freight.bol_pdf import (
    BAR_HEIGHT, BAR_WIDTH, COLLECT, FREIGHT_TERMS, PREPAID, THIRD_PARTY, BillOfLadingSheet, FreightLine,
    draw_bill_of_lading,
)

SHIPPER = ("New Jersey 1", "1 Distribution Way", "Edison, NJ 08817", "US")
CONSIGNEE = ("Receiving Dock", "Big Box Retail DC #4", "75 Livingston St", "Brooklyn, NY 11201", "US")


def freight_line(number, weight=Decimal("412.50"), **changes):
    return FreightLine(**{"handling_units": 1, "unit_type": "Pallet", "pieces": 10 + number, "weight": weight,
                          "hazmat": False, "description": f"Shipment {900 + number} (FR-{number}): Desk lamp x 4",
                          "nmfc": None, "freight_class": "70", **changes})


def sheet(**changes):
    return BillOfLadingSheet(**{
        "bol_number": "BOL-7-31-1", "ship_date": datetime.date(2026, 12, 3), "issued_on": datetime.date(2026, 11, 28),
        "shipper": SHIPPER, "consignee": CONSIGNEE, "freight_terms": PREPAID, "bill_to": ("Acme Lamps Inc.",),
        "carrier": "Estes Express", "service": "LTL Standard",
        "references": (("Shipment group", "31"), ("Master tracking", "PRO-5521")),
        "lines": (freight_line(1), freight_line(2, weight=Decimal("1200.25"), hazmat=True, nmfc="100240")), **changes})


def pages_of(pdf):
    return PdfReader(io.BytesIO(pdf)).pages


def text_of(pdf):
    return "\n".join(page.extract_text() for page in pages_of(pdf))


def test_the_document_shows_the_number_dates_parties_terms_lines_and_signature_blocks():
    pdf = draw_bill_of_lading(sheet())

    [page] = pages_of(pdf)
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (612.0, 792.0)  # US Letter
    text = page.extract_text()
    for shown in ("STRAIGHT BILL OF LADING", "BOL Number: BOL-7-31-1", "Ship date: 2026-12-03", "Issued: 2026-11-28",
                  "SHIP FROM (SHIPPER)", *SHIPPER, "SHIP TO (CONSIGNEE)", *CONSIGNEE,
                  "BILL FREIGHT CHARGES TO", "Acme Lamps Inc.", "Estes Express", "Service: LTL Standard",
                  "Shipment group: 31", "Master tracking: PRO-5521", "[X] Prepaid", "[ ] Collect", "[ ] Third Party",
                  "Shipment 901 (FR-1): Desk lamp x 4", "Shipment 902 (FR-2): Desk lamp x 4", "412.50", "1,200.25",
                  "100240", "1,612.75", "GRAND TOTAL — 2 shipment(s)", "SHIPPER SIGNATURE / DATE",
                  "CARRIER SIGNATURE / PICKUP DATE", "CONSIGNEE SIGNATURE / DELIVERY DATE"):
        assert shown in text, (shown, text)
    lines = text.splitlines()
    assert lines.count("1 Pallet") == 2 and "11" in lines and "12" in lines and "23" in lines  # pieces and their total
    assert lines.count("70") == 2 and lines.count("X") == 1  # each line's class; the one hazardous line marked
    assert PdfReader(io.BytesIO(pdf)).metadata.title == "Bill of Lading BOL-7-31-1"


def barcode_pattern(page):
    """The widths of the barcode's bars and of the spaces between them, in modules, left to right, read from the
    rectangles the page's content stream fills at the barcode's height."""
    operations = ContentStream(page.get_contents(), page.pdf).operations
    bars = sorted((float(operands[0]), float(operands[2])) for operands, operator in operations
                  if operator == b"re" and float(operands[3]) == BAR_HEIGHT)
    pattern = []
    for (x, width), following in zip(bars, bars[1:] + [None]):
        pattern.append(round(width / BAR_WIDTH))
        if following is not None:
            pattern.append(round((following[0] - x - width) / BAR_WIDTH))
    return pattern


def code128_pattern(value):
    barcode = Code128(value)
    barcode.validate()
    barcode.encode()
    barcode.decompose()
    return [ord(symbol.lower()) - ord("a") + 1 for symbol in barcode.decomposed]


def test_the_bol_number_is_drawn_as_its_code_128_barcode():
    [page] = pages_of(draw_bill_of_lading(sheet(bol_number="BOL-12-4507-3")))

    drawn = barcode_pattern(page)
    assert len(drawn) > 60  # start, a symbol per two digits or per character, check symbol, stop
    assert drawn == code128_pattern("BOL-12-4507-3")
    assert drawn != code128_pattern("BOL-12-4507-4")


@pytest.mark.parametrize("terms", FREIGHT_TERMS)
def test_only_the_chosen_freight_terms_are_marked(terms):
    text = text_of(draw_bill_of_lading(sheet(freight_terms=terms)))

    for other in FREIGHT_TERMS:
        assert f"[{'X' if other == terms else ' '}] {other}" in text


def test_a_line_without_a_weight_shows_a_dash_and_the_total_says_how_many_are_not_weighed():
    partly = text_of(draw_bill_of_lading(sheet(lines=(freight_line(1), freight_line(2, weight=None)))))
    unknown = text_of(draw_bill_of_lading(sheet(lines=(freight_line(1, weight=None),))))

    assert "—" in partly.splitlines() and "412.50+" in partly.splitlines()
    assert "GRAND TOTAL — 2 shipment(s), 1 not weighed" in partly
    assert "412.50" not in unknown and unknown.splitlines().count("—") == 2  # the line and the total
    assert "GRAND TOTAL — 1 shipment(s), 1 not weighed" in unknown


def test_names_holding_markup_characters_are_printed_as_written():
    consignee = ("Smith & Sons <Receiving>", "1 Main St", "Austin, TX 73301", "US")
    text = text_of(draw_bill_of_lading(sheet(consignee=consignee, bill_to=(), lines=(
        freight_line(1, description="Shipment 1 (FR-<b>1</b>): Nuts & bolts x 3"),))))

    assert "Smith & Sons <Receiving>" in text and "Shipment 1 (FR-<b>1</b>): Nuts & bolts x 3" in text
    assert "BILL FREIGHT CHARGES TO\n—" in text  # a party with no lines is shown as a dash


def test_a_group_of_many_shipments_continues_on_further_pages_with_the_headings_repeated():
    lines = tuple(freight_line(number, weight=Decimal(100)) for number in range(1, 81))
    pages = pages_of(draw_bill_of_lading(sheet(freight_terms=COLLECT, lines=lines)))

    assert len(pages) >= 2
    texts = [page.extract_text() for page in pages]
    assert all("DESCRIPTION OF ARTICLES" in text and "Bill of Lading BOL-7-31-1" in text for text in texts)
    assert [f"Page {number}" in text for number, text in enumerate(texts, 1)] == [True] * len(pages)
    everything = "\n".join(texts)
    assert all(f"Shipment {900 + number} (FR-{number}):" in everything for number in range(1, 81))
    assert "GRAND TOTAL — 80 shipment(s)" in texts[-1] and "8,000.00" in texts[-1]
    assert "CONSIGNEE SIGNATURE / DELIVERY DATE" in texts[-1]
    assert len(barcode_pattern(pages[0])) > 0 and barcode_pattern(pages[1]) == []  # the barcode heads the first page


def test_third_party_terms_list_who_is_billed():
    text = text_of(draw_bill_of_lading(sheet(freight_terms=THIRD_PARTY,
                                             bill_to=("Third party account 8812", "Postal code 60601"))))

    assert "[X] Third Party" in text and "Third party account 8812" in text and "Postal code 60601" in text
