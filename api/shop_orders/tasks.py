"""The worker's side of the shop's orders: the import of a webhook's order, and the push of a shipped
shipment's fulfillment, each tried again with back-off while the shop is down."""
import logging

from celery import shared_task
from flask import current_app
from kombu.exceptions import OperationalError as KombuOperationalError

from api.extensions import db
from api.notifications.service import queue_email
from api.notifications.tasks import deliver_email
from api.shop import admin_api
from api.shop.service import notification_settings
from api.shop_orders import fulfillments
from api.shop_orders.models import WEBHOOK
from api.shop_orders.order_import import ALREADY_IMPORTED, REFUSED, import_order, imported_ids

log = logging.getLogger(__name__)
WEBHOOK_ACTOR = "shopify-webhook"
MAX_COUNTDOWN_SECONDS = 3600


def _countdown(retries):
    return min(current_app.config["SHOPIFY_FULFILLMENT_RETRY_SECONDS"] * 2 ** retries, MAX_COUNTDOWN_SECONDS)


def _max_retries():
    return current_app.config["SHOPIFY_FULFILLMENT_MAX_RETRIES"]


@shared_task(name="shop_orders.import_webhook_order", bind=True, max_retries=None)
def import_webhook_order(self, client_id, shop_order_id):
    """Read the order the webhook announced from the shop and import it (once, by its id)."""
    if imported_ids(client_id, [shop_order_id]):
        return ALREADY_IMPORTED  # a second delivery of the order: the shop need not be asked again
    try:
        order = admin_api.for_client(client_id).order(shop_order_id)
    except (admin_api.ShopUnavailable, admin_api.ShopReauthenticationRequired) as error:
        if self.request.retries >= _max_retries():
            log.warning("gave up importing shop order %s of client %s: %s", shop_order_id, client_id, error.description)
            return None
        raise self.retry(countdown=_countdown(self.request.retries)) from None
    if order is None:
        log.warning("the shop has no order %s (client %s)", shop_order_id, client_id)
        return None
    outcome = import_order(client_id, WEBHOOK_ACTOR, order, WEBHOOK)
    if outcome.result == REFUSED:
        log.warning("shop order %s of client %s refused: %s", outcome.name, client_id, outcome.reason)
        _tell_refused(client_id, outcome)
    return outcome.result


def _tell_refused(client_id, outcome):
    """Mail the client's notification addresses why a new shop order was not imported (once an order
    and address), since nobody was looking when it arrived."""
    emails = [queue_email(f"shop-order-refused:{client_id}:{outcome.shop_order_id}:{address}", address,
                          f"Shopify order {outcome.name} was not imported",
                          f"{outcome.reason}\n\nOnce that is put right, pull the order on the Pull Order From Shopify page.",
                          client_id=client_id)
              for address in notification_settings(client_id)["email_addresses"]]
    db.session.commit()
    for email in emails:
        if email.sent_at is None:
            deliver_email.delay(email.id)


@shared_task(name="shop_orders.push_fulfillment", bind=True, max_retries=None)
def push_fulfillment(self, fulfillment_id):
    """Create the shop's fulfillment of a shipped shipment, once; the shop down: again later, waiting longer each time."""
    try:
        return fulfillments.push(fulfillment_id)
    except fulfillments.ShopStillDown as error:
        if self.request.retries >= _max_retries():
            log.warning("fulfillment %s stays pending after %d tries: %s", fulfillment_id, self.request.retries + 1, error)
            return None
        raise self.retry(countdown=_countdown(self.request.retries)) from None


@shared_task(name="shop_orders.push_pending_fulfillments")
def push_pending_fulfillments():
    """Send again every pending fulfillment (one whose message was lost, or whose retries ran out)."""
    pending = fulfillments.pending_ids()
    for fulfillment_id in pending:
        push_fulfillment.delay(fulfillment_id)
    return len(pending)


def _send_push(fulfillment_id):
    # An in-process (eager) run would work inside the commit that records the fulfillment; tests push
    # explicitly there. A broker that is down leaves it pending for push_pending_fulfillments.
    if current_app.config["CELERY_TASK_ALWAYS_EAGER"]:
        return
    try:
        push_fulfillment.delay(fulfillment_id)
    except (KombuOperationalError, OSError):
        log.warning("the broker did not take fulfillment %s; it stays pending", fulfillment_id, exc_info=True)


fulfillments.on_commit_push(_send_push)
