"""Running a job by id, safely more than once: a redelivered job that already ended does nothing
again except making sure its result mail goes out."""
import logging

from sqlalchemy import select, update

from api.common.timeutil import utcnow
from api.extensions import db
from api.jobs.models import ENDED_STATES, FAILED, PARTLY_SUCCEEDED, QUEUED, RUNNING, SUCCEEDED, Job
from api.jobs.registry import ResultMail, handler_for
from api.notifications.models import OutboundEmail
from api.notifications.service import queue_email
from api.notifications.tasks import deliver_email

log = logging.getLogger(__name__)


def result_mail_key(job_id):
    return f"job:{job_id}:result"


def _final_state(job):
    if job.failed and job.succeeded:
        return PARTLY_SUCCEEDED
    if job.failed and not job.succeeded:
        return FAILED
    return SUCCEEDED


def _send_unsent_result_mail(job):
    email = db.session.scalars(select(OutboundEmail).filter_by(key=result_mail_key(job.id))).first()
    if email is not None and email.sent_at is None:
        deliver_email.delay(email.id)


def run_job(job_id):
    job = db.session.get(Job, job_id)
    if job is None:
        log.warning("job %s does not exist", job_id)
        return
    if job.state in ENDED_STATES:
        _send_unsent_result_mail(job)
        return
    db.session.execute(
        update(Job).where(Job.id == job_id, Job.state.in_((QUEUED, RUNNING)))
        .values(state=RUNNING, attempts=Job.attempts + 1, started_at=job.started_at or utcnow())
    )
    db.session.commit()
    job = db.session.get(Job, job_id)

    try:
        mail = handler_for(job.kind)(job)
        job.state = _final_state(job)
    except Exception:
        log.exception("job %s failed", job_id)
        db.session.rollback()
        job = db.session.get(Job, job_id)
        job.state = FAILED
        job.error = "The job failed unexpectedly. Nothing more was applied; please try again."
        mail = ResultMail(subject=f"{job.kind.replace('_', ' ').capitalize()} failed", body=job.error)
    job.finished_at = utcnow()

    email = None
    if mail is not None and job.requester_email:
        email = queue_email(
            result_mail_key(job.id), job.requester_email, mail.subject, mail.body,
            client_id=job.client_id, attachment=mail.attachment,
        )
    db.session.commit()
    if email is not None:
        deliver_email.delay(email.id)
