"""The embedded SQLite file under concurrent processes: WAL, a busy timeout, write transactions that
start with BEGIN IMMEDIATE at their first write (reads before it never hold the write lock), and
writers that take turns, so a writer committing back to back does not keep a waiter out.

Engines of their own on a file of their own, so these run on either test backend."""
import threading

import pytest
import sqlalchemy as sa

from api.extensions import _writes, prepare_sqlite


def engine_on(path, timeout=30):
    engine = sa.create_engine(f"sqlite:///{path}")
    prepare_sqlite(engine, timeout)
    return engine


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "portal.db"
    engine = engine_on(path)
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE counters (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
        connection.exec_driver_sql("INSERT INTO counters (id, value) VALUES (1, 0)")
    yield path, engine
    engine.dispose()


def test_connections_use_wal_and_the_busy_timeout(database):
    path, _ = database
    engine = engine_on(path, timeout=12.5)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 12500
    engine.dispose()


def test_statements_that_write_are_told_from_those_that_read():
    assert _writes("UPDATE jobs SET state = ?")
    assert _writes("  INSERT INTO x VALUES (1)")
    assert _writes("DELETE FROM x")
    assert _writes("SAVEPOINT sa_savepoint_1")
    assert _writes("CREATE TABLE t (id INTEGER)")
    assert _writes("WITH doomed AS (SELECT 1) DELETE FROM x WHERE id IN (SELECT * FROM doomed)")
    assert not _writes("SELECT * FROM x")
    assert not _writes("-- a report\nSELECT 1")
    assert not _writes("WITH totals AS (SELECT 1) SELECT * FROM totals")
    assert not _writes("PRAGMA table_info(x)")
    assert not _writes("VACUUM")


def test_a_reading_transaction_does_not_hold_the_write_lock_and_reads_while_another_writes(database):
    path, engine = database
    other = engine_on(path, timeout=0.2)
    with engine.connect() as reading:
        assert reading.exec_driver_sql("SELECT value FROM counters").scalar() == 0
        assert not reading.connection.driver_connection.in_transaction
        with other.begin() as writing:  # would wait (and fail after 0.2 s) if the reader held the lock
            writing.exec_driver_sql("UPDATE counters SET value = 1")
            # WAL: the last committed value is read while a transaction writes.
            assert reading.exec_driver_sql("SELECT value FROM counters").scalar() == 0
        assert reading.exec_driver_sql("SELECT value FROM counters").scalar() == 1
        reading.rollback()
    other.dispose()


def test_a_write_transaction_begins_immediately_and_holds_the_lock_until_it_ends(database):
    path, engine = database
    other = engine_on(path, timeout=0.2)
    with engine.connect() as connection:
        connection.exec_driver_sql("UPDATE counters SET value = value + 1")
        assert connection.connection.driver_connection.in_transaction
        with pytest.raises(sa.exc.OperationalError, match="database is locked"):
            with other.begin() as writing:
                writing.exec_driver_sql("UPDATE counters SET value = value + 10")
        connection.commit()
    with other.begin() as writing:
        writing.exec_driver_sql("UPDATE counters SET value = value + 10")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT value FROM counters").scalar() == 11
    other.dispose()


def test_a_rolled_back_or_returned_connection_lets_the_next_writer_in(database):
    path, engine = database
    other = engine_on(path, timeout=0.5)
    connection = engine.connect()
    connection.exec_driver_sql("UPDATE counters SET value = 5")
    connection.rollback()
    connection.exec_driver_sql("UPDATE counters SET value = 6")
    connection.close()  # returned to the pool without a commit: rolled back
    with other.begin() as writing:
        writing.exec_driver_sql("UPDATE counters SET value = value + 1")
    with engine.connect() as reading:
        assert reading.exec_driver_sql("SELECT value FROM counters").scalar() == 1
    other.dispose()


def test_concurrent_writers_each_read_and_write_without_a_lost_update_or_a_lock_error(database):
    path, _ = database
    engines = [engine_on(path) for _ in range(4)]
    errors = []

    def increment(engine):
        try:
            for _ in range(50):
                with engine.begin() as connection:
                    connection.exec_driver_sql("UPDATE counters SET value = value + 1")
                    connection.exec_driver_sql("SELECT value FROM counters").scalar()
        except Exception as error:  # noqa: BLE001 - collected for the assertion
            errors.append(error)

    threads = [threading.Thread(target=increment, args=(engine,)) for engine in engines for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with engines[0].connect() as connection:
        assert connection.exec_driver_sql("SELECT value FROM counters").scalar() == 400
    for engine in engines:
        engine.dispose()


def test_a_writer_committing_back_to_back_lets_a_waiting_writer_take_its_turn(database):
    path, _ = database
    busy, waiting = engine_on(path), engine_on(path, timeout=2)
    stop = threading.Event()
    started = threading.Event()

    def write_back_to_back():
        while not stop.is_set():
            with busy.begin() as connection:
                connection.exec_driver_sql("UPDATE counters SET value = value + 1")
                started.set()
                stop.wait(0.2)

    thread = threading.Thread(target=write_back_to_back)
    thread.start()
    try:
        assert started.wait(10)
        for _ in range(5):
            with waiting.begin() as connection:
                connection.exec_driver_sql("UPDATE counters SET value = value + 1000")
    finally:
        stop.set()
        thread.join()
    with busy.connect() as connection:
        assert connection.exec_driver_sql("SELECT value FROM counters").scalar() >= 5000
    busy.dispose()
    waiting.dispose()


def test_a_select_for_update_takes_the_write_lock_so_what_it_read_cannot_change_before_the_write(database):
    path, engine = database
    other = engine_on(path, timeout=0.2)
    counters = sa.table("counters", sa.column("id"), sa.column("value"))
    with engine.connect() as deciding:
        value = deciding.execute(sa.select(counters.c.value).where(counters.c.id == 1).with_for_update()).scalar()
        assert deciding.connection.driver_connection.in_transaction
        with pytest.raises(sa.exc.OperationalError, match="database is locked"):
            with other.begin() as writing:  # another writer waits its turn, here past its 0.2 s
                writing.exec_driver_sql("UPDATE counters SET value = value + 5")
        deciding.execute(sa.update(counters).where(counters.c.id == 1).values(value=value + 1))
        deciding.commit()
    with other.connect() as reading:
        assert reading.exec_driver_sql("SELECT value FROM counters").scalar() == 1
    other.dispose()
