from celery import shared_task
from flask import current_app

from api.extensions import is_transient_database_error
from api.jobs import runner


@shared_task(name="jobs.run_job", bind=True, max_retries=None)
def run_job(self, job_id):
    try:
        held_for = runner.run_job(job_id)
        # Eager mode (in-process tests) raises a retry instead of running it: the next slices run here.
        while held_for == 0 and self.request.is_eager:
            held_for = runner.run_job(job_id)
    except Exception as error:
        if not is_transient_database_error(error):
            raise
        # The database did not answer: try again once the job's lease has run out, rather than
        # acknowledge a job that did not run.
        raise self.retry(exc=error, countdown=current_app.config["JOB_LEASE_SECONDS"] + 1) from error
    if held_for is not None:
        # Another worker holds the job: look again when its lease would run out, so the job is taken
        # over if that worker died, and ends quietly if it finished. A job that spent its time slice
        # (held_for 0) goes on at once in a new run.
        raise self.retry(countdown=held_for)
