"""A scheduled run in the worker: execute the report with the schedule's context and e-mail the CSV.

Safe to run again for the same run: the run is taken with a conditional update (queued or failed to
running), the mails are queued under keys made of the schedule, the due time and the recipient, and
a run whose mails are already queued only sends those not yet sent. A client report scheduled with a
blank context runs once per client; each client's result goes out as its own mail.

Runs of the same report and context handed over together (schedules due at the same time) share
one execution of the report per target: the result is the same for all of them, and the worker's
cost per run is then a few rows written rather than a query run.
"""
import hashlib
import logging
import smtplib
from dataclasses import dataclass
from datetime import timedelta
from itertools import groupby
from operator import attrgetter

from flask import current_app
from sqlalchemy import or_, select, update
from sqlalchemy.orm import selectinload

from api.clients.models import Client
from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications.models import OutboundEmail
from api.notifications.service import deliver, queue_email
from api.reports.models import ReportSchedule, ScheduleRun
from api.reports.runner import ReportResult, csv_chunks, run_report
from api.users.models import User

log = logging.getLogger(__name__)
QUEUED, RUNNING, SENT, SUPPRESSED, FAILED, SKIPPED = "queued", "running", "sent", "suppressed", "failed", "skipped"
RUN_STATES = (QUEUED, RUNNING, SENT, SUPPRESSED, FAILED, SKIPPED)
SWITCHED_OFF = "The schedule was switched off before this run was carried out."


class DeliveryFailed(Exception):
    """The mail server refused or dropped the connection; the run is recorded as failed and retried."""

    def __init__(self, run_id, description):
        super().__init__(description)
        self.run_id = run_id


class ClientGone(Exception):
    """The client a client report is scheduled for was deleted: the run fails rather than pass as empty."""

    def __init__(self, client_id):
        self.description = f"The client this schedule is for (id {client_id}) no longer exists, so the report was not run."
        super().__init__(self.description)


def addresses_of(text):
    """The addresses of a comma-separated list, blanks dropped."""
    return [part.strip() for part in (text or "").replace(";", ",").split(",") if part.strip()]


def mail_key_prefix(run):
    return f"schedule:{run.schedule_id}:{run.due_at:%Y%m%dT%H%M%S}:"


def _mail_key(run, client_id, recipient):
    recipient_hash = hashlib.sha256(recipient.lower().encode()).hexdigest()[:24]
    return f"{mail_key_prefix(run)}{client_id if client_id is not None else '-'}:{recipient_hash}"


@dataclass
class _Target:
    client: Client | None
    context: str | None


def _targets(schedule):
    report = schedule.report
    if report.report_type != "client":
        return [_Target(None, schedule.context or None)]
    if schedule.context:
        client = db.session.get(Client, int(schedule.context))
        if client is None:
            raise ClientGone(schedule.context)
        return [_Target(client, None)]
    return [_Target(client, None) for client in db.session.scalars(select(Client).order_by(Client.id))]


def _recipients(schedule, client):
    listed = addresses_of(schedule.email_addresses_string)
    if listed:
        return listed
    users = select(User.email).where(User.active, User.receive_scheduled_reports, User.email.is_not(None), User.email != "")
    users = users.where(User.client_id == client.id) if client is not None else users.where(User.client_id.is_(None))
    return list(db.session.scalars(users.order_by(User.username)))


@dataclass
class _Csv:
    row_count: int
    content: bytes | None  # None when larger than an e-mail may carry


def _csv_of(result, limit):
    """The result as CSV bytes while they fit in ``limit``; past it the rows are only counted."""
    row_count = 0

    def counted(rows):
        nonlocal row_count
        for row in rows:
            row_count += 1
            yield row

    chunks, size = [], 0
    with result:
        for chunk in csv_chunks(ReportResult(fields=result.fields, rows=counted(result.rows))):
            size += len(chunk)
            if size > limit:
                chunks = None
            elif chunks is not None:
                chunks.append(chunk)
    return _Csv(row_count, b"".join(chunks) if chunks is not None else None)


