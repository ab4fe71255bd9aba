"""On the filesystem broker (the embedded default), a worker that starts sends again the jobs left
unfinished: the broker deleted their messages when a worker took them, so a job whose worker was
killed would otherwise stay "running" for ever. The job's lease keeps a live worker's job from
being run a second time at once.

The workers use a broker folder of their own (on either test backend, with the backend's
database), so no other worker takes their messages.
"""
import signal
import pytest

from api.extensions import db
from api.jobs import service as job_service
from api.jobs.models import Job
from tests.integration.test_import_resume import (
    LEASE_SECONDS, assert_every_line_applied_once, job_progress, start_worker, upload_inbound_lines, wait_for,
)
from tests.live import wait_until_quiet

pytestmark = pytest.mark.integration

# Small chunks make the job run for several seconds, long enough to start a second worker meanwhile.
CHUNK_ROWS = 50


@pytest.fixture
def workers_env(live_env, tmp_path):
    return {
        **live_env,
        "CELERY_BROKER_URL": "filesystem://",
        "CELERY_BROKER_FOLDER": str(tmp_path / "broker"),
        "JOB_LEASE_SECONDS": str(LEASE_SECONDS),
    }


def test_a_job_whose_worker_was_killed_is_finished_by_the_next_worker_to_start_with_every_row_once(
    app, client, factory, workers_env, process_logs, mail, monkeypatch,
):
    # The job's message is lost, as when a worker took it from the folder and died before starting it.
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", CHUNK_ROWS)
    acme = factory.client("Acme")
    job_id = upload_inbound_lines(client, factory, acme)
    assert job_progress(job_id).state == "queued"

    first = start_worker(workers_env, process_logs, "restart-worker-1")
    second = None
    try:
        first.wait_for_output("sent 1 unfinished job(s) again")
        wait_for(lambda: job_progress(job_id).processed >= 1000, 120, "the first worker to commit some chunks")

        # A worker starting while the first one runs the job sends it again too, but must not run it.
        second = start_worker(workers_env, process_logs, "restart-worker-2")
        second.wait_for_output("sent 1 unfinished job(s) again")
        second.wait_for_output(f"job {job_id} is held by another worker")
        first.popen.send_signal(signal.SIGKILL)
        first.popen.wait()
        state, processed, total = job_progress(job_id)
        assert state == "running" and 0 < processed < total, "the job ended before the worker was killed: make it bigger"
        assert db.session.get(Job, job_id).attempts == 1

        wait_for(lambda: job_progress(job_id).state not in ("queued", "running"), 180, "the second worker to finish the job")
        mail.wait_for(1)
        wait_until_quiet(workers_env, [second])
    finally:
        first.stop()
        if second is not None:
            second.stop()

    # Two claims: the first worker's and the second's once the first worker's lease ran out.
    assert_every_line_applied_once(job_id, acme, mail, attempts=2)
