"""A local HTTP server that speaks the shop platform's (Shopify's) OAuth install protocol.

Shops live under /shops/<shop>/, so SHOPIFY_SHOP_URL_TEMPLATE is ``http://127.0.0.1:<port>/shops/{shop}``.
- GET  .../admin/oauth/authorize: checks client_id and shows the consent page with 'Install app';
- GET  .../admin/oauth/approve: sends the browser back to redirect_uri with code, host, shop, state,
  timestamp and hmac (HMAC-SHA256 of the sorted query with the app secret, as Shopify signs it);
- POST .../admin/oauth/access_token: trades a code it issued (once) for an access token, checking
  client_id and client_secret.
- POST .../admin/api/<version>/graphql.json: the Admin API (see admin_api.AdminApi), answered from the
  shop's orders kept here (ShopAdmin): OpenOrders, Order, FulfillmentOrders, FulfillmentCreate and
  WebhookSubscriptionCreate; a token it did not issue (or revoked) is 401, and `fail_next` answers the
  next calls with a 429 (Retry-After) or a 5xx.

The signing here is written independently of the portal's own, so a mistake in either shows.
"""
import base64
import hashlib
import hmac
import html
import json
import re
import secrets
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

from api.shop.install_pages import NONCE_COOKIE, NONCE_COOKIE_PATH
from tests.live import start_api, start_worker

API_KEY = "test-shop-app-key"
API_SECRET = "test-shop-app-secret"
SCOPES = "read_products,read_orders"
PATH = re.compile(r"^/shops/(?P<shop>[^/]+)/admin/oauth/(?P<action>authorize|approve|access_token)$")


def sign(params, secret=API_SECRET):
    """The hmac Shopify puts on a query: over the other parameters as k=v, sorted, joined by &, with
    % and & (and = in names) escaped so one parameter cannot pose as two."""
    pairs = (
        (key.replace("%", "%25").replace("=", "%3D") + "=" + value.replace("%", "%25")).replace("&", "%26")
        for key, value in params.items() if key not in ("hmac", "signature")
    )
    return hmac.new(secret.encode(), "&".join(sorted(pairs)).encode(), hashlib.sha256).hexdigest()


def signed(params, secret=API_SECRET):
    return {**params, "hmac": sign(params, secret)}


class ShopPlatform:
    def __init__(self):
        self.codes = {}  # code -> shop, until it is used
        self.tokens = []  # access tokens handed out, newest last
        self.refuse_exchange = None  # an HTTP status to answer the next exchanges with
        self.exchange_delay = 0  # seconds the exchange takes, so a browser test sees the waiting page
        self._lock = threading.Lock()
        self.admin = ShopAdmin(self)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def settings(self):
        return {
            "SHOPIFY_API_KEY": API_KEY,
            "SHOPIFY_API_SECRET": API_SECRET,
            "SHOPIFY_SCOPES": SCOPES,
            "SHOPIFY_SHOP_URL_TEMPLATE": f"http://127.0.0.1:{self.port}/shops/{{shop}}",
        }

    def issue_code(self, shop):
        code = secrets.token_hex(16)
        with self._lock:
            self.codes[code] = shop
        return code

    def callback_params(self, shop, state, **overrides):
        """The signed query the platform sends back to the app after the merchant approved."""
        params = {
            "code": self.issue_code(shop),
            "host": base64.urlsafe_b64encode(f"{shop}/admin".encode()).decode().rstrip("="),
            "shop": shop,
            "state": state,
            "timestamp": str(int(time.time())),
        }
        params.update(overrides)
        return signed(params)

    def _exchange(self, shop, fields):
        time.sleep(self.exchange_delay)
        if self.refuse_exchange:
            return self.refuse_exchange, {"error": "unavailable"}
        if fields.get("client_id") != API_KEY or fields.get("client_secret") != API_SECRET:
            return 400, {"error": "invalid_client", "error_description": "Client credentials are wrong."}
        with self._lock:
            if self.codes.get(fields.get("code")) != shop:
                return 400, {"error": "invalid_request",
                             "error_description": "The authorization code was not found or was already used"}
            del self.codes[fields["code"]]
            token = "shpat_" + secrets.token_hex(16)
            self.tokens.append(token)
        return 200, {"access_token": token, "scope": SCOPES}

    def _handler(self):
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _answer(self, status, body, content_type="application/json", headers=()):
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                url = urlsplit(self.path)
                match = PATH.match(url.path)
                query = dict(parse_qsl(url.query))
                if not match or match["action"] == "access_token":
                    return self._answer(404, {"error": "not_found"})
                shop = match["shop"]
                if match["action"] == "authorize":
                    if query.get("client_id") != API_KEY:
                        return self._answer(400, "<h1>Unknown app</h1>", "text/html")
                    return self._answer(200, consent_page(shop, query), "text/html; charset=utf-8")
                callback = platform.callback_params(shop, query.get("state", ""))
                location = query["redirect_uri"] + "?" + urlencode(callback)
                return self._answer(302, "", "text/plain", headers=[("Location", location)])

            def do_POST(self):
                api = ADMIN_API_PATH.match(urlsplit(self.path).path)
                if api:
                    raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    return self._answer(*platform.admin.answer(api["shop"], self.headers, raw))
                match = PATH.match(urlsplit(self.path).path)
                if not match or match["action"] != "access_token":
                    return self._answer(404, {"error": "not_found"})
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    fields = json.loads(raw)
                except ValueError:
                    fields = dict(parse_qsl(raw.decode()))
                self._answer(*platform._exchange(match["shop"], fields if isinstance(fields, dict) else {}))

        return Handler


