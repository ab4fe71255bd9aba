"""What a schema has loaded, kept as JSON between two steps of the portal's own (an upload's check in
the API and its job in a worker) and read back typed without being checked again.

JSON has no dates or decimals: they are written as text (``json_default`` for decimals; orjson writes
dates and times in ISO form), and ``revived`` turns the text of each Date, DateTime and Decimal field
back into its value, walking the schema's own fields. Data that came from anywhere else is loaded by
its schema."""
from datetime import date, datetime
from decimal import Decimal

from marshmallow import fields


def json_default(value):
    """orjson's ``default``: a decimal as its exact text."""
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def revived(schema, data):
    """``data`` (``schema``'s loaded data, as JSON gave it back) with its dates and decimals typed again."""
    typed = dict(data)
    for name, field in schema.load_fields.items():
        key = field.attribute or name
        if typed.get(key) is not None:
            typed[key] = _revived_value(field, typed[key])
    return typed


def _revived_value(field, value):
    if isinstance(field, fields.Nested):
        return [revived(field.schema, each) for each in value] if field.many else revived(field.schema, value)
    if isinstance(field, fields.List):
        return [None if each is None else _revived_value(field.inner, each) for each in value]
    if isinstance(field, fields.Date):
        return date.fromisoformat(value)
    if isinstance(field, fields.DateTime):
        return datetime.fromisoformat(value)
    if isinstance(field, fields.Decimal):
        return Decimal(value)
    return value
