"""The shop platform's OAuth install protocol (Shopify's documented rules): shop host names, the
signed state, the callback HMAC and timestamp, the authorize URL and the exchange of the code.

Nothing here reads the request; callers pass the configuration and the query they received.
"""
import hashlib
import hmac
import json
import re
import secrets
import time
import urllib.error
import urllib.request
from urllib.parse import urlencode

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from api.common.errors import ApiError, InvalidInput

SHOP_HOST = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com")
STATE_SALT = "shopify-oauth-state"
EXCHANGE_TIMEOUT_SECONDS = 10


class ShopRefusedCode(ApiError):
    status = 400
    code = "shop_authorization_failed"


class ShopPlatformUnavailable(ApiError):
    status = 502
    code = "shop_platform_unavailable"


class ShopNotConfigured(ApiError):
    """Without the app's credentials this portal offers no shop app: there is nothing to install."""

    status = 404
    code = "shop_not_configured"


def shop_host(value):
    """The shop's host name, lower-cased, or InvalidInput when it is not a *.myshopify.com host.

    fullmatch (not ``$``) so that a trailing newline cannot slip through; lower-casing makes one
    shop one name, so the same shop cannot be linked twice under different spellings.
    """
    if not isinstance(value, str) or not value.isascii() or not SHOP_HOST.fullmatch(value):
        raise InvalidInput("The shop must be a shop host name such as example.myshopify.com.", code="invalid_shop")
    return value.lower()


def is_configured(config):
    """Whether this portal has the shop app's credentials, without which nothing can be installed."""
    return bool(config["SHOPIFY_API_KEY"] and config["SHOPIFY_API_SECRET"])


def require_configured(config):
    if not is_configured(config):
        raise ShopNotConfigured("The shop connection is not configured on this portal.")


def shop_base_url(config, shop):
    return config["SHOPIFY_SHOP_URL_TEMPLATE"].format(shop=shop).rstrip("/")


def _escape(text, is_key):
    text = text.replace("%", "%25").replace("&", "%26")
    return text.replace("=", "%3D") if is_key else text


def query_signature(pairs, secret):
    """HMAC-SHA256 (hex) of the query as Shopify signs it: without hmac and signature, sorted."""
    message = "&".join(sorted(
        f"{_escape(key, True)}={_escape(value, False)}" for key, value in pairs if key not in ("hmac", "signature")
    ))
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).hexdigest()


def verify_query(pairs, secret, max_age, now=None):
    """Check the hmac and the timestamp of a query the shop platform signed; raise when either fails."""
    if len({key for key, _ in pairs}) != len(pairs):
        raise InvalidInput("The request repeats a parameter.", code="invalid_hmac")
    given = dict(pairs).get("hmac", "")
    if not hmac.compare_digest(query_signature(pairs, secret).encode(), str(given).encode()):
        raise InvalidInput("The request is not signed by the shop platform.", code="invalid_hmac")
    timestamp = str(dict(pairs).get("timestamp", ""))
    if not (timestamp.isascii() and timestamp.isdigit()):
        raise InvalidInput("The request carries no valid timestamp.", code="stale_request")
    if abs((now or time.time()) - int(timestamp)) > max_age:
        raise InvalidInput("The request is too old; start the install again.", code="stale_request")


def _state_serializer(state_key):
    return URLSafeTimedSerializer(state_key, salt=STATE_SALT)


def issue_state(state_key, shop):
    """A signed state bound to the shop, expiring after SHOPIFY_STATE_MAX_AGE, and the nonce inside
    it, which the browser that starts the install keeps (in a cookie) to prove it is the same one."""
    nonce = secrets.token_urlsafe(16)
    return _state_serializer(state_key).dumps({"shop": shop, "nonce": nonce}), nonce


def check_state(state_key, state, shop, max_age, browser_nonce):
    try:
        payload = _state_serializer(state_key).loads(state, max_age=max_age)
    except SignatureExpired:
        raise InvalidInput("The install has expired; start it again.", code="invalid_state") from None
    except BadSignature:
        raise InvalidInput("The install state is not valid.", code="invalid_state") from None
    if not isinstance(payload, dict) or payload.get("shop") != shop:
        raise InvalidInput("The install state belongs to another shop.", code="invalid_state")
    # Without this, anyone could start an install, approve it for their own shop and have a signed-in
    # user of another client open the callback link, linking that client to their shop.
    if not browser_nonce or not hmac.compare_digest(str(payload.get("nonce", "")).encode(), browser_nonce.encode()):
        raise InvalidInput("This install was started in another browser; start it again from the shop.", code="invalid_state")


def authorize_url(config, shop, state, redirect_uri):
    query = urlencode({
        "client_id": config["SHOPIFY_API_KEY"],
        "scope": config["SHOPIFY_SCOPES"],
        "redirect_uri": redirect_uri,
        "state": state,
    })
    return f"{shop_base_url(config, shop)}/admin/oauth/authorize?{query}"


def exchange_code(config, shop, code):
    """Trade the one-time code for the shop's access token: returns (token, granted scopes)."""
    request = urllib.request.Request(
        shop_base_url(config, shop) + "/admin/oauth/access_token",
        data=json.dumps({
            "client_id": config["SHOPIFY_API_KEY"],
            "client_secret": config["SHOPIFY_API_SECRET"],
            "code": code,
        }).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=EXCHANGE_TIMEOUT_SECONDS) as response:
            answer = json.loads(response.read(1024 * 1024))
    except urllib.error.HTTPError as error:
        if 400 <= error.code < 500:
            raise ShopRefusedCode("The shop platform refused the install; start it again from the shop.") from None
        raise ShopPlatformUnavailable("The shop platform could not complete the install; try again later.") from None
    except (urllib.error.URLError, OSError, ValueError):
        raise ShopPlatformUnavailable("The shop platform could not complete the install; try again later.") from None
    token = answer.get("access_token") if isinstance(answer, dict) else None
    if not isinstance(token, str) or not token:
        raise ShopPlatformUnavailable("The shop platform gave no access token; try again later.")
    scope = answer.get("scope")
    return token, scope if isinstance(scope, str) else None
