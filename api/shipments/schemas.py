"""The shipments feature's schemas. SHARED: each part of the feature keeps its schemas in its own block."""
from datetime import UTC, datetime

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from api.addresses.schemas import Address, AddressValidation
from api.common.pagination import DEFAULT_LIMIT, MAX_LIMIT, PageArgs
from api.common.schema_fields import decimal_in_range, optional_text
from api.common.text import code_label
from api.common.timeutil import check_time_zone
from api.orders.field_labels import EDI_LABELS
from api.orders.fields import EDI, EDI_RETAILERS, writes
from api.orders.models import LIFECYCLE_STATUSES
from api.shipments.events import EVENT_STATUSES, MAX_BATCH, RESULTS
from api.shipments.details import DETAIL_FIELDS
from api.shipments.documents import FILE_LABELS, FORMATS
from api.shipments.models import CUSTOM_LABEL, DOCUMENT, ShipmentDetails

# The shipment, its list and its history

CHECKS = ("inventory", "address", "custom_label", "customs", "approval")
CUSTOMS_FIELDS = ("tariff_code", "customs_description", "customs_origin")


class ShipmentAddress(Address):
    validation_status = fields.String(metadata={
        "enum": ["validated", "invalid", "skipped"],
        "description": "skipped: stored as given, its sender vouching for it (skip_validation)"})
    validation_error = fields.String(allow_none=True)


class ShipmentItem(Schema):
    id = fields.Integer(metadata={"description": "The set item's id (a line of the set, a bundle's child included)"})
    item_type_id = fields.Integer()
    upc = fields.String()
    name = fields.String()
    tariff_code = fields.String(allow_none=True)
    customs_description = fields.String(allow_none=True)
    customs_origin = fields.String(allow_none=True)
    quantity_desired = fields.Integer(metadata={"description": "Units this shipment sends"})
    quantity_allocated = fields.Integer(metadata={"description": "Units bound to this shipment in the ledger"})
    quantity_requested = fields.Integer(metadata={"description": "Units the request asked for (the most it may send)"})


class ShipmentSet(Schema):
    id = fields.Integer()
    type = fields.String()
    gift_note = fields.String(allow_none=True)
    items = fields.List(fields.Nested(ShipmentItem))


class ShipmentDocument(Schema):
    id = fields.Integer()
    name = fields.String()
    copies = fields.Integer()
    format = fields.String()


class MissingCustoms(Schema):
    upc = fields.String()
    name = fields.String()
    missing = fields.List(fields.String(validate=validate.OneOf(CUSTOMS_FIELDS)))


class Check(Schema):
    check = fields.String(metadata={"enum": list(CHECKS)})
    ok = fields.Boolean()
    message = fields.String(allow_none=True)
    items = fields.List(fields.Nested(MissingCustoms), metadata={
        "description": "customs: the items lacking a tariff code, description or origin; else empty"})


class ShipmentRow(Schema):
    id = fields.Integer()
    status = fields.String(metadata={"enum": list(LIFECYCLE_STATUSES)})
    request_id = fields.Integer(metadata={"description": "The fulfilment request's internal id (for links)"})
    fulfillment_request_id = fields.String(metadata={"description": "The client's reference of the request"})
    order_id = fields.String(allow_none=True)
    warehouse_id = fields.String()
    ship_profile_id = fields.Integer(allow_none=True)
    ship_method = fields.String(allow_none=True)
    carrier = fields.String(allow_none=True, metadata={"description": "The carrier that took the parcel"})
    fill_type = fields.String()
    inventory_allocated = fields.Boolean()
    shipment_group_id = fields.Integer(allow_none=True)
    shipment_details_id = fields.Integer(allow_none=True, metadata={"description": "Its retail EDI details' id"})
    tracking_number = fields.String(allow_none=True)
    tracking_url = fields.String(allow_none=True)
    master_tracking_id = fields.String(allow_none=True)
    weight = fields.Decimal(allow_none=True, as_string=True, metadata={"description": "pounds"})
    shipped_at = fields.DateTime(allow_none=True)
    delivered_at = fields.DateTime(allow_none=True)
    exception_reason = fields.String(allow_none=True, metadata={"description": "Why it is in the exception state"})
    created_at = fields.DateTime()
    updated_at = fields.DateTime()
    validated_customs_information = fields.Boolean(metadata={
        "description": "Customs not needed, or every item has its tariff code, description and origin"})
    has_custom_label = fields.Boolean()
    custom_label_name = fields.String(allow_none=True)
    to_address = fields.Nested(ShipmentAddress)
    allowed_actions = fields.List(fields.String(), metadata={
        "description": "What the caller may do to it now: cancel, edit_address, edit_method, edit_quantities, ..."})


