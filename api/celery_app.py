"""Celery bound to the Flask app: every task runs inside an app context and cleans up its session.

Tasks are idempotent, so messages are acknowledged only after the task ends (acks_late) and a
worker lost mid-task leaves its message to be delivered again. Time limits are layered under the
broker's visibility timeout so a slow task is stopped before the broker hands it to another worker.
"""
from pathlib import Path

from celery import Celery, Task

from api.extensions import db


def celery_init_app(app):
    config = app.config

    class FlaskTask(Task):
        def __call__(self, *args, **kwargs):
            with app.app_context():
                try:
                    return self.run(*args, **kwargs)
                finally:
                    db.session.remove()

    celery = Celery(app.name, task_cls=FlaskTask)
    transport_options = {"visibility_timeout": config["BROKER_VISIBILITY_TIMEOUT"]}
    transport = None
    if config["BROKER_KEY_PREFIX"] and config["CELERY_BROKER_URL"].startswith(("redis://", "rediss://")):
        transport_options["global_keyprefix"] = config["BROKER_KEY_PREFIX"]
    if config["CELERY_BROKER_URL"].startswith("filesystem://"):
        transport = "api.filesystem_broker:Transport"
        folder = Path(config["CELERY_BROKER_FOLDER"])
        for sub in ("queue", "processed", "control"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
        transport_options.update({
            "data_folder_in": str(folder / "queue"),
            "data_folder_out": str(folder / "queue"),
            "processed_folder": str(folder / "processed"),
            "control_folder": str(folder / "control"),
            "store_processed": False,
        })
    celery.conf.update(
        broker_url=config["CELERY_BROKER_URL"],
        broker_transport=transport,
        broker_transport_options=transport_options,
        broker_connection_retry_on_startup=True,
        task_ignore_result=True,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_soft_time_limit=config["TASK_SOFT_TIME_LIMIT"],
        task_time_limit=config["TASK_TIME_LIMIT"],
        task_always_eager=config["CELERY_TASK_ALWAYS_EAGER"],
        task_eager_propagates=True,
        worker_hijack_root_logger=False,
    )
    celery.set_default()
    app.extensions["celery"] = celery
    return celery

