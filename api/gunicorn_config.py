"""Settings of every gunicorn that serves the API: ``gunicorn --config python:api.gunicorn_config
api.wsgi:app`` (./portal up, the Dockerfile, tests.live.start_api).

A request gunicorn refuses before the app sees it (a request line over its 4094-byte limit, headers
too large, a line it cannot parse) is answered in the API's error shape, ``{"error": code,
"description": text}`` with the code and text the app gives that status, rather than gunicorn's HTML
page: a client reads every refusal the same way. gunicorn's limits stay as they are; only how its
refusals are written changes."""
import json

from gunicorn import util
from werkzeug.exceptions import default_exceptions


def _json_error(status, reason, detail):
    """The body of gunicorn's refusal: the app's code for the status; its text, or for a 400 what
    gunicorn found wrong (the app's 400 text speaks of a JSON body)."""
    known = default_exceptions[status]() if status in default_exceptions else None
    code = (known.name if known else reason).lower().replace(" ", "_")
    description = known.description if known and status != 400 else detail or reason
    return json.dumps({"error": code, "description": description}).encode()


def write_json_error(sock, status_int, reason, mesg):
    body = _json_error(status_int, reason, mesg)
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    util.write_nonblock(sock, head + body)


# The workers answer their refusals through gunicorn.util.write_error, looked up as they write one.
util.write_error = write_json_error