class ShipmentDetail(ShipmentRow):
    sets = fields.List(fields.Nested(ShipmentSet))
    documents = fields.List(fields.Nested(ShipmentDocument))
    checklist = fields.List(fields.Nested(Check), metadata={
        "description": "What it needs before the warehouse takes it: inventory, address (not for LTL), "
                       "custom_label (ship method Custom), customs (abroad and the territories), approval"})


class ShipmentList(Schema):
    shipments = fields.List(fields.Nested(ShipmentRow))
    cursor = fields.String(allow_none=True)


# Spec part 3 section 9: the order page lists an order's shipments 9999 to a page.
ORDER_PAGE = 9999


class ShipmentListArgs(PageArgs):
    limit = fields.Integer(load_default=DEFAULT_LIMIT, validate=validate.Range(min=1, max=ORDER_PAGE), metadata={
        "description": f"At most {MAX_LIMIT}; up to {ORDER_PAGE} with orderId (the order page's size)"})
    status = fields.String(load_default=None, validate=validate.OneOf(LIFECYCLE_STATUSES))
    orderId = optional_text(100)
    fulfillmentRequestId = optional_text(100)
    shipmentGroupId = fields.Integer(load_default=None, validate=validate.Range(min=1, max=2**31 - 1))
    warehouse = optional_text(8, metadata={"description": "A warehouse code"})
    shippedFrom = fields.Date(load_default=None, metadata={
        "description": "Shipped on this day or later (in timeZone). Filtered by shipping days, the newest shipped "
                       "come first"})
    shippedTo = fields.Date(load_default=None, metadata={"description": "Shipped on this day or earlier (in timeZone)"})
    timeZone = fields.String(load_default="UTC", validate=[validate.Length(max=64), check_time_zone], metadata={
        "description": "The IANA time zone whose days shippedFrom and shippedTo name"})

    @validates_schema
    def _long_pages_for_an_order_only(self, data, **kwargs):
        if data["limit"] > MAX_LIMIT and not data.get("orderId"):
            raise ValidationError(f"At most {MAX_LIMIT} unless orderId is given.", "limit")


class StatusChange(Schema):
    from_status = fields.String(allow_none=True, metadata={"description": "null for the status it was placed in"})
    to_status = fields.String()
    reason = fields.String()
    actor = fields.String()
    created_at = fields.DateTime()


class ShipmentHistory(Schema):
    history = fields.List(fields.Nested(StatusChange))
    cursor = fields.String(allow_none=True)


# Changing a shipment: its method, an item's quantity, its address

EDIT_LABELS = {"ship_profile_id": "Ship Profile", "ship_method": "Ship Method", "quantity_desired": "Quantity"}


class ShipmentUpdate(Schema):
    field_labels = EDIT_LABELS
    ship_profile_id = fields.Integer(allow_none=True, validate=validate.Range(min=1, max=2**31 - 1), metadata={
        "description": "One of the client's ship profiles; null for none (then no ship method either). A client "
                       "user on an LTL profile keeps to LTL, on a Custom profile may not choose LTL, otherwise may "
                       "choose neither LTL nor Custom (403 carrier_not_allowed); admins choose any."})
    ship_method = fields.String(allow_none=True, validate=validate.Length(max=60), metadata={
        "description": "A ship method code the profile's carrier offers (422 otherwise); left out, the current one "
                       "is kept and must be offered by a new profile's carrier. Saturday delivery, when the request "
                       "asks for it, needs a UPS or FedEx express method."})

    @validates_schema
    def _something_to_change(self, data, **kwargs):
        if not data:
            raise ValidationError("Give a Ship Profile or a Ship Method to change.")


class ShipmentItemUpdate(Schema):
    field_labels = EDIT_LABELS
    quantity_desired = fields.Integer(required=True, validate=validate.Range(min=0, max=2**31 - 1), metadata={
        "description": "Units of the item this shipment sends: 0 up to what the request asked for less what its "
                       "other shipments send"})


class ShipmentAddressChange(AddressValidation):
    shipment = fields.Nested(ShipmentDetail, allow_none=True, metadata={
        "description": "The shipment as stored after the change; null when nothing was stored"})


# Files, retail EDI details and comments

class FileUpload(Schema):
    field_labels = FILE_LABELS  # how a validation error names a field (api.common.errors)
    content = fields.String(required=True, metadata={
        "description": "The file, base64 (line breaks allowed). Its content must be of its format: a PNG signature and "
                       "header, ZPL from ^XA to ^XZ, or a PDF that opens with at least one page (422 invalid_file); at "
                       "most SHIPMENT_FILE_MAX_BYTES decoded, 5 MB unless configured (413 file_too_large)"})
    name = fields.String(required=True, validate=validate.Length(min=1, max=250), metadata={
        "description": "The file's name for downloads; it is given the format's extension when it lacks it"})


