"""Authentication and authorisation of every API request, before any view code runs."""
from flask import current_app, g, request
from sqlalchemy import select
from werkzeug.exceptions import MethodNotAllowed

from api.common.auth import Identity, access_of, bearer_token, check_permission, permissions_for
from api.common.errors import Forbidden, NotFound, Unauthorized
from api.common.tenancy import resolve_acting_client
from api.common.tokens import verify_token
from api.extensions import db
from api.users.models import User



def serves_api_document():
    """Whether the request fetches the OpenAPI document (flask-smorest's JSON, or our YAML copy)."""
    return request.blueprint == "api-docs" or request.endpoint == "openapi_yaml"


def _strings(claim):
    """A claim that should be a list of strings (or one string), with anything else dropped."""
    if isinstance(claim, str):
        return (claim,)
    return tuple(item for item in claim if isinstance(item, str)) if isinstance(claim, list) else ()


def identity_from_claims(claims):
    """The caller behind verified claims. Our own users are read from the database on every call,
    so a deactivated user or a changed role takes effect at once; external users come from claims."""
    config = current_app.config
    if claims["iss"] == config["JWT_ISSUER"]:
        user = db.session.scalars(select(User).filter_by(username=claims["sub"])).first()
        if user is None or not user.active:
            raise Unauthorized("This account is not active.", code="invalid_token")
        return Identity(
            username=user.username,
            name=user.real_name or user.username,
            email=user.email,
            roles=(user.role,),
            client_id=user.client_id,
            issuer=claims["iss"],
            subject=claims["sub"],
            permissions=permissions_for(user.role, user.permissions),
        )
    roles = _strings(claims.get("roles"))
    custom_permissions = _strings(claims.get("permissions"))
    permissions = frozenset().union(*(permissions_for(role, custom_permissions) for role in roles))
    client_id = str(claims.get("client_id", ""))
    return Identity(
        username=str(claims.get("preferred_username") or claims.get("username") or claims["sub"]),
        name=str(claims.get("name") or claims["sub"]),
        email=claims["email"] if isinstance(claims.get("email"), str) else None,
        roles=roles,
        client_id=int(client_id) if client_id.isascii() and client_id.isdigit() else None,
        issuer=claims["iss"],
        subject=claims["sub"],
        permissions=permissions,
    )


def authorize_request():
    if not request.path.startswith("/api/") or request.method == "OPTIONS":
        return
    if serves_api_document():
        return
    if request.endpoint is None:
        if isinstance(request.routing_exception, MethodNotAllowed):
            return  # the path exists with other methods: Flask answers 405 with Allow via the handler
        raise NotFound("No such API route.")
    access = access_of(request.endpoint)
    if access is None:
        raise Forbidden("This route declares no access rule.", code="not_authorized")
    if access.public:
        return
    g.identity = identity_from_claims(verify_token(current_app.config, bearer_token()))
    check_permission(g.identity, access)
    if access.client_scoped:
        g.client_id = resolve_acting_client(g.identity)
