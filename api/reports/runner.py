"""Running a report's SQL safely, for the API and for scheduled runs alike.

What keeps a report harmless is the database, not a reading of its SQL:
- values are bound by the driver, and only the names the query declares are accepted;
- PostgreSQL runs it in a READ ONLY transaction under a role that may only SELECT, as one statement
  behind a server-side cursor (which also streams the rows), with a statement timeout; a CSV download
  is written by PostgreSQL itself (COPY) in the same kind of transaction, once a cursor has vetted
  the query;
- SQLite runs it on a separate connection opened read-only, with an authorizer that allows reading
  only and a progress handler that stops it at the deadline.
Tenant scope is bound here too: a client report always gets ``:client_id`` = the client it runs for,
and refuses to run without one.
"""
import contextlib
import csv
import io
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from datetime import date, datetime, time as time_of_day
from decimal import Decimal
from types import SimpleNamespace

import psycopg
import sqlalchemy as sa
from flask import current_app
from sqlalchemy.exc import DBAPIError

from api.common.csv_io import FORMULA_PREFIXES
from api.common.errors import InvalidInput
from api.extensions import db, on_postgresql
from api.reports.failures import ReportFailed, ReportTimedOut
from api.reports.parameters import bound_values

log = logging.getLogger(__name__)

# Kept equal to READER_ROLE in migrations/versions/0004_reports.py.
REPORT_READER_ROLE = "portal_report_reader"
# Columns no report may read (PostgreSQL: not granted to the reader role; SQLite: read as NULL).
SECRET_COLUMNS = {"users": "password_hash", "shop_connections": "access_token_encrypted"}
FETCH_ROWS = 5000
CSV_CHUNK_ROWS = 2000
CSV_CHUNK_BYTES = 256 * 1024
NOT_RUN = "The report failed to run."
# SQLSTATE class 22, data exception: the database could not read a value the caller gave.
DATA_EXCEPTION_CLASS = "22"


@dataclass
class ReportResult:
    """Column names and a one-pass iterator of row tuples; close() (or a with block) frees the connection."""

    fields: list
    rows: object
    _close: object = field(repr=False, default=None)

    def close(self):
        if self._close is not None:
            self._close()
            self._close = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run_report(report, parameter_values, *, client_id, context, is_admin):
    """Start the report; the result's rows stream from the database (close the result when done)."""
    values = bound_values(report, parameter_values, client_id=client_id, context=context, is_admin=is_admin)
    return _execute(report, report.query, values, is_admin)


def count_rows(report, parameter_values, *, client_id, context, is_admin):
    """How many rows the report has, counted by the database (for a result too large to list)."""
    values = bound_values(report, parameter_values, client_id=client_id, context=context, is_admin=is_admin)
    # The newline keeps a trailing -- comment of the query from swallowing the closing parenthesis.
    counting = f"SELECT count(*) FROM (\n{without_trailing_semicolons(report.query)}\n) AS report_rows"
    with _execute(report, counting, values, is_admin) as result:
        return next(iter(result.rows))[0]


def without_trailing_semicolons(query):
    return query.strip().rstrip(";").rstrip()


def _execute(report, sql, values, is_admin):
    timeout = float(current_app.config["REPORT_STATEMENT_TIMEOUT_S"])
    if on_postgresql():
        return _run_postgresql(report, sql, values, timeout, is_admin)
    return _run_sqlite(report, sql, values, timeout, is_admin, _reader_engine())


def _failure(report, error, timeout, is_admin, timed_out):
    if timed_out:
        return ReportTimedOut(f"The report ran longer than its time limit ({timeout:g} s) and was stopped.")
    log.warning("report %s failed: %s", report.id, _database_message(error))
    if _sqlstate(error).startswith(DATA_EXCEPTION_CLASS):
        return InvalidInput(
            f"The database could not read a value given to this report: {_database_message(error)}",
            code="invalid_parameter",
        )
    if not is_admin:
        return ReportFailed(NOT_RUN)
    return ReportFailed(f"{NOT_RUN} {_database_message(error)}")


def _sqlstate(error):
    return getattr(getattr(error, "orig", error), "sqlstate", None) or ""


def _database_message(error):
    original = getattr(error, "orig", error)
    diag = getattr(original, "diag", None)
    primary = getattr(diag, "message_primary", None)
    return (primary or str(original).splitlines()[0]).strip()


def _guarded_rows(rows, on_error, close):
    """The rows, turning a failure while fetching into the report's error and always closing."""
    try:
        yield from rows
    except DBAPIError as error:
        raise on_error(error) from None
    finally:
        close()


def _once(function):
    done = []

    def once(*args):
        if not done:
            done.append(True)
            function(*args)

    return once


def _started(connection_close, start, on_error):
    """Run ``start`` (executing the query), closing the connection if it fails."""
    try:
        return start()
    except DBAPIError as error:
        connection_close()
        raise on_error(error) from None
    except BaseException:
        connection_close()
        raise


