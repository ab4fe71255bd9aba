"""Authentication and authorisation of every API request, before any view code runs."""
from flask import current_app, g, request
from sqlalchemy import select
from werkzeug.exceptions import MethodNotAllowed

from api.clients.models import Client
from api.common.auth import (
    ACT_FOR_ANY_CLIENT, Identity, access_of, bearer_token, check_permission, permissions_for, serves_api_document,
)
from api.common.errors import Forbidden, InvalidInput, NotFound, Unauthorized
from api.common.stored_input import MAX_ID
from api.common.tenancy import CLIENT_HEADER
from api.common.tokens import verify_token
from api.extensions import db
from api.users.models import User


def _strings(claim):
    """A claim that should be a list of strings (or one string), with anything else dropped."""
    if isinstance(claim, str):
        return (claim,)
    return tuple(item for item in claim if isinstance(item, str)) if isinstance(claim, list) else ()


def resolve_acting_client(identity):
    """The client id this request acts for; raises when the caller may not act for it."""
    named = request.headers.get(CLIENT_HEADER, "").strip()
    if named and not (named.isascii() and named.isdigit()):
        raise InvalidInput(f"{CLIENT_HEADER} must be a client id.", code="invalid_client_id")
    named_id = int(named) if named else None

    if identity.can(ACT_FOR_ANY_CLIENT):
        if named_id is None:
            raise InvalidInput(f"Choose a client: send its id in the {CLIENT_HEADER} header.", code="client_required")
        if named_id > MAX_ID or db.session.get(Client, named_id) is None:
            raise NotFound("Client not found.")
        return named_id

    if identity.client_id is None:
        raise Forbidden("This account is not linked to a client.", code="not_authorized")
    if named_id is not None and named_id != identity.client_id:
        raise Forbidden("You may not act for another client.", code="not_authorized")
    return identity.client_id


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
