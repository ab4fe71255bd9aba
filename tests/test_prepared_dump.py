"""A prepared dumper answers what its schema's dump answers, for every kind of field and value."""
import json
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from marshmallow import Schema, fields, post_dump

from api.common.prepared_dump import json_answer, prepared_dumper


class Part(Schema):
    id = fields.Integer()
    code = fields.String(data_key="sku")
    price = fields.Decimal(as_string=True, allow_none=True)
    parts = fields.List(fields.Nested(lambda: Part()))


class Row(Schema):
    id = fields.Integer()
    name = fields.String(allow_none=True)
    active = fields.Boolean()
    score = fields.Float(allow_none=True)
    day = fields.Date()
    at = fields.DateTime()
    tags = fields.List(fields.String(), allow_none=True)
    extra = fields.Dict(allow_none=True)
    kind = fields.String(dump_default="plain")
    label = fields.String(attribute="title")
    part = fields.Nested(Part, allow_none=True)
    parts = fields.Nested(Part, many=True)


ROWS = [
    {"id": 1, "name": "Zoë", "active": True, "score": 1.5, "day": date(2026, 3, 1),
     "at": datetime(2026, 3, 1, 12, 30, tzinfo=UTC), "tags": ["a", None, 7], "extra": {"x": [1]}, "kind": "big",
     "title": "T", "part": {"id": 2, "code": "C", "price": Decimal("12.50"), "parts": [{"id": 3, "price": None}]},
     "parts": [], "not_in_schema": "left out"},
    {"id": "4", "name": None, "active": 0, "score": Decimal("2.25"), "day": date(2026, 1, 2),
     "at": datetime(2026, 1, 2), "tags": None, "extra": None, "part": None, "parts": [{"id": 5, "code": 6}]},
    {"id": True, "name": 12, "active": "yes", "score": 3},  # values of other types than the field dumps to
    {},
]


@pytest.mark.parametrize("row", ROWS)
def test_a_prepared_dump_answers_the_schemas_dump(app, row):
    """The same JSON text: dates and times are left for orjson to write, in the fields' ISO form."""
    with app.test_request_context():
        answer = json_answer(prepared_dumper(Row())(row))

    assert answer.get_data(as_text=True) == json.dumps(Row().dump(row), ensure_ascii=False, separators=(",", ":"))


def test_dates_in_another_format_than_iso_are_written_by_their_field():
    class Stamped(Schema):
        day = fields.Date(format="%d/%m/%Y")
        at = fields.DateTime(format="timestamp")

    row = {"day": date(2026, 3, 1), "at": datetime(2026, 3, 1, tzinfo=UTC)}
    assert prepared_dumper(Stamped())(row) == Stamped().dump(row) == {"day": "01/03/2026", "at": 1772323200.0}


def test_the_prepared_dump_keeps_the_schemas_key_order():
    assert list(prepared_dumper(Row())(ROWS[0])) == list(Row().dump(ROWS[0]))


def test_a_schema_with_dump_hooks_or_computed_fields_is_dumped_by_marshmallow():
    class Hooked(Schema):
        id = fields.Integer()

        @post_dump
        def doubled(self, data, **kwargs):
            return {"id": data["id"] * 2}

    class Computed(Schema):
        id = fields.Integer()
        twice = fields.Function(lambda row: row["id"] * 2)

    assert prepared_dumper(Hooked())({"id": 2}) == {"id": 4}
    assert prepared_dumper(Computed())({"id": 2}) == {"id": 2, "twice": 4}


def test_the_json_answer_writes_what_the_apps_provider_writes(app):
    body = {"name": "Zoë", "amount": Decimal("1.10"), "list": [1, None, True]}
    with app.test_request_context():
        answer = json_answer(body, status=201)

    assert (answer.status_code, answer.mimetype) == (201, "application/json")
    assert json.loads(answer.get_data()) == json.loads(app.json.dumps(body))
