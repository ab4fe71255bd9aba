"""A worker killed in the middle of an import, with the broker keeping the dead worker's message for
an hour (Redis' visibility timeout): the scheduler's jobs sweep sends the job again once the dead
worker's lease has run out, and a live worker finishes it with every row applied once."""
import sys

import pytest

from tests.integration.test_import_resume import (  # noqa: F401 (fixture)
    assert_every_line_applied_once, job_progress, start_worker, through_the_broker, upload_and_kill_the_worker_mid_job,
    upload_inbound_lines, wait_for,
)
from tests.live import Process

pytestmark = pytest.mark.integration


def test_the_sweep_takes_over_the_job_of_a_killed_worker_long_before_the_broker_would(
    app, client, factory, live_env, process_logs, mail, through_the_broker, backend,
):
    env = {**live_env, "BROKER_VISIBILITY_TIMEOUT": "3600", "JOB_LEASE_SECONDS": "4",
           "JOB_SWEEP_SECONDS": "0.5", "JOB_RESEND_SECONDS": "2", "SCHEDULER_TICK_SECONDS": "0.2"}
    acme = factory.client("Acme")
    job_id, _ = upload_and_kill_the_worker_mid_job(
        lambda: upload_inbound_lines(client, factory, acme), env, process_logs, "sweep-worker-1")

    second = start_worker(env, process_logs, "sweep-worker-2")
    scheduler = Process("sweep-scheduler", [sys.executable, "-m", "scheduler"], env, process_logs)
    try:
        scheduler.wait_for_output("scheduler started", timeout=60)
        if backend == "services":  # the filesystem broker's new worker sends unfinished jobs itself
            scheduler.wait_for_output(f"sent again 1 job(s) nobody was running: ['{job_id}']", timeout=60)
        wait_for(lambda: job_progress(job_id).state not in ("queued", "running"), 180, "the job to end")
        mail.wait_for(1)
    finally:
        scheduler.stop()
        second.stop()

    assert_every_line_applied_once(job_id, acme, mail, attempts=2)
