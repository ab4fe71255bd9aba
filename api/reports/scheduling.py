"""Firing report schedules: every due occurrence is claimed once in the database, whatever the number
of scheduler processes (SECURITY.md 21), and recorded as a run in the same transaction.

A claim moves the schedule's next fire time forward with an UPDATE that holds only while the time is
still the one this scheduler read; the rows the UPDATE returns are the claims this scheduler won. The
run rows (unique per schedule and due time) are inserted before the commit, and the runs are enqueued
after it, one message per batch and due time. Occurrences due within ``SCHEDULE_LOOKAHEAD_SECONDS``
are claimed ahead and enqueued with their due time as ETA, so a large wave of schedules due at the
same second is already with the worker when it falls due (Quartz's fire-ahead window does the same).
A run still queued ``SCHEDULE_REQUEUE_SECONDS`` after its claim (its
scheduler died before enqueueing it, or the message was lost) is enqueued again; the run task does
nothing for a run that is done or running.
"""
import logging
from datetime import UTC, timedelta
from functools import lru_cache
from itertools import groupby
from operator import attrgetter

from flask import current_app
import sqlalchemy as sa
from sqlalchemy import func, insert, or_, select, update

from api.common.timeutil import utcnow
from api.extensions import db
from api.reports import quartz
from api.reports.models import ReportSchedule, ScheduleRun
from api.reports.schedule_runs import QUEUED
from api.reports.tasks import run_schedules

log = logging.getLogger(__name__)
MISSED_COUNT_CHUNK = 10_000


@lru_cache(maxsize=4096)
def _cron(crontab):
    return quartz.parse(crontab)


def next_fire_at(crontab, time_zone, after):
    """The first fire time strictly after ``after`` as naive UTC, or None when the expression has ended."""
    times = _cron(crontab).next_fire_times(after, 1, time_zone)
    return times[0].replace(tzinfo=None) if times else None


def _coalesce(crontab, time_zone, due_at, now):
    """(missed, following): occurrences after ``due_at`` up to ``now`` that the run of ``due_at``
    stands for, and the fire time after both (``due_at`` may be ahead of ``now``, claimed early)."""
    following = next_fire_at(crontab, time_zone, max(due_at, now))
    missed, after, chunk = 0, due_at, 1
    # Usually nothing was missed: look one occurrence ahead, then further in growing steps.
    while True:
        times = _cron(crontab).next_fire_times(after, chunk, time_zone)
        late = [moment for moment in times if moment.replace(tzinfo=None) <= now]
        missed += len(late)
        if len(late) < chunk:
            return missed, following
        after, chunk = times[-1], min(chunk * 4, MISSED_COUNT_CHUNK)


# One statement per batch on PostgreSQL: lock due rows of one occurrence that no other scheduler
# holds, move their fire time on (still only where it is the time read), and record the runs.
_CLAIM_POSTGRESQL = sa.text("""
    WITH due AS (
        SELECT id FROM report_schedules
        WHERE is_active AND next_fire_at = :seen AND crontab = :crontab AND time_zone = :time_zone
        LIMIT :limit
        FOR UPDATE SKIP LOCKED
    ), claimed AS (
        UPDATE report_schedules AS schedule SET next_fire_at = :following, is_active = :active
        FROM due WHERE schedule.id = due.id AND schedule.next_fire_at = :seen
        RETURNING schedule.id
    )
    INSERT INTO schedule_runs (schedule_id, due_at, missed_count, state, claimed_at, attempts)
    SELECT id, :seen, :missed, :queued, :now, 0 FROM claimed
    RETURNING id, due_at
""").bindparams(sa.bindparam("seen", type_=sa.DateTime), sa.bindparam("following", type_=sa.DateTime),
                sa.bindparam("now", type_=sa.DateTime))


def _claim_postgresql(occurrence, following, missed, now, limit):
    crontab, time_zone, seen = occurrence
    return db.session.execute(_CLAIM_POSTGRESQL, {
        "seen": seen, "crontab": crontab, "time_zone": time_zone, "limit": limit, "following": following,
        "active": following is not None, "missed": missed, "queued": QUEUED, "now": now,
    }).all()


