"""Domain exceptions and the one place that turns any failure into the portal's error shape.

Every error answer is ``{"error": code, "description": text}``, plus ``errors`` (a list of
``{"line", "error"}``) for row errors of an upload, and ``field`` (with ``fields`` for a validation
error) when the error is about fields of the body: each field's path, such as ``to_address.postal_code``
or ``sets[0].items[1].quantity``, while the description names it by its label on the form. Services
raise these exceptions; views never catch them.
"""
import logging
import re

from flask import jsonify, request
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class RowError(Schema):
    line = fields.Integer()
    error = fields.String()


class FieldError(Schema):
    field = fields.String(metadata={"description": "The field's path in the body, e.g. sets[0].items[1].quantity"})
    description = fields.String(metadata={"description": "What is wrong with it, the field named by its label"})


class Error(Schema):
    """The one shape of every error answer (documented for every operation)."""

    error = fields.String(required=True, metadata={"description": "Machine-readable code"})
    description = fields.String(required=True, metadata={
        "description": "Text to show a person; a field is named by its label on the form"})
    errors = fields.List(fields.Nested(RowError), metadata={"description": "Row errors of an upload"})
    field = fields.String(metadata={
        "description": "The path in the body of the (first) field the error is about, e.g. to_address.postal_code "
                       "or sets[0].items[1].quantity, for a form to mark it"})
    field_errors = fields.List(fields.Nested(FieldError), data_key="fields", metadata={
        "description": "A validation error's every field, each with its own text"})


class ApiError(Exception):
    status = 400
    code = "bad_request"
    headers = None  # of the answer, e.g. Retry-After

    def __init__(self, description, code=None, errors=None, field=None, labels=None):
        """``field`` is the path of the field the error is about; ``{field}`` in ``description`` stands for
        its name, its label in ``labels`` (a form's labels, see ``label_of``) in the answer."""
        self.template = description
        self.field = field
        description = named(description, field, lambda path: label_of(path, labels or {}))
        super().__init__(description)
        self.description = description
        if code:
            self.code = code
        self.errors = errors

    def naming_fields(self, name_of):
        """The description with its field named by ``name_of(path)`` (e.g. an upload's column) instead."""
        return named(self.template, self.field, name_of)


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


def error_response(status, code, description, errors=None, headers=None, field=None, field_errors=None):
    body = {"error": code, "description": description}
    if errors is not None:
        body["errors"] = errors
    if field is not None:
        body["field"] = field
    if field_errors:
        body["fields"] = field_errors
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


FIELD = "{field}"
POSITION = re.compile(r"\[\d+\]")


def named(template, field, name_of):
    return template.replace(FIELD, name_of(field)) if field is not None else template


def field_path(keys):
    """``["sets", 0, "items", 1, "quantity"]`` as ``sets[0].items[1].quantity``."""
    return "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in keys).lstrip(".")


def path_keys(path):
    """``sets[0].items[1].quantity`` as ``("sets", 0, "items", 1, "quantity")``."""
    return tuple(int(key) if key.isdigit() else key for key in re.findall(r"[^.\[\]]+", path))


def label_of(path, labels):
    """A field's label: ``labels`` (a form's, keyed by path without list positions, as a schema's
    ``field_labels``) has it, or it is made from the field's name."""
    return labels.get(POSITION.sub("", path)) or field_label(path.rsplit(".", 1)[-1])


def _entry_name(labels, keys, sent):
    """A list entry by its position counted from 1: a form's name for an entry of the list (``labels``
    under the list's path and ``[]``, e.g. 'item {n} (UPC {upc})', filled from what was sent)."""
    *list_keys, index = keys
    template = labels.get(POSITION.sub("", field_path(list_keys)) + "[]")
    if template:
        values = {"n": index + 1, **(sent if isinstance(sent, dict) else {})}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template.split(" ", 1)[0] + f" {index + 1}"
    return None


def _describe_validation(messages, labels=None, sent=None):
    """Flatten webargs/marshmallow messages ({location: {field: [text]}}) into one sentence, each field
    named by its label (a list entry by its position, counted from 1), and each field's path with its
    own text: (description, [{"field", "description"}])."""
    labels = labels or {}
    parts, found = [], []

    def walk(keys, names, value, sent_here, top=False):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "_schema" or (top and key in REQUEST_LOCATIONS):
                    walk(keys, names, inner, sent if key == "json" else sent_here)
                elif isinstance(key, int):
                    entry = sent_here[key] if isinstance(sent_here, list) and 0 <= key < len(sent_here) else None
                    walk([*keys, key], entry_named(names, _entry_name(labels, [*keys, key], entry), key), inner, entry)
                else:
                    inner_sent = sent_here.get(key) if isinstance(sent_here, dict) else None
                    walk([*keys, key], field_named(names, [*keys, key], key, inner), inner, inner_sent)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            add(keys, names, " ".join(value))
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                walk([*keys, index], entry_named(names, None, index), inner, None)
        else:
            add(keys, names, str(value))

    # names: [(name, whether it names a list entry)]
    def entry_named(names, name, index):
        return [*names[:-1], (name or f"{names[-1][0] if names else ''} {index + 1}".strip(), True)]

    def field_named(names, keys, key, messages):
        label = labels.get(POSITION.sub("", field_path(keys)))
        if label:  # a form's label names the field within its section: only the list entries above it stay
            return [name for name in names if name[1]] + [(label, False)]
        return [*names, (_field_name(key, messages, first=not names), False)]

    def add(keys, names, text):
        prefix = ", ".join(name for name, _ in names)
        # A message that already names its field ("Password must be …") needs no label before it.
        described = f"{prefix}: {text}" if prefix and not text.lower().startswith(prefix.lower()) else text
        parts.append(described)
        if keys:
            found.append({"field": field_path(keys), "description": described})

    walk([], [], messages, sent, top=True)
    return "; ".join(parts) or "The request is not valid.", found


def _field_name(key, messages, first):
    if messages == [UNKNOWN_FIELD]:
        return str(key)  # sent by the caller, in its own words
    label = field_label(key)
    return label if first or key in LABEL_WORDS else label.lower()


OUTAGE_RETRY_AFTER_SECONDS = 5


def register_error_handlers(app, is_passing_outage=lambda error: False):
    """``is_passing_outage(error)`` tells an error that says a service the API needs could not be
    reached just now (the database restarting): 503 with Retry-After, not a 500."""

    @app.errorhandler(ApiError)
    def handle_api_error(error):
        return error_response(error.status, error.code, error.description, error.errors, headers=error.headers,
                              field=error.field)

    @app.errorhandler(HTTPException)
    def handle_http_exception(error):
        if error.code == 500:  # Flask's wrapper of an unexpected error: the same answer as any other
            return handle_unexpected(getattr(error, "original_exception", None) or error)
        if error.code == 422:
            data = getattr(error, "data", None) or {}
            labels = getattr(data.get("schema"), "field_labels", None)
            description, found = _describe_validation(data.get("messages", {}), labels,
                                                      request.get_json(silent=True) if labels else None)
            return error_response(422, "validation_error", description, field=found[0]["field"] if found else None,
                                  field_errors=found)
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
