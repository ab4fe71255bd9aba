"""The scheduler under load: 10,000 active schedules firing every minute ('0 * * * * ?'), two scheduler
processes (``python -m scheduler``) claiming side by side, a Celery worker on Redis running every
occurrence, PostgreSQL (a fresh database, dropped afterwards).

Lateness is measured where the occurrence is handed to the worker: the moment the scheduler has
published the run's message to the broker for immediate delivery (no ETA), minus the due time. With
a lookahead the claim (the database work) is done ahead, but the run is still only published when
it falls due, so the figure never goes below zero and counts every delay up to the hand-over. It
comes from the schedulers' "handed over ... s late" log lines, taken once all the messages of a due
time are out. The goal is p99 under 1 s.

What the worker makes of it is printed beside it, from the run records: started minus due (the
worker took the run), finished minus due, and the worker's throughput (runs finished per second from
the first start to the last finish). These depend on the worker's capacity, not on the scheduler.

Also printed: occurrences fired, duplicates (must be 0), missing, and the CPU seconds the scheduler
processes spent per occurrence (utime + stime from /proc/<pid>/stat).

    .venv/bin/python bench/scheduler.py [--schedules 10000] [--minutes 2] [--tick 0.2] [--lookahead 10] [--mail]
                                        [--kill-one [--kill-before 1]]

--kill-one kills (SIGKILL) the scheduler holding the most runs claimed ahead for the first due minute,
``--kill-before`` seconds before it falls due, and counts executions from the run records (a run's
attempts): ``executions_missing=`` (occurrences never executed), ``executions_duplicated=`` (executions
beyond one per occurrence) and ``takeover_late_max_s=``, the latest hand-over of the due time of the
runs it stranded (from the survivors' "handed over" lines: a survivor hands them over when it takes
them over, at once since they are due by then). The goal: every occurrence executed exactly once,
the stranded ones no more than 15 s late.

The report each run executes is a built-in trivial one. By default it is empty and the schedules
suppress empty results, so the worker runs the report and records the run as suppressed; --mail
makes it one row and mails each run's CSV (written as .eml files in the bench's mail folder).
"""
import argparse
import os
import re
import signal
import sys
import time
from datetime import datetime, timedelta

import sqlalchemy as sa

from _common import app_config, bench_database, migrated_app, percentile

from tests.live import Process, process_env

