"""Extensions, created unbound and initialised by ``create_app``."""
import fcntl
import functools
import logging
import os
import re
import sqlite3
import time

import psycopg
from flask_migrate import Migrate
from flask_smorest import Api
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
api = Api()


# SQLSTATEs of a server that is going away or not yet there: admin_shutdown (a restart or a fast
# stop), crash_shutdown, cannot_connect_now (starting up or shutting down). Class 08 (connection
# exception) is taken whole.
_SERVER_UNAVAILABLE = {"57P01", "57P02", "57P03"}
# Work the server undid whole and that succeeds when done again: a serialization failure, a
# deadlock, too many connections (as every client reconnects after a restart).
_TRY_AGAIN = {"40001", "40P01", "53300"}
_SQLITE_BUSY = ("database is locked", "database is busy")
# Of those, the transactions PostgreSQL undid because they met another one: a deadlock, a
# serialization failure.
_CONFLICT = {"40001", "40P01"}
CONFLICT_ATTEMPTS = 3

log = logging.getLogger(__name__)


def is_conflict(error):
    """Whether PostgreSQL undid the transaction whole for a deadlock or a serialization failure."""
    driver_error = error.orig if isinstance(error, DBAPIError) else error
    return getattr(driver_error, "sqlstate", None) in _CONFLICT


def retried_on_conflict(function):
    """Run ``function``, a whole transaction that commits, again when PostgreSQL undid it for a
    deadlock or a serialization failure, up to CONFLICT_ATTEMPTS times in all.

    Stock is locked in one order (location, then item), but a level row that appears while a
    transaction runs (an item's first units at a location) is locked where the transaction stands, so
    two of them can still meet; PostgreSQL then undoes one, and doing it again succeeds."""
    @functools.wraps(function)
    def retried(*args, **kwargs):
        for attempt in range(1, CONFLICT_ATTEMPTS + 1):
            try:
                return function(*args, **kwargs)
            except DBAPIError as error:
                if attempt == CONFLICT_ATTEMPTS or not is_conflict(error):
                    raise
                db.session.rollback()
                log.warning("%s met another transaction (%s); attempt %d of %d", function.__qualname__,
                         error.orig.sqlstate, attempt + 1, CONFLICT_ATTEMPTS)

    return retried


def is_transient_database_error(error):
    """Whether ``error`` says the database could not be reached or was busy (a restart, a dropped
    connection, SQLite's lock), not that the work itself is wrong: work failing so is tried again,
    any other error fails it (SQLite's "no such table" must not make a job retry for ever).

    ``error`` is SQLAlchemy's wrapper of a driver error or a driver error itself (a raw cursor's COPY)."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    driver_error = error.orig if isinstance(error, DBAPIError) else error
    if isinstance(driver_error, sqlite3.Error):
        # SQLite has no connection to lose; only its lock is passing (an InterfaceError is a bad parameter).
        return isinstance(driver_error, sqlite3.OperationalError) and any(text in str(driver_error) for text in _SQLITE_BUSY)
    if isinstance(error, InterfaceError) or isinstance(driver_error, psycopg.InterfaceError):
        return True  # the connection is closed or broken
    if isinstance(error, OperationalError) or isinstance(driver_error, psycopg.OperationalError):
        # No SQLSTATE: the driver's own report of a connection refused, closed or lost.
        state = getattr(driver_error, "sqlstate", None)
        return state is None or state.startswith("08") or state in _SERVER_UNAVAILABLE or state in _TRY_AGAIN
    return False


def on_postgresql():
    """Whether the portal's database is PostgreSQL (else the embedded SQLite)."""
    return db.engine.dialect.name == "postgresql"