def _body(schedule, run, csv_result, limit):
    parts = [schedule.email_text.strip() or f"The scheduled report '{schedule.report.name}' is attached."]
    if csv_result.row_count == 0:
        parts.append("No Results.")
    if csv_result.content is None:
        parts.append(
            f"The result has {csv_result.row_count} rows, more than an e-mail can carry as an attachment "
            f"(limit {limit:,} bytes), so it is not attached. Run the report in the portal to download the CSV."
        )
    if run.missed_count:
        parts.append(
            f"This run also stands for {run.missed_count} earlier occurrence(s) of the schedule that were "
            "missed while no scheduler was running."
        )
    return "\n\n".join(parts)


def _file_name(report, client):
    name = report.name if client is None else f"{report.name} - {client.name}"
    return "".join(ch if ch.isalnum() or ch in " -_." else "_" for ch in name).strip() + ".csv"


@dataclass
class _Outcome:
    """What running the report did for one run: rows found, mails queued, whether every target was
    suppressed as empty."""
    rows: int = 0
    mails: int = 0
    suppressed: bool = True


def _queue_mails(runs):
    """Run the report once for every target of runs that share report and context, and queue each
    run's mails; returns each run's ``_Outcome`` by id."""
    schedule = runs[0].schedule
    report = schedule.report
    limit = current_app.config["REPORT_ATTACHMENT_MAX_BYTES"]
    outcomes = {run.id: _Outcome() for run in runs}
    for target in _targets(schedule):
        client_id = target.client.id if target.client is not None else None
        result = run_report(report, {}, client_id=client_id, context=target.context, is_admin=True)
        csv_result = _csv_of(result, limit)
        attachment = None
        if csv_result.content is not None:
            attachment = (_file_name(report, target.client), "text/csv", csv_result.content)
        for run in runs:
            outcome = outcomes[run.id]
            outcome.rows += csv_result.row_count
            if csv_result.row_count == 0 and run.schedule.suppress_on_empty:
                continue
            outcome.suppressed = False
            for_client = f" ({target.client.name})" if target.client else ""
            subject = f"{run.schedule.name}{for_client} - {run.due_at:%Y-%m-%d %H:%M} UTC"
            body = _body(run.schedule, run, csv_result, limit)
            for recipient in _recipients(run.schedule, target.client):
                queue_email(_mail_key(run, client_id, recipient), recipient, subject, body,
                            client_id=client_id, attachment=attachment)
                outcome.mails += 1
    return outcomes


def _take(run_ids):
    """Take the runs for this worker: queued, failed (a retry), or running past the task time limit;
    returns the ids taken. A run whose schedule someone switched off after it was claimed (the
    scheduler claims a few seconds ahead) is skipped instead; the last run of an expression that ended
    (which deactivates its schedule as it is claimed) is carried out."""
    now = utcnow()
    abandoned = now - timedelta(seconds=current_app.config["TASK_TIME_LIMIT"])
    may_run = or_(ScheduleRun.state.in_((QUEUED, FAILED)), (ScheduleRun.state == RUNNING) & (ScheduleRun.started_at < abandoned))
    switched_off = ScheduleRun.schedule_id.in_(select(ReportSchedule.id).where(
        ~ReportSchedule.is_active, ReportSchedule.switched_off_at >= ScheduleRun.claimed_at,
    ))
    db.session.execute(
        update(ScheduleRun).where(ScheduleRun.id.in_(run_ids), may_run, switched_off)
        .values(state=SKIPPED, error=SWITCHED_OFF, finished_at=now)
        .execution_options(synchronize_session=False)
    )
    taken = db.session.scalars(
        update(ScheduleRun)
        .where(ScheduleRun.id.in_(run_ids), may_run, ~switched_off)
        .values(state=RUNNING, started_at=now, attempts=ScheduleRun.attempts + 1)
        .returning(ScheduleRun.id)
        .execution_options(synchronize_session=False)
    ).all()
    db.session.commit()
    return sorted(taken)