BROKER_URL = os.environ.get("BENCH_SCHEDULER_REDIS_URL", "redis://127.0.0.1:6379/13")
CRONTAB = "0 * * * * ?"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime of a process (fields 14 and 15 of /proc/<pid>/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def seed(app, schedules, first_due, mail):
    from api.extensions import db
    from api.reports.models import Report, ReportSchedule

    query = "SELECT 1 AS one" if mail else "SELECT 1 AS one WHERE 1 = 0"
    with app.app_context():
        db.session.add(Report(id="R_FMS_1", name="Bench heartbeat", report_type="fms", category="Bench",
                              sub_category="", query=query, parameters=[], created_by_username="bench"))
        db.session.commit()
        now = datetime.utcnow()
        db.session.execute(sa.insert(ReportSchedule), [
            {"report_id": "R_FMS_1", "name": f"Bench {n}", "is_active": True, "crontab": CRONTAB, "time_zone": "UTC",
             "context": "", "email_addresses_string": "bench@example.com", "email_text": "",
             "suppress_on_empty": True, "created_by_username": "bench", "next_fire_at": first_due,
             "created_at": now, "updated_at": now}
            for n in range(schedules)
        ])
        db.session.commit()
        db.session.execute(sa.text("ANALYZE report_schedules"))
        db.session.commit()


def wait_for_runs(app, expected, timeout):
    from api.extensions import db

    deadline = time.monotonic() + timeout
    with app.app_context():
        while time.monotonic() < deadline:
            pending = db.session.scalar(sa.text("SELECT count(*) FROM schedule_runs WHERE state IN ('queued', 'running')"))
            done = db.session.scalar(sa.text("SELECT count(*) FROM schedule_runs WHERE state NOT IN ('queued', 'running')"))
            db.session.rollback()
            if done >= expected:
                return done, pending
            time.sleep(1)
        return done, pending


HANDED_OVER = re.compile(r"handed over (\d+) schedule runs due at (\S+)Z, (-?[\d.]+) s late")
LEFT_WITH_BROKER = re.compile(r"left (\d+) schedule runs due at \S+Z with the broker")
SCHEDULER_ID = re.compile(r"claimed as scheduler (\w+)")
TOOK_OVER = re.compile(r"took over (\d+) queued schedule runs")


def kill_one_ahead_of(app, schedulers, due_at, seconds_before):
    """SIGKILL, ``seconds_before`` ``due_at``, the scheduler holding the most runs claimed ahead for it;
    answers (the scheduler killed, its CPU seconds then, when it was killed, the runs it held: {id: due_at})."""
    from api.extensions import db

    by_id = {SCHEDULER_ID.search(scheduler.output()).group(1): scheduler for scheduler in schedulers}
    while datetime.utcnow() < due_at - timedelta(seconds=seconds_before):
        time.sleep(0.05)
    with app.app_context():
        holding = dict(db.session.execute(sa.text(
            "SELECT claimed_by, count(*) FROM schedule_runs WHERE state = 'queued' AND due_at = :due GROUP BY claimed_by"),
            {"due": due_at}).all())
        victim_id = max(by_id, key=lambda scheduler_id: holding.get(scheduler_id, 0))
        victim = by_id[victim_id]
        cpu = cpu_seconds(victim.popen.pid)
        victim.popen.send_signal(signal.SIGKILL)
        victim.popen.wait()
        killed_at = datetime.utcnow()
        stranded = dict(db.session.execute(sa.text(
            "SELECT id, due_at FROM schedule_runs WHERE state = 'queued' AND claimed_by = :victim"),
            {"victim": victim_id}).all())
    return victim, cpu, killed_at, stranded


def executions(app, due_minutes, stranded):
    """(occurrences executed, executions beyond one per occurrence, latest start minus due of the
    stranded runs) from the run records of the due minutes."""
    from api.extensions import db

    with app.app_context():
        runs = db.session.execute(sa.text(
            "SELECT id, schedule_id, due_at, attempts, started_at FROM schedule_runs WHERE attempts >= 1 AND due_at IN :due"
        ).bindparams(sa.bindparam("due", expanding=True)), {"due": due_minutes}).all()
    occurrences = {(run.schedule_id, run.due_at) for run in runs}
    duplicated = sum(run.attempts - 1 for run in runs) + len(runs) - len(occurrences)
    stranded_started = [(run.started_at - run.due_at).total_seconds() for run in runs if run.id in stranded]
    return len(occurrences), duplicated, max(stranded_started, default=None)


def lateness_from_logs(outputs):
    """[(due_at, seconds late)] for every run handed over, from the schedulers' per-due-time log lines."""
    late = []
    for output in outputs:
        for count, due_at, seconds in HANDED_OVER.findall(output):
            late.extend([(datetime.fromisoformat(due_at), float(seconds))] * int(count))
    return late


def waves(worker_runs):
    """The finished runs grouped by due time."""
    by_due = {}
    for run in worker_runs:
        by_due.setdefault(run.due_at, []).append(run)
    return list(by_due.values())


def busy_seconds(intervals):
    """Seconds covered by the (start, end) intervals: the time from each wave's first start to its
    last finish, overlapping waves counted once, idle time between waves not at all."""
    covered, reached = 0.0, None
    for start, end in sorted(intervals):
        if reached is not None and start < reached:
            start = reached
        if end > start:
            covered += (end - start).total_seconds()
        reached = end if reached is None else max(reached, end)
    return covered


def spread(values):
    return (f"p50={percentile(values, 0.5):.3f}s p99={percentile(values, 0.99):.3f}s max={max(values):.3f}s"
            if values else "none")


def figures(app, schedules, due_minutes):
    from api.extensions import db

    with app.app_context():
        per_minute = db.session.execute(sa.text("""
            SELECT due_at, count(*) AS runs, count(DISTINCT schedule_id) AS schedules,
                   sum(CASE WHEN attempts > 1 THEN 1 ELSE 0 END) AS retried, sum(missed_count) AS missed
            FROM schedule_runs GROUP BY due_at ORDER BY due_at
        """)).all()
        total, distinct = db.session.execute(sa.text(
            "SELECT count(*), count(DISTINCT (schedule_id, due_at)) FROM schedule_runs")).one()
        worker = db.session.execute(sa.text("""
            SELECT due_at, extract(epoch FROM started_at - due_at), extract(epoch FROM finished_at - due_at),
                   started_at, finished_at
            FROM schedule_runs WHERE finished_at IS NOT NULL
        """)).all()
        states = dict(db.session.execute(sa.text("SELECT state, count(*) FROM schedule_runs GROUP BY state")).all())
    fired_in_window = sum(row.runs for row in per_minute if row.due_at in due_minutes)
    return {
        "per_minute": per_minute, "fired": total, "duplicates": total - distinct,
        "expected": schedules * len(due_minutes), "missing": schedules * len(due_minutes) - fired_in_window,
        "worker": worker, "states": states,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--schedules", type=int, default=10_000)
    parser.add_argument("--minutes", type=int, default=2, help="fire minutes to cover")
    parser.add_argument("--tick", type=float, default=0.2, help="SCHEDULER_TICK_SECONDS of the schedulers")
    parser.add_argument("--lookahead", type=float, default=10,
                        help="SCHEDULE_LOOKAHEAD_SECONDS: claim this far ahead and enqueue with the due time as ETA")
    parser.add_argument("--schedulers", type=int, default=2)
    parser.add_argument("--worker-concurrency", type=int, default=2)
    parser.add_argument("--mail", action="store_true", help="mail each run's one-row CSV as an .eml file")
    parser.add_argument("--drain", type=float, default=60, help="seconds to let the worker catch up at the end")
    parser.add_argument("--kill-one", action="store_true",
                        help="SIGKILL one scheduler holding runs claimed ahead of the first due minute")
    parser.add_argument("--kill-before", type=float, default=1, help="seconds before the first due minute to kill it")
    args = parser.parse_args()
    if args.kill_one and not 0 < args.kill_before < args.lookahead:
        parser.error("--kill-before must fall inside the lookahead, when runs are held claimed ahead")

    import redis

    redis.Redis.from_url(BROKER_URL).flushdb()
    with bench_database("portal_bench_scheduler") as database_url:
        config = app_config(database_url, CELERY_BROKER_URL=BROKER_URL)
        app = migrated_app(config)
        now = datetime.utcnow()
        # The first fire minute leaves the processes time to start.
        first_due = (now + timedelta(seconds=40)).replace(second=0, microsecond=0) + timedelta(minutes=1)
        due_minutes = [first_due + timedelta(minutes=n) for n in range(args.minutes)]
        seed(app, args.schedules, first_due, args.mail)
        print(f"{args.schedules} active schedules ({CRONTAB}), first due {first_due:%H:%M:%S}Z, "
              f"{args.minutes} minute(s), {args.schedulers} schedulers ticking every {args.tick}s, "
              f"lookahead {args.lookahead}s", flush=True)

        logs = config["INSTANCE_DIR"]
        env = process_env(app.config, SCHEDULER_TICK_SECONDS=args.tick, SCHEDULE_LOOKAHEAD_SECONDS=args.lookahead)
        worker = Process("bench-worker", [
            sys.executable, "-m", "celery", "-A", "worker.app", "worker", "--loglevel=WARNING",
            f"--concurrency={args.worker_concurrency}", "--without-gossip", "--without-mingle", "--without-heartbeat",
            "-n", "bench-worker@%h"], env, logs)
        schedulers = [Process(f"bench-scheduler-{n}", [sys.executable, "-m", "scheduler"], env, logs)
                      for n in range(args.schedulers)]
        try:
            for scheduler in schedulers:
                scheduler.wait_for_output("scheduler started", timeout=120)
            cpu_before = [cpu_seconds(s.popen.pid) for s in schedulers]
            live, cpu_of_killed, stranded = schedulers, 0, {}
            if args.kill_one:
                killed, cpu_of_killed, killed_at, stranded = kill_one_ahead_of(app, schedulers, first_due, args.kill_before)
                live = [scheduler for scheduler in schedulers if scheduler is not killed]
                print(f"killed {killed.name} at {killed_at:%H:%M:%S.%f}Z holding {len(stranded)} queued runs", flush=True)
            end = due_minutes[-1] + timedelta(seconds=30)
            while datetime.utcnow() < end:
                time.sleep(1)
            cpu = sum(cpu_seconds(s.popen.pid) for s in live) + cpu_of_killed - sum(cpu_before)
        finally:
            outputs = [(scheduler.name, scheduler.stop(), scheduler.output()) for scheduler in schedulers]
        failed_ticks = sum(output.count("tick failed") for _, _, output in outputs)
        integrity_errors = sum(output.count("IntegrityError") for _, _, output in outputs)

        expected = args.schedules * args.minutes
        started = time.monotonic()
        done, pending = wait_for_runs(app, expected, timeout=args.drain)
        drain = time.monotonic() - started
        worker.stop()

        result = figures(app, args.schedules, due_minutes)
        late = lateness_from_logs([output for _, _, output in outputs])
        worker_runs = result["worker"]
        for row in result["per_minute"]:
            seconds = sorted(value for due_at, value in late if due_at == row.due_at)
            started = [float(run[1]) for run in worker_runs if run.due_at == row.due_at]
            finished = [float(run[2]) for run in worker_runs if run.due_at == row.due_at]
            print(f"  due {row.due_at:%H:%M:%S}: runs={row.runs} schedules={row.schedules} retried={row.retried} "
                  f"missed={row.missed} handed over={len(seconds)} lateness {spread(seconds)}; "
                  f"worker started minus due {spread(started)}, finished minus due {spread(finished)}")
        seconds = sorted(value for _, value in late)
        fired = result["fired"]
        left_with_broker = sum(int(count) for _, _, output in outputs for count in LEFT_WITH_BROKER.findall(output))
        print(f"occurrences_fired={fired} expected={result['expected']} duplicates={result['duplicates']} "
              f"missing={result['missing']} handed_over={len(seconds)} left_with_broker_at_stop={left_with_broker}")
        print(f"lateness {spread(seconds)} (published for immediate delivery minus due; goal p99 < 1 s)")
        print(f"scheduler_cpu_s={cpu:.2f} cpu_ms_per_occurrence={1000 * cpu / max(fired, 1):.3f}")
        print(f"scheduler failed ticks={failed_ticks} integrity errors={integrity_errors}")
        started = [float(run[1]) for run in worker_runs]
        finished = [float(run[2]) for run in worker_runs]
        busy = busy_seconds([(min(run.started_at for run in wave), max(run.finished_at for run in wave))
                             for wave in waves(worker_runs)])
        print(f"worker: runs done={done} still pending={pending} (waited {drain:.0f}s after the last due minute + 30 s); "
              f"throughput {len(worker_runs) / max(busy, 1e-9):.0f} runs/s (over {busy:.1f} s busy); started minus due {spread(started)}; "
              f"finished minus due {spread(finished)}; states={result['states']}")
        if args.kill_one:
            executed, duplicated, stranded_started_late = executions(app, due_minutes, stranded)
            stranded_due = set(stranded.values())
            takeover_late = [seconds for due_at, seconds in late if due_at in stranded_due]
            took_over = sum(int(count) for _, _, output in outputs for count in TOOK_OVER.findall(output))
            print(f"stranded={len(stranded)} taken_over={took_over} "
                  f"stranded_worker_started_minus_due_max_s={stranded_started_late}")
            print(f"executions_missing={result['expected'] - executed} executions_duplicated={duplicated} "
                  f"takeover_late_max_s={max(takeover_late, default=float('nan')):.3f}")


if __name__ == "__main__":
    main()
