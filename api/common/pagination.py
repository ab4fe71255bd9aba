"""Opaque keyset cursors: a list answer carries its rows and ``cursor`` (null on the last page)."""
import base64
import json
from datetime import datetime

from marshmallow import Schema, fields, validate
from sqlalchemy import tuple_

from api.common.errors import InvalidInput
from api.common.stored_input import MAX_ID, storable
from api.extensions import db

DEFAULT_LIMIT = 50
MAX_LIMIT = 500


class PageArgs(Schema):
    limit = fields.Integer(load_default=DEFAULT_LIMIT, validate=validate.Range(min=1, max=MAX_LIMIT))
    cursor = fields.String(load_default=None)


def _encode(values):
    plain = [v.isoformat() if isinstance(v, datetime) else v for v in values]
    return base64.urlsafe_b64encode(json.dumps(plain, separators=(",", ":")).encode()).decode().rstrip("=")


def _decode(cursor, columns):
    try:
        raw = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if not isinstance(raw, list) or len(raw) != len(columns):
            raise ValueError
        values = []
        for column, value in zip(columns, raw):
            if isinstance(column.type, db.DateTime):
                value = datetime.fromisoformat(value)
            elif isinstance(column.type, db.Integer):
                if type(value) is not int or not -MAX_ID <= value <= MAX_ID:
                    raise ValueError
            elif not isinstance(value, str) or not storable(value):
                raise ValueError
            values.append(value)
        return values
    except (ValueError, TypeError, UnicodeDecodeError):
        raise InvalidInput("The cursor is not valid.", code="invalid_cursor") from None


def after_cursor(key_columns, cursor, descending=False):
    """The condition for rows past ``cursor`` in the order of ``key_columns`` (for queries that page
    inside subqueries)."""
    key = tuple_(*key_columns) if len(key_columns) > 1 else key_columns[0]
    values = _decode(cursor, key_columns)
    bound = tuple_(*values) if len(values) > 1 else values[0]
    return key < bound if descending else key > bound


def paginate(statement, key_columns, limit, cursor, descending=False):
    """Run ``statement`` one page at a time ordered by ``key_columns`` (unique together).

    Returns (objects, next_cursor).
    """
    return _page(db.session.scalars, statement, key_columns, limit, cursor, descending)


def paginate_rows(statement, key_columns, limit, cursor, descending=False):
    """``paginate`` for a statement of columns (``key_columns`` among them): (rows, next_cursor), result rows
    rather than objects, whose making costs a page of hundreds of them more than its query."""
    return _page(db.session.execute, statement, key_columns, limit, cursor, descending)


def _page(run, statement, key_columns, limit, cursor, descending):
    if cursor:
        statement = statement.where(after_cursor(key_columns, cursor, descending))
    order = [c.desc() if descending else c.asc() for c in key_columns]
    rows = run(statement.order_by(*order).limit(limit + 1)).all()
    if len(rows) <= limit:
        return rows, None
    rows = rows[:limit]
    last = rows[-1]
    return rows, _encode([getattr(last, c.key) for c in key_columns])