def _finish(run, state, error=None):
    """Record the run's end; the caller commits."""
    run.state = state
    if error is not None:
        run.error = error
    run.finished_at = utcnow()


def _run_reports(run_ids):
    """Run the report for the taken runs that have not run it yet, once per report and context, and
    finish those with nothing to send; returns the ids of the runs that have mail to send."""
    runs = db.session.scalars(
        select(ScheduleRun).where(ScheduleRun.id.in_(run_ids)).order_by(ScheduleRun.id)
        .options(selectinload(ScheduleRun.schedule).selectinload(ReportSchedule.report))
    ).all()
    to_send = [run.id for run in runs if run.row_count is not None]
    shares_report = attrgetter("schedule.report_id", "schedule.context")
    for _, group in groupby(sorted((run for run in runs if run.row_count is None), key=shares_report), shares_report):
        group = list(group)
        try:
            outcomes = _queue_mails(group)
        except Exception as error:
            log.exception("schedule runs %s: the report failed", [run.id for run in group])
            db.session.rollback()
            description = getattr(error, "description", None) or f"The report failed to run: {error}"
            for run in group:
                _finish(run, FAILED, description)
            db.session.commit()
            continue
        for run in group:
            outcome = outcomes[run.id]
            run.row_count = outcome.rows
            if outcome.mails:
                to_send.append(run.id)
            elif outcome.suppressed:
                _finish(run, SUPPRESSED)
            else:
                _finish(run, FAILED, "Nobody to send to: the schedule lists no addresses and no active user "
                                     "with an e-mail address receives scheduled reports.")
        db.session.commit()
    return sorted(to_send)


def _send(run_id):
    """Send the run's mails not sent yet; raises DeliveryFailed (the run recorded as failed) when the
    mail server refuses or drops the connection. The caller records the run as sent."""
    run = db.session.get(ScheduleRun, run_id)
    unsent = db.session.scalars(
        select(OutboundEmail.id).where(OutboundEmail.key.startswith(mail_key_prefix(run), autoescape=True),
                                       OutboundEmail.sent_at.is_(None)).order_by(OutboundEmail.id)
    ).all()
    for email_id in unsent:
        try:
            deliver(email_id)
        except (smtplib.SMTPException, OSError) as error:
            db.session.rollback()
            run = db.session.get(ScheduleRun, run_id)
            run.state = FAILED
            run.error = f"Sending failed on attempt {run.attempts}: {error}"
            db.session.commit()
            raise DeliveryFailed(run_id, run.error) from error


def execute_runs(run_ids):
    """Carry out claimed runs, running each report once for all the runs that share it and its
    context; skips runs that are done or that another worker is running. Returns the DeliveryFailed
    of the runs whose mail could not be sent (recorded as failed, for the caller to retry)."""
    taken = _take(run_ids)
    if len(taken) < len(run_ids):
        log.info("schedule runs %s are done or taken by another worker", sorted(set(run_ids) - set(taken))[:20])
    if not taken:
        return []
    failures, sent = [], []
    for run_id in _run_reports(taken):
        try:
            _send(run_id)
        except DeliveryFailed as failure:
            failures.append(failure)
        else:
            sent.append(run_id)
    # One commit for the batch: a crash before it leaves the runs running with their mails marked
    # sent, and taking them again sends nothing twice.
    db.session.execute(update(ScheduleRun).where(ScheduleRun.id.in_(sent)).values(state=SENT, finished_at=utcnow())
                       .execution_options(synchronize_session=False))
    db.session.commit()
    return failures


def execute(run_id):
    """Carry out one claimed run; raises DeliveryFailed when its mail could not be sent."""
    for failure in execute_runs([run_id]):
        raise failure
