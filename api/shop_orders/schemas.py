from marshmallow import Schema, ValidationError, fields, validate, validates_schema

SHOP_ORDER_ID = validate.Regexp(r"^[0-9]{1,20}$", error="A shop order id is the order's number in the shop admin's address.")


class ShopOrderListArgs(Schema):
    cursor = fields.String(load_default=None, validate=validate.Length(max=500))


class ShopOrder(Schema):
    shop_order_id = fields.String()
    name = fields.String(allow_none=True)
    created_at = fields.String(allow_none=True)
    ship_to = fields.String()
    lines = fields.Integer(metadata={"description": "Units ordered"})
    risk_recommendation = fields.String(allow_none=True, metadata={"enum": ["accept", "investigate", "cancel", "none"]})
    fulfillment_request_id = fields.Integer(allow_none=True, metadata={"description": "The request it was imported as"})


class ShopOrderList(Schema):
    orders = fields.List(fields.Nested(ShopOrder))
    cursor = fields.String(allow_none=True)


class ShopOrderImportStart(Schema):
    shop_order_ids = fields.List(fields.String(validate=SHOP_ORDER_ID), load_default=list,
                                 validate=validate.Length(max=1000))
    all = fields.Boolean(load_default=False, metadata={"description": "Import every open, unfulfilled order"})

    @validates_schema
    def _some_orders(self, data, **kwargs):
        if not data["all"] and not data["shop_order_ids"]:
            raise ValidationError("Choose the orders to import, or all.", "shop_order_ids")


class ShopOrderPull(Schema):
    order_id = fields.String(required=True, validate=SHOP_ORDER_ID)


class ShopOrderPullResult(Schema):
    shop_order_id = fields.String()
    order_name = fields.String(allow_none=True)
    result = fields.String(metadata={"enum": ["imported", "already_imported"]})
    fulfillment_request_id = fields.Integer(allow_none=True)
    reason = fields.String(allow_none=True)


class WebhookAccepted(Schema):
    accepted = fields.Boolean()
    shop_order_id = fields.String()
