from celery import shared_task
from flask import current_app

from api.reports.schedules import runs as schedule_runs


@shared_task(name="reports.run_schedules")
def run_schedules(run_ids):
    """Carry out a batch of claimed runs. The scheduler sends the runs of one report and context due
    at the same time together, so the report runs once for the batch; a run whose mail could not be
    sent is retried as a task of its own."""
    for failure in schedule_runs.execute_runs(run_ids):
        run_schedule.apply_async((failure.run_id,), countdown=current_app.config["SCHEDULE_RUN_RETRY_SECONDS"],
                                 retries=1)


@shared_task(name="reports.run_schedule", bind=True)
def run_schedule(self, run_id):
    try:
        schedule_runs.execute(run_id)
    except schedule_runs.DeliveryFailed as error:
        config = current_app.config
        raise self.retry(exc=error, countdown=config["SCHEDULE_RUN_RETRY_SECONDS"] * 2 ** self.request.retries,
                         max_retries=config["SCHEDULE_RUN_MAX_RETRIES"])
