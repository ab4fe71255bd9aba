"""The shop's Admin API (Shopify's GraphQL Admin API): its open orders with their risk assessments, one
order, its fulfillment orders, fulfillmentCreate and webhookSubscriptionCreate.

The shop is reached with the client's stored (encrypted) access token at the configured shop address
(SHOPIFY_SHOP_URL_TEMPLATE). A 429, a 5xx, a throttled query or a broken connection is tried again
up to SHOPIFY_API_ATTEMPTS times, waiting as the shop's Retry-After says or else twice as long each
time; a 401 or 403 means the token was revoked (the app uninstalled): the client must reauthenticate.
"""
import json
import logging
import time
import urllib.error
import urllib.request

from flask import current_app

from api.common.errors import ApiError
from api.common.tenancy import scoped
from api.extensions import db
from api.shop.models import ShopConnection
from api.shop.oauth import shop_base_url
from api.shop.secrets_store import decrypt_token

log = logging.getLogger(__name__)
MAX_ANSWER_BYTES = 16 * 1024 * 1024
# A page waits for the shop while it retries: a longer Retry-After is cut to this, and a call still
# refused after every attempt is answered as the shop being unavailable.
MAX_WAIT_SECONDS = 10

ORDER_FIELDS = """
  id legacyResourceId name createdAt email phone displayFulfillmentStatus
  shippingAddress { name company address1 address2 city provinceCode zip countryCodeV2 phone }
  billingAddress { phone }
  risk { recommendation assessments { riskLevel } }
  lineItems(first: 250) { nodes { id sku quantity name variant { id legacyResourceId } } }
"""
OPEN_ORDERS = """query OpenOrders($first: Int!, $after: String) {
  orders(first: $first, after: $after, sortKey: CREATED_AT, query: "status:open fulfillment_status:unfulfilled") {
    nodes { %s }
    pageInfo { hasNextPage endCursor }
  }
}""" % ORDER_FIELDS
ORDER = "query Order($id: ID!) { order(id: $id) { %s } }" % ORDER_FIELDS
FULFILLMENT_ORDERS = """query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 20) { nodes { id status
    fulfillments(first: 20) { nodes { id trackingInfo { number } } } } } }
}"""
FULFILLMENT_CREATE = """mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}"""
WEBHOOK_SUBSCRIPTION_CREATE = """mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!,
    $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id } userErrors { field message }
  }
}"""


class ShopNotConnected(ApiError):
    status = 409
    code = "shop_not_connected"


class ShopReauthenticationRequired(ApiError):
    """The shop refused the token: the app was uninstalled or its access revoked."""

    status = 409
    code = "shop_reauthentication_required"


class ShopUnavailable(ApiError):
    status = 502
    code = "shop_unavailable"


class ShopRefused(ApiError):
    """The shop answered the call with errors of its own (a userError, an unknown order)."""

    status = 422
    code = "shop_refused"


def order_gid(order_id):
    return f"gid://shopify/Order/{order_id}"


def numeric_id(gid):
    """The numeric tail of a global id (gid://shopify/Order/123 -> '123'), or the value as it is."""
    return str(gid).rsplit("/", 1)[-1] if gid else None


