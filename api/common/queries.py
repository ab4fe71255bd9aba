"""Conditions of queries that work alike on PostgreSQL and the embedded SQLite."""
from sqlalchemy import any_, bindparam
from sqlalchemy.dialects.postgresql import ARRAY

from api.extensions import on_postgresql


def among(column, values):
    """``column IN values``: one array parameter on PostgreSQL (``= ANY``), so the statement's text
    stays the same however many values there are (an IN list of a bulk chunk's thousands of UPCs is
    SQL text built and parsed again on every call); a parameter list elsewhere."""
    values = list(values)
    if on_postgresql():
        return column == any_(bindparam(None, values, type_=ARRAY(column.type)))
    return column.in_(values)
