"""A lease on a row, renewed from a thread while this process does the work it covers: the lease
runs out only when the process is gone (killed, its machine lost) or cannot reach the database, and
then another may take the work over."""
import logging
import threading
from datetime import timedelta

from api.common.timeutil import utcnow
from api.extensions import db

log = logging.getLogger(__name__)


def lease_end(seconds):
    return utcnow() + timedelta(seconds=seconds)


class LeaseRenewal:
    """``with LeaseRenewal(statement, seconds, what):`` runs ``statement(until)`` (an UPDATE that
    sets the lease to ``until`` while it is still held) every third of ``seconds``, on a connection
    of its own. A third leaves room for two renewals that wait on a lock and fail."""

    def __init__(self, statement, seconds, what):
        self._statement = statement
        self._seconds = seconds
        self._what = what
        self._engine = db.engine
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._renew_until_stopped, name=f"lease-{what}", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._stop.set()
        self._thread.join()

    def _renew_until_stopped(self):
        while not self._stop.wait(self._seconds / 3):
            try:
                with self._engine.begin() as connection:
                    connection.execute(self._statement(lease_end(self._seconds)))
            except Exception:
                log.warning("could not renew the lease of %s", self._what, exc_info=True)
