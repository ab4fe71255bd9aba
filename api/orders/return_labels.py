"""Return labels: a 4×6 inch PDF that brings a request's parcel back to the warehouse it shipped
from, recorded against the request so the warehouse can match the parcel by its tracking number."""
from io import BytesIO

from reportlab.graphics.barcode.code128 import Code128
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from sqlalchemy.exc import IntegrityError

from api.common.errors import Conflict, InvalidInput, NotFound
from api.common.idempotency import HEADER, MAX_KEY_LENGTH, UnprocessableKey
from api.common.tenancy import scoped
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db
from api.orders import history
from api.orders.models import CANCELED, ReturnLabel
from api.orders.rules import refuse, ship_method_of, ship_profile_of
from api.orders.service import request_of
from api.shipping.models import CUSTOM_CARRIER, LTL_CARRIER
from api.warehouses.models import Warehouse

NOT_FOR_RETURNS = (LTL_CARRIER, CUSTOM_CARRIER)
LABEL_SIZES = ("length", "width", "height", "weight")
TRACKING_PREFIX = "RT"
PAGE = (4 * inch, 6 * inch)
MARGIN = 0.2 * inch


def create_return_label(client_id, identity, fields, idempotency_key=None):
    """Record the return a label is made for and draw the label: (file name, PDF bytes). A call
    repeated with its ``idempotency_key`` answers the label the first made, and records nothing."""
    if idempotency_key is not None:
        if not idempotency_key.strip() or len(idempotency_key) > MAX_KEY_LENGTH:
            raise InvalidInput(f"{HEADER} must be 1 to {MAX_KEY_LENGTH} characters.", code="invalid_idempotency_key")
        made = _made_with(client_id, idempotency_key)
        if made is not None:
            return _drawn_again(client_id, made, fields)
    request = request_of(client_id, fields["fr_id"])
    profile = ship_profile_of(client_id, fields["ship_profile_id"])
    if profile.carrier.name in NOT_FOR_RETURNS:
        refuse(f"ship_profile_id {profile.id} is a {profile.carrier.name} profile; return labels are not made for "
               "LTL or Custom carriers.")
    method = ship_method_of(profile, fields["ship_method"])
    warehouse = db.session.get(Warehouse, _return_warehouse(request))
    label = ReturnLabel(client_id=client_id, request=request, ship_profile_id=profile.id, carrier=profile.carrier.name,
                        ship_method=method.code, warehouse_id=warehouse.code, created_by_username=identity.username,
                        idempotency_key=idempotency_key, **{name: fields[name] for name in LABEL_SIZES})
    db.session.add(label)
    try:
        db.session.flush()
    except IntegrityError:  # the same key's first call committed its label a moment ago
        db.session.rollback()
        made = _made_with(client_id, idempotency_key)
        if made is None:
            raise
        return _drawn_again(client_id, made, fields)
    label.tracking_number = f"{TRACKING_PREFIX}{label.id:012d}"
    history.note(request, f"Return label {label.tracking_number} ({label.carrier} {label.ship_method}) back to "
                          f"{label.warehouse_id}.", identity.username)
    db.session.commit()
    return _file_name(request), draw_label(label, request, warehouse, method)


def _file_name(request):
    return f"return-label-{request.fulfillment_request_id}.pdf"


def _made_with(client_id, idempotency_key):
    return db.session.scalars(scoped(ReturnLabel, client_id).filter_by(idempotency_key=idempotency_key)).first()


def _drawn_again(client_id, label, fields):
    """The label a repeated call made before, drawn again; 422 when the call asked for another label."""
    asked = (fields["fr_id"], fields["ship_profile_id"], fields["ship_method"], *(fields[name] for name in LABEL_SIZES))
    made = (label.request_id, label.ship_profile_id, label.ship_method, *(getattr(label, name) for name in LABEL_SIZES))
    if asked != made:
        raise UnprocessableKey("This Idempotency-Key was already used for a different return label.")
    method = ship_method_of(ship_profile_of(client_id, label.ship_profile_id), label.ship_method)
    warehouse = db.session.get(Warehouse, label.warehouse_id)
    return _file_name(label.request), draw_label(label, label.request, warehouse, method)


