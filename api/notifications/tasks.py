import smtplib

from celery import shared_task

from api.notifications import service

MAX_RETRIES = 8
FIRST_RETRY_SECONDS = 30
LONGEST_WAIT_SECONDS = 3600


# A mail server that refuses or drops the connection is tried again later, waiting twice as long each
# time; the claim keeps a retry from sending a message twice. When the retries run out the mail is
# kept as failed, not dropped: the job that sent it says so and staff can send it again.
@shared_task(name="notifications.deliver_email", bind=True, max_retries=MAX_RETRIES)
def deliver_email(self, email_id):
    try:
        service.deliver(email_id)
    except (smtplib.SMTPException, OSError) as error:
        gave_up = self.request.retries >= self.max_retries
        service.record_failure(email_id, error, gave_up)
        if gave_up:
            return
        raise self.retry(exc=error, countdown=min(FIRST_RETRY_SECONDS * 2 ** self.request.retries, LONGEST_WAIT_SECONDS))
