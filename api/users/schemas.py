from marshmallow import Schema, fields, validate, validates

from api.common.auth import CLIENT_PERMISSIONS, CLIENT_ROLES
from api.common.pagination import PageArgs

USERNAME = validate.Regexp(
    r"^[A-Za-z0-9][A-Za-z0-9._@+-]{2,149}$",
    error="Username must be 3 to 150 letters, digits or . _ @ + - and start with a letter or digit.",
)
PASSWORD = validate.Length(min=8, max=1000, error="Password must be 8 to 1000 characters.")
ROLE = validate.OneOf(CLIENT_ROLES, error="Role must be one of: " + ", ".join(CLIENT_ROLES) + ".")
PERMISSION = validate.OneOf(CLIENT_PERMISSIONS, error="Unknown permission.")


class User(Schema):
    username = fields.String()
    real_name = fields.String(allow_none=True)
    email = fields.String(allow_none=True)
    role = fields.String(metadata={"enum": list(CLIENT_ROLES)})
    active = fields.Boolean()
    receive_scheduled_reports = fields.Boolean()
    permissions = fields.List(fields.String())


class UserUpdate(Schema):
    real_name = fields.String(allow_none=True, validate=validate.Length(max=200))
    email = fields.Email(required=True, validate=validate.Length(max=254))
    password = fields.String(load_only=True, allow_none=True, metadata={"description": "Blank or absent keeps the current password."})
    role = fields.String(load_default="client", validate=ROLE)
    active = fields.Boolean(load_default=True)
    receive_scheduled_reports = fields.Boolean(load_default=False)
    permissions = fields.List(fields.String(validate=PERMISSION), load_default=list, metadata={"description": "Only for role client_custom."})

    @validates("password")
    def _password_when_given(self, value, **_):
        if value:
            PASSWORD(value)


class UserCreate(UserUpdate):
    username = fields.String(required=True, validate=USERNAME)
    password = fields.String(required=True, load_only=True, validate=PASSWORD)


class UserList(Schema):
    users = fields.List(fields.Nested(User))
    cursor = fields.String(allow_none=True)


class UserListArgs(PageArgs):
    searchTerm = fields.String(load_default=None, validate=validate.Length(max=200))
    role = fields.String(load_default=None, validate=ROLE)
    active = fields.Boolean(load_default=None)
