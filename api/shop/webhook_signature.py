"""The shop platform's webhook signature (Shopify's rules): the X-Shopify-Hmac-Sha256 header is the
base64 HMAC-SHA256 of the raw request body with the app's secret, compared in constant time; a
delivery triggered (X-Shopify-Triggered-At) longer ago than the allowed age is refused as stale."""
import base64
import hashlib
import hmac
from datetime import datetime, timezone

from api.common.errors import ApiError


class InvalidWebhookSignature(ApiError):
    status = 401
    code = "invalid_webhook_signature"


class StaleWebhook(ApiError):
    status = 400
    code = "stale_webhook"


def body_signature(body, secret):
    return base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode()


def verify_body(body, given, secret):
    """Raise InvalidWebhookSignature unless ``given`` is the body's signature with ``secret``."""
    if not secret or not given or not hmac.compare_digest(body_signature(body, secret).encode(), given.encode()):
        raise InvalidWebhookSignature("The webhook is not signed by the shop platform.")


def verify_fresh(triggered_at, max_age_seconds, now=None):
    """Raise StaleWebhook when the delivery was triggered more than ``max_age_seconds`` ago (or gives no time)."""
    try:
        moment = datetime.fromisoformat(str(triggered_at).replace("Z", "+00:00"))
    except ValueError:
        raise StaleWebhook("The webhook carries no valid X-Shopify-Triggered-At time.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    age = ((now or datetime.now(timezone.utc)) - moment).total_seconds()
    if age > max_age_seconds:
        raise StaleWebhook(f"The webhook was triggered {int(age)} seconds ago, longer ago than allowed.")
