"""Writing many rows at once in the session's transaction: on PostgreSQL with COPY (the rows as text,
no statement per row), on the embedded SQLite with one executemany INSERT.

COPY does not run SQLAlchemy's Python-side column defaults, so ``insert_rows`` fills them in, and it
writes JSON columns as JSON text."""
import orjson
from sqlalchemy import JSON, insert, text

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
    defaults = {column.name: column.default for column in table.columns
                if column.name not in names and column.default is not None and not column.primary_key}
    json_names = {column.name for column in table.columns if isinstance(column.type, JSON)}
    fixed = [copy_cell(default.arg(None) if default.is_callable else default.arg) for default in defaults.values()]
    lines = []
    for row in rows:
        cells = [copy_cell(orjson.dumps(row[name]).decode() if name in json_names and row[name] is not None
                           else row[name]) for name in names]
        lines.append("\t".join(cells + fixed))
    with session_cursor() as cursor, cursor.copy(
            f"COPY {table.name} ({', '.join(names + list(defaults))}) FROM STDIN") as copy:
        copy.write(("\n".join(lines) + "\n").encode())


def inserted_ids(table, rows):
    """Insert ``rows`` into ``table``; their new ids, in the order of ``rows``."""
    if not rows:
        return []
    if on_postgresql():
        ids = next_ids(table, len(rows))
        insert_rows(table, [{"id": row_id, **row} for row, row_id in zip(rows, ids)])
        return ids
    return list(db.session.scalars(insert(table).returning(table.c.id, sort_by_parameter_order=True), rows))
