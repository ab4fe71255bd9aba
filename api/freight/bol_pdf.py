"""The straight bill of lading a group's freight travels under, drawn from plain data (no database): the
usual short-form layout carriers accept — BOL number with its Code 128 barcode, shipper, consignee, who
pays the freight, a line per handling unit group, the carrier's terms and three signature blocks."""
from dataclasses import dataclass
from decimal import Decimal
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.graphics.barcode.code128 import Code128
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

MARGIN = 0.5 * inch
WIDTH = LETTER[0] - 2 * MARGIN
BAR_HEIGHT = 0.5 * inch
BAR_WIDTH = 1.0
GRID = colors.black
SHADE = colors.HexColor("#e6e6e6")

TEXT = ParagraphStyle("bol-text", fontName="Helvetica", fontSize=8, leading=10)
SMALL = ParagraphStyle("bol-small", parent=TEXT, fontSize=6.5, leading=8)
HEADING = ParagraphStyle("bol-heading", parent=TEXT, fontName="Helvetica-Bold", fontSize=7, leading=9)
TITLE = ParagraphStyle("bol-title", parent=TEXT, fontName="Helvetica-Bold", fontSize=15, leading=18)
NUMBER = ParagraphStyle("bol-number", parent=TEXT, fontName="Helvetica-Bold", fontSize=11, leading=13, alignment=TA_RIGHT)

# Freight terms a carrier reads off the form, by who pays (the group's requests' billing type).
PREPAID, COLLECT, THIRD_PARTY = "Prepaid", "Collect", "Third Party"
FREIGHT_TERMS = (PREPAID, COLLECT, THIRD_PARTY)

CARRIER_TERMS = (
    "RECEIVED, subject to the classifications and tariffs in effect on the date of the issue of this Bill of Lading, "
    "the property described above in apparent good order, except as noted (contents and condition of contents of "
    "packages unknown), marked, consigned and destined as indicated above, which said carrier agrees to carry to its "
    "usual place of delivery at said destination. The shipper certifies that the above named materials are properly "
    "classified, described, packaged, marked and labeled, and are in proper condition for transportation according "
    "to the applicable regulations. Where the rate is dependent on value, shippers are required to state "
    "specifically in writing the agreed or declared value of the property.")
SIGNATURES = (
    ("SHIPPER SIGNATURE / DATE", "Freight loaded by shipper; counted by shipper."),
    ("CARRIER SIGNATURE / PICKUP DATE", "Carrier acknowledges receipt of packages and required placards."),
    ("CONSIGNEE SIGNATURE / DELIVERY DATE", "Received in good order, except as noted."),
)
LINE_COLUMNS = ("HANDLING UNITS", "PIECES", "WEIGHT (LB)", "HM", "DESCRIPTION OF ARTICLES", "NMFC #", "CLASS")
LINE_WIDTHS = (0.95 * inch, 0.6 * inch, 0.8 * inch, 0.35 * inch, None, 0.8 * inch, 0.5 * inch)


@dataclass(frozen=True)
class FreightLine:
    """One shipment of the group as the carrier counts it."""

    handling_units: int
    unit_type: str  # "Pallet"
    pieces: int
    weight: Decimal | None  # pounds; None when neither the shipment nor its items know it
    hazmat: bool
    description: str
    nmfc: str | None
    freight_class: str


@dataclass(frozen=True)
class BillOfLadingSheet:
    """Everything the document shows; parties are their address lines, first line the name."""

    bol_number: str
    ship_date: object  # the date the freight is to be picked up
    issued_on: object  # the date the document was made
    shipper: tuple[str, ...]
    consignee: tuple[str, ...]
    freight_terms: str  # one of FREIGHT_TERMS
    bill_to: tuple[str, ...]
    carrier: str
    service: str
    references: tuple[tuple[str, str], ...]  # (label, value) pairs such as the group and its master tracking id
    lines: tuple[FreightLine, ...]


def draw_bill_of_lading(sheet):
    """The bill of lading as PDF bytes: US Letter, the lines' table continuing on further pages (its headings
    repeated) when a group has more shipments than one page holds."""
    out = BytesIO()
    document = SimpleDocTemplate(out, pagesize=LETTER, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                                 bottomMargin=MARGIN, title=f"Bill of Lading {sheet.bol_number}",
                                 author=sheet.shipper[0] if sheet.shipper else "")
    document.build([_heading(sheet), Spacer(1, 6), _parties(sheet), Spacer(1, 6), _lines(sheet), Spacer(1, 6),
                    Paragraph(escape(CARRIER_TERMS), SMALL), Spacer(1, 10), _signatures()],
                   onFirstPage=_page_footer(sheet), onLaterPages=_page_footer(sheet))
    return out.getvalue()


