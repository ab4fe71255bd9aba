"""Conditions of queries that work alike on PostgreSQL and the embedded SQLite."""
from sqlalchemy import any_, bindparam
from sqlalchemy.dialects.postgresql import ARRAY

from api.extensions import on_postgresql


def one_of(column, values):
    """``column`` is one of ``values``. On PostgreSQL the values travel as one array parameter
    (``= ANY``), so the statement's text stays the same however many there are: an IN list of a bulk
    chunk's thousands of UPCs or request ids is SQL text that SQLAlchemy renders and the driver parses
    again on every call."""
    values = list(values)
    if on_postgresql():
        return column == any_(bindparam(None, values, type_=ARRAY(column.type)))
    return column.in_(values)
