"""Creating jobs, sending again those nobody runs, and reading them for the acting client."""
import logging
import uuid

from datetime import timedelta

from flask import current_app
from kombu.exceptions import OperationalError as KombuOperationalError
from sqlalchemy import and_, or_, select, update

from api.common.errors import Conflict
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, scoped
from api.common.timeutil import utcnow
from api.extensions import db
from api.jobs.models import QUEUED, RUNNING, Job
from api.jobs.runner import result_mail_key
from api.jobs.tasks import run_job
from api.notifications.models import OutboundEmail
from api.notifications.service import mail_state, make_sendable_again
from api.notifications.tasks import deliver_email

log = logging.getLogger(__name__)
NO_RESULT_MAIL = "This job has no result e-mail (it has not ended, or its requester has no e-mail address)."


def _send(job_id):
    """Hand the job to the broker; False when the broker cannot take it now (the sweep sends it later)."""
    try:
        run_job.delay(job_id)
    except (KombuOperationalError, OSError):
        log.warning("the broker did not take job %s; the jobs sweep sends it when it can", job_id, exc_info=True)
        return False
    return True


def start_job(kind, client_id, identity, params=None, total=0, job_id=None):
    """Store a queued job (with ``job_id`` when its work was stored under that id beforehand) and
    send it once the row is committed (the worker reads it by id).

    The job row is its own outbox: a job whose message the broker could not take (it was down) is
    still created and answered, and the jobs sweep sends it once the broker is back."""
    job_id = job_id or str(uuid.uuid4())
    db.session.add(Job(
        id=job_id, kind=kind, client_id=client_id, params=params or {}, total=total,
        requested_by=identity.username, requester_email=identity.email, results=[],
    ))
    db.session.commit()
    if _send(job_id):
        db.session.execute(update(Job).where(Job.id == job_id, Job.sent_at.is_(None)).values(sent_at=utcnow()))
        db.session.commit()
    # Read it again: a task run in-process (eager mode) ends by removing this session.
    return db.session.get(Job, job_id)


def send_stranded_jobs(now, limit=500):
    """Send again the jobs nobody is running (the jobs sweep): queued ones whose message was never
    sent or was sent ``JOB_RESEND_SECONDS`` ago, and running ones whose worker's lease ran out (it
    died, or lost the database) as soon as it does, then again every ``JOB_RESEND_SECONDS`` while
    nobody takes them. Claimed with a conditional UPDATE, so two sweeps do not both send a job; a job
    sent twice still runs once (its claim is conditional too). A job the broker does not take (it is
    down) is marked unsent again, with the rest of the sweep's jobs, so the next sweep tries them
    rather than one ``JOB_RESEND_SECONDS`` later. Answers the ids sent."""
    resend_before = now - timedelta(seconds=current_app.config["JOB_RESEND_SECONDS"])
    not_sent_lately = or_(Job.sent_at.is_(None), Job.sent_at < resend_before)
    lease_ran_out = and_(Job.state == RUNNING, Job.lease_expires_at < now)
    stranded = or_(
        and_(Job.state == QUEUED, not_sent_lately),
        and_(lease_ran_out, or_(not_sent_lately, Job.sent_at < Job.lease_expires_at)),
    )
    oldest = select(Job.id).where(stranded).order_by(Job.created_at).limit(limit)
    taken = db.session.scalars(
        update(Job).where(Job.id.in_(oldest.scalar_subquery()), stranded).values(sent_at=now).returning(Job.id)
        .execution_options(synchronize_session=False)
    ).all()
    db.session.commit()
    sent = []
    for job_id in taken:
        if not _send(job_id):  # the broker is down: the others would wait out its retries in vain
            break
        sent.append(job_id)
    unsent = sorted(set(taken) - set(sent))
    if unsent:
        db.session.execute(update(Job).where(Job.id.in_(unsent), Job.sent_at == now).values(sent_at=None))
        db.session.commit()
    if sent:
        log.warning("sent again %d job(s) nobody was running: %s", len(sent), sent[:20])
    return sent


def send_unfinished_jobs_again():
    """Send again every job that has not ended, for a broker that forgets a message once a worker took it.

    A job still queued behind its first message, or running in a live worker, is safe to send twice:
    the runner claims a job only when it is queued or its worker's lease ran out (see api.jobs.runner).
    """
    job_ids = db.session.scalars(select(Job.id).where(Job.state.in_((QUEUED, RUNNING))).order_by(Job.created_at)).all()
    for job_id in job_ids:
        run_job.delay(job_id)
    return job_ids


def _find_job(client_id, job_id):
    return get_scoped_or_404(Job, client_id, "Job not found.", id=job_id)


def _result_mail(job_id):
    return db.session.scalars(select(OutboundEmail).filter_by(key=result_mail_key(job_id))).first()


def get_job(client_id, job_id):
    """The job with the state of its result e-mail (None before the job ends or without a mail)."""
    job = _find_job(client_id, job_id)
    email = _result_mail(job.id)
    answer = {column.key: getattr(job, column.key) for column in Job.__table__.columns}
    answer["result_mail"] = None if email is None else {
        "state": mail_state(email), "recipient": email.recipient, "error": email.last_error,
    }
    return answer


def resend_result_mail(client_id, job_id):
    """Try again the result e-mail of a job whose retries ran out. A mail sent, or still being tried,
    is left as it is (the call answers its state), so asking twice sends it once."""
    job = _find_job(client_id, job_id)
    email = _result_mail(job.id)
    if email is None:
        raise Conflict(NO_RESULT_MAIL, code="no_result_mail")
    if mail_state(email) == "failed":
        make_sendable_again(email)
        db.session.commit()
        deliver_email.delay(email.id)
    return get_job(client_id, job_id)


def list_jobs(client_id, limit, cursor):
    return paginate(scoped(Job, client_id), [Job.created_at, Job.id], limit, cursor, descending=True)
