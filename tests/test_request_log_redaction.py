"""The request log writes an answer's redacted JSON only as far as it keeps it: what it writes begins
as the whole redacted text does, and is the whole of it when that is short enough."""
import json

from hypothesis import given, settings, strategies as st

from api.audit.request_log import _redacted_json, redact

KEYS = st.sampled_from(["id", "name", "password", "items", "to_address", "state", "token", "note", "Zoë"])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=60,
)


@settings(max_examples=400, deadline=None)
@given(value=JSON_VALUES, limit=st.integers(min_value=0, max_value=400))
def test_the_written_text_begins_as_the_whole_redacted_text(value, limit):
    whole = json.dumps(redact(value), separators=(",", ":"))

    written = _redacted_json(value, limit)

    if len(whole) <= limit:
        assert written == whole
    else:
        assert len(written) > limit and whole.startswith(written)


def test_a_long_list_past_the_limit_is_not_redacted():
    seen = []

    class Row(dict):
        def items(self):
            seen.append(self["n"])
            return super().items()

    _redacted_json({"rows": [Row(n=n, name="x" * 50) for n in range(100)], "cursor": None}, 500)

    assert len(seen) < 15
