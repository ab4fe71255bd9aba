from marshmallow import Schema, fields, validate

from api.addresses.schemas import Address, AddressValidation
from api.common.pagination import PageArgs
from api.common.schema_fields import decimal_in_range, optional_text, required_text
from api.common.timeutil import check_time_zone
from api.orders.field_labels import REQUEST_LABELS
from api.orders.fields import EDI, LINE, OPTION, OWN, SET, writes
from api.orders.lifecycle import ACTIONS
from api.orders.models import FILL_TYPES, LIFECYCLE_STATUSES, SET_TYPES, SHIPMENT_STATUSES


class ShipToAddress(Address):
    name = required_text(200)
    address_1 = required_text(200)
    city = required_text(100)
    state = required_text(100)
    postal_code = required_text(20)
    country = required_text(60)
    phone = required_text(40)
    validation_status = fields.String(dump_only=True, metadata={"enum": ["validated", "invalid"]})
    validation_error = fields.String(dump_only=True, allow_none=True)


# The new-request call's schemas, each part's fields from the request's field table (api.orders.fields).
Edi = Schema.from_dict(writes(EDI), name="Edi")
SetItemWrite = Schema.from_dict({
    **writes(LINE),
    "serial_numbers": fields.List(fields.String(validate=validate.Length(max=100)), load_default=None,
                                  validate=validate.Length(max=1000)),
    "personalization": optional_text(500),
    "font": optional_text(100),
    "text": optional_text(500),
    "color": optional_text(50),
}, name="SetItemWrite")
SetWrite = Schema.from_dict({
    **writes(SET),
    "items": fields.List(fields.Nested(SetItemWrite), required=True, validate=validate.Length(min=1, max=500)),
}, name="SetWrite")
Options = Schema.from_dict(writes(OPTION), name="Options")
RequestWrite = Options.from_dict({
    "field_labels": REQUEST_LABELS,  # how a validation error names a field (api.common.errors)
    **writes(OWN),
    "to_address": fields.Nested(ShipToAddress, required=True),
    "edi": fields.Nested(Edi, allow_none=True, load_default=None),
    "sets": fields.List(fields.Nested(SetWrite), required=True, validate=validate.Length(min=1, max=100)),
}, name="RequestWrite")


def _changed_text(size):
    # No load_default: a field left out of a change keeps its value.
    return fields.String(allow_none=True, validate=validate.Length(max=size))


class RequestUpdate(Schema):
    fill_type = fields.String(validate=validate.OneOf(FILL_TYPES))
    desired_ship_date = fields.Date()
    reference1 = _changed_text(100)
    reference2 = _changed_text(100)
    reference3 = _changed_text(100)


# How the detail page's set editor names what it sends (api.common.errors).
SET_CHANGE_LABELS = {
    "type": "Set Type", "gift_note": "Gift Note", "items": "Items", "items[]": "Item {n}", "items.id": "Item ID",
    "items.quantity": "Quantity", "items.customs_value": "Customs Value", "items.serial_numbers": "Serial Numbers",
}


class SetItemChange(Schema):
    id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1), metadata={
        "description": "The set item's `id` (a line of the set, not a bundle's child)"})
    quantity = fields.Integer(strict=True, validate=validate.Range(min=0, max=1000), metadata={
        "description": "0 up to the quantity asked for now (lowered only); 0 takes the item out, and a shipment "
                       "left with nothing is cancelled. While every shipment is validating or ready_to_process"})
    customs_value = decimal_in_range(0, 99999999, allow_none=True, metadata={
        "description": "Needed (not null) outside the US"})
    serial_numbers = fields.List(fields.String(validate=validate.Length(max=100)), allow_none=True,
                                 validate=validate.Length(max=1000))
    personalization = _changed_text(500)
    font = _changed_text(100)
    text = _changed_text(500)
    color = _changed_text(50)


class SetUpdate(Schema):
    field_labels = SET_CHANGE_LABELS
    type = fields.String(validate=validate.OneOf(SET_TYPES))
    gift_note = _changed_text(500)
    items = fields.List(fields.Nested(SetItemChange), validate=validate.Length(min=1, max=500), metadata={
        "description": "Changes to the set's items, each by its id; a field left out keeps its value"})


