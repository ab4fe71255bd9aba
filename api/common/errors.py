"""Domain exceptions and the one place that turns any failure into the portal's error shape.

Every error answer is ``{"error": code, "description": text}``, plus ``errors`` (a list of
``{"line", "error"}``) for row errors of an upload. Services raise these exceptions; views never
catch them.
"""
import logging

from flask import jsonify
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class RowError(Schema):
    line = fields.Integer()
    error = fields.String()


class Error(Schema):
    """The one shape of every error answer (documented for every operation)."""

    error = fields.String(required=True, metadata={"description": "Machine-readable code"})
    description = fields.String(required=True, metadata={"description": "Text to show a person"})
    errors = fields.List(fields.Nested(RowError), metadata={"description": "Row errors of an upload"})


class ApiError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, description, code=None, errors=None):
        super().__init__(description)
        self.description = description
        if code:
            self.code = code
        self.errors = errors


class InvalidInput(ApiError):
    status = 400
    code = "invalid_input"


class Unauthorized(ApiError):
    status = 401
    code = "unauthorized"


class Forbidden(ApiError):
    status = 403
    code = "forbidden"


class NotFound(ApiError):
    status = 404
    code = "not_found"


class Conflict(ApiError):
    status = 409
    code = "conflict"


class TooManyRequests(ApiError):
    status = 429
    code = "too_many_requests"


def error_response(status, code, description, errors=None, headers=None):
    body = {"error": code, "description": description}
    if errors is not None:
        body["errors"] = errors
    response = jsonify(body)
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


UNKNOWN_FIELD = "Unknown field."  # marshmallow's message for a field the schema does not know
REQUEST_LOCATIONS = ("json", "query", "headers", "view_args", "form", "files", "cookies")
# Words a label writes as people do, not as the field name spells them.
LABEL_WORDS = {"upc": "UPC", "sku": "SKU", "id": "ID", "ids": "IDs", "asn": "ASN", "rma": "RMA", "url": "URL",
               "edi": "EDI", "po": "PO", "crontab": "Cron expression", "string": ""}


def field_label(name):
    """How a form names a field: ``email_addresses_string`` is 'Email addresses', ``upc`` is 'UPC'."""
    words = [LABEL_WORDS.get(word, word) for word in str(name).split("_")]
    text = " ".join(word for word in words if word)
    return text[:1].upper() + text[1:] if text else str(name)


def _describe_validation(messages):
    """Flatten webargs/marshmallow messages ({location: {field: [text]}}) into one sentence, each field
    named by its label (a list entry by its position, counted from 1)."""
    parts = []

    def walk(prefix, value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "_schema" or (prefix is None and key in REQUEST_LOCATIONS):
                    walk(prefix or "", inner)
                elif isinstance(key, int):
                    walk(f"{prefix} {key + 1}", inner)
                elif inner == [UNKNOWN_FIELD]:
                    walk(f"{prefix}, {key}" if prefix else str(key), inner)  # sent by the caller, in its own words
                else:
                    label = field_label(key)
                    walk(f"{prefix}, {label if key in LABEL_WORDS else label.lower()}" if prefix else label, inner)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            text = " ".join(value)
            # A message that already names its field ("Password must be …") needs no label before it.
            parts.append(f"{prefix}: {text}" if prefix and not text.lower().startswith(prefix.lower()) else text)
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                walk(f"{prefix} {index + 1}", inner)
        else:
            parts.append(f"{prefix}: {value}")

    walk(None, messages)
    return "; ".join(parts) or "The request is not valid."


OUTAGE_RETRY_AFTER_SECONDS = 5


def register_error_handlers(app, is_passing_outage=lambda error: False):
    """``is_passing_outage(error)`` tells an error that says a service the API needs could not be
    reached just now (the database restarting): 503 with Retry-After, not a 500."""

    @app.errorhandler(ApiError)
    def handle_api_error(error):
        return error_response(error.status, error.code, error.description, error.errors)

    @app.errorhandler(HTTPException)
    def handle_http_exception(error):
        if error.code == 500:  # Flask's wrapper of an unexpected error: the same answer as any other
            return handle_unexpected(getattr(error, "original_exception", None) or error)
        if error.code == 422:
            messages = (getattr(error, "data", None) or {}).get("messages", {})
            return error_response(422, "validation_error", _describe_validation(messages))
        headers = {}
        if error.code == 405 and getattr(error, "valid_methods", None):
            headers["Allow"] = ", ".join(error.valid_methods)
        descriptions = {
            400: "The request body is not valid JSON.",
            413: "The request body is too large.",
        }
        description = descriptions.get(error.code) or error.description or error.name
        code = error.name.lower().replace(" ", "_")
        return error_response(error.code, code, description, headers=headers)

    @app.errorhandler(Exception)
    def handle_unexpected(error):
        if is_passing_outage(error):
            log.warning("answered 503, a service could not be reached: %s", error.__class__.__name__)
            return error_response(
                503, "service_unavailable", "The service is briefly unavailable; please try again in a few seconds.",
                headers={"Retry-After": str(OUTAGE_RETRY_AFTER_SECONDS)},
            )
        log.exception("unhandled error")
        return error_response(500, "internal_error", "An internal error occurred.")
