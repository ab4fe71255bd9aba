"""A scheduled run in the worker: execute the report with the schedule's context and e-mail the CSV.

Safe to run again for the same run: the run is taken with a conditional update (queued or failed to
running), the mails are queued under keys made of the schedule, the due time and the recipient, and
a run whose mails are already queued only sends those not yet sent. A client report scheduled with a
blank context runs once per client; each client's result goes out as its own mail.
"""
import hashlib
import logging
import smtplib
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from sqlalchemy import or_, select, update

from api.clients.models import Client
from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications.models import OutboundEmail
from api.notifications.service import deliver, queue_email
from api.reports.models import ScheduleRun
from api.reports.runner import ReportResult, csv_chunks, run_report
from api.users.models import User

log = logging.getLogger(__name__)
QUEUED, RUNNING, SENT, SUPPRESSED, FAILED = "queued", "running", "sent", "suppressed", "failed"
RUN_STATES = (QUEUED, RUNNING, SENT, SUPPRESSED, FAILED)


class DeliveryFailed(Exception):
    """The mail server refused or dropped the connection; the run is recorded as failed and retried."""


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
    clients = select(Client).order_by(Client.id)
    if schedule.context:
        clients = clients.where(Client.id == int(schedule.context))
    return [_Target(client, None) for client in db.session.scalars(clients)]


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


def _queue_mails(run):
    """Run the report for every target and queue its mails; returns (rows, mails queued, all suppressed)."""
    schedule = run.schedule
    report = schedule.report
    limit = current_app.config["REPORT_ATTACHMENT_MAX_BYTES"]
    total_rows, mails, suppressed = 0, 0, True
    for target in _targets(schedule):
        client_id = target.client.id if target.client is not None else None
        result = run_report(report, {}, client_id=client_id, context=target.context, is_admin=True)
        csv_result = _csv_of(result, limit)
        total_rows += csv_result.row_count
        if csv_result.row_count == 0 and schedule.suppress_on_empty:
            continue
        suppressed = False
        for_client = f" ({target.client.name})" if target.client else ""
        subject = f"{schedule.name}{for_client} - {run.due_at:%Y-%m-%d %H:%M} UTC"
        body = _body(schedule, run, csv_result, limit)
        attachment = None
        if csv_result.content is not None:
            attachment = (_file_name(report, target.client), "text/csv", csv_result.content)
        for recipient in _recipients(schedule, target.client):
            queue_email(_mail_key(run, client_id, recipient), recipient, subject, body,
                        client_id=client_id, attachment=attachment)
            mails += 1
    return total_rows, mails, suppressed


def _take(run_id):
    """Take the run for this worker: queued, failed (a retry), or running past the task time limit."""
    now = utcnow()
    abandoned = now - timedelta(seconds=current_app.config["TASK_TIME_LIMIT"])
    taken = db.session.execute(
        update(ScheduleRun)
        .where(ScheduleRun.id == run_id)
        .where(or_(ScheduleRun.state.in_((QUEUED, FAILED)),
                   (ScheduleRun.state == RUNNING) & (ScheduleRun.started_at < abandoned)))
        .values(state=RUNNING, started_at=now, attempts=ScheduleRun.attempts + 1)
    ).rowcount
    db.session.commit()
    return bool(taken)


def _finish(run, state, error=None):
    run.state = state
    if error is not None:
        run.error = error
    run.finished_at = utcnow()
    db.session.commit()


def execute(run_id):
    """Carry out a claimed run; does nothing for a run that is done or that another worker is running."""
    if not _take(run_id):
        log.info("schedule run %s is done or taken by another worker", run_id)
        return
    run = db.session.get(ScheduleRun, run_id)
    if run.row_count is None:
        try:
            rows, mails, suppressed = _queue_mails(run)
        except Exception as error:
            log.exception("schedule run %s: the report failed", run_id)
            db.session.rollback()
            description = getattr(error, "description", None) or f"The report failed to run: {error}"
            _finish(db.session.get(ScheduleRun, run_id), FAILED, description)
            return
        run.row_count = rows
        if mails == 0:
            if suppressed:
                _finish(run, SUPPRESSED)
            else:
                _finish(run, FAILED, "Nobody to send to: the schedule lists no addresses and no active user "
                                     "with an e-mail address receives scheduled reports.")
            return
        db.session.commit()

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
            raise DeliveryFailed(run.error) from error
    _finish(db.session.get(ScheduleRun, run_id), SENT)