# PostgreSQL


def _postgresql_transaction(report, timeout, is_admin, engine=None):
    """A connection in a read-only transaction under the reader role with the statement timeout set,
    its close() and the translation of its failures into the report's errors."""
    connection = (engine or db.engine).connect()
    transaction = connection.begin()

    @_once
    def close():
        try:
            if transaction.is_active:
                transaction.rollback()
        finally:
            connection.close()

    def on_error(error):
        timed_out = getattr(getattr(error, "orig", error), "sqlstate", None) == "57014"
        return _failure(report, error, timeout, is_admin, timed_out)

    def begin():
        # SET TRANSACTION must come first; the role and the timeout end with the transaction.
        connection.exec_driver_sql("SET TRANSACTION READ ONLY")
        connection.exec_driver_sql(f"SET LOCAL ROLE {REPORT_READER_ROLE}")
        connection.exec_driver_sql(f"SET LOCAL statement_timeout = {max(1, int(timeout * 1000))}")

    _started(close, begin, on_error)
    return connection, close, on_error


def _server_side(connection, sql, values):
    """The query behind a server-side cursor: rows arrive as they are read, and DECLARE takes one
    query only (a second statement, or a data-modifying WITH, is refused)."""
    return connection.execution_options(stream_results=True, yield_per=FETCH_ROWS).execute(sa.text(sql), values)


def _run_postgresql(report, sql, values, timeout, is_admin):
    connection, close, on_error = _postgresql_transaction(report, timeout, is_admin)
    result = _started(close, lambda: _server_side(connection, sql, values), on_error)
    rows = _guarded_rows(_tuples(result), on_error, close)
    return ReportResult(fields=list(result.keys()), rows=rows, _close=close)


def _tuples(result):
    for partition in result.partitions():
        for row in partition:
            yield tuple(row)


# Types whose text cannot start like a formula: left as they are.
_PLAIN_TYPE_OIDS = frozenset({16, 20, 21, 23, 26, 700, 701, 1700})


def _neutralised_text(query, type_oids):
    """The query's rows as text, each cell a spreadsheet would run as a formula prefixed with an
    apostrophe by PostgreSQL itself (numbers and booleans cannot be formulas and stay as they are).
    Columns are renamed c1..cn, as the query's own column names may repeat."""
    columns = [f"c{n}" for n in range(1, len(type_oids) + 1)]
    starts = ", ".join(f"chr({ord(prefix)})" for prefix in FORMULA_PREFIXES)
    cells = [
        f"CAST({column} AS TEXT)" if oid in _PLAIN_TYPE_OIDS else
        f"CASE WHEN left(CAST({column} AS TEXT), 1) IN ({starts}) "
        f"THEN chr(39) || CAST({column} AS TEXT) ELSE CAST({column} AS TEXT) END"
        for column, oid in zip(columns, type_oids)
    ]
    # The newline keeps a trailing -- comment of the query from swallowing the closing parenthesis.
    return (f"SELECT {', '.join(cells)} FROM (\n{without_trailing_semicolons(query)}\n) "
            f"AS report_rows({', '.join(columns)})")


def _postgresql_csv(report, values, timeout, is_admin):
    """PostgreSQL writes the CSV itself (COPY TO STDOUT, in a read-only transaction under the reader
    role); the rows pass through in chunks, never all in memory. The statement timeout bounds the
    COPY as a whole, so a download must end within it.

    The query is first run to its first row behind a cursor (DECLARE vets it and tells its columns;
    errors and timeouts surface before any answer is sent); the COPY starts only once the body is
    being read, so nothing is held open for a response nobody reads."""
    engine = db.engine
    connection, close, on_error = _postgresql_transaction(report, timeout, is_admin, engine)
    with _guarded(close, on_error):
        checked = _server_side(connection, report.query, values)
        fields = list(checked.keys())
        type_oids = [column.type_code for column in checked.cursor.description]
        checked.fetchmany(1)
    copy_sql = _neutralised_text(report.query, type_oids)

    def chunks():
        yield _csv_header(fields)
        connection, close, on_error = _postgresql_transaction(report, timeout, is_admin, engine)
        statement, params = _client_bound(connection, copy_sql, values)
        cursor = connection.connection.driver_connection.cursor()
        try:
            with cursor.copy(f"COPY ({statement}) TO STDOUT WITH (FORMAT csv)", params) as copy:
                pending, size = [], 0
                while data := copy.read():
                    pending.append(data)
                    size += len(data)
                    if size >= CSV_CHUNK_BYTES:
                        yield b"".join(pending)
                        pending, size = [], 0
                yield b"".join(pending)
        except psycopg.Error as error:
            raise on_error(error) from None
        finally:
            close()

    return chunks()


