"""Celery entry point: ``celery -A worker.app worker``. Builds the Flask app once per worker."""
import logging

from celery.signals import worker_process_init, worker_ready

from api.app import create_app
from api.extensions import db
from api.jobs.service import send_unfinished_jobs_again

log = logging.getLogger(__name__)

flask_app = create_app()
celery = flask_app.extensions["celery"]


@worker_process_init.connect
def _fresh_connections_per_process(**_):
    """Forked pool processes must not reuse the parent's database connections."""
    with flask_app.app_context():
        db.engine.dispose(close=False)


@worker_ready.connect
def _send_again_jobs_whose_worker_died(**_):
    """The filesystem broker deletes a message as it hands it to a worker, so a job whose worker was
    killed would stay unfinished for ever; Redis delivers an unacknowledged message again by itself."""
    if not flask_app.config["CELERY_BROKER_URL"].startswith("filesystem://"):
        return
    with flask_app.app_context():
        job_ids = send_unfinished_jobs_again()
        db.session.remove()
    log.info("sent %d unfinished job(s) again", len(job_ids))
