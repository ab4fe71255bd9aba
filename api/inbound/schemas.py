from marshmallow import Schema, fields, validate

from api.common.pagination import PageArgs
from api.common.timeutil import UtcDateTime


class InboundUpload(Schema):
    lines = fields.List(
        fields.Dict(), required=True,
        metadata={"description": 'CSV rows keyed by header: "Warehouse ID", "ASN ID", "UPC", "Quantity"'},
    )


class AsnSummary(Schema):
    id = fields.Integer()
    warehouse_id = fields.String()
    external_id = fields.String()
    expected_arrival_date = fields.Date(allow_none=True)
    received_at = UtcDateTime(allow_none=True)
    created_at = UtcDateTime()
    item_count = fields.Integer()
    quantity = fields.Integer()


class AsnList(Schema):
    asns = fields.List(fields.Nested(AsnSummary))
    cursor = fields.String(allow_none=True)


class AsnListArgs(PageArgs):
    pass


class AsnItem(Schema):
    id = fields.Integer()
    upc = fields.String(attribute="item_type.upc")
    sku = fields.String(attribute="item_type.sku")
    name = fields.String(attribute="item_type.name")
    quantity = fields.Integer()
    received_quantity = fields.Integer()
    received_at = UtcDateTime(allow_none=True)


class AsnShipment(Schema):
    id = fields.Integer()
    tracking_id = fields.String(allow_none=True)
    carrier_id = fields.String(allow_none=True)
    expected_arrival_date = fields.Date(allow_none=True)
    expected_inbound_shipment_items = fields.List(fields.Nested(AsnItem))


class AsnDetail(Schema):
    id = fields.Integer()
    warehouse_id = fields.String()
    external_id = fields.String()
    expected_arrival_date = fields.Date(allow_none=True)
    received_at = UtcDateTime(allow_none=True)
    created_by = fields.String()
    created_at = UtcDateTime()
    expected_inbound_shipments = fields.List(fields.Nested(AsnShipment))


class ReceiptItem(Schema):
    upc = fields.String(required=True, validate=validate.Length(min=1, max=64))
    quantity = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1))


class Receipt(Schema):
    items = fields.List(fields.Nested(ReceiptItem), load_default=None,
                        metadata={"description": "What arrived; leave out to receive everything outstanding"})
