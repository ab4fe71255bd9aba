from celery import shared_task

from api.notifications import service


@shared_task(name="notifications.deliver_email")
def deliver_email(email_id):
    service.deliver(email_id)