def receive_return(client_id, identity, tracking_number):
    """Mark the parcel of a return label arrived at its warehouse (provider staff scanning it in). A
    parcel scanned again keeps the time it first arrived."""
    label = db.session.scalars(scoped(ReturnLabel, client_id)
                               .filter_by(tracking_number=tracking_number.strip().upper()).with_for_update()).first()
    if label is None:
        raise NotFound(f"No return label with tracking number {tracking_number!r}.")
    if label.received_at is None:
        label.received_at = utcnow()
        history.note(label.request, f"Return {label.tracking_number} received at {label.warehouse_id}.",
                     identity.username)
        db.session.commit()
    return label


def _return_warehouse(request):
    """Where the parcel goes back to: the warehouse the request ships from. A request with no live
    shipment sends nothing, so nothing comes back."""
    live = [shipment for shipment in request.shipments if shipment.status != CANCELED]
    if not live:
        raise Conflict(f"Fulfillment request {request.fulfillment_request_id} has no live shipment: "
                       f"{', '.join(f'shipment {s.id} is {code_label(s.status)}' for s in request.shipments) or 'it has none'}; "
                       "there is nothing to return.", code="nothing_to_return")
    return live[0].warehouse_id


def _customer_lines(request):
    city_line = " ".join(part for part in (f"{request.to_city}," if request.to_city else None, request.to_state,
                                           request.to_postal_code) if part)
    return [part for part in (request.to_name, request.to_company, request.to_address_1, request.to_address_2,
                              request.to_address_3, city_line, request.to_country, request.to_phone) if part]


def _warehouse_lines(warehouse):
    return [part for part in (warehouse.name, warehouse.address_1, warehouse.address_2,
                              f"{warehouse.city}, {warehouse.state} {warehouse.postal_code}", warehouse.country) if part]


def _block(canvas, top, title, lines, font, size):
    canvas.setFont("Helvetica-Bold", 7)
    canvas.drawString(MARGIN, top, title)
    y = top - size - 3
    canvas.setFont(font, size)
    for line in lines:
        canvas.drawString(MARGIN + 8, y, line[:60])
        y -= size + 2
    return y


def _rule(canvas, y):
    canvas.setLineWidth(1.5)
    canvas.line(MARGIN, y, PAGE[0] - MARGIN, y)


def draw_label(label, request, warehouse, method):
    """The 4×6 inch label: carrier and service, from (the customer) and to (the warehouse), the
    parcel's size and weight, and the tracking number as a Code 128 barcode."""
    out = BytesIO()
    canvas = Canvas(out, pagesize=PAGE)
    canvas.setTitle(f"Return label {label.tracking_number}")
    width, height = PAGE
    top = height - MARGIN
    canvas.setFont("Helvetica-Bold", 22)
    canvas.drawString(MARGIN, top - 20, label.carrier)
    canvas.setFont("Helvetica", 10)
    canvas.drawString(MARGIN, top - 36, method.name)
    canvas.rect(width - MARGIN - 72, top - 34, 72, 30, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont("Helvetica-Bold", 14)
    canvas.drawCentredString(width - MARGIN - 36, top - 24, "RETURN")
    canvas.setFillColorRGB(0, 0, 0)
    _rule(canvas, top - 46)
    y = _block(canvas, top - 60, "FROM", _customer_lines(request), "Helvetica", 8)
    _rule(canvas, y - 2)
    y = _block(canvas, y - 16, "SHIP TO", _warehouse_lines(warehouse), "Helvetica-Bold", 12)
    _rule(canvas, y - 2)
    canvas.setFont("Helvetica", 9)
    canvas.drawString(MARGIN, y - 16, f"{label.length} x {label.width} x {label.height} in    {label.weight} lb")
    _rule(canvas, y - 24)
    barcode = Code128(label.tracking_number, barHeight=0.9 * inch, barWidth=1.1, humanReadable=False)
    barcode.drawOn(canvas, (width - barcode.width) / 2, y - 40 - barcode.height)
    canvas.setFont("Helvetica-Bold", 11)
    canvas.drawCentredString(width / 2, y - 54 - barcode.height, f"TRACKING # {label.tracking_number}")
    canvas.setFont("Helvetica", 7)
    reference = f"Ref {request.fulfillment_request_id}" + (f"   Order {request.order_id}" if request.order_id else "")
    canvas.drawString(MARGIN, MARGIN, reference[:90])
    canvas.drawRightString(width - MARGIN, MARGIN, label.created_at.strftime("%Y-%m-%d"))
    canvas.showPage()
    canvas.save()
    return out.getvalue()