def consent_page(shop, query):
    hidden = "".join(
        f'<input type="hidden" name="{name}" value="{html.escape(query.get(name, ""))}">'
        for name in ("redirect_uri", "state")
    )
    return f"""<!doctype html><html><head><title>Install app - {html.escape(shop)}</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>Install Fulfilment Portal</h1>
<p>on <strong>{html.escape(shop)}</strong></p>
<p>The app asks to: {html.escape(query.get("scope", ""))}</p>
<form method="get" action="/shops/{html.escape(shop)}/admin/oauth/approve">{hidden}
<button type="submit">Install app</button></form></body></html>"""


ADMIN_API_PATH = re.compile(r"^/shops/(?P<shop>[^/]+)/admin/api/(?P<version>[0-9]{4}-[0-9]{2})/graphql\.json$")
OPERATION = re.compile(r"^\s*(query|mutation)\s+(\w+)")


def gid(kind, number):
    return f"gid://shopify/{kind}/{number}"


class ShopAdmin:
    """The Admin API side of the local shop platform: each shop's orders, the fulfillments and webhook
    subscriptions the portal created, and the failures it is told to answer with."""

    def __init__(self, platform):
        self.platform = platform
        self.orders = {}  # shop -> {order number: order as the Admin API answers it, with _fulfillment_orders}
        self.fulfillments = []  # (shop, order number, tracking number, fulfillment gid) as created
        self.subscriptions = []  # (shop, topic, callback url)
        self.revoked = set()
        self.fail_next = []  # (status, headers) answered to the next calls, first first
        self.calls = []  # operation names, in order
        self.delay = 0  # seconds each call takes
        self._numbers = iter(range(5001, 10**9))
        self._lock = threading.Lock()

    def reset(self):
        with self._lock:
            self.orders.clear()
            self.fulfillments.clear()
            self.subscriptions.clear()
            self.revoked.clear()
            self.fail_next.clear()
            self.calls.clear()
            self.delay = 0

    def issue_token(self):
        token = "shpat_" + secrets.token_hex(16)
        with self.platform._lock:
            self.platform.tokens.append(token)
        return token

    def add_order(self, shop, lines, risk_level="LOW", recommendation="ACCEPT", address=None, **fields):
        """An open, unfulfilled order of ``shop`` with ``lines`` [(sku, variant number or None, quantity)]."""
        number = next(self._numbers)
        order = {
            "id": gid("Order", number), "legacyResourceId": str(number), "name": f"#{number}",
            "createdAt": "2026-11-27T10:00:00Z", "email": "pat@example.com", "phone": None,
            "displayFulfillmentStatus": "UNFULFILLED",
            "shippingAddress": address or {
                "name": "Pat Doe", "company": None, "address1": "75 Livingston St", "address2": None,
                "city": "Brooklyn", "provinceCode": "NY", "zip": "11201", "countryCodeV2": "US", "phone": "718 555 0100"},
            "billingAddress": {"phone": None},
            "risk": {"recommendation": recommendation, "assessments": [{"riskLevel": risk_level}]},
            "lineItems": {"nodes": [
                {"id": gid("LineItem", number * 10 + n), "sku": sku, "quantity": quantity, "name": f"Item {sku}",
                 "variant": {"id": gid("ProductVariant", variant), "legacyResourceId": str(variant)} if variant else None}
                for n, (sku, variant, quantity) in enumerate(lines)]},
            **fields,
        }
        order["_fulfillment_orders"] = [{"id": gid("FulfillmentOrder", number), "status": "OPEN", "fulfillments": []}]
        with self._lock:
            self.orders.setdefault(shop, {})[str(number)] = order
        return order

    def answer(self, shop, headers, raw):
        time.sleep(self.delay)
        token = headers.get("X-Shopify-Access-Token")
        if token not in self.platform.tokens or token in self.revoked:
            return 401, {"errors": "[API] Invalid API key or access token (unrecognized login or wrong password)"}
        with self._lock:
            failure = self.fail_next.pop(0) if self.fail_next else None
        try:
            body = json.loads(raw)
            operation = OPERATION.match(body["query"])[2]
        except (ValueError, KeyError, TypeError):
            return 400, {"errors": "Bad Request"}
        self.calls.append(operation)
        if failure:
            status, extra = failure
            return status, {"errors": "Exceeded 2 calls per second" if status == 429 else "Internal error"}, "application/json", list(extra.items())
        handler = getattr(self, f"_{operation}", None)
        if handler is None:
            return 200, {"errors": [{"message": f"Unknown operation {operation}"}]}
        with self._lock:
            return 200, {"data": handler(shop, body.get("variables") or {})}

    @staticmethod
    def _public(order):
        return {key: value for key, value in order.items() if not key.startswith("_")}

    def _number(self, value):
        return str(value).rsplit("/", 1)[-1]

    def _OpenOrders(self, shop, variables):
        open_orders = [order for order in self.orders.get(shop, {}).values()
                       if order["displayFulfillmentStatus"] == "UNFULFILLED"]
        start = int(variables.get("after") or 0)
        page = open_orders[start:start + variables["first"]]
        more = start + len(page) < len(open_orders)
        return {"orders": {"nodes": [self._public(order) for order in page],
                           "pageInfo": {"hasNextPage": more, "endCursor": str(start + len(page)) if more else None}}}

    def _Order(self, shop, variables):
        order = self.orders.get(shop, {}).get(self._number(variables["id"]))
        return {"order": self._public(order) if order else None}

    def _FulfillmentOrders(self, shop, variables):
        order = self.orders.get(shop, {}).get(self._number(variables["id"]))
        return {"order": {"fulfillmentOrders": {"nodes": [
            {"id": node["id"], "status": node["status"], "fulfillments": {"nodes": node["fulfillments"]}}
            for node in order["_fulfillment_orders"]]}} if order else None}

    def _FulfillmentCreate(self, shop, variables):
        wanted = {item["fulfillmentOrderId"] for item in variables["fulfillment"]["lineItemsByFulfillmentOrder"]}
        tracking = variables["fulfillment"]["trackingInfo"]
        for number, order in self.orders.get(shop, {}).items():
            nodes = [node for node in order["_fulfillment_orders"] if node["id"] in wanted]
            if not nodes:
                continue
            if any(node["status"] == "CLOSED" for node in nodes):
                return {"fulfillmentCreate": {"fulfillment": None, "userErrors": [
                    {"field": ["fulfillment"], "message": "Fulfillment order is already closed."}]}}
            fulfillment = {"id": gid("Fulfillment", next(self._numbers)), "trackingInfo": [{"number": tracking["number"]}]}
            for node in nodes:
                node["status"] = "CLOSED"
                node["fulfillments"].append(fulfillment)
            order["displayFulfillmentStatus"] = "FULFILLED"
            self.fulfillments.append((shop, number, tracking["number"], fulfillment["id"]))
            return {"fulfillmentCreate": {"fulfillment": {"id": fulfillment["id"], "status": "SUCCESS"}, "userErrors": []}}
        return {"fulfillmentCreate": {"fulfillment": None, "userErrors": [
            {"field": ["fulfillment"], "message": "Fulfillment order does not exist."}]}}

    def _WebhookSubscriptionCreate(self, shop, variables):
        self.subscriptions.append((shop, variables["topic"], variables["webhookSubscription"]["callbackUrl"]))
        return {"webhookSubscriptionCreate": {
            "webhookSubscription": {"id": gid("WebhookSubscription", next(self._numbers))}, "userErrors": []}}