class AdminApi:
    """The Admin API of one shop, called with its access token."""

    def __init__(self, config, shop, token, sleep=time.sleep):
        self.shop = shop
        self.url = f"{shop_base_url(config, shop)}/admin/api/{config['SHOPIFY_API_VERSION']}/graphql.json"
        self.token = token
        self.attempts = max(config["SHOPIFY_API_ATTEMPTS"], 1)
        self.backoff = config["SHOPIFY_API_BACKOFF_SECONDS"]
        self.timeout = config["SHOPIFY_API_TIMEOUT_SECONDS"]
        self.sleep = sleep

    def execute(self, query, variables=None):
        """The ``data`` of the query's answer, after retrying what the shop says to retry."""
        for attempt in range(1, self.attempts + 1):
            wait = None
            try:
                answer = self._post(query, variables or {})
            except urllib.error.HTTPError as error:
                if error.code in (401, 403):
                    raise ShopReauthenticationRequired(
                        f"The shop {self.shop} refused the portal's access; reauthenticate the shop app.") from None
                if error.code != 429 and error.code < 500:
                    raise ShopRefused(f"The shop {self.shop} refused the call (HTTP {error.code}).") from None
                wait = _retry_after(error.headers.get("Retry-After"))
                reason = f"HTTP {error.code}"
            except (urllib.error.URLError, OSError, ValueError) as error:
                reason = str(error)
            else:
                if not _throttled(answer):
                    return _data(answer, self.shop)
                reason = "throttled"
            if attempt == self.attempts:
                break
            wait = wait if wait is not None else self.backoff * 2 ** (attempt - 1)
            log.info("shop %s: %s, attempt %d of %d; trying again in %.1fs", self.shop, reason, attempt,
                     self.attempts, wait)
            self.sleep(min(wait, MAX_WAIT_SECONDS))
        raise ShopUnavailable(f"The shop {self.shop} did not answer ({reason}); try again later.")

    def _post(self, query, variables):
        request = urllib.request.Request(
            self.url, data=json.dumps({"query": query, "variables": variables}).encode(), method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json",
                     "X-Shopify-Access-Token": self.token},
        )
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            return json.loads(response.read(MAX_ANSWER_BYTES))

    def open_orders(self, first=50, after=None):
        """A page of the shop's open, unfulfilled orders, oldest first: (orders, cursor of the next page or None)."""
        page = self.execute(OPEN_ORDERS, {"first": first, "after": after})["orders"]
        info = page["pageInfo"]
        return page["nodes"], info["endCursor"] if info["hasNextPage"] else None

    def order(self, order_id):
        """The order with the numeric id ``order_id``, or None when the shop has none."""
        return self.execute(ORDER, {"id": order_gid(order_id)})["order"]

    def fulfillment_orders(self, order_id):
        order = self.execute(FULFILLMENT_ORDERS, {"id": order_gid(order_id)})["order"]
        if order is None:
            raise ShopRefused(f"The shop {self.shop} has no order {order_id}.")
        return order["fulfillmentOrders"]["nodes"]

    def create_fulfillment(self, fulfillment_order_ids, tracking_number, company, url=None):
        """Fulfil the whole of the fulfillment orders with the tracking number: the shop's fulfillment id."""
        tracking = {"number": tracking_number, "company": company, **({"url": url} if url else {})}
        answer = self.execute(FULFILLMENT_CREATE, {"fulfillment": {
            "lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": gid} for gid in fulfillment_order_ids],
            "trackingInfo": tracking, "notifyCustomer": True,
        }})["fulfillmentCreate"]
        _refuse_user_errors(answer, self.shop)
        return answer["fulfillment"]["id"]

    def subscribe_orders_create(self, callback_url):
        answer = self.execute(WEBHOOK_SUBSCRIPTION_CREATE, {
            "topic": "ORDERS_CREATE", "webhookSubscription": {"callbackUrl": callback_url, "format": "JSON"},
        })["webhookSubscriptionCreate"]
        _refuse_user_errors(answer, self.shop)
        return answer["webhookSubscription"]["id"]


def for_client(client_id, sleep=time.sleep):
    """The Admin API of the client's shop, reached with its stored token."""
    connection = db.session.scalars(scoped(ShopConnection, client_id)).first()
    if connection is None:
        raise ShopNotConnected("This client has no shop connected; install the shop app first.")
    config = current_app.config
    return AdminApi(config, connection.shop_domain, decrypt_token(config, connection.access_token_encrypted), sleep)


def for_shop(shop, token):
    return AdminApi(current_app.config, shop, token)


def _retry_after(value):
    try:
        return max(float(value), 0) if value is not None else None
    except ValueError:
        return None


def _throttled(answer):
    errors = answer.get("errors") if isinstance(answer, dict) else None
    return bool(errors) and any((error.get("extensions") or {}).get("code") == "THROTTLED"
                                for error in errors if isinstance(error, dict))


def _data(answer, shop):
    if not isinstance(answer, dict) or answer.get("errors") or not isinstance(answer.get("data"), dict):
        errors = answer.get("errors") if isinstance(answer, dict) else None
        message = "; ".join(str(error.get("message")) for error in errors if isinstance(error, dict)) if errors else ""
        raise ShopRefused(f"The shop {shop} refused the query{': ' + message if message else ''}.")
    return answer["data"]


def _refuse_user_errors(answer, shop):
    errors = answer.get("userErrors") or []
    if errors:
        raise ShopRefused(f"The shop {shop} refused: " + "; ".join(str(error.get("message")) for error in errors))

