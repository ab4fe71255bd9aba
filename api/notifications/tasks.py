import smtplib

from celery import shared_task

from api.notifications import service


# A mail server that refuses or drops the connection is tried again later; the claim keeps a retry
# from sending a message twice.
@shared_task(name="notifications.deliver_email", autoretry_for=(smtplib.SMTPException, OSError),
             retry_backoff=30, retry_backoff_max=3600, max_retries=8)
def deliver_email(email_id):
    service.deliver(email_id)
