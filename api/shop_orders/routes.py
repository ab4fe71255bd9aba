from flask import g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import public, requires
from api.common.tenancy import acting_client_id
from api.jobs.schemas import Job
from api.shop_orders import service, tasks, webhooks
from api.shop_orders.schemas import (
    ShopOrderImportStart, ShopOrderList, ShopOrderListArgs, ShopOrderPull, ShopOrderPullResult, WebhookAccepted,
)

CREATE = "create:fulfillment_requests"

blp = Blueprint("shop_orders", __name__, description="Orders from the client's shop: pulled, or sent by its webhook")


@blp.route("/api/v4/shopify/orders")
class ShopOrders(MethodView):
    @requires()
    @blp.arguments(ShopOrderListArgs, location="query")
    @blp.response(200, ShopOrderList)
    def get(self, args):
        """List the shop's open, unfulfilled orders, each with the request it was imported as (if it was)."""
        return service.open_orders(acting_client_id(), args["cursor"])


@blp.route("/api/v4/shopify/orders/import")
class ShopOrderImport(MethodView):
    @requires(CREATE)
    @blp.arguments(ShopOrderImportStart)
    @blp.response(202, Job)
    def post(self, args):
        """Import the chosen orders (or all) as fulfillment requests through a job; the result comes by e-mail."""
        return service.start_import(g.identity, acting_client_id(), args["shop_order_ids"], args["all"])


@blp.route("/api/v2/orders/get_from_shopify")
class ShopOrderPullView(MethodView):
    @requires(CREATE)
    @blp.arguments(ShopOrderPull)
    @blp.response(200, ShopOrderPullResult)
    def post(self, args):
        """Import one shop order by its id now; an order imported before answers the request it became."""
        return service.pull_order(g.identity.username, acting_client_id(), args["order_id"])


# The webhook's body is read raw (its signature is over the bytes as sent), so it is documented here rather
# than loaded by a schema.
WEBHOOK_HEADERS = (
    ("X-Shopify-Hmac-Sha256", "Base64 HMAC-SHA256 of the raw body with the app's secret"),
    ("X-Shopify-Shop-Domain", "The shop that sends it (its myshopify.com domain)"),
    ("X-Shopify-Webhook-Id", "The delivery's id: a delivery accepted once is refused after (409 webhook_replayed)"),
    ("X-Shopify-Triggered-At", "When the shop sent it (ISO 8601); older than SHOPIFY_WEBHOOK_MAX_AGE is 400 stale_webhook"),
)


@blp.route("/api/v4/shopify/webhooks/orders_create")
class OrdersCreateWebhook(MethodView):
    @public
    @blp.doc(parameters=[{"in": "header", "name": name, "required": True, "schema": {"type": "string"},
                          "description": description} for name, description in WEBHOOK_HEADERS],
             requestBody={"required": True, "content": {"application/json": {"schema": {
                 "type": "object", "required": ["id"],
                 "properties": {"id": {"type": "integer", "description": "The shop's order id"}},
                 "description": "The shop's order as its orders/create webhook sends it; only its id is read"}}}})
    @blp.response(200, WebhookAccepted)
    def post(self):
        """Take the shop's orders/create webhook (signed by the shop platform); the order is imported in the background."""
        return webhooks.accept_orders_create(request.get_data(cache=True), request.headers,
                                             lambda client_id, order_id: tasks.import_webhook_order.delay(client_id, order_id))
