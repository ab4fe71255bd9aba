"""The cleanup between tests outlasts a live API process still answering the page a browser test left:
when the two lock tables in opposite orders and PostgreSQL ends the cleanup as the deadlock's victim,
the cleanup runs again once the request is through, and every test still starts from empty tables."""
import threading

import pytest
import sqlalchemy as sa

from api.clients.models import Client
from api.extensions import db
from tests import conftest
from tests.conftest import BACKEND
from tests.live import wait_until

DEADLOCK_DETECTED = "40P01"


def cleanup_waits_for_a_lock():
    with db.engine.connect() as connection:
        return connection.scalar(sa.text(
            "SELECT count(*) FROM pg_locks WHERE NOT granted AND mode = 'AccessExclusiveLock'")) > 0


@pytest.mark.skipif(BACKEND != "services", reason="two transactions at once need PostgreSQL")
def test_a_request_locking_tables_in_the_other_order_ends_the_cleanup_once_and_it_runs_again(app, factory, caplog):
    factory.client("Acme")
    db.session.remove()
    tables = db.metadata.sorted_tables
    locked_last, locked_first = tables[0].name, tables[-1].name
    request_read = []

    with db.engine.connect() as request:
        # The request waits far longer than the cleanup before it looks for a deadlock, so PostgreSQL
        # ends the cleanup's transaction, not the request's: the case the cleanup must outlast.
        request.execute(sa.text("SET LOCAL deadlock_timeout = '60s'"))
        request.execute(sa.text(f'SELECT 1 FROM "{locked_last}" LIMIT 1'))

        def clean():
            with app.app_context():
                conftest.empty_tables(app)

        cleanup = threading.Thread(target=clean)
        cleanup.start()
        wait_until(cleanup_waits_for_a_lock, 20, "the cleanup to wait for the request's lock")
        request_read.append(request.scalar(sa.text(f'SELECT count(*) FROM "{locked_first}"')))
        request.commit()
    cleanup.join(timeout=30)
    deadlocks = [record.args[1] for record in caplog.records
                 if record.name == "api.extensions" and "met another transaction" in record.msg]

    assert not cleanup.is_alive()
    assert deadlocks == [DEADLOCK_DETECTED]
    assert len(request_read) == 1
    assert db.session.scalar(sa.select(sa.func.count()).select_from(Client)) == 0