class LabelUpload(FileUpload):
    format = fields.String(required=True, validate=validate.OneOf(FORMATS[CUSTOM_LABEL]))


class DocumentUpload(FileUpload):
    format = fields.String(required=True, validate=validate.OneOf(FORMATS[DOCUMENT]))
    copies = fields.Integer(load_default=1, validate=validate.Range(min=1, max=99), metadata={
        "description": "How many the warehouse prints (1 to 99; 1 if left out)"})


class DocumentList(Schema):
    documents = fields.List(fields.Nested(ShipmentDocument))


EdiDetailsWrite = Schema.from_dict({
    "field_labels": EDI_LABELS,
    **{name: field for name, field in writes(EDI).items() if name in DETAIL_FIELDS},
    # A request keeps its EDI metadata as given; a shipment's store postal code column holds 20 characters.
    "store_postalcode": optional_text(ShipmentDetails.store_postalcode.type.length),
}, name="EdiDetailsWrite")
EdiDetails = Schema.from_dict({
    "id": fields.Integer(allow_none=True, metadata={
        "description": "null while none were saved for the shipment: these are then its request's"}),
    "shipment_id": fields.Integer(),
    **{name: fields.String(allow_none=True) for name in DETAIL_FIELDS},
    "retailer": fields.String(metadata={"enum": list(EDI_RETAILERS)}),
    "cancel_date": fields.Date(),
    "po_number": fields.String(),
    "updated_at": fields.DateTime(allow_none=True),
    "updated_by_username": fields.String(allow_none=True),
}, name="EdiDetails")


def _written(text):
    if not text.strip():
        raise ValidationError("Must not be empty.")


class CommentWrite(Schema):
    field_labels = {"body": "Comment"}
    body = fields.String(required=True, validate=[validate.Length(max=2000), _written], metadata={
        "description": "1 to 2000 characters, not only spaces"})


class Comment(Schema):
    id = fields.Integer()
    body = fields.String()
    author_username = fields.String()
    author_name = fields.String(allow_none=True)
    created_at = fields.DateTime()


class CommentList(Schema):
    comments = fields.List(fields.Nested(Comment), metadata={"description": "Newest first"})
    cursor = fields.String(allow_none=True)


# The warehouse's events

# What an event of each status must carry beyond its id, status and time.
EVENT_NEEDS = {"shipped": ("tracking_number", "carrier"), "exception": ("reason",)}


class WarehouseEvent(Schema):
    """What every event the warehouse reports checks: the fields its status needs (``needs``: {status: names})
    are given, and its time is kept in UTC."""

    needs = {}

    @validates_schema
    def _carries_what_its_status_needs(self, data, **kwargs):
        status = data.get("status")
        missing = [name for name in self.needs.get(status, ()) if not data.get(name)]
        if missing:
            raise ValidationError({name: [f"Required when the status is {code_label(status)}."] for name in missing})

    @post_load
    def _in_utc(self, data, **kwargs):
        data["occurred_at"] = data["occurred_at"].astimezone(UTC).replace(tzinfo=None)
        return data


class ShipmentEventIn(WarehouseEvent):
    needs = EVENT_NEEDS
    event_id = fields.String(required=True, validate=validate.Length(min=1, max=100), metadata={
        "description": "The warehouse's own id of the event: sent again, it changes nothing and is answered as "
                       "the first time"})
    status = fields.String(required=True, validate=validate.OneOf(EVENT_STATUSES), metadata={
        "description": "Where the shipment is now; exception is the warning state (give a reason)"})
    occurred_at = fields.AwareDateTime(required=True, default_timezone=UTC, metadata={
        "description": "When it happened (UTC when no offset is given); an event older than the shipment's latest "
                       "is refused"})
    tracking_number = optional_text(100, metadata={"description": "shipped: required"})
    tracking_url = fields.Url(allow_none=True, load_default=None, schemes={"http", "https"},
                              validate=validate.Length(max=500), metadata={"description": "shipped"})
    carrier = optional_text(50, metadata={"description": "shipped: required, the carrier that took the parcel"})
    weight = decimal_in_range(0, 99999999, allow_none=True, load_default=None,
                              metadata={"description": "shipped: pounds"})
    reason = optional_text(500, metadata={"description": "exception: required, what went wrong"})


class BatchEventIn(ShipmentEventIn):
    shipment_id = fields.Integer(required=True, validate=validate.Range(min=1, max=2**31 - 1))


