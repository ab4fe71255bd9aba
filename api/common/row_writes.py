"""Writing many rows at once in the session's transaction: on PostgreSQL with COPY (the rows as text,
no statement per row) or, where rows may clash with others, one INSERT taking each column's values
as an array; on the embedded SQLite with one executemany INSERT.

Neither runs SQLAlchemy's Python-side column defaults, so they are filled in here, and JSON columns
are written as JSON text."""
import orjson
from sqlalchemy import JSON, insert, text
from sqlalchemy.dialects import sqlite

from api.extensions import db, on_postgresql

COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def session_cursor():
    """A cursor on the session's connection: COPY joins the session's transaction."""
    return db.session.connection().connection.driver_connection.cursor()


def copy_cell(value):
    """One value in COPY's text format."""
    if value is None:
        return "\\N"
    if value is True or value is False:
        return "t" if value else "f"
    if isinstance(value, str):
        return value.translate(COPY_ESCAPES)
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def next_ids(table, count):
    """``count`` new ids of ``table`` (PostgreSQL), drawn from its sequence, ascending."""
    return list(db.session.scalars(
        text("SELECT nextval(pg_get_serial_sequence(:table, 'id')) FROM generate_series(1, :count)"),
        {"table": table.name, "count": count}))


def insert_rows(table, rows):
    """Insert ``rows`` (dicts with the same keys) into ``table``."""
    if not rows:
        return
    if not on_postgresql():
        db.session.execute(insert(table), rows)
        return
    names = list(rows[0])
    stored = _stored_value_of(table)
    defaults = _defaults(table, names, stored)
    fixed = [copy_cell(value) for value in defaults.values()]
    lines = []
    for row in rows:
        cells = [copy_cell(stored(name, row[name])) for name in names]
        lines.append("\t".join(cells + fixed))
    with session_cursor() as cursor, cursor.copy(
            f"COPY {table.name} ({', '.join(names + list(defaults))}) FROM STDIN") as copy:
        copy.write(("\n".join(lines) + "\n").encode())


def insert_new_rows(table, rows, unique, returning):
    """Insert those of ``rows`` (dicts with the same keys, without ids) whose ``unique`` columns, a
    unique constraint's, hold values no other row has: not a committed row, nor one written by a
    transaction still running (it waits for that one to end). Answers the ``returning`` columns of
    each row inserted; their ids ascend in the order of ``rows``.

    On PostgreSQL the statement takes each column's values as one array parameter, so its text and
    the server's parse of it stay the same whatever the number of rows: an INSERT of many VALUES
    took twice as long for a chunk of bulk fulfilment requests."""
    if not rows:
        return []
    if not on_postgresql():
        statement = (sqlite.insert(table).on_conflict_do_nothing(index_elements=list(unique))
                     .returning(*(table.c[name] for name in returning)))
        return db.session.execute(statement, rows).all()
    rows = [{"id": row_id, **row} for row, row_id in zip(rows, next_ids(table, len(rows)))]
    names = list(rows[0])
    stored = _stored_value_of(table)
    defaults = _defaults(table, names, stored)
    arrays = [[stored(name, row[name]) for row in rows] for name in names]
    arrays += [[value] * len(rows) for value in defaults.values()]
    columns = names + list(defaults)
    casts = ", ".join(f"%s::{table.c[name].type.compile(dialect=db.engine.dialect)}[]" for name in columns)
    with session_cursor() as cursor:
        cursor.execute(f"INSERT INTO {table.name} ({', '.join(columns)}) SELECT * FROM unnest({casts}) "
                       f"ON CONFLICT ({', '.join(unique)}) DO NOTHING RETURNING {', '.join(returning)}", arrays)
        return cursor.fetchall()


def _defaults(table, names, stored):
    """{column: value as ``stored`` writes it} of the Python-side defaults of ``table``'s columns other
    than ``names``."""
    return {column.name: stored(column.name, column.default.arg(None) if column.default.is_callable else column.default.arg)
            for column in table.columns
            if column.name not in names and column.default is not None and not column.primary_key}


def _stored_value_of(table):
    """A function of (column, value) giving the value as written: JSON columns' as JSON text."""
    json_names = {column.name for column in table.columns if isinstance(column.type, JSON)}

    def stored(name, value):
        return orjson.dumps(value).decode() if name in json_names and value is not None else value

    return stored


def inserted_ids(table, rows):
    """Insert ``rows`` into ``table``; their new ids, in the order of ``rows``."""
    if not rows:
        return []
    if on_postgresql():
        ids = next_ids(table, len(rows))
        insert_rows(table, [{"id": row_id, **row} for row, row_id in zip(rows, ids)])
        return ids
    return list(db.session.scalars(insert(table).returning(table.c.id, sort_by_parameter_order=True), rows))
