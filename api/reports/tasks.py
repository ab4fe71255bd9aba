from celery import shared_task
from flask import current_app

from api.reports import schedule_runs


@shared_task(name="reports.run_schedules")
def run_schedules(run_ids):
    """Fan a scheduler's batch of claimed runs out into one task per run: the scheduler publishes one
    message per batch, and each run then proceeds and retries on its own."""
    with current_app.extensions["celery"].producer_or_acquire() as producer:
        for run_id in run_ids:
            run_schedule.apply_async((run_id,), producer=producer)


@shared_task(name="reports.run_schedule", bind=True)
def run_schedule(self, run_id):
    try:
        schedule_runs.execute(run_id)
    except schedule_runs.DeliveryFailed as error:
        config = current_app.config
        raise self.retry(exc=error, countdown=config["SCHEDULE_RUN_RETRY_SECONDS"] * 2 ** self.request.retries,
                         max_retries=config["SCHEDULE_RUN_MAX_RETRIES"])
