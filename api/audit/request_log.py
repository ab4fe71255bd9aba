"""The request log hook: every API call is filed under the object it touched, secrets removed."""
import json
import logging
import re
import uuid
from datetime import date, datetime
from functools import lru_cache

from flask import current_app, g, request

from api.audit.models import RequestLog
from api.common.auth import serves_api_document
from api.common.auth import access_of
from api.common.stored_input import TooDeeplyNested, load_json, make_storable
from api.common.upload_stream import streamed_size, streams_body
from api.extensions import db

SECRET_KEYS = re.compile(r"pass(word)?|secret|token|authorization|api[_-]?key|content|file|logo|hmac|^code$|^state$", re.I)
REDACTED = "[redacted]"
TRUNCATED = "…[truncated]"
REQUEST_ID_HEADER = "X-Request-Id"
OBJECT_ID_LENGTH = RequestLog.object_id.type.length

log = logging.getLogger(__name__)


def redact(value):
    """A copy of a JSON value with every secret-looking member replaced."""
    if isinstance(value, dict):
        return {k: REDACTED if _secret_key(k) else redact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v) for v in value]
    return value


@lru_cache(maxsize=4096)
def _secret_key(key):
    # A page of a list repeats the same few keys thousands of times: each is looked at once.
    return SECRET_KEYS.search(str(key)) is not None


class _PastLimit(Exception):
    pass


def _redacted_json(value, limit):
    """The compact JSON text of ``redact(value)``, or a beginning of it longer than ``limit`` characters:
    the members of a long list past that point are never redacted nor written (a page of a hundred
    requests took 3 ms to redact whole, for the ten thousand characters kept of it)."""
    pieces, written = [], 0

    def write(text):
        nonlocal written
        pieces.append(text)
        written += len(text)
        if written > limit:
            raise _PastLimit

    def walk(value):
        if isinstance(value, list):
            write("[")
            for n, member in enumerate(value):
                if n:
                    write(",")
                walk(member)
            write("]")
        elif isinstance(value, dict) and any(isinstance(member, list) for member in value.values()):
            write("{")
            for n, (key, member) in enumerate(value.items()):
                write(("," if n else "") + json.dumps(key) + ":")
                if _secret_key(key):
                    write(json.dumps(REDACTED))
                else:
                    walk(member)
            write("}")
        else:
            write(json.dumps(redact(value), separators=(",", ":"), default=_answer_value))

    try:
        walk(value)
    except _PastLimit:
        pass
    return "".join(pieces)


def _answer_value(value):
    """A value of an answer kept as written (json_answer's ``answer_body``) that JSON has no type for, as
    the answer wrote it."""
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return current_app.json.default(value)


def _response_body(response, limit):
    if response.direct_passthrough:
        return None
    if hasattr(response, "answer_body"):  # the answer as written, not parsed again from its text
        return _kept(_redacted_json(response.answer_body, limit), limit)
    return _body_for_log(response.get_data(), response.content_type, limit)


def _kept(text, limit):
    """``text`` as the log keeps it: its first ``limit`` characters, marked when cut."""
    return text if len(text) <= limit else text[:limit] + TRUNCATED


def _body_for_log(raw, content_type, limit):
    if not raw:
        return None
    if "json" not in (content_type or ""):
        return f"[{len(raw)} bytes of {content_type or 'unknown type'} not stored]"
    try:
        text = _redacted_json(load_json(raw), limit)
    except TooDeeplyNested:
        return f"[{len(raw)} bytes of too deeply nested JSON not stored]"
    except ValueError:
        return f"[{len(raw)} bytes of malformed JSON not stored]"
    return _kept(text, limit)


def _request_body(limit):
    # Bodies beyond the usual limit are uploads the view accepted (or refused): parsing megabytes
    # again only to keep the first few thousand characters is not worth it.
    largest = current_app.config["MAX_CONTENT_LENGTH"]
    size = request.content_length
    if streams_body():  # read as it arrived, never held
        size = size if size is not None else streamed_size()
        return f"[{'' if size is None else f'{size} bytes of '}{request.content_type} not stored]"
    if size is None or size <= largest:  # a body sent without its length (chunked) tells it once read
        raw = request.get_data(cache=True)
        size = len(raw)
        if size <= largest:
            return _body_for_log(raw, request.content_type, limit)
    return f"[{size} bytes, too large, not stored]"


def _uri():
    query = [
        f"{name}={REDACTED if SECRET_KEYS.search(name) else value}"
        for name, value in request.args.items(multi=True)
    ]
    return make_storable(request.path + ("?" + "&".join(query) if query else ""))[:2000]


def _object_id(access, response):
    """The object the call is filed under: named in the path, or in the answer (a created object), or
    in the request body (a call about an object that answers a file). An id longer than any real one
    (a path can hold anything) is cut to what the column holds."""
    object_type, name = access.log_object
    if request.view_args and name in request.view_args:
        return object_type, make_storable(str(request.view_args[name]))[:OBJECT_ID_LENGTH]
    if response.is_json:
        body = None
        if response.status_code < 300:
            body = response.answer_body if hasattr(response, "answer_body") else response.get_json(silent=True)
    else:  # an answer that is a file: its object is named in the request (Flask kept it parsed)
        body = request.get_json(silent=True) if request.is_json else None
    if isinstance(body, dict) and body.get(name) is not None:
        return object_type, make_storable(str(body[name]))[:OBJECT_ID_LENGTH]
    return object_type, None


def start_request():
    g.request_id = str(uuid.uuid4())


def record_request(response):
    response.headers[REQUEST_ID_HEADER] = g.get("request_id", "")
    # The OpenAPI document is not a call on the portal's data; logging it would bury the real calls.
    if not request.path.startswith("/api/") or serves_api_document():
        return response
    try:
        _write_log(response)
    except Exception:
        # The log records the call; failing to write it must not turn the call's own answer into a 500.
        log.exception("request log not written for %s %s", request.method, request.path)
        db.session.rollback()
    return response


def _write_log(response):
    access = access_of(request.endpoint) if request.endpoint else None
    object_type, object_id = _object_id(access, response) if access and access.log_object else (None, None)
    if response.status_code >= 400:
        db.session.rollback()
    identity = g.get("identity")
    client_id = g.get("client_id")
    if object_type == "client" and object_id is not None and response.status_code < 400:
        client_id = int(object_id)  # a client is its own tenant: its calls are visible to it
    limit = current_app.config["REQUEST_LOG_BODY_LIMIT"]
    version = re.match(r"/api/(v\d+)/", request.path)
    db.session.add(RequestLog(
        client_id=client_id,
        object_type=object_type,
        object_id=object_id,
        http_method=request.method,
        uri=_uri(),
        response_status=response.status_code,
        api_version=version.group(1) if version else None,
        client_ip_address=request.remote_addr,
        username=identity.username if identity else None,
        request_id=g.get("request_id", ""),
        request_body=_request_body(limit),
        response_body=_response_body(response, limit),
    ))
    db.session.commit()
