"""A scheduler process killed (SIGKILL) while it holds runs claimed ahead: the other scheduler takes
them over once its heartbeat stops, and every occurrence is executed and mailed exactly once."""
import re
import signal
import sys
import time
from datetime import timedelta

import pytest
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.reports.models import ReportSchedule, ScheduleRun
from tests.live import Process, wait_until, wait_until_quiet
from tests.reports.test_scheduling import make_report

pytestmark = pytest.mark.integration
SCHEDULES = 6
SCHEDULER_ID = re.compile(r"claimed as scheduler (\w+)")


def start_scheduler(live_env, process_logs, name):
    process = Process(f"{name}-{time.monotonic_ns()}", [sys.executable, "-m", "scheduler"],
                      {**live_env, "SCHEDULER_TICK_SECONDS": "0.2"}, process_logs)
    process.wait_for_output("scheduler started", timeout=60)
    [scheduler_id] = SCHEDULER_ID.findall(process.output())
    return process, scheduler_id


def current_runs():
    db.session.expire_all()
    runs = db.session.scalars(select(ScheduleRun).order_by(ScheduleRun.schedule_id)).all()
    db.session.rollback()
    return runs


def test_runs_held_by_a_killed_scheduler_are_taken_over_and_executed_once(
        app, factory, live_env, process_logs, worker, mail):
    acme = factory.client("Acme")
    factory.user("client", acme, username="acme.user", email="user@acme.test")
    report = make_report()
    schedulers = {}
    try:
        for name in ("scheduler-a", "scheduler-b"):
            process, scheduler_id = start_scheduler(live_env, process_logs, name)
            schedulers[scheduler_id] = process
        due = utcnow().replace(microsecond=0) + timedelta(seconds=8)
        db.session.add_all(ReportSchedule(
            report_id=report.id, name=f"Due soon {n}", is_active=True, time_zone="UTC", context=str(acme.id),
            crontab=f"{due.second} {due.minute} {due.hour} * * ?", next_fire_at=due,
            email_addresses_string=f"ops{n}@example.com", email_text="Scheduled.", suppress_on_empty=True,
            created_by_username="admin",
        ) for n in range(SCHEDULES))
        db.session.commit()

        def a_scheduler_holding_runs():
            return next((run.claimed_by for run in current_runs()
                         if run.state == "queued" and run.claimed_by in schedulers), None)

        def every_run_finished():
            runs = current_runs()
            return len(runs) == SCHEDULES and all(run.state not in ("queued", "running") for run in runs) and runs

        victim_id = wait_until(a_scheduler_holding_runs, 30, "a scheduler to claim the runs ahead")
        schedulers[victim_id].popen.send_signal(signal.SIGKILL)
        assert utcnow() < due, "the scheduler handed the runs over before it could be killed"
        [survivor_id] = set(schedulers) - {victim_id}
        runs = wait_until(every_run_finished, 60, "every run to finish")
    finally:
        outputs = {scheduler_id: (process.stop(), process.output()) for scheduler_id, process in schedulers.items()}

    assert [(run.due_at, run.state, run.attempts) for run in runs] == [(due, "sent", 1)] * SCHEDULES
    assert {run.claimed_by for run in runs} == {survivor_id}
    survivor_output = outputs[survivor_id][1]
    [taken_over] = re.findall(rf"took over (\d+) queued schedule runs of 1 scheduler\(s\) whose heartbeat stopped: {victim_id}",
                              survivor_output) or [0]
    assert int(taken_over) > 0, survivor_output[-3000:]
    assert "tick failed" not in survivor_output
    messages = mail.wait_for(SCHEDULES)
    wait_until_quiet(app.config, [worker])
    assert sorted(message["To"] for message in mail.messages) == sorted(f"ops{n}@example.com" for n in range(SCHEDULES))
    assert len({message["Message-ID"] for message in messages}) == SCHEDULES
