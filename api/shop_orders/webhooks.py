"""The shop's orders/create webhook: checked (signature of the raw body, freshness, a delivery id not
seen before) and answered at once; the order is imported by the worker, which reads it (with its risk
assessment) from the shop's Admin API."""
import json
import logging
from datetime import timedelta

from flask import current_app
from kombu.exceptions import OperationalError as KombuOperationalError
from sqlalchemy import delete, select

from api.common.errors import ApiError, Conflict, InvalidInput, NotFound
from api.common.row_writes import insert_new_rows
from api.extensions import db
from api.shop.models import ShopConnection
from api.shop.oauth import shop_host
from api.shop.webhook_signature import verify_body, verify_fresh
from api.shop_orders.models import ShopWebhookDelivery

log = logging.getLogger(__name__)
ORDERS_CREATE = "orders/create"


class WebhookReplayed(Conflict):
    code = "webhook_replayed"


class WebhookNotQueued(ApiError):
    status = 503
    code = "webhook_not_queued"


def accept_orders_create(body, headers, enqueue):
    """Check an orders/create delivery and hand its order to ``enqueue(client_id, shop_order_id)``:
    the answer, or the refusal raised (nothing is recorded for a refused delivery)."""
    config = current_app.config
    verify_body(body, headers.get("X-Shopify-Hmac-Sha256"), config["SHOPIFY_API_SECRET"])
    verify_fresh(headers.get("X-Shopify-Triggered-At"), config["SHOPIFY_WEBHOOK_MAX_AGE"])
    webhook_id = (headers.get("X-Shopify-Webhook-Id") or "").strip()
    if not webhook_id or len(webhook_id) > 100:
        raise InvalidInput("The webhook carries no X-Shopify-Webhook-Id.", code="invalid_webhook")
    if headers.get("X-Shopify-Topic", ORDERS_CREATE) != ORDERS_CREATE:
        raise InvalidInput("This address takes orders/create webhooks only.", code="invalid_webhook")
    shop = shop_host(headers.get("X-Shopify-Shop-Domain"))
    shop_order_id = _order_id(body)
    # Across all clients on purpose: the signed shop domain is what names the client here.
    client_id = db.session.scalar(select(ShopConnection.client_id).where(ShopConnection.shop_domain == shop))
    if client_id is None:
        raise NotFound(f"No client has the shop {shop} connected.", code="shop_not_connected")
    recorded = insert_new_rows(ShopWebhookDelivery.__table__, [
        {"webhook_id": webhook_id, "shop_domain": shop, "topic": ORDERS_CREATE}], unique=("webhook_id",), returning=("id",))
    if not recorded:
        db.session.rollback()
        raise WebhookReplayed(f"The webhook delivery {webhook_id} was received before.")
    db.session.commit()
    try:
        enqueue(client_id, shop_order_id)
    except (KombuOperationalError, OSError):
        # Not taken: forget the delivery, so the shop's next try of it is accepted.
        db.session.execute(delete(ShopWebhookDelivery).where(ShopWebhookDelivery.id == recorded[0][0]))
        db.session.commit()
        log.warning("the broker did not take shop order %s of %s", shop_order_id, shop, exc_info=True)
        raise WebhookNotQueued("The order could not be queued; the shop will deliver it again.") from None
    return {"accepted": True, "shop_order_id": shop_order_id}


def _order_id(body):
    try:
        order = json.loads(body)
        order_id = order["id"]
    except (ValueError, TypeError, KeyError):
        raise InvalidInput("The webhook's body is not an order.", code="invalid_webhook") from None
    if isinstance(order_id, bool) or not isinstance(order_id, (int, str)) or not str(order_id).isdigit():
        raise InvalidInput("The webhook's order has no valid id.", code="invalid_webhook")
    return str(order_id)


def forget_old_deliveries(now):
    """Delete the deliveries accepted more than twice SHOPIFY_WEBHOOK_MAX_AGE ago: such a delivery sent again
    is refused as stale by its own X-Shopify-Triggered-At, so its id no longer needs keeping (twice, for the
    shop's clock running behind ours). Answers how many went."""
    cutoff = now - timedelta(seconds=2 * current_app.config["SHOPIFY_WEBHOOK_MAX_AGE"])
    forgotten = db.session.execute(delete(ShopWebhookDelivery).where(ShopWebhookDelivery.received_at < cutoff)).rowcount
    db.session.commit()
    return forgotten
