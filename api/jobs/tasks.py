from celery import shared_task

from api.jobs import runner


@shared_task(name="jobs.run_job", bind=True, max_retries=None)
def run_job(self, job_id):
    held_for = runner.run_job(job_id)
    if held_for is not None:
        # Another worker holds the job: look again when its lease would run out, so the job is taken
        # over if that worker died, and ends quietly if it finished.
        raise self.retry(countdown=held_for)