@contextlib.contextmanager
def _guarded(close, on_error):
    """Close on any failure, turning the database's into the report's error."""
    try:
        yield
    except DBAPIError as error:
        close()
        raise on_error(error) from None
    except BaseException:
        close()
        raise
    close()


def _client_bound(connection, sql, values):
    """(statement, parameters) for psycopg's COPY, which binds values itself, on the client side."""
    compiled = sa.text(sql).compile(dialect=connection.dialect)
    parameters = compiled.construct_params(values)
    # psycopg turns SQLAlchemy's escaped %% back into % only when it has parameters to bind.
    return (compiled.string, parameters) if parameters else (compiled.string.replace("%%", "%"), None)


# SQLite

_READ_ACTIONS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE})
_readers = {}
_readers_lock = threading.Lock()


def _allow_reading_only(action, table, column, *_):
    if action == sqlite3.SQLITE_READ and SECRET_COLUMNS.get(table) == column:
        return sqlite3.SQLITE_IGNORE  # read as NULL
    return sqlite3.SQLITE_OK if action in _READ_ACTIONS else sqlite3.SQLITE_DENY


def _reader_engine():
    """An engine whose connections open the portal's SQLite file read-only."""
    path = db.engine.url.database
    with _readers_lock:
        engine = _readers.get(path)
        if engine is None:
            uri = "file:" + path.replace("?", "%3f").replace("#", "%23") + "?mode=ro"
            engine = sa.create_engine(
                "sqlite://", creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False))
            _readers[path] = engine
        return engine


def _run_sqlite(report, sql, values, timeout, is_admin, reader):
    connection = reader.connect()
    raw = connection.connection.driver_connection
    deadline = time.monotonic() + timeout
    expired = []

    def stop_at_deadline():
        if time.monotonic() > deadline:
            expired.append(True)
            return 1
        return 0

    raw.set_progress_handler(stop_at_deadline, 1000)
    raw.set_authorizer(_allow_reading_only)

    @_once
    def close():
        raw.set_authorizer(None)
        raw.set_progress_handler(None, 0)
        connection.close()

    def on_error(error):
        return _failure(report, error, timeout, is_admin, bool(expired))

    result = _started(close, lambda: connection.execute(sa.text(sql), values), on_error)
    rows = _guarded_rows((tuple(row) for row in result), on_error, close)
    return ReportResult(fields=list(result.keys()), rows=rows, _close=close)


# Output


def plain(value):
    """A cell as JSON can carry it: exact decimals as text, dates and times in ISO 8601."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, (datetime, date, time_of_day)):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return str(value)


def csv_stream(report, parameter_values, *, client_id, context, is_admin):
    """The report as CSV chunks (a generator) read from the database as they are sent. The query is
    checked first, up to its first row: refusals, SQL errors and a timeout before the first row raise
    here, so the caller can still answer with an error. The database work of the download starts
    when the first chunk is read and ends when the generator is closed; it needs no app context."""
    values = bound_values(report, parameter_values, client_id=client_id, context=context, is_admin=is_admin)
    timeout = float(current_app.config["REPORT_STATEMENT_TIMEOUT_S"])
    if on_postgresql():
        return _postgresql_csv(report, values, timeout, is_admin)
    reader = _reader_engine()
    # The body is read after the request's session has ended: keep what the second run needs.
    report = SimpleNamespace(id=report.id, query=report.query)
    # A SQLite reader mid-statement keeps writers out, and the request log writes before the body is
    # sent: check the query starts now, and run it again once the body is being read.
    with _run_sqlite(report, report.query, values, timeout, is_admin, reader) as result:
        next(result.rows, None)

    @contextlib.contextmanager
    def rows_again():
        with _run_sqlite(report, report.query, values, timeout, is_admin, reader) as again:
            yield again.rows

    return _chunks(result.fields, rows_again)


def _chunks(fields, open_rows):
    yield _csv_header(fields)
    with open_rows() as rows:
        yield from _csv_rows(rows)


def csv_chunks(result):
    """UTF-8 CSV of a result (BOM, header, rows) in chunks, holding one chunk in memory at a time."""
    yield _csv_header(result.fields)
    yield from _csv_rows(result.rows)


def _csv_header(fields):
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow([_safe(name) for name in fields])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def _csv_rows(rows):
    """Text cells a spreadsheet would run as a formula get a leading apostrophe; numbers, dates and
    other typed values cannot be formulas and are written as they are."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    rows = iter(rows)
    while True:
        buffer.seek(0)
        buffer.truncate()
        count = 0
        for row in rows:
            writer.writerow([_safe(cell) if cell.__class__ is str else _typed(cell) for cell in row])
            count += 1
            if count == CSV_CHUNK_ROWS:
                break
        if not count:
            return
        yield buffer.getvalue().encode("utf-8")


def _safe(text):
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def _typed(value):
    if value is None or isinstance(value, (int, float, Decimal)):
        return value
    return _safe(str(plain(value)))
