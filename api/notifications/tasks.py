import logging
import smtplib

from celery import shared_task
from flask import current_app
from kombu.exceptions import OperationalError as KombuOperationalError

from api.extensions import is_transient_database_error
from api.notifications import service

log = logging.getLogger(__name__)
LONGEST_WAIT_SECONDS = 3600
DATABASE_WAIT_SECONDS = 5


# A mail server that refuses or drops the connection is tried again later (MAIL_RETRIES times, the
# first after MAIL_FIRST_RETRY_SECONDS), waiting twice as long each time; the claim keeps a retry
# from sending a message twice. When the retries run out the mail is kept as failed, not dropped:
# the job that sent it says so and staff can send it again.
@shared_task(name="notifications.deliver_email", bind=True)
def deliver_email(self, email_id):
    try:
        service.deliver(email_id)
    except (smtplib.SMTPException, OSError) as error:
        retries, first_wait = current_app.config["MAIL_RETRIES"], current_app.config["MAIL_FIRST_RETRY_SECONDS"]
        if self.request.retries >= retries:
            service.record_failure(email_id, error, retry_in=None)
            return
        wait = min(first_wait * 2 ** self.request.retries, LONGEST_WAIT_SECONDS)
        service.record_failure(email_id, error, retry_in=wait)
        raise self.retry(exc=error, countdown=wait, max_retries=retries)
    except Exception as error:
        if not is_transient_database_error(error):
            raise
        # The database did not answer (restarting, or the connection was lost), so the mail was not
        # recorded as sent: it is sent again once the database is back, as a job is run again, and
        # without spending the mail server's retries. Failing here would leave it unsent for ever.
        log.warning("e-mail %s waits for the database: %s", email_id, error)
        deliver_email.apply_async((email_id,), countdown=DATABASE_WAIT_SECONDS)


def send_stranded_mail(now):
    """Send again the mails nobody is sending (see service.claim_stranded_mail); answers their ids.
    A broker that does not take one now leaves it for the next sweep."""
    sent = []
    claimed = service.claim_stranded_mail(now)
    for email_id in claimed:
        try:
            deliver_email.delay(email_id)
        except KombuOperationalError:
            log.warning("the broker did not take e-mail %s; the next sweep sends it", email_id)
            break
        sent.append(email_id)
    service.release_unsent_mail(claimed[len(sent):], now)
    if sent:
        log.warning("sent again %d e-mail(s) nobody was sending: %s", len(sent), sent[:20])
    return sent
