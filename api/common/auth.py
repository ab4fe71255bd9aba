"""Who is calling and what they may do: roles, permissions and the per-route access rule.

Every API view declares its access with ``public`` or ``requires``; the ``before_request`` hook
``api.auth.access_control.authorize_request`` authenticates the caller, resolves the acting client
and refuses the call before any argument parsing, so a route without a declaration is refused
rather than left open.
"""
from dataclasses import dataclass, field

from flask import current_app, g, request

from api.common.errors import Forbidden, Unauthorized

# Spec part 1 section 6, in the order and groups the user form shows them.
PERMISSION_GROUPS = {
    "Items": ("create:items", "update:items", "update:inventory"),
    "Fulfillment Requests": ("create:fulfillment_requests",),
    "Shipments": ("update:shipments",),
    "LTL": ("update:ltl", "approve:ltl"),
    "RMAs": ("create:rmas",),
    "ASNs": ("write:asns",),
    "Users": ("write:users",),
    "Reports": ("read:reports",),
}
CLIENT_PERMISSIONS = tuple(p for group in PERMISSION_GROUPS.values() for p in group)

CLIENT_ROLES = ("client", "client_read_only", "client_custom")
ADMIN_ROLES = ("admin", "admin_read_only", "admin_client_account_manager")
ALL_ROLES = CLIENT_ROLES + ADMIN_ROLES

# Grants beyond the client permissions: acting across clients, and managing clients themselves.
ACT_FOR_ANY_CLIENT = "admin:act_for_any_client"
MANAGE_CLIENTS = "admin:manage_clients"
# Authoring reports and their e-mail schedules: provider staff who may write.
MANAGE_REPORTS = "admin:manage_reports"
# Recording what the warehouse received against an ASN: provider staff who may write.
RECEIVE_INBOUND = "admin:receive_inbound"
# Reporting what the warehouse did with a shipment (picked, labelled, shipped, delivered, a problem):
# provider staff, or the warehouse's system holding a staff token.
REPORT_SHIPMENT_EVENTS = "admin:report_shipment_events"
# Sending again a job's result e-mail that the mail server kept refusing.
RESEND_MAIL = "admin:resend_mail"
# Editing the warehouses' addresses and the clients' ship profiles.
MANAGE_REFERENCE_DATA = "admin:manage_reference_data"
STAFF_WRITE_GRANTS = frozenset({
    ACT_FOR_ANY_CLIENT, MANAGE_REPORTS, RECEIVE_INBOUND, REPORT_SHIPMENT_EVENTS, RESEND_MAIL, MANAGE_REFERENCE_DATA})
# Every grant a role can carry, for documenting the permissions /me answers.
ALL_GRANTS = CLIENT_PERMISSIONS + (
    ACT_FOR_ANY_CLIENT, MANAGE_CLIENTS, MANAGE_REPORTS, RECEIVE_INBOUND, REPORT_SHIPMENT_EVENTS, RESEND_MAIL,
    MANAGE_REFERENCE_DATA,
)

READ_ONLY_PERMISSIONS = frozenset({"read:reports"})


def permissions_for(role, custom_permissions=()):
    """The full set of grants a role carries (custom permissions count only for client_custom)."""
    if role == "client":
        return frozenset(CLIENT_PERMISSIONS)
    if role == "client_read_only":
        return READ_ONLY_PERMISSIONS
    if role == "client_custom":
        return frozenset(custom_permissions) & frozenset(CLIENT_PERMISSIONS)
    if role == "admin":
        return frozenset(CLIENT_PERMISSIONS) | STAFF_WRITE_GRANTS | {MANAGE_CLIENTS}
    if role == "admin_client_account_manager":
        return frozenset(CLIENT_PERMISSIONS) | STAFF_WRITE_GRANTS
    if role == "admin_read_only":
        return READ_ONLY_PERMISSIONS | {ACT_FOR_ANY_CLIENT}
    return frozenset()


@dataclass(frozen=True)
class Identity:
    username: str
    name: str
    email: str | None
    roles: tuple
    client_id: int | None
    issuer: str
    subject: str
    permissions: frozenset = field(default_factory=frozenset)

    @property
    def is_admin(self):
        return any(role in ADMIN_ROLES for role in self.roles)

    def can(self, permission):
        return permission in self.permissions


@dataclass(frozen=True)
class Access:
    """How a view may be called. ``permission`` None means any authenticated caller (reads)."""

    public: bool = False
    permission: str | None = None
    client_scoped: bool = True
    log_object: tuple | None = None  # (object_type, view arg or response field naming the object)


def _declare(access):
    def decorate(view):
        view.access = access
        return view

    return decorate


def public(view):
    """Open to anyone, no token needed."""
    return _declare(Access(public=True, client_scoped=False))(view)


def requires(permission=None, *, client_scoped=True, logs=None):
    """Declare the grant a view needs; without a permission any signed-in caller may read."""
    return _declare(Access(permission=permission, client_scoped=client_scoped, log_object=logs))


def handler_of(endpoint):
    """The function that answers the current method at an endpoint (a MethodView's method), if any."""
    view = current_app.view_functions.get(endpoint)
    view_class = getattr(view, "view_class", None)
    if view_class is None:
        return view
    method = request.method.lower()
    # MethodView answers HEAD with ``get``, so HEAD must pass the same check as GET.
    if method == "head" and not hasattr(view_class, "head"):
        method = "get"
    return getattr(view_class, method, None)


def access_of(endpoint):
    """The Access declared for the view behind an endpoint and the current method, if any."""
    return getattr(handler_of(endpoint), "access", None)


def current_identity():
    identity = g.get("identity")
    if identity is None:
        raise Unauthorized("A valid bearer token is required.")
    return identity


def bearer_token():
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("A valid bearer token is required.")
    return token.strip()


def check_permission(identity, access):
    if access.permission and not identity.can(access.permission):
        raise Forbidden("You do not have permission to do this.", code="not_authorized")


def serves_api_document():
    """Whether the request fetches the OpenAPI document (flask-smorest's JSON, or our YAML copy)."""
    return request.blueprint == "api-docs" or request.endpoint == "openapi_yaml"