class AddressChangeArgs(Schema):
    skip_validation = fields.Boolean(load_default=False, metadata={
        "description": "Store the address as given even when it does not validate (the sender vouches for it)"})


class AddressChange(AddressValidation):
    fulfillment_request = fields.Nested(lambda: RequestOut(), allow_none=True, metadata={
        "description": "The request as stored after the change; null when nothing was stored"})


class SetItemOut(Schema):
    id = fields.Integer()
    item_type_id = fields.Integer()
    upc = fields.String()
    name = fields.String()
    quantity = fields.Integer()
    quantity_desired = fields.Integer()
    quantity_allocated = fields.Integer()
    customs_value = fields.Decimal(allow_none=True, as_string=True)
    serial_numbers = fields.List(fields.String(), allow_none=True)
    personalization = fields.String(allow_none=True)
    font = fields.String(allow_none=True)
    text = fields.String(allow_none=True)
    color = fields.String(allow_none=True)
    children = fields.List(fields.Nested(lambda: SetItemOut()))


class SetOut(Schema):
    id = fields.Integer()
    type = fields.String()
    gift_note = fields.String(allow_none=True)
    items = fields.List(fields.Nested(SetItemOut))


class ShipmentLineOut(Schema):
    set_item_id = fields.Integer()
    upc = fields.String()
    quantity_desired = fields.Integer()
    quantity_allocated = fields.Integer()


class ShipmentOut(Schema):
    id = fields.Integer()
    status = fields.String(metadata={"enum": list(LIFECYCLE_STATUSES), "description": (
        "exception is the warning state: the warehouse reported a problem (exception_reason)")})
    inventory_allocated = fields.Boolean()
    warehouse_id = fields.String()
    order_id = fields.String(allow_none=True)
    fulfillment_request_id = fields.String()
    shipment_group_id = fields.Integer(allow_none=True)
    ship_profile_id = fields.Integer(allow_none=True)
    ship_method = fields.String(allow_none=True)
    tracking_number = fields.String(allow_none=True)
    tracking_url = fields.String(allow_none=True)
    carrier = fields.String(allow_none=True, metadata={"description": "The carrier that took the parcel, as reported"})
    shipped_at = fields.DateTime(allow_none=True)
    delivered_at = fields.DateTime(allow_none=True)
    exception_reason = fields.String(allow_none=True, metadata={"description": "Why it is in the exception status"})
    lines = fields.List(fields.Nested(ShipmentLineOut))
    checklist = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "What a validating shipment still lacks: inventory, address, customs, approval"})
    allowed_actions = fields.List(fields.String(metadata={"enum": list(ACTIONS)}), metadata={
        "description": "What the caller may do to the shipment now, by its status, role and permissions "
                       "(left out of the list of requests)"})


class ReturnLabelOut(Schema):
    id = fields.Integer()
    carrier = fields.String()
    ship_method = fields.String()
    warehouse_id = fields.String(metadata={"description": "The warehouse the parcel goes back to"})
    tracking_number = fields.String()
    length = fields.Float(metadata={"description": "inches"})
    width = fields.Float(metadata={"description": "inches"})
    height = fields.Float(metadata={"description": "inches"})
    weight = fields.Float(metadata={"description": "pounds"})
    received_at = fields.DateTime(allow_none=True, metadata={"description": "When the warehouse matched the parcel"})
    created_at = fields.DateTime()
    created_by_username = fields.String()


class ReceivedReturn(ReturnLabelOut):
    fr_id = fields.Integer(attribute="request_id", metadata={"description": "The fulfilment request's internal `id`"})
    fulfillment_request_id = fields.String(attribute="request.fulfillment_request_id")


class ReturnLabelWrite(Schema):
    fr_id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1),
                           metadata={"description": "The fulfilment request's internal `id`"})
    ship_profile_id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1),
                                     metadata={"description": "One of the client's ship profiles (not LTL or Custom)"})
    ship_method = required_text(60)
    length = decimal_in_range(1, 999, required=True, metadata={"description": "inches"})
    width = decimal_in_range(1, 999, required=True, metadata={"description": "inches"})
    height = decimal_in_range(1, 999, required=True, metadata={"description": "inches"})
    weight = decimal_in_range(0, 9999, required=True, metadata={"description": "pounds, in steps of 0.01"})


