"""Celery entry point: ``celery -A worker.app worker``. Builds the Flask app once per worker."""
from celery.signals import worker_process_init

from api.app import create_app
from api.extensions import db

flask_app = create_app()
celery = flask_app.extensions["celery"]


@worker_process_init.connect
def _fresh_connections_per_process(**_):
    """Forked pool processes must not reuse the parent's database connections."""
    with flask_app.app_context():
        db.engine.dispose(close=False)
