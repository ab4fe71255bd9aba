from marshmallow import Schema, fields, validate


class InstallCallbackArgs(Schema):
    """The query the shop platform sent to /shopify/auth_callback, passed on as it came.

    Loaded with unknown=INCLUDE: every parameter the platform sent is part of what its hmac signs.
    """

    shop = fields.String(required=True)
    code = fields.String(required=True)
    state = fields.String(required=True)
    timestamp = fields.String(required=True)
    hmac = fields.String(required=True)
    host = fields.String()


class InstallResult(Schema):
    shopify_shop_name = fields.String()
    client_already_linked_to_shop = fields.Boolean()


class ShopAlreadyLinkedError(Schema):
    error = fields.String()
    description = fields.String()
    client_already_linked_to_shop = fields.Boolean()


class ShopConnection(Schema):
    connected = fields.Boolean()
    shop_name = fields.String(allow_none=True)
    admin_url = fields.String(allow_none=True)
    installed_at = fields.DateTime(allow_none=True)
    reauthenticate_url = fields.String(allow_none=True, metadata={"description": "Browser path that starts the install again."})
    app_configured = fields.Boolean(
        metadata={"description": "Whether the shop app's credentials are set on this portal; without them no install can start."},
    )


class NotificationSettings(Schema):
    email_addresses = fields.List(fields.String())


class NotificationSettingsUpdate(Schema):
    email_addresses = fields.String(
        required=True, validate=validate.Length(max=10_000),
        metadata={"description": "Comma-separated e-mail addresses; empty removes them all."},
    )