class _BatchEvents(fields.List):
    """A batch's events, loaded as BatchEventIn loads each (its documented shape): a batch whose every event
    plainly fits is loaded by a prepared check instead, without marshmallow's machinery for each of a
    thousand events (a third of a batch's time); any other batch goes through BatchEventIn, so a refusal
    says what it always said."""

    def _deserialize(self, value, attr, data, **kwargs):
        events = _plainly_valid_events(value)
        return events if events is not None else super()._deserialize(value, attr, data, **kwargs)


# What BatchEventIn loads, in its order: the optional texts by their longest, the fields checked by their own
# field, and what they are when left out.
_EVENT_FIELDS = BatchEventIn().load_fields
_EVENT_NAMES = tuple(_EVENT_FIELDS)
_TEXT_SIZES = {name: field.validators[0].max for name, field in _EVENT_FIELDS.items()
               if name in ("tracking_number", "carrier", "reason")}
_FIELD_CHECKED = ("tracking_url", "weight")


def _plainly_valid_events(events):
    """``events`` as BatchEventIn would load each, if each is plainly valid; else None."""
    if not isinstance(events, list) or not 0 < len(events) <= MAX_BATCH:
        return None
    loaded = []
    for event in events:
        load = _plainly_valid_event(event) if isinstance(event, dict) and event.keys() <= _EVENT_FIELDS.keys() else None
        if load is None:
            return None
        loaded.append(load)
    return loaded


def _plainly_valid_event(event):
    event_id, status, occurred_at = event.get("event_id"), event.get("status"), event.get("occurred_at")
    shipment_id = event.get("shipment_id")
    if not (isinstance(event_id, str) and 0 < len(event_id) <= 100 and status in EVENT_STATUSES
            and type(shipment_id) is int and 0 < shipment_id < 2**31 and isinstance(occurred_at, str)):
        return None
    try:
        moment = datetime.fromisoformat(occurred_at)
    except ValueError:
        return None
    loaded = {"event_id": event_id, "status": status,
              "occurred_at": (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
              .replace(tzinfo=None), "shipment_id": shipment_id}
    for name, size in _TEXT_SIZES.items():
        text = event.get(name)
        if not (text is None or isinstance(text, str) and len(text) <= size):
            return None
        loaded[name] = text
    for name in _FIELD_CHECKED:
        value = event.get(name)
        try:
            loaded[name] = None if value is None else _EVENT_FIELDS[name].deserialize(value)
        except ValidationError:
            return None
    if any(not loaded[name] for name in EVENT_NEEDS.get(status, ())):
        return None
    return {name: loaded[name] for name in _EVENT_NAMES}


class ShipmentEventBatch(Schema):
    field_labels = {"events[]": "event {n} ({event_id})"}

    events = _BatchEvents(fields.Nested(BatchEventIn), required=True, validate=validate.Length(
        min=1, max=MAX_BATCH, error=f"A batch holds 1 to {MAX_BATCH} events."))


class EventShipment(Schema):
    id = fields.Integer()
    status = fields.String(metadata={"enum": list(LIFECYCLE_STATUSES)})
    tracking_number = fields.String(allow_none=True)
    tracking_url = fields.String(allow_none=True)
    carrier = fields.String(allow_none=True)
    weight = fields.String(allow_none=True, metadata={"description": "pounds, a decimal number"})
    shipped_at = fields.String(allow_none=True, metadata={"format": "date-time"})
    delivered_at = fields.String(allow_none=True, metadata={"format": "date-time"})
    exception_reason = fields.String(allow_none=True)


class ShipmentEventAnswer(Schema):
    event_id = fields.String()
    shipment_id = fields.Integer()
    status = fields.String(metadata={"enum": ["applied"]})
    shipment = fields.Nested(EventShipment, metadata={"description": "The shipment as the event left it"})


class EventRefusal(Schema):
    error = fields.String(metadata={"description": "The code the single event call would have answered"})
    description = fields.String()


class BatchEventResult(Schema):
    event_id = fields.String()
    shipment_id = fields.Integer()
    status = fields.String(metadata={"enum": list(RESULTS)})
    error = fields.Nested(EventRefusal, allow_none=True, metadata={"description": "refused: why"})


class _BatchResults(fields.List):
    """A batch's entries, each in BatchEventResult's shape (its documented one) as events.report_events
    makes them: passed on as they are rather than dumped one by one (a tenth of a batch's time); entries
    of another shape are dumped."""

    def _serialize(self, value, attr, obj, **kwargs):
        if isinstance(value, list) and all(type(entry) is dict and entry.keys() == _RESULT_KEYS for entry in value):
            return value
        return super()._serialize(value, attr, obj, **kwargs)


_RESULT_KEYS = BatchEventResult().dump_fields.keys()


class ShipmentEventBatchAnswer(Schema):
    events = _BatchResults(fields.Nested(BatchEventResult), metadata={"description": "One entry per event, in order"})