def link_shop(app, client, shop):
    """Link ``shop`` to ``client`` as a finished install leaves it: a token the platform issued, stored encrypted."""
    from api.extensions import db
    from api.shop.models import ShopConnection
    from api.shop.secrets_store import encrypt_token

    platform = connect(app)
    token = platform.admin.issue_token()
    db.session.add(ShopConnection(client_id=client.id, shop_domain=shop, access_token_encrypted=encrypt_token(app.config, token),
                                  scopes=SCOPES, installed_by="test"))
    client.shopify_shop_name = shop
    db.session.commit()
    return token


def webhook_headers(shop, body, webhook_id=None, triggered_at=None, secret=API_SECRET):
    """The headers the shop platform sends an orders/create delivery with: the base64 HMAC-SHA256 of the raw body."""
    return {
        "Content-Type": "application/json",
        "X-Shopify-Topic": "orders/create",
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-Webhook-Id": webhook_id or secrets.token_hex(16),
        "X-Shopify-Triggered-At": triggered_at or time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
        "X-Shopify-Hmac-Sha256": base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode(),
    }


_shared = None
_shared_lock = threading.Lock()


def connect(app):
    """The test session's shop platform (started once), with the portal app configured to use it."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = ShopPlatform()
    app.config.update(_shared.settings)
    return _shared


@contextmanager
def shop_processes(app, live_env, process_logs, tmp_path_factory, name, **settings):
    """An API and a worker that reach the local shop platform, on a broker queue of their own: (platform,
    the API's base URL). The session's worker, which the browser tests start and which knows no shop
    platform, would otherwise take some of the tasks and call the real shop's address."""
    platform = connect(app)
    env = {**live_env, **platform.settings, **settings,
           "BROKER_KEY_PREFIX": live_env.get("BROKER_KEY_PREFIX", "") + f"{name}-",
           "CELERY_BROKER_FOLDER": str(tmp_path_factory.mktemp(f"{name}-broker"))}
    worker = start_worker(env, process_logs, name=f"{name}-worker")
    try:
        api, base_url = start_api(env, process_logs, name=f"{name}-api")
        try:
            yield platform, base_url
        finally:
            api.stop()
    finally:
        worker.stop()


def authorize_state(http, shop):
    """The state the portal puts on its redirect to the platform when the install starts."""
    response = http.get(f"/shopify/authorize?shop={shop}")
    assert response.status_code == 302, response.get_data(as_text=True)
    return dict(parse_qsl(urlsplit(response.headers["Location"]).query))["state"]


def callback_query(app, shop):
    """A fresh, valid callback for the shop, as (query string, cookies of the browser that started
    the install): the install started at the portal and approved at the platform."""
    platform = connect(app)
    browser = app.test_client()
    state = authorize_state(browser, shop)
    cookie = browser.get_cookie(NONCE_COOKIE, path=NONCE_COOKIE_PATH)
    return urlencode(platform.callback_params(shop, state)), {cookie.key: cookie.value}
