"""Clients: admins see and manage all of them; a client user sees only their own."""
import base64
import binascii

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from api.clients.models import Client
from api.common.auth import ACT_FOR_ANY_CLIENT
from api.common.errors import ApiError, Conflict, InvalidInput, NotFound
from api.common.pagination import paginate
from api.extensions import db

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class LogoTooLarge(ApiError):
    status = 413
    code = "logo_too_large"


def _visible_clients(identity):
    statement = select(Client)
    if not identity.can(ACT_FOR_ANY_CLIENT):
        statement = statement.where(Client.id == identity.client_id)
    return statement


def list_clients(identity, limit, cursor):
    return paginate(_visible_clients(identity), [Client.id], limit, cursor)


def get_client(identity, client_id):
    client = db.session.scalars(_visible_clients(identity).where(Client.id == client_id)).first()
    if client is None:
        raise NotFound("Client not found.")
    return present(client)


def client_for_current_user(identity):
    if identity.client_id is None:
        return None
    client = db.session.get(Client, identity.client_id)
    return present(client) if client else None


def present(client):
    """The client as the API shows it, with the logo as base64 text."""
    return {
        "id": client.id,
        "name": client.name,
        "fulfillment_request_api_version": client.fulfillment_request_api_version,
        "shopify_shop_name": client.shopify_shop_name,
        "logo": base64.b64encode(client.logo).decode() if client.logo else None,
    }


def decode_logo(text):
    """PNG bytes from base64 text, checked by content and size."""
    if not text:
        return None
    limit = current_app.config["MAX_LOGO_BYTES"]
    if len(text) > (limit * 4) // 3 + 4:
        raise LogoTooLarge(f"The logo must be at most {limit // 1024} KB.")
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise InvalidInput("The logo is not valid base64.", code="invalid_logo") from None
    if len(data) > limit:
        raise LogoTooLarge(f"The logo must be at most {limit // 1024} KB.")
    if not data.startswith(PNG_SIGNATURE):
        raise InvalidInput("The logo must be a PNG image.", code="invalid_logo")
    return data


def _save(client, fields):
    client.name = fields["name"]
    client.fulfillment_request_api_version = fields["fulfillment_request_api_version"]
    client.shopify_shop_name = fields["shopify_shop_name"]
    client.logo = decode_logo(fields["logo"])
    db.session.add(client)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict("That shop is already linked to another client.", code="client_already_linked_to_shop") from None
    return present(client)


def create_client(fields):
    return _save(Client(), fields)


def update_client(client_id, fields):
    client = db.session.get(Client, client_id)
    if client is None:
        raise NotFound("Client not found.")
    return _save(client, fields)
