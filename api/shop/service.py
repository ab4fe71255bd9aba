"""The client's shop connection (the OAuth install) and its notification addresses."""
import logging

from flask import current_app
from marshmallow import ValidationError, validate
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from api.clients.models import Client
from api.common.errors import ApiError, Conflict
from api.common.tenancy import scoped
from api.common.timeutil import utcnow
from api.extensions import db
from api.shop import admin_api, oauth
from api.shop.models import NotificationSetting, ShopConnection
from api.shop.secrets_store import encrypt_token, state_key

MAX_NOTIFICATION_ADDRESSES = 50
ORDERS_WEBHOOK_PATH = "/api/v4/shopify/webhooks/orders_create"
log = logging.getLogger(__name__)


class ShopAlreadyLinked(Conflict):
    code = "client_already_linked_to_shop"


class InvalidNotificationAddresses(ApiError):
    status = 422
    code = "invalid_email_address"


def start_install(shop, pairs, portal_base_url):
    """Where to send the browser to authorize the app for a shop (install or re-authenticate), and
    the nonce the browser must keep for the callback.

    A request from the shop platform's app store carries its hmac, which must then be right.
    """
    config = current_app.config
    shop = oauth.shop_host(shop)
    oauth.require_configured(config)
    if any(key == "hmac" for key, _ in pairs):
        oauth.verify_query(pairs, config["SHOPIFY_API_SECRET"], config["SHOPIFY_CALLBACK_MAX_AGE"])
    state, nonce = oauth.issue_state(state_key(config), shop)
    return oauth.authorize_url(config, shop, state, portal_base_url.rstrip("/") + "/shopify/auth_callback"), nonce


def _linked_to_another_client(shop, client_id):
    # Deliberately across all clients: a shop may belong to one client only.
    by_name = select(Client.id).where(func.lower(Client.shopify_shop_name) == shop, Client.id != client_id)
    by_connection = select(ShopConnection.id).where(ShopConnection.shop_domain == shop, ShopConnection.client_id != client_id)
    return db.session.scalars(by_name).first() is not None or db.session.scalars(by_connection).first() is not None


def _already_linked():
    return ShopAlreadyLinked(
        "This shop is already linked to another client. Each shop needs its own client account: "
        "please contact support."
    )


def complete_install(actor, client_id, query, browser_nonce, portal_base_url=None):
    """Check the shop platform's callback, trade its code for a token and link the shop to the client,
    then subscribe to the shop's new orders (webhook to ``portal_base_url``).

    ``browser_nonce`` is the nonce kept by the browser that started the install (see start_install).
    """
    config = current_app.config
    oauth.require_configured(config)
    oauth.verify_query(list(query.items()), config["SHOPIFY_API_SECRET"], config["SHOPIFY_CALLBACK_MAX_AGE"])
    shop = oauth.shop_host(query["shop"])
    oauth.check_state(state_key(config), query["state"], shop, config["SHOPIFY_STATE_MAX_AGE"], browser_nonce)
    if _linked_to_another_client(shop, client_id):
        raise _already_linked()

    token, scopes = oauth.exchange_code(config, shop, query["code"])

    connection = db.session.scalars(scoped(ShopConnection, client_id)).first() or ShopConnection(client_id=client_id)
    if connection.shop_domain != shop:
        connection.installed_at = utcnow()
    connection.shop_domain = shop
    connection.access_token_encrypted = encrypt_token(config, token)
    connection.scopes = scopes
    connection.installed_by = actor.username
    db.session.get(Client, client_id).shopify_shop_name = shop
    db.session.add(connection)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise _already_linked() from None
    if portal_base_url:
        _subscribe_to_new_orders(shop, token, portal_base_url)
    return {"shopify_shop_name": shop, "client_already_linked_to_shop": False}


def _subscribe_to_new_orders(shop, token, portal_base_url):
    """Register the orders/create webhook; the shop linked is kept when this fails (the orders can be pulled)."""
    try:
        admin_api.for_shop(shop, token).subscribe_orders_create(portal_base_url.rstrip("/") + ORDERS_WEBHOOK_PATH)
    except ApiError as error:
        log.warning("could not subscribe to the new orders of %s: %s", shop, error.description)


def connection_status(client_id):
    """The client's shop: ``connected`` once the app was authorized for it (a token is held),
    ``shop_name`` also when staff named the shop before that; ``app_configured`` says whether the
    install (and so Authorize / Reauthenticate) can work on this portal at all."""
    connection = db.session.scalars(scoped(ShopConnection, client_id)).first()
    shop = connection.shop_domain if connection else db.session.get(Client, client_id).shopify_shop_name
    return {
        "connected": connection is not None,
        "shop_name": shop,
        "admin_url": f"https://{shop}/admin" if shop else None,
        "installed_at": connection.installed_at if connection else None,
        "reauthenticate_url": f"/shopify/authorize?shop={shop}" if shop else None,
        "app_configured": oauth.is_configured(current_app.config),
    }


def notification_settings(client_id):
    setting = db.session.scalars(scoped(NotificationSetting, client_id)).first()
    return {"email_addresses": setting.email_addresses if setting else []}


def _addresses(text):
    """The addresses of a comma-separated list, each checked, without blanks or repeats."""
    check = validate.Email()
    addresses = []
    for address in (part.strip() for part in text.split(",")):
        if not address or address.lower() in (known.lower() for known in addresses):
            continue
        try:
            check(address)
            if len(address) > 254:
                raise ValidationError("too long")
        except ValidationError:
            raise InvalidNotificationAddresses(f"'{address}' is not a valid e-mail address.") from None
        addresses.append(address)
    if len(addresses) > MAX_NOTIFICATION_ADDRESSES:
        raise InvalidNotificationAddresses(
            f"At most {MAX_NOTIFICATION_ADDRESSES} addresses may be given.", code="too_many_addresses"
        )
    return addresses


def update_notification_settings(client_id, text):
    addresses = _addresses(text)
    setting = db.session.scalars(scoped(NotificationSetting, client_id)).first() or NotificationSetting(client_id=client_id)
    setting.email_addresses = addresses
    db.session.add(setting)
    db.session.commit()
    return {"email_addresses": addresses}
