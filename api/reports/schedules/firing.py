"""Firing report schedules: every due occurrence is claimed once in the database, whatever the number
of scheduler processes (SECURITY.md 21), and recorded as a run in the same transaction.

A claim moves the schedule's next fire time forward with an UPDATE that holds only while the time is
still the one this scheduler read; the rows the UPDATE returns are the claims this scheduler won. The
run rows (unique per schedule and due time) are inserted before the commit, and the runs are handed
to the worker after it, one message per due time, report and context (at most a claim batch each):
the worker runs the report once for all the runs of a message.

Occurrences due within ``SCHEDULE_LOOKAHEAD_SECONDS`` are claimed ahead, so the database work for a
large wave of schedules due at the same second is done before it falls due; the scheduler holds
those runs (``HeldRuns``) and publishes them when they fall due, for immediate delivery. A scheduler
that stops leaves what it holds with the broker, due at its due time (an ETA). A run still queued
``SCHEDULE_REQUEUE_SECONDS`` after its claim and its due time (the message was lost) is enqueued
again; the run task does nothing for a run that is done or running.

A scheduler process that dies (kill -9) loses the runs it holds. So each scheduler has a row in
``schedulers`` whose heartbeat it refreshes as it ticks (``SchedulerHeartbeat``), and the runs it
claims carry its id (``claimed_by``): a scheduler whose heartbeat is older than
``SCHEDULER_HEARTBEAT_TIMEOUT_SECONDS`` is taken for dead, and the next live scheduler to tick takes
its queued runs over, holds them and hands them over when due (at once when already due). Runs it had
published already are then published twice, which is harmless: the worker takes a run once.
"""
import logging
import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, timedelta
from functools import lru_cache
from itertools import groupby

from flask import current_app
import sqlalchemy as sa
from sqlalchemy import delete, func, insert, or_, select, update

from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.reports import quartz
from api.reports.models import ReportSchedule, ScheduleRun, Scheduler
from api.reports.schedules.runs import QUEUED
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
# The joins go by primary key whatever the statistics say: right after a wave has moved on, they
# count no row at its next fire time, and a plan driven by the next_fire_at index would then
# compare every schedule of the wave with every claimed one (a second per batch of 500 out of
# 10,000). IS NOT DISTINCT FROM is the same test as = on this non-null column, but no index serves it.
_CLAIM_POSTGRESQL = sa.text("""
    WITH due AS (
        SELECT id FROM report_schedules
        WHERE is_active AND next_fire_at = :seen AND crontab = :crontab AND time_zone = :time_zone
        LIMIT :limit
        FOR UPDATE SKIP LOCKED
    ), claimed AS (
        UPDATE report_schedules AS schedule SET next_fire_at = :following, is_active = :active
        FROM due WHERE schedule.id = due.id AND schedule.next_fire_at IS NOT DISTINCT FROM :seen
        RETURNING schedule.id
    ), recorded AS (
        INSERT INTO schedule_runs (schedule_id, due_at, missed_count, state, claimed_at, claimed_by, attempts)
        SELECT id, :seen, :missed, :queued, :now, :claimed_by, 0 FROM claimed
        RETURNING id, schedule_id, due_at
    )
    SELECT recorded.id, recorded.due_at, schedule.report_id, schedule.context
    FROM recorded JOIN report_schedules AS schedule ON schedule.id = recorded.schedule_id
""").bindparams(sa.bindparam("seen", type_=sa.DateTime), sa.bindparam("following", type_=sa.DateTime),
                sa.bindparam("now", type_=sa.DateTime), sa.bindparam("claimed_by", type_=sa.String))


@dataclass(frozen=True)
class ClaimedRun:
    id: int
    due_at: object
    report_id: str
    context: str


def _claim_postgresql(occurrence, following, missed, now, limit, claimed_by):
    crontab, time_zone, seen = occurrence
    rows = db.session.execute(_CLAIM_POSTGRESQL, {
        "seen": seen, "crontab": crontab, "time_zone": time_zone, "limit": limit, "following": following,
        "active": following is not None, "missed": missed, "queued": QUEUED, "now": now, "claimed_by": claimed_by,
    }).all()
    return [ClaimedRun(*row) for row in rows]


def _claim_portable(occurrence, following, missed, now, limit, claimed_by):
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
    won = db.session.execute(
        update(ReportSchedule)
        .where(ReportSchedule.id.in_(ids), ReportSchedule.next_fire_at == seen)
        .values(next_fire_at=following, is_active=following is not None)
        .returning(ReportSchedule.id, ReportSchedule.report_id, ReportSchedule.context)
        .execution_options(synchronize_session=False)
    ).all()
    if not won:
        return []
    runs = [{"schedule_id": schedule_id, "due_at": seen, "missed_count": missed, "state": QUEUED,
             "claimed_at": now, "claimed_by": claimed_by, "attempts": 0} for schedule_id, _, _ in won]
    recorded = db.session.execute(
        insert(ScheduleRun).returning(ScheduleRun.id, ScheduleRun.schedule_id, ScheduleRun.due_at), runs).all()
    schedules = {schedule_id: (report_id, context) for schedule_id, report_id, context in won}
    return [ClaimedRun(run_id, due_at, *schedules[schedule_id]) for run_id, schedule_id, due_at in recorded]


