"""The scheduling loop: ticks at a fixed interval until told to stop.

Each tick checks the database connection and hands the moment to every registered schedule source
(report schedules register one); a source claims due occurrences in the database, so any number of
schedulers can run side by side without firing an occurrence twice. A source that holds work
claimed ahead names the moment it must tick next (``wake_at``), so the loop wakes then rather than
at the next interval, and gets a last call (``stop``) to hand that work over when the scheduler stops.
"""
import logging
import threading

from sqlalchemy import text

from api.common.timeutil import utcnow
from api.extensions import db

log = logging.getLogger("scheduler")
_sources = []


class ScheduleSource:
    """What the loop ticks. ``start()`` prepares before the first tick; ``tick(now)`` fires what is
    due; ``wake_at()`` is the naive UTC moment it must tick next at the latest (None: the regular
    interval suffices); ``stop()`` hands over what it still holds. All are called inside the app
    context."""

    def start(self):
        pass

    def tick(self, now):
        raise NotImplementedError

    def wake_at(self):
        return None

    def stop(self):
        pass


def schedule_source(source):
    """Register a ``ScheduleSource``."""
    _sources.append(source)
    return source


class Scheduler:
    def __init__(self, app, tick_seconds):
        self.app = app
        self.tick_seconds = tick_seconds
        self.stopping = threading.Event()

    def stop(self, *_):
        log.info("scheduler stopping")
        self.stopping.set()

    def _in_app_context(self, action, failure):
        with self.app.app_context():
            try:
                return action()
            except Exception:
                db.session.rollback()
                log.exception(failure)
            finally:
                db.session.remove()

    def tick(self):
        def fire():
            db.session.execute(text("SELECT 1"))
            now = utcnow()
            for source in _sources:
                source.tick(now)
            db.session.commit()
            log.info("scheduler tick at %sZ, %d schedule sources", now.isoformat(timespec="seconds"), len(_sources))
            return True

        return self._in_app_context(fire, "scheduler tick failed") or False

    def pause_seconds(self):
        """Until the next tick: the interval, or less when a source must tick sooner."""
        wakes = [moment for moment in (source.wake_at() for source in _sources) if moment is not None]
        if not wakes:
            return self.tick_seconds
        return max(0.0, min(self.tick_seconds, (min(wakes) - utcnow()).total_seconds()))

    def run(self):
        def prepare():
            for source in _sources:
                source.start()

        self._in_app_context(prepare, "scheduler failed to prepare a schedule source")
        log.info("scheduler started, ticking every %s s", self.tick_seconds)
        while not self.stopping.is_set():
            # After a failed tick the regular interval, lest a due wake time turn the loop into a spin.
            self.stopping.wait(self.pause_seconds() if self.tick() else self.tick_seconds)

        def hand_over():
            for source in _sources:
                source.stop()

        self._in_app_context(hand_over, "scheduler failed to hand over what it held")
        log.info("scheduler stopped")