def _claim_portable(occurrence, following, missed, now, limit):
    """Elsewhere concurrent schedulers may read the same rows: the conditional UPDATE decides."""
    crontab, time_zone, seen = occurrence
    ids = db.session.scalars(
        select(ReportSchedule.id)
        .where(ReportSchedule.is_active, ReportSchedule.next_fire_at == seen,
               ReportSchedule.crontab == crontab, ReportSchedule.time_zone == time_zone)
        .order_by(ReportSchedule.id).limit(limit)
    ).all()
    if not ids:
        return []
    won = db.session.scalars(
        update(ReportSchedule)
        .where(ReportSchedule.id.in_(ids), ReportSchedule.next_fire_at == seen)
        .values(next_fire_at=following, is_active=following is not None)
        .returning(ReportSchedule.id)
        .execution_options(synchronize_session=False)
    ).all()
    if not won:
        return []
    runs = [{"schedule_id": schedule_id, "due_at": seen, "missed_count": missed, "state": QUEUED,
             "claimed_at": now, "attempts": 0} for schedule_id in won]
    return db.session.execute(insert(ScheduleRun).returning(ScheduleRun.id, ScheduleRun.due_at), runs).all()


def claim_due(now, limit, lookahead=timedelta(0)):
    """Claim up to ``limit`` occurrences due by ``now + lookahead`` and record their runs; commits;
    returns the runs won as (id, due_at) rows.

    Due schedules are taken occurrence by occurrence (same crontab, zone and due time), so the next
    fire time and the missed count are computed once for all the schedules that share them.
    """
    occurrences = db.session.execute(
        select(ReportSchedule.crontab, ReportSchedule.time_zone, ReportSchedule.next_fire_at)
        .where(ReportSchedule.is_active, ReportSchedule.next_fire_at <= now + lookahead)
        .group_by(ReportSchedule.crontab, ReportSchedule.time_zone, ReportSchedule.next_fire_at)
        .order_by(ReportSchedule.next_fire_at)
        .limit(limit)
    ).all()
    claim = _claim_postgresql if db.session.get_bind().dialect.name == "postgresql" else _claim_portable
    runs = []
    for occurrence in occurrences:
        crontab, time_zone, seen = occurrence
        try:
            missed, following = _coalesce(crontab, time_zone, seen, now)
        except quartz.CronError:
            log.exception("schedules with crontab %r in %s no longer parse; deactivating them", crontab, time_zone)
            missed, following = 0, None
        runs.extend(claim(tuple(occurrence), following, missed, now, limit - len(runs)))
        if len(runs) >= limit:
            break
    db.session.commit()
    return runs


def enqueue(runs):
    """Hand the claimed runs to the broker, one message per due time (held until then when claimed
    ahead), and log how late that is (negative: ahead).

    One message per batch keeps a scheduler's publishing cost per batch rather than per run; the
    worker fans it out into one task per run.
    """
    for due_at, group in groupby(sorted(runs, key=attrgetter("due_at")), key=attrgetter("due_at")):
        run_ids = [run.id for run in group]
        run_schedules.apply_async((run_ids,), eta=due_at.replace(tzinfo=UTC) if due_at > utcnow() else None)
        log.info("enqueued %d schedule runs due at %sZ, %.3f s late", len(run_ids), due_at.isoformat(),
                 (utcnow() - due_at).total_seconds())


def requeue_stalled(now, limit):
    """Enqueue again runs still queued long after their claim (or their last requeue); returns their ids.

    Taken with a conditional UPDATE too, so two schedulers do not both enqueue the same run (it
    would be harmless, the run task being idempotent, but wasteful).
    """
    cutoff = now - timedelta(seconds=current_app.config["SCHEDULE_REQUEUE_SECONDS"])
    last_handled = func.coalesce(ScheduleRun.requeued_at, ScheduleRun.claimed_at)
    stalled = db.session.scalars(
        select(ScheduleRun.id).where(ScheduleRun.state == QUEUED, last_handled < cutoff).limit(limit)
    ).all()
    if not stalled:
        return []
    taken = db.session.scalars(
        update(ScheduleRun)
        .where(ScheduleRun.id.in_(stalled), ScheduleRun.state == QUEUED,
               or_(ScheduleRun.requeued_at.is_(None), ScheduleRun.requeued_at < cutoff))
        .values(requeued_at=now)
        .returning(ScheduleRun.id)
        .execution_options(synchronize_session=False)
    ).all()
    db.session.commit()
    if taken:
        log.warning("enqueueing again %d schedule runs left queued: %s", len(taken), taken[:20])
        run_schedules.delay(list(taken))
    return list(taken)


def fire_due_schedules(now):
    """One scheduler tick: claim and enqueue batch by batch until nothing is due, then recover stalled runs."""
    batch = current_app.config["SCHEDULE_CLAIM_BATCH"]
    lookahead = timedelta(seconds=current_app.config["SCHEDULE_LOOKAHEAD_SECONDS"])
    fired = 0
    while True:
        runs = claim_due(now, batch, lookahead)
        enqueue(runs)
        fired += len(runs)
        if not runs:
            break
    if fired:
        log.info("fired %d schedule occurrences due by %sZ", fired, now.isoformat(timespec="seconds"))
    requeue_stalled(now, batch)
    return fired
