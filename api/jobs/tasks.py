from celery import shared_task

from api.jobs import runner


@shared_task(name="jobs.run_job")
def run_job(job_id):
    runner.run_job(job_id)
