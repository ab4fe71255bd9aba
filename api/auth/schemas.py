from marshmallow import Schema, fields, validate


class Credentials(Schema):
    username = fields.String(required=True, validate=validate.Length(min=1, max=150))
    password = fields.String(required=True, load_only=True, validate=validate.Length(min=1, max=1000))


class Token(Schema):
    access_token = fields.String()
    token_type = fields.String()
    expires_in = fields.Integer()


class CurrentClient(Schema):
    id = fields.Integer()
    name = fields.String()
    fulfillment_request_api_version = fields.Integer()
    logo = fields.String(allow_none=True, metadata={"description": "base64 PNG"})


class CurrentUser(Schema):
    username = fields.String()
    name = fields.String()
    email = fields.String(allow_none=True)
    roles = fields.List(fields.String())
    clientId = fields.Integer(allow_none=True)
    isAdmin = fields.Boolean()
    client = fields.Nested(CurrentClient, allow_none=True)


class UiSettings(Schema):
    idle_timeout_ms = fields.Integer()
    idle_warning_ms = fields.Integer()