class RequestOut(Options):
    id = fields.Integer(metadata={"description": "The portal's internal id"})
    fulfillment_request_id = fields.String()
    order_id = fields.String(allow_none=True)
    warehouse_id = fields.String(metadata={"description": "Where it ships from once placed; 'optimal' before"})
    fill_type = fields.String()
    ship_together = fields.Boolean()
    ship_profile_id = fields.Integer(allow_none=True)
    ship_method = fields.String(allow_none=True)
    shipment_type = fields.String()
    desired_ship_date = fields.Date()
    actual_ship_date = fields.Date(allow_none=True)
    shipment_group_id = fields.Integer(allow_none=True)
    reference1 = fields.String(allow_none=True)
    reference2 = fields.String(allow_none=True)
    reference3 = fields.String(allow_none=True)
    billing_type = fields.String()
    billing_account = fields.String(allow_none=True)
    billing_postal_code = fields.String(allow_none=True)
    incoterm = fields.String(allow_none=True)
    requires_approval = fields.Boolean()
    requires_approval_reason = fields.String(allow_none=True)
    fraud = fields.Boolean()
    shopify_risk_score = fields.Float(allow_none=True)
    shopify_risk_recommendation = fields.String(allow_none=True)
    to_address = fields.Nested(ShipToAddress)
    edi = fields.Dict(allow_none=True)
    created_at = fields.DateTime()
    created_by_username = fields.String()
    sets = fields.List(fields.Nested(SetOut))
    shipments = fields.List(fields.Nested(ShipmentOut))
    return_labels = fields.List(fields.Nested(ReturnLabelOut), metadata={
        "description": "The returns expected for this request (with its shipments)"})


class RequestListRow(RequestOut):
    progress = fields.String(metadata={"description": "Its shipments summed up: '2 of 3 shipped', 'Waiting for stock', "
                                                      "'Needs approval', 'Cancelled', ..."})


class RequestList(Schema):
    fulfillment_requests = fields.List(fields.Nested(RequestListRow))
    cursor = fields.String(allow_none=True)


class RequestFilters(Schema):
    """The list page's filters, which its CSV export takes too."""
    orderId = optional_text(100)
    fulfillmentRequestId = optional_text(100)
    state = optional_text(100, metadata={"description": "The ship-to state or province"})
    fromDate = fields.Date(load_default=None, metadata={"description": "Created on this day or later (in timeZone)"})
    toDate = fields.Date(load_default=None, metadata={"description": "Created on this day or earlier (in timeZone)"})
    timeZone = fields.String(load_default="UTC", validate=[validate.Length(max=64), check_time_zone], metadata={
        "description": "The IANA time zone whose days fromDate and toDate name (the browser's own)"})
    postalCode = optional_text(20)
    shipToPostalCode = optional_text(20)
    shipToName = optional_text(200)
    shipToEmail = optional_text(254)
    invalidToAddress = fields.Boolean(load_default=False)
    unallocatedInventory = fields.Boolean(load_default=False)
    missingCustomsInfo = fields.Boolean(load_default=False)
    requiresApproval = fields.Boolean(load_default=False)
    fraud = fields.Boolean(load_default=False)
    shipmentStatus = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(SHIPMENT_STATUSES))
    searchTerm = optional_text(100, metadata={
        "description": "Found anywhere in the request id, order id (with or without '#'), ship-to name, e-mail, "
                       "city or postal code, ignoring case"})
    jobId = optional_text(36, metadata={"description": "Created by this bulk upload job"})


class RequestListArgs(PageArgs, RequestFilters):
    includeSetsAndItems = fields.Boolean(load_default=False)
    includeShipments = fields.Boolean(load_default=False)


class BulkColumn(Schema):
    name = fields.String()
    description = fields.String()
    required = fields.Boolean()


class BulkColumnList(Schema):
    columns = fields.List(fields.Nested(BulkColumn))
