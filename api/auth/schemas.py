from marshmallow import Schema, fields, validate

from api.common.auth import ALL_GRANTS


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
    permissions = fields.List(
        fields.String(metadata={"enum": list(ALL_GRANTS)}),
        metadata={"description": (
            "Everything the user may do, sorted: the grants their role carries (for client_custom, the ones "
            "chosen for them), exactly as the API checks them on each call. A route that needs a grant not "
            "listed here answers 403."
        )},
    )


class UiSettings(Schema):
    idle_timeout_ms = fields.Integer()
    idle_warning_ms = fields.Integer()
