"""Input the database cannot hold is refused as invalid input instead of failing in the driver (a 500).

Ids are 32-bit integer columns; text may hold neither NUL (PostgreSQL refuses it) nor an unpaired
UTF-16 surrogate (no encoding can write one). JSON nested deeper than any request of ours needs is
refused too, before recursive code (parsers, redaction) meets it.
"""
import json
import re

from flask import request
from werkzeug.routing import IntegerConverter

from api.common.errors import InvalidInput

MAX_ID = 2**31 - 1
MAX_JSON_DEPTH = 32
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# In JSON text those characters can only arrive escaped (a raw NUL is not valid JSON and a raw
# surrogate is not valid UTF-8), so a body without these escapes needs no walk through its strings.
_UNSTORABLE_ESCAPE = re.compile(rb"\\u(?:0000|[dD][89abcdefABCDEF])")


def storable(text):
    return _UNSTORABLE.search(text) is None


def make_storable(text):
    """``text`` with the characters the database cannot hold replaced (for the request log)."""
    return _UNSTORABLE.sub("\ufffd", text)


class IdConverter(IntegerConverter):
    """``<int:…>`` in every route: a number beyond any id matches no route (404)."""

    def __init__(self, url_map, *args, **kwargs):
        kwargs.setdefault("max", MAX_ID)
        super().__init__(url_map, *args, **kwargs)


class TooDeeplyNested(ValueError):
    pass


def _depth(value):
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((inner, depth + 1) for inner in (node.values() if isinstance(node, dict) else node))
    return deepest


def load_json(raw):
    """Parsed JSON, or TooDeeplyNested (a ValueError) when it nests beyond MAX_JSON_DEPTH."""
    try:
        value = json.loads(raw)
    except RecursionError:
        raise TooDeeplyNested from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise TooDeeplyNested
    return value


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _strings(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _strings(inner)


def refuse_unstorable_text():
    """NUL or an unpaired surrogate in the path, the query or a JSON body answers 400."""
    if not request.path.startswith("/api/"):
        return
    texts = [request.path, *request.args.keys(), *request.args.values()]
    raw = request.get_data(cache=True) if request.is_json else b""
    if raw:
        try:
            body = load_json(raw)
            if _UNSTORABLE_ESCAPE.search(raw):
                texts.extend(_strings(body))
        except TooDeeplyNested:
            raise InvalidInput(f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels.", code="invalid_json") from None
        except ValueError:
            pass  # malformed JSON is answered by the argument parser
    if not all(storable(text) for text in texts):
        raise InvalidInput("The request holds characters that cannot be stored (NUL or unpaired surrogates).", code="invalid_text")
