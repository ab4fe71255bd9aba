"""The acting client, and the one condition every client-owned query goes through.

A client user acts for their own client; an admin acts for the client named in ``X-Client-Id``
(resolved by api.auth.access_control before the view runs). A client user naming another client
gets 403; an object of another client is simply not found.

Services take the client as an argument and scope their queries with ``owned_by``/``scoped``: a view
passes ``acting_client_id()``, a task the client of its job, so one rule serves the web and the worker.
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


def owned_by(model, client_id):
    """The condition for the rows of ``model`` that belong to ``client_id``."""
    return model.client_id == client_id


def scoped(model, client_id):
    """``select(model)`` limited to the rows of ``client_id``."""
    return select(model).where(owned_by(model, client_id))


def get_scoped_or_404(model, client_id, description, **filters):
    row = db.session.scalars(scoped(model, client_id).filter_by(**filters)).first()
    if row is None:
        raise NotFound(description)
    return row
