"""Input the database cannot hold is refused as invalid input instead of failing in the driver (a 500).

Ids are 32-bit integer columns; text may hold neither NUL (PostgreSQL refuses it) nor an unpaired
UTF-16 surrogate (no encoding can write one). JSON nested deeper than any request of ours needs is
refused too, before recursive code (parsers, redaction) meets it, and so is an integer longer than
Python converts (``sys.get_int_max_str_digits``), which the argument parser would fail on.
"""
import json
import re
from itertools import chain

import orjson

from flask import g, request
from werkzeug.exceptions import RequestEntityTooLarge
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


_CONTAINERS = frozenset((dict, list))


class TooDeeplyNested(ValueError):
    pass


class TooManyDigits(ValueError):
    pass


def _shape(value):
    """The types found at each level of ``value`` (the values of its containers, then theirs...),
    up to the first level holding no container; a scalar has no level, ``[]`` one empty level.

    Walked level by level: the types of a whole level's values are gathered in one pass, and only
    the containers among them are looked at again. An upload of 100,000 flat rows costs one pass
    over its cells, without a Python step per row. Counted up to MAX_JSON_DEPTH + 1 levels."""
    level, levels = ([value] if type(value) in _CONTAINERS else []), []
    while level and len(levels) <= MAX_JSON_DEPTH:
        kinds = set(map(type, level))
        dicts = level if kinds == {dict} else [node for node in level if type(node) is dict]
        lists = [] if kinds == {dict} else [node for node in level if type(node) is list]
        types = set(map(type, chain(chain.from_iterable(map(dict.values, dicts)), chain.from_iterable(lists))))
        levels.append(types)
        if _CONTAINERS.isdisjoint(types):
            break
        level = [item for node in level for item in (node.values() if type(node) is dict else node)
                 if type(item) in _CONTAINERS]
    return levels


def load_json(raw):
    """Parsed JSON, or TooDeeplyNested (a ValueError) when it nests beyond MAX_JSON_DEPTH."""
    return read_json(raw)[0]


def read_json(raw):
    """Parsed JSON and its shape (see _shape), or TooDeeplyNested (a ValueError) when it nests
    beyond MAX_JSON_DEPTH, TooManyDigits (a ValueError) when an integer is too long to convert.

    Read by orjson, which takes a large upload in less time than the standard library, with the
    standard library's result: text orjson refuses (NaN, unpaired surrogates, integers beyond 64
    bits, deep nesting) and text holding floats (orjson reads an integer beyond 64 bits as one) are
    read again by the standard library. Malformed JSON raises ValueError either way."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        pass
    else:
        levels = _shape(value)
        if type(value) is not float and not any(float in types for types in levels):
            if len(levels) > MAX_JSON_DEPTH:
                raise TooDeeplyNested
            return value, levels
    try:
        value = json.loads(raw)
    except RecursionError:
        raise TooDeeplyNested from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise
    except ValueError:
        # The one other refusal of the standard library: an integer beyond sys.get_int_max_str_digits.
        raise TooManyDigits from None
    levels = _shape(value)
    if len(levels) > MAX_JSON_DEPTH:
        raise TooDeeplyNested
    return value, levels


def json_body():
    """The request's JSON body (None when absent or malformed), parsed once per request: the
    storable-text check below parses it first, and a view reading a large upload reuses that."""
    if "json_body" not in g:
        g.json_body = request.get_json(silent=True)
    return g.json_body


def text_rows(rows):
    """Whether ``rows`` are objects whose every value is text: a CSV file's rows, read from the file
    (``all_text`` set) or as the browser sends them in JSON (the request's body, known from reading
    it). Either way an upload need not look at every cell's type again."""
    if getattr(rows, "all_text", False):
        return True
    return rows is g.get("json_body") and g.get("json_body_levels") == [{dict}, {str}]


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


def request_body():
    """The request's body (read once, then cached). Werkzeug cuts a body sent without a length
    (chunked) at the request's limit without a word, and the view would refuse what is left as
    malformed once the whole body had arrived; a body going past the limit is 413 as soon as the
    limit is reached, as one declaring a length beyond it is before being read."""
    body = request.get_data(cache=True)
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(body) >= limit and request.input_stream.read(1):
        raise RequestEntityTooLarge()
    return body


def refuse_unstorable_text():
    """NUL or an unpaired surrogate in the path, the query or a JSON body answers 400."""
    if not request.path.startswith("/api/"):
        return
    texts = [request.path, *request.args.keys(), *request.args.values()]
    raw = request_body() if request.is_json else b""
    if raw:
        try:
            body, g.json_body_levels = read_json(raw)
            g.json_body = body
            if _UNSTORABLE_ESCAPE.search(raw):
                texts.extend(_strings(body))
        except TooDeeplyNested:
            raise InvalidInput(f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels.", code="invalid_json") from None
        except TooManyDigits:
            raise InvalidInput("A number in the body has too many digits.", code="invalid_json") from None
        except ValueError:
            pass  # malformed JSON is answered by the argument parser
    if not all(storable(text) for text in texts):
        raise InvalidInput("The request holds characters that cannot be stored (NUL or unpaired surrogates).", code="invalid_text")