# Statements that read, or that SQLite refuses inside a transaction: they run as they are. Any other
# statement writes, and first opens a write transaction (see prepare_sqlite).
_RUN_AS_THEY_ARE = {"SELECT", "VALUES", "EXPLAIN", "PRAGMA", "BEGIN", "COMMIT", "END", "ROLLBACK", "RELEASE", "VACUUM", "ATTACH", "DETACH"}
_DATA_CHANGE = re.compile(r"\b(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)
_LEADING_COMMENTS = re.compile(r"^(\s+|--[^\n]*\n?|/\*.*?\*/)*", re.DOTALL)


def _locks_rows(context):
    """Whether the statement was written as SELECT … FOR UPDATE: SQLite drops the clause, so the
    statement begins the write transaction instead, and what it reads stays true until the commit."""
    statement = getattr(getattr(context, "compiled", None), "statement", None)
    return getattr(statement, "_for_update_arg", None) is not None


def _writes(statement):
    text = _LEADING_COMMENTS.sub("", statement).lstrip("(")
    keyword = text.split(None, 1)[0].upper() if text else ""
    if keyword == "WITH":
        return bool(_DATA_CHANGE.search(text))
    return keyword not in _RUN_AS_THEY_ARE


class _WriterTurns:
    """Whose turn it is to write the SQLite file, across every process and thread of the portal.

    SQLite's own busy handler is not fair: a waiter sleeps and tries again, so a writer that commits
    and starts its next transaction at once (an import applying chunk after chunk) keeps a request
    that only has to write its log row waiting until the import ends. Here a writer first takes the
    queue lock, then the write lock, and lets the queue lock go once it holds the write lock: a
    writer that just committed finds a waiter holding the queue lock and gets its next turn after
    that waiter's. Both are flock()s on files beside the database, freed by the kernel when their
    holder dies. SQLite's busy timeout remains the bound of the whole wait."""

    def __init__(self, database_path, timeout):
        self._queue_path = f"{database_path}-queue.lock"
        self._write_path = f"{database_path}-write.lock"
        self._timeout = timeout

    def take(self):
        """The open write lock (close it to let the next writer in); OperationalError after the timeout."""
        deadline = time.monotonic() + self._timeout
        queue = self._locked(self._queue_path, deadline)
        try:
            return self._locked(self._write_path, deadline)
        finally:
            os.close(queue)

    @staticmethod
    def _locked(path, deadline):
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        pause = 0.0005
        try:
            while True:
                try:
                    fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return descriptor
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise sqlite3.OperationalError("database is locked") from None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.005)
        except BaseException:
            os.close(descriptor)
            raise


_TURN = "portal_write_turn"


def prepare_postgresql(engine):
    """Have PostgreSQL plan every statement for the values it runs with. psycopg prepares a statement
    the fifth time a connection runs it, and PostgreSQL may then keep one plan for any values: the
    request list filtered by unallocated inventory, planned for "some client, some limit", ran as a
    parallel scan of 15 ms (80 at p95 on a busy machine) where the plan for its values takes 1 ms."""
    if engine.dialect.name != "postgresql":
        return

    @event.listens_for(engine, "connect")
    def plan_for_values(dbapi_connection, connection_record):
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET plan_cache_mode = force_custom_plan")
        dbapi_connection.commit()


def prepare_sqlite(engine, busy_timeout):
    """Make the embedded SQLite file take concurrent processes: readers never wait for writers, and a
    writer waits its turn (up to ``busy_timeout`` seconds) instead of failing with "database is locked".

    - WAL: readers read the last committed state while a transaction writes.
    - A write transaction starts with BEGIN IMMEDIATE, at its first writing statement or its first
      SELECT … FOR UPDATE (the rows a decision reads must not change before its writes). pysqlite would
      open it with a plain BEGIN, which takes the write lock only at the first write: two such
      transactions that had read first could each wait for the other, and one fails at once. Reads
      before the first write run on their own, as pysqlite runs them; a request that only reads
      (and writes its log row at the end) never holds the write lock while it reads.
    - Writers take turns (``_WriterTurns``); the busy timeout bounds the wait.
    The report runner's read-only connections (api/reports/runner.py) use an engine of their own."""
    if engine.dialect.name != "sqlite":
        return
    path = engine.url.database
    turns = _WriterTurns(path, busy_timeout) if path and path != ":memory:" and not path.startswith("file:") else None

    @event.listens_for(engine, "connect")
    def configure(dbapi_connection, connection_record):
        # Transactions are begun here, not by pysqlite (SQLAlchemy's recipe for pysqlite).
        dbapi_connection.isolation_level = None
        dbapi_connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        dbapi_connection.execute("PRAGMA journal_mode = WAL")

    @event.listens_for(engine, "before_cursor_execute")
    def begin_writing(conn, cursor, statement, parameters, context, executemany):
        raw = conn.connection.driver_connection
        if raw.in_transaction or not (_writes(statement) or _locks_rows(context)):
            return
        if turns is not None and _TURN not in conn.connection.info:
            conn.connection.info[_TURN] = turns.take()
        try:
            raw.execute("BEGIN IMMEDIATE")
        except BaseException:
            _end_turn(conn.connection.info)
            raise

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def end_of_transaction(conn):
        # Just before the COMMIT or ROLLBACK: the next writer's BEGIN IMMEDIATE waits the moment it takes.
        _end_turn(conn.connection.info)

    @event.listens_for(engine, "checkin")
    def returned(dbapi_connection, connection_record):
        _end_turn(connection_record.info)


def _end_turn(info):
    descriptor = info.pop(_TURN, None)
    if descriptor is not None:
        os.close(descriptor)
