"""Creating jobs and reading them for the acting client."""
import uuid

from sqlalchemy import select

from api.common.errors import Conflict
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, scoped
from api.extensions import db
from api.jobs.models import QUEUED, RUNNING, Job
from api.jobs.runner import result_mail_key
from api.jobs.tasks import run_job
from api.notifications.models import OutboundEmail
from api.notifications.service import mail_state, make_sendable_again
from api.notifications.tasks import deliver_email

NO_RESULT_MAIL = "This job has no result e-mail (it has not ended, or its requester has no e-mail address)."


def start_job(kind, client_id, identity, params=None, total=0):
    """Store a queued job and enqueue it once the row is committed (the worker reads it by id)."""
    job = Job(
        id=str(uuid.uuid4()), kind=kind, client_id=client_id, params=params or {}, total=total,
        requested_by=identity.username, requester_email=identity.email, results=[],
    )
    db.session.add(job)
    db.session.commit()
    run_job.delay(job.id)
    # Read it again: a task run in-process (eager mode) ends by removing this session.
    return db.session.get(Job, job.id)


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
