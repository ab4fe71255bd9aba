"""How soon the distributed set-up recovers, and that a retry works, after the faults the restart
tests survive: a CSV upload whose Idempotency-Key met PostgreSQL stopping is answered on retry (not
refused 409 for good); a job created while Redis is down goes out within a jobs sweep of Redis'
return; a killed worker's job is taken over when its lease runs out. JOB_RESEND_SECONDS is set far
beyond the waits here, so a job that only that timer would send again fails the test.

On the test's own PostgreSQL and Redis (tests.live); services backend only, as the restart tests.
"""
import io
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from sqlalchemy import func, select

from api.common.idempotency import IdempotencyKey
from api.extensions import db
from api.jobs.models import Job
from tests.integration.test_service_restarts import (  # noqa: F401 (fixtures)
    ROWS, assert_every_row_applied_once, assert_one_result_mail_per_job, importer, item_rows, job_row, mid_job,
    postgres, redis_server, scheduler, services_api, services_app, upload, wait_for_the_end, workers,
)
from tests.conftest import BACKEND
from tests.live import process_env, wait_until

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(BACKEND != "services", reason="stops PostgreSQL and Redis (services backend)"),
]

LEASE_SECONDS = 4
SWEEP_SECONDS = 0.5
RESEND_SECONDS = 600
IDEMPOTENCY_LEASE_SECONDS = 2
SLACK = 20  # a busy machine's delay on top of the moment the fix promises


@pytest.fixture(scope="module")
def services_env(services_app, mail_catcher):
    return process_env(
        services_app.config, MAIL_URL=mail_catcher.url, IMPORT_CHUNK_ROWS=250, JOB_LEASE_SECONDS=LEASE_SECONDS,
        JOB_SWEEP_SECONDS=SWEEP_SECONDS, JOB_RESEND_SECONDS=RESEND_SECONDS, SCHEDULER_TICK_SECONDS=0.2,
        IDEMPOTENCY_LEASE_SECONDS=IDEMPOTENCY_LEASE_SECONDS,
    )


def items_csv(rows):
    lines = ["upc,sku,name,category,cost,weight"] + [",".join(row.values()) for row in rows]
    return ("\r\n".join(lines) + "\r\n").encode()


class HeldBody(io.RawIOBase):
    """A request body that sends its first ``head`` bytes, then waits for ``go`` before the rest."""

    def __init__(self, data, head):
        super().__init__()
        self._data, self._head, self._at = data, head, 0
        self.go = threading.Event()

    def __len__(self):
        return len(self._data)

    def readable(self):
        return True

    def read(self, size=-1):
        if self._at >= self._head:
            self.go.wait(60)
        end = len(self._data) if size < 0 else self._at + size
        if self._at < self._head:
            end = min(end, self._head)
        piece = self._data[self._at:end]
        self._at += len(piece)
        return piece


def key_rows(key):
    try:
        return db.session.scalar(select(func.count()).select_from(IdempotencyKey).filter_by(key=key))
    finally:
        db.session.rollback()


def post_items_csv(base_url, importer, body, key):
    return requests.post(f"{base_url}/api/v4/items/bulk?runAsync=true", data=body, timeout=120,
                         headers={**importer.headers, "Content-Type": "text/csv", "Idempotency-Key": key})


def sent_by_the_sweep(scheduler, job_id, within, what):
    wait_until(lambda: f"sent again 1 job(s) nobody was running: ['{job_id}']" in scheduler.output(), within, what)


def ends_applied_once(job_id, worker, importer, rows, base_url, mail, attempts):
    job = wait_for_the_end(job_id)
    worker.stop()
    assert job.attempts == attempts
    assert_every_row_applied_once(job_id, importer, rows, base_url)
    assert_one_result_mail_per_job([job_id], importer, mail)


def test_a_csv_upload_that_met_postgresql_stopping_is_answered_on_retry_with_its_key(
    postgres, services_app, services_api, scheduler, workers, importer, mail,
):
    """The upload's key is stored as the request starts; PostgreSQL stops while the body arrives, so
    the upload fails (503) and so does its clean-up, which would free the key. Once PostgreSQL is
    back, the retry with the same key takes the key over when its lease has run out, and applies
    the file once."""
    rows = item_rows(importer)
    data = items_csv(rows)
    body = HeldBody(data, head=64 * 1024)
    with ThreadPoolExecutor(1) as pool:
        sent = pool.submit(post_items_csv, services_api, importer, body, "csv-1")
        try:
            wait_until(lambda: key_rows("csv-1"), 60, "the upload's Idempotency-Key to be stored")
            db.session.remove()
            db.engine.dispose()
            postgres.stop("fast")
        finally:
            body.go.set()
        try:
            answer = sent.result(120)
            assert answer.status_code == 503, answer.text
        finally:
            postgres.start()
    assert key_rows("csv-1") == 1, "the failed upload's clean-up freed its key: the fault did not land"

    worker = workers()
    retry = wait_until(lambda: (answer := post_items_csv(services_api, importer, data, "csv-1")).status_code != 409 and answer,
                       IDEMPOTENCY_LEASE_SECONDS + SLACK, "a retry with the same key not to be refused as in progress", pause=0.5)
    assert retry.status_code == 202, retry.text
    job_id = retry.json()["id"]
    replay = post_items_csv(services_api, importer, data, "csv-1")
    assert (replay.status_code, replay.json()["id"], replay.headers.get("Idempotent-Replayed")) == (202, job_id, "true")

    ends_applied_once(job_id, worker, importer, rows, services_api, mail, attempts=1)
    assert db.session.scalar(select(func.count()).select_from(Job).filter_by(client_id=importer.client_id)) == 1
    db.session.rollback()


def test_a_job_created_while_redis_is_down_goes_out_within_a_sweep_of_its_return(
    redis_server, services_api, scheduler, workers, importer, mail,
):
    """The upload is answered 202 with the job Redis could not take; the sweep tries it and fails
    while Redis is down, and sends it at its first run after Redis is back."""
    rows = item_rows(importer)
    redis_server.stop()
    try:
        job_id = upload(services_api, importer, rows)
        scheduler.wait_for_output(f"the broker did not take job {job_id}", timeout=60)
    finally:
        redis_server.start()
    sent_by_the_sweep(scheduler, job_id, SWEEP_SECONDS + SLACK, "the sweep to send the job once Redis was back")
    ends_applied_once(job_id, workers(), importer, rows, services_api, mail, attempts=1)


def test_a_killed_workers_job_is_taken_over_when_its_lease_runs_out(services_api, scheduler, workers, importer, mail):
    rows, killed = item_rows(importer), workers()
    job_id = upload(services_api, importer, rows)
    mid_job(job_id)
    killed.kill()
    assert job_row(job_id).processed < ROWS, "the job ended before the worker was killed: make it bigger"

    sent_by_the_sweep(scheduler, job_id, LEASE_SECONDS + SLACK, "the sweep to send the job once the killed worker's lease ran out")
    ends_applied_once(job_id, workers(), importer, rows, services_api, mail, attempts=2)