def bol_barcode(bol_number):
    """The Code 128 barcode of a BOL number as this document draws it."""
    return Code128(bol_number, barHeight=BAR_HEIGHT, barWidth=BAR_WIDTH, humanReadable=False)


def _text(value, style=TEXT):
    return Paragraph(escape(str(value)), style)


def _block(title, lines):
    return [_text(title, HEADING), *(_text(line) for line in lines)] if lines else [_text(title, HEADING), _text("—")]


def _boxed(rows, widths, shaded_rows=(), **extra):
    table = Table(rows, colWidths=widths, **extra)
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 1, GRID), ("INNERGRID", (0, 0), (-1, -1), 0.5, GRID),
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        *(("BACKGROUND", (0, row), (-1, row), SHADE) for row in shaded_rows),
    ]))
    return table


def _heading(sheet):
    title = [_text("STRAIGHT BILL OF LADING", TITLE), _text("Short form — original, not negotiable", TEXT),
             _text(f"Ship date: {sheet.ship_date.isoformat()}    Issued: {sheet.issued_on.isoformat()}", TEXT)]
    number = [_text(f"BOL Number: {sheet.bol_number}", NUMBER), Spacer(1, 3), bol_barcode(sheet.bol_number)]
    table = Table([[title, number]], colWidths=(WIDTH * 0.45, WIDTH * 0.55))
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    return table


def _terms(chosen):
    marks = "    ".join(f"[{'X' if terms == chosen else ' '}] {terms}" for terms in FREIGHT_TERMS)
    return [_text("FREIGHT CHARGE TERMS", HEADING), _text(marks)]


def _parties(sheet):
    carrier = [_text("CARRIER", HEADING), _text(sheet.carrier or "—"), _text(f"Service: {sheet.service or '—'}"),
               *(_text(f"{label}: {value}") for label, value in sheet.references)]
    rows = [[_block("SHIP FROM (SHIPPER)", sheet.shipper), carrier],
            [_block("SHIP TO (CONSIGNEE)", sheet.consignee), _terms(sheet.freight_terms)],
            [_block("BILL FREIGHT CHARGES TO", sheet.bill_to), ""]]
    table = _boxed(rows, (WIDTH * 0.55, WIDTH * 0.45))
    table.setStyle(TableStyle([("SPAN", (0, 2), (1, 2))]))
    return table


def _weight(weight):
    return "—" if weight is None else f"{weight:,.2f}"


def _lines(sheet):
    flexible = WIDTH - sum(width for width in LINE_WIDTHS if width)
    widths = tuple(flexible if width is None else width for width in LINE_WIDTHS)
    rows = [[_text(column, HEADING) for column in LINE_COLUMNS]]
    for line in sheet.lines:
        rows.append([_text(f"{line.handling_units} {line.unit_type}"), _text(line.pieces), _text(_weight(line.weight)),
                     _text("X" if line.hazmat else ""), _text(line.description), _text(line.nmfc or ""),
                     _text(line.freight_class)])
    known = [line.weight for line in sheet.lines if line.weight is not None]
    unweighed = len(sheet.lines) - len(known)
    # A total of the weights known is at least the freight's weight: "+" says so when some are not known.
    total_weight = _weight(sum(known, Decimal(0))) + ("+" if unweighed else "") if known else "—"
    total = f"GRAND TOTAL — {len(sheet.lines)} shipment(s)" + (f", {unweighed} not weighed" if unweighed else "")
    rows.append([_text(sum(line.handling_units for line in sheet.lines), HEADING),
                 _text(sum(line.pieces for line in sheet.lines), HEADING), _text(total_weight, HEADING), _text(""),
                 _text(total, HEADING), _text(""), _text("")])
    return _boxed(rows, widths, shaded_rows=(0, len(rows) - 1), repeatRows=1)


def _signatures():
    cells = [[_text(title, HEADING), Spacer(1, 26), _text("_" * 38), _text(note, SMALL)] for title, note in SIGNATURES]
    return _boxed([cells], (WIDTH / 3,) * 3)


def _page_footer(sheet):
    def draw(canvas, document):
        canvas.saveState()
        canvas.setFont("Helvetica", 7)
        canvas.drawString(MARGIN, MARGIN / 2, f"Bill of Lading {sheet.bol_number}")
        canvas.drawRightString(LETTER[0] - MARGIN, MARGIN / 2, f"Page {document.page}")
        canvas.restoreState()

    return draw
