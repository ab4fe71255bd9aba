"""The scheduling loop: ticks at a fixed interval until told to stop.

Each tick checks the database connection and hands the moment to every registered schedule source
(report schedules register one); a source claims due occurrences in the database, so any number of
schedulers can run side by side without firing an occurrence twice.
"""
import logging
import threading

from sqlalchemy import text

from api.common.timeutil import utcnow
from api.extensions import db

log = logging.getLogger("scheduler")
_sources = []


def schedule_source(function):
    """Register ``function(now)``, called on every tick inside the app context."""
    _sources.append(function)
    return function


class Scheduler:
    def __init__(self, app, tick_seconds):
        self.app = app
        self.tick_seconds = tick_seconds
        self.stopping = threading.Event()

    def stop(self, *_):
        log.info("scheduler stopping")
        self.stopping.set()

    def tick(self):
        with self.app.app_context():
            try:
                db.session.execute(text("SELECT 1"))
                now = utcnow()
                for source in _sources:
                    source(now)
                db.session.commit()
                log.info("scheduler tick at %sZ, %d schedule sources", now.isoformat(timespec="seconds"), len(_sources))
            except Exception:
                db.session.rollback()
                log.exception("scheduler tick failed")
            finally:
                db.session.remove()

    def run(self):
        log.info("scheduler started, ticking every %s s", self.tick_seconds)
        while not self.stopping.is_set():
            self.tick()
            self.stopping.wait(self.tick_seconds)
        log.info("scheduler stopped")
