from marshmallow import Schema, fields, validate

from api.common.pagination import PageArgs

SHOP_NAME = validate.Regexp(
    r"^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$",
    error="Shop name must be a shop host name such as example.myshopify.com.",
)


class ClientSummary(Schema):
    id = fields.Integer(dump_only=True)
    name = fields.String()
    fulfillment_request_api_version = fields.Integer()
    shopify_shop_name = fields.String(allow_none=True)


class Client(ClientSummary):
    logo = fields.String(allow_none=True, metadata={"description": "The client's logo as a base64 PNG."})


class ClientWrite(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=200))
    fulfillment_request_api_version = fields.Integer(load_default=1, validate=validate.Range(min=1, max=4))
    shopify_shop_name = fields.String(allow_none=True, load_default=None, validate=SHOP_NAME)
    logo = fields.String(allow_none=True, load_default=None, metadata={"description": "base64 PNG; null removes it"})


class ClientList(Schema):
    clients = fields.List(fields.Nested(ClientSummary))
    cursor = fields.String(allow_none=True)


class ClientListArgs(PageArgs):
    pass
