"""Scheduled reports through real processes: scheduler processes (``python -m scheduler``), a Celery
worker on the configured broker and an SMTP server. Every occurrence is mailed exactly once, also
with two schedulers claiming side by side."""
import re
import sys
import time
from datetime import timedelta

import pytest
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.reports.models import ReportSchedule, ScheduleRun
from api.reports.schedules.firing import next_fire_at
from tests.live import Process, wait_until, wait_until_quiet
from tests.reports.test_scheduling import attachment_rows, make_report

pytestmark = pytest.mark.integration
EVERY_TWO_SECONDS = "*/2 * * * * ?"


def start_schedulers(live_env, process_logs, count):
    env = {**live_env, "SCHEDULER_TICK_SECONDS": "0.2"}
    schedulers = [Process(f"scheduler-{n}-{time.monotonic_ns()}", [sys.executable, "-m", "scheduler"], env, process_logs)
                  for n in range(count)]
    for scheduler in schedulers:
        scheduler.wait_for_output("scheduler started", timeout=60)
    return schedulers


def sent_runs(schedule_id):
    db.session.expire_all()
    return db.session.scalars(select(ScheduleRun).filter_by(schedule_id=schedule_id).order_by(ScheduleRun.due_at)).all()


def ticks(process):
    return process.output().count("scheduler tick at")


def run_schedule_for(app, factory, live_env, process_logs, worker, mail, schedulers, occurrences):
    """Runs a schedule every two seconds until ``occurrences`` of it were sent, then switches it off."""
    acme = factory.client("Acme")
    factory.user("client", acme, username="acme.user", email="user@acme.test")
    report = make_report()
    processes = start_schedulers(live_env, process_logs, schedulers)
    try:
        db.session.add(ReportSchedule(
            report_id=report.id, name="Every two seconds", is_active=True, crontab=EVERY_TWO_SECONDS, time_zone="UTC",
            context=str(acme.id), email_addresses_string="ops@example.com", email_text="Scheduled.",
            suppress_on_empty=True, created_by_username="admin",
            next_fire_at=next_fire_at(EVERY_TWO_SECONDS, "UTC", utcnow()),
        ))
        db.session.commit()
        [schedule_id] = db.session.scalars(select(ReportSchedule.id)).all()
        wait_until(lambda: sum(run.state == "sent" for run in sent_runs(schedule_id)) >= occurrences,
                   2 * occurrences + 30, f"{occurrences} occurrences to be sent")
        db.session.execute(ReportSchedule.__table__.update().values(is_active=False, next_fire_at=None))
        db.session.commit()
        # A tick that began after the switch-off has ended: a claim made before it is finished.
        ticked = [ticks(process) for process in processes]
        for process, count in zip(processes, ticked):
            process.wait_for_output("scheduler tick at", count=count + 2, timeout=30)
    finally:
        outputs = [(process.stop(), process.output()) for process in processes]
    for _, output in outputs:
        assert "tick failed" not in output, output[-3000:]

    wait_until(lambda: all(run.state not in ("queued", "running") for run in sent_runs(schedule_id)), 60,
               "every claimed run to end")
    runs = sent_runs(schedule_id)
    assert runs and all(run.state == "sent" for run in runs), [(run.due_at, run.state, run.error) for run in runs]
    mail.wait_for(len(runs))
    wait_until_quiet(app.config, [worker])
    return runs, list(mail.messages), outputs


def assert_each_occurrence_once(runs, messages, occurrences):
    due_times = [run.due_at for run in runs]
    assert len(due_times) == len(set(due_times))
    assert all(later - earlier == timedelta(seconds=2) for earlier, later in zip(due_times, due_times[1:])), due_times
    assert all(run.missed_count == 0 for run in runs)
    assert len(runs) >= occurrences
    assert len(messages) == len(runs)
    assert len({message["Message-ID"] for message in messages}) == len(messages)
    assert all(attachment_rows(message) == [["username", "email"], ["acme.user", "user@acme.test"]] for message in messages)


def test_a_scheduler_process_mails_every_occurrence_once(app, factory, live_env, process_logs, worker, mail):
    runs, messages, outputs = run_schedule_for(app, factory, live_env, process_logs, worker, mail, schedulers=1, occurrences=4)

    assert_each_occurrence_once(runs, messages, 4)
    output = outputs[0][1]
    lateness = [float(seconds) for seconds in re.findall(r"handed over 1 schedule runs due at \S+, (-?[\d.]+) s late", output)]
    # Claimed up to the lookahead ahead, but handed over only when due, and promptly; the runs claimed
    # ahead when the scheduler stopped were left with the broker for their due time.
    left_with_broker = sum(int(count) for count in re.findall(r"left (\d+) schedule runs due at \S+ with the broker", output))
    assert lateness and all(0 <= seconds < 2 for seconds in lateness), lateness
    assert len(lateness) + left_with_broker == len(runs), output[-3000:]


def test_two_scheduler_processes_still_mail_every_occurrence_once(app, factory, live_env, process_logs, worker, mail):
    runs, messages, outputs = run_schedule_for(app, factory, live_env, process_logs, worker, mail, schedulers=2, occurrences=5)

    assert_each_occurrence_once(runs, messages, 5)
    assert all(output.count("scheduler tick at") > 10 for _, output in outputs)