def claim_due(now, limit, lookahead=timedelta(0), claimed_by=None):
    """Claim up to ``limit`` occurrences due by ``now + lookahead`` and record their runs, claimed by the
    scheduler of id ``claimed_by``; commits; returns the runs won (``ClaimedRun``).

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
    claim = _claim_postgresql if on_postgresql() else _claim_portable
    runs = []
    for occurrence in occurrences:
        crontab, time_zone, seen = occurrence
        try:
            missed, following = _coalesce(crontab, time_zone, seen, now)
        except quartz.CronError:
            log.exception("schedules with crontab %r in %s no longer parse; deactivating them", crontab, time_zone)
            missed, following = 0, None
        runs.extend(claim(tuple(occurrence), following, missed, now, limit - len(runs), claimed_by))
        if len(runs) >= limit:
            break
    db.session.commit()
    return runs


def connect_to_broker():
    """Open the connection runs are published on and declare their queue, so the first hand-over
    (due at a precise moment) does not pay for it."""
    celery = current_app.extensions["celery"]
    with celery.producer_or_acquire() as producer:
        producer.connection.ensure_connection(max_retries=3)
        producer.maybe_declare(celery.amqp.queues[celery.conf.task_default_queue])


def _publish(due_at, run_ids, eta=None):
    """One message per claim batch of runs sharing due time, report and context."""
    batch = current_app.config["SCHEDULE_CLAIM_BATCH"]
    for start in range(0, len(run_ids), batch):
        run_schedules.apply_async((run_ids[start:start + batch],), eta=eta)


class HeldRuns:
    """Runs claimed ahead of their due time, kept by the scheduler until they fall due.

    They are published when due rather than with an ETA, so the message reaches the worker's queue
    at the due time: a worker holding ETA messages could start them late, and the time a run was
    handed over would not say when the worker could act on it.
    """

    def __init__(self):
        self._runs = defaultdict(list)  # (due_at, report_id, context) -> run ids

    def __len__(self):
        return sum(len(run_ids) for run_ids in self._runs.values())

    def add(self, runs):
        for run in runs:
            self._runs[(run.due_at, run.report_id, run.context)].append(run.id)

    def next_due(self):
        return min((due_at for due_at, _, _ in self._runs), default=None)

    def hand_over_due(self, now):
        """Publish the runs due by ``now`` for immediate delivery, logging how late each due time was
        handed over (measured once all its messages are published)."""
        self._hand_over(lambda due_at: due_at <= now, eta=False)

    def leave_with_broker(self):
        """Publish everything held, each due at its due time (an ETA), as a scheduler stops."""
        self._hand_over(lambda due_at: True, eta=True)

    def _hand_over(self, is_taken, eta):
        taken = sorted(key for key in self._runs if is_taken(key[0]))
        for due_at, keys in groupby(taken, key=lambda key: key[0]):
            count = 0
            for key in keys:
                # Dropped only once published: a broker failure leaves them for the next tick.
                _publish(due_at, self._runs[key], eta=due_at.replace(tzinfo=UTC) if eta else None)
                count += len(self._runs.pop(key))
            if eta:
                log.info("left %d schedule runs due at %sZ with the broker for their due time", count, due_at.isoformat())
            else:
                log.info("handed over %d schedule runs due at %sZ, %.3f s late", count, due_at.isoformat(),
                         (utcnow() - due_at).total_seconds())


def requeue_stalled(now, limit):
    """Enqueue again runs still queued long after their claim (or their last requeue) and their due
    time; returns their ids.

    Taken with a conditional UPDATE too, so two schedulers do not both enqueue the same run (it
    would be harmless, the run task being idempotent, but wasteful).
    """
    cutoff = now - timedelta(seconds=current_app.config["SCHEDULE_REQUEUE_SECONDS"])
    last_handled = func.coalesce(ScheduleRun.requeued_at, ScheduleRun.claimed_at)
    stalled = db.session.scalars(
        select(ScheduleRun.id)
        .where(ScheduleRun.state == QUEUED, last_handled < cutoff, ScheduleRun.due_at < cutoff)
        .limit(limit)
    ).all()
    if not stalled:
        return []
    taken = db.session.execute(
        update(ScheduleRun)
        .where(ScheduleRun.id.in_(stalled), ScheduleRun.state == QUEUED,
               or_(ScheduleRun.requeued_at.is_(None), ScheduleRun.requeued_at < cutoff))
        .values(requeued_at=now)
        .returning(ScheduleRun.id, ScheduleRun.due_at, ScheduleRun.schedule_id)
        .execution_options(synchronize_session=False)
    ).all()
    if not taken:
        db.session.commit()
        return []
    runs = _with_schedules(taken)
    db.session.commit()
    run_ids = [run.id for run in runs]
    log.warning("enqueueing again %d schedule runs left queued: %s", len(run_ids), run_ids[:20])
    requeued = HeldRuns()
    requeued.add(runs)
    requeued.hand_over_due(now)
    return run_ids


def _with_schedules(taken):
    """``ClaimedRun``s of the (run id, due time, schedule id) rows taken."""
    schedules = {schedule_id: (report_id, context) for schedule_id, report_id, context in db.session.execute(
        select(ReportSchedule.id, ReportSchedule.report_id, ReportSchedule.context)
        .where(ReportSchedule.id.in_({schedule_id for _, _, schedule_id in taken}))
    )}
    return [ClaimedRun(run_id, due_at, *schedules[schedule_id]) for run_id, due_at, schedule_id in taken]


class SchedulerHeartbeat:
    """A scheduler process's row in ``schedulers``: registered by its first beat, refreshed as it ticks
    (at most five times per heartbeat timeout: on SQLite each refresh waits for its turn to write),
    and deleted when the scheduler stops cleanly (``sign_off``)."""

    def __init__(self):
        self.id = uuid.uuid4().hex
        self._beaten_at = None

    def beat(self, now):
        interval = timedelta(seconds=current_app.config["SCHEDULER_HEARTBEAT_TIMEOUT_SECONDS"] / 5)
        if self._beaten_at is not None and now - self._beaten_at < interval:
            return
        refreshed = db.session.execute(
            update(Scheduler).where(Scheduler.id == self.id).values(heartbeat_at=now)
            .execution_options(synchronize_session=False)
        ).rowcount
        if not refreshed:  # the first beat, or survivors took this scheduler for dead (a long stall)
            db.session.add(Scheduler(id=self.id, heartbeat_at=now))
        db.session.commit()
        self._beaten_at = now

    def sign_off(self):
        """After the held runs were left with the broker: nobody is to send them again."""
        db.session.execute(
            update(ScheduleRun).where(ScheduleRun.state == QUEUED, ScheduleRun.claimed_by == self.id)
            .values(claimed_by=None).execution_options(synchronize_session=False)
        )
        db.session.execute(delete(Scheduler).where(Scheduler.id == self.id))
        db.session.commit()


def take_over_from_dead_schedulers(scheduler_id, now, held):
    """Claim for the scheduler ``scheduler_id`` the queued runs of the schedulers whose heartbeat
    stopped, add them to ``held`` and delete those schedulers' rows; returns the ids of the runs.

    The conditional UPDATE (still claimed by the dead one) decides between survivors ticking together.
    """
    cutoff = now - timedelta(seconds=current_app.config["SCHEDULER_HEARTBEAT_TIMEOUT_SECONDS"])
    dead = db.session.scalars(
        select(Scheduler.id).where(Scheduler.heartbeat_at < cutoff, Scheduler.id != scheduler_id)
    ).all()
    if not dead:
        return []
    taken = db.session.execute(
        update(ScheduleRun).where(ScheduleRun.state == QUEUED, ScheduleRun.claimed_by.in_(dead))
        .values(claimed_by=scheduler_id)
        .returning(ScheduleRun.id, ScheduleRun.due_at, ScheduleRun.schedule_id)
        .execution_options(synchronize_session=False)
    ).all()
    db.session.execute(delete(Scheduler).where(Scheduler.id.in_(dead), Scheduler.heartbeat_at < cutoff))
    runs = _with_schedules(taken) if taken else []
    db.session.commit()
    log.warning("took over %d queued schedule runs of %d scheduler(s) whose heartbeat stopped: %s",
                len(runs), len(dead), ", ".join(dead))
    held.add(runs)
    return [run.id for run in runs]


def fire_due_schedules(now, held=None, heartbeat=None):
    """One scheduler tick: take over the runs of dead schedulers, hand over the held runs now due,
    claim batch by batch until nothing is due within the lookahead (handing over what is due, holding
    the rest), then recover stalled runs.

    ``held`` carries runs claimed ahead from one tick to the next; without it (a one-off call) runs
    claimed ahead are left with the broker for their due time. ``heartbeat`` is the ticking scheduler
    process's ``SchedulerHeartbeat``: refreshed, and recorded on the runs it claims and takes over.
    """
    keeps_held = held is not None
    held = held if keeps_held else HeldRuns()
    claimed_by = heartbeat.id if heartbeat is not None else None
    if heartbeat is not None:
        heartbeat.beat(now)
        take_over_from_dead_schedulers(heartbeat.id, now, held)
    held.hand_over_due(now)
    batch = current_app.config["SCHEDULE_CLAIM_BATCH"]
    lookahead = timedelta(seconds=current_app.config["SCHEDULE_LOOKAHEAD_SECONDS"])
    fired = 0
    while runs := claim_due(now, batch, lookahead, claimed_by):
        held.add(runs)
        held.hand_over_due(now)
        fired += len(runs)
    if fired:
        log.info("fired %d schedule occurrences due by %sZ", fired, (now + lookahead).isoformat(timespec="seconds"))
    if not keeps_held:
        held.leave_with_broker()
    requeue_stalled(now, batch)
    return fired
