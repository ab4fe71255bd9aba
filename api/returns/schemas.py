from marshmallow import EXCLUDE, Schema, fields

from api.common.pagination import PageArgs
from api.common.timeutil import UtcDateTime

CELL = {"allow_none": True, "load_default": None}


class Lenient(Schema):
    class Meta:
        unknown = EXCLUDE


class RmaUploadItem(Lenient):
    upc = fields.Raw(**CELL)
    quantity = fields.Raw(**CELL)
    reason_code = fields.Raw(**CELL)
    reason_notes = fields.Raw(**CELL)
    line = fields.Integer(strict=True, load_default=None, metadata={"description": "CSV line of the row (header is line 1)"})


class RmaUploadShipment(Lenient):
    tracking_id = fields.Raw(**CELL)
    expected_arrival_date = fields.Raw(**CELL)
    carrier_id = fields.Raw(**CELL)
    items = fields.List(fields.Nested(RmaUploadItem), required=True)


class RmaUploadGroup(Lenient):
    warehouse_id = fields.Raw(**CELL)
    rma_id = fields.Raw(**CELL)
    reason = fields.Raw(**CELL)
    fulfillment_request_id = fields.Raw(**CELL)
    order_id = fields.Raw(**CELL)
    expected_inbound_shipments = fields.List(fields.Nested(RmaUploadShipment), required=True)


class RmaUpload(Schema):
    rmas = fields.List(fields.Nested(RmaUploadGroup), required=True)


class RmaSummary(Schema):
    id = fields.Integer()
    warehouse_id = fields.String()
    rma_id = fields.String()
    reason = fields.String(allow_none=True)
    fulfillment_request_id = fields.String(allow_none=True)
    order_id = fields.String(allow_none=True)
    created_at = UtcDateTime()
    item_count = fields.Integer()
    quantity = fields.Integer()


class RmaList(Schema):
    rmas = fields.List(fields.Nested(RmaSummary))
    cursor = fields.String(allow_none=True)


class RmaListArgs(PageArgs):
    pass


class RmaItem(Schema):
    id = fields.Integer()
    upc = fields.String(attribute="item_type.upc")
    sku = fields.String(attribute="item_type.sku")
    name = fields.String(attribute="item_type.name")
    quantity = fields.Integer()
    reason_code = fields.String(allow_none=True)
    reason_notes = fields.String(allow_none=True)


class RmaShipment(Schema):
    id = fields.Integer()
    tracking_id = fields.String(allow_none=True)
    expected_arrival_date = fields.Date(allow_none=True)
    carrier_id = fields.String(allow_none=True)
    items = fields.List(fields.Nested(RmaItem))


class RmaDetail(RmaSummary):
    created_by = fields.String()
    expected_inbound_shipments = fields.List(fields.Nested(RmaShipment))
