"""The loop's pace: the regular interval, or sooner when a source holds work that falls due earlier;
what a source holds is handed over when the scheduler stops."""
import threading
import time
from datetime import timedelta

import pytest

from api.common.timeutil import utcnow
from scheduler import loop
from scheduler.loop import ScheduleSource, Scheduler


class WakingSource(ScheduleSource):
    def __init__(self, wake):
        self.wake = wake
        self.ticks = []
        self.stopped = False

    def tick(self, now):
        self.ticks.append(now)

    def wake_at(self):
        return self.wake

    def stop(self):
        self.stopped = True


@pytest.fixture
def only_source(monkeypatch):
    def install(source):
        monkeypatch.setattr(loop, "_sources", [source])
        return source
    return install


def test_the_loop_waits_the_interval_when_no_source_must_tick_sooner(app, only_source):
    only_source(WakingSource(None))
    assert Scheduler(app, tick_seconds=30).pause_seconds() == 30

    only_source(WakingSource(utcnow() + timedelta(minutes=5)))
    assert Scheduler(app, tick_seconds=30).pause_seconds() == 30


def test_the_loop_wakes_when_a_source_holds_work_due_before_the_interval_ends(app, only_source):
    only_source(WakingSource(utcnow() + timedelta(seconds=2)))
    assert 1 < Scheduler(app, tick_seconds=30).pause_seconds() <= 2

    only_source(WakingSource(utcnow() - timedelta(seconds=1)))
    assert Scheduler(app, tick_seconds=30).pause_seconds() == 0


def test_a_stopping_scheduler_lets_its_sources_hand_over_what_they_hold(app, only_source):
    source = only_source(WakingSource(None))
    scheduler = Scheduler(app, tick_seconds=0.01)
    running = threading.Thread(target=scheduler.run)
    running.start()
    deadline = time.monotonic() + 10
    while len(source.ticks) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)

    scheduler.stop()
    running.join(timeout=10)

    assert len(source.ticks) >= 2 and not running.is_alive()
    assert source.stopped
