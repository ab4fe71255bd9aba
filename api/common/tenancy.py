"""The acting client, and the one helper every client-owned query goes through.

A client user acts for their own client; an admin acts for the client named in ``X-Client-Id``.
A client user naming another client gets 403; an object of another client is simply not found.
"""
from flask import g
from sqlalchemy import select

from api.common.errors import Forbidden, NotFound
from api.extensions import db

CLIENT_HEADER = "X-Client-Id"


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
