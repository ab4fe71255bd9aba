"""The acting client, and the one helper every client-owned query goes through.

A client user acts for their own client; an admin acts for the client named in ``X-Client-Id``.
A client user naming another client gets 403; an object of another client is simply not found.
"""
from flask import g, request
from sqlalchemy import select

from api.common.errors import Forbidden, InvalidInput, NotFound
from api.common.auth import ACT_FOR_ANY_CLIENT
from api.common.stored_input import MAX_ID
from api.extensions import db

CLIENT_HEADER = "X-Client-Id"


def resolve_acting_client(identity):
    """The client id this request acts for; raises when the caller may not act for it."""
    from api.clients.models import Client

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


def acting_client_id():
    client_id = g.get("client_id")
    if client_id is None:
        raise Forbidden("This call needs a client.", code="client_required")
    return client_id


def owned_by_acting_client(model):
    """The condition for the acting client's rows of ``model``."""
    return model.client_id == acting_client_id()


def scoped(model):
    """``select(model)`` limited to the acting client's rows."""
    return select(model).where(owned_by_acting_client(model))


def get_scoped_or_404(model, description, **filters):
    row = db.session.scalars(scoped(model).filter_by(**filters)).first()
    if row is None:
        raise NotFound(description)
    return row
