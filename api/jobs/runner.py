"""Running a job by id, safely more than once: a redelivered job that already ended does nothing
again except making sure its result mail goes out.

A worker claims a job with a lease on its row and renews it from a thread while the job runs, so
the lease runs out only when that worker is gone (killed, its machine lost). A job is claimed when
it is queued or its lease has run out, in one UPDATE, so two workers never run it at once; a
delivery that finds the job held answers when to look again, so the job is not lost if its holder
dies meanwhile. A job that meets an unreachable database is not failed: it is run again once the
database answers, from the chunks it had committed.
"""
import logging
import sqlite3
import time
from datetime import timedelta

from flask import current_app
from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.exc import OperationalError

from api.common.leases import LeaseRenewal
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db, is_transient_database_error
from api.jobs.models import ENDED_STATES, FAILED, PARTLY_SUCCEEDED, QUEUED, RUNNING, SUCCEEDED, Job
from api.jobs.registry import JobContinues, ResultMail, handler_for
from api.notifications.models import OutboundEmail
from api.notifications.service import queue_email
from api.notifications.tasks import deliver_email

log = logging.getLogger(__name__)

CLAIM_ATTEMPTS = 5


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


def _claim(job_id, lease_seconds):
    """Mark the job running for this worker, if it is queued or its last worker's lease has run out.

    On SQLite a claim that still finds the database locked after the busy timeout (a write longer
    than expected) is tried again: failing would leave the job to a redelivery that may never come."""
    for attempt in range(1, CLAIM_ATTEMPTS + 1):
        try:
            return _claim_once(job_id, lease_seconds)
        except OperationalError as error:
            db.session.rollback()
            if not _database_locked(error) or attempt == CLAIM_ATTEMPTS:
                raise
            log.warning("claiming job %s found the database locked; trying again (%s of %s)", job_id, attempt, CLAIM_ATTEMPTS)
            time.sleep(min(0.1 * 2 ** attempt, 2))


def _database_locked(error):
    return isinstance(error.orig, sqlite3.OperationalError) and "locked" in str(error.orig)


def _claim_once(job_id, lease_seconds):
    now = utcnow()
    claimable = or_(Job.state == QUEUED, and_(Job.state == RUNNING, or_(Job.lease_expires_at.is_(None), Job.lease_expires_at < now)))
    claimed = db.session.execute(
        update(Job).where(Job.id == job_id, claimable).values(
            state=RUNNING, attempts=Job.attempts + 1, started_at=func.coalesce(Job.started_at, now),
            lease_expires_at=now + timedelta(seconds=lease_seconds),
        )
    ).rowcount
    db.session.commit()
    return claimed == 1


def run_job(job_id):
    """Run the job unless it ended or another worker holds it. Answers None, or the seconds after
    which to deliver it again: when another worker holds it (then it ends, or its lease runs out), or
    0 when its handler spent its time slice and handed the rest back."""
    job = db.session.get(Job, job_id)
    if job is None:
        log.warning("job %s does not exist", job_id)
        return None
    if job.state in ENDED_STATES:
        _send_unsent_result_mail(job)
        return None
    lease_seconds = current_app.config["JOB_LEASE_SECONDS"]
    if not _claim(job_id, lease_seconds):
        job = db.session.get(Job, job_id, populate_existing=True)
        if job.state in ENDED_STATES:
            _send_unsent_result_mail(job)
            return None
        log.info("job %s is held by another worker until %s", job_id, job.lease_expires_at)
        return max((job.lease_expires_at - utcnow()).total_seconds(), 0) + 1
    job = db.session.get(Job, job_id, populate_existing=True)

    renewal = LeaseRenewal(
        lambda until: update(Job).where(Job.id == job_id, Job.state == RUNNING).values(lease_expires_at=until),
        lease_seconds, f"job {job_id}",
    )
    with renewal:
        ended = _run_claimed(job)
    if ended:
        return None
    _hand_back(job_id)
    return 0


def _hand_back(job_id):
    """Give up the claim of a job that goes on in another run: its lease ends now, so that run (or
    the jobs sweep, should the message be lost) claims it at once. Called once the lease renewal
    has stopped, which would otherwise extend it."""
    now = utcnow()
    db.session.execute(update(Job).where(Job.id == job_id, Job.state == RUNNING).values(lease_expires_at=now, sent_at=now))
    db.session.commit()


def _run_claimed(job):
    """Run the claimed job's handler and record how it ended; False when it goes on in another run."""
    job_id = job.id
    try:
        mail = handler_for(job.kind)(job)
        job.state = _final_state(job)
    except JobContinues:
        db.session.rollback()
        log.info("job %s goes on in another run after %s of %s rows", job_id, job.processed, job.total)
        return False
    except Exception as error:
        if is_transient_database_error(error):
            # Not the job's fault: it stays running, its lease runs out and the job is run again from
            # what it had committed (the task retries; the jobs sweep sends it again if that is lost).
            raise
        log.exception("job %s failed", job_id)
        db.session.rollback()
        job = db.session.get(Job, job_id)
        job.state = FAILED
        job.error = "The job failed unexpectedly. Nothing more was applied; please try again."
        mail = ResultMail(subject=f"{code_label(job.kind)} failed", body=job.error)
    job.finished_at = utcnow()
    job.lease_expires_at = None

    email = None
    if mail is not None and job.requester_email:
        email = queue_email(
            result_mail_key(job.id), job.requester_email, mail.subject, mail.body,
            client_id=job.client_id, attachment=mail.attachment,
        )
    db.session.commit()
    if email is not None:
        deliver_email.delay(email.id)
    return True
