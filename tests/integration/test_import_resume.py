"""A worker killed in the middle of an inbound import, and another started: the job finishes with
every row applied exactly once and one result mail.

The workers consume a queue of their own, so a worker that other integration tests started cannot
take the job. On Redis the killed worker's unacknowledged message is delivered again by the broker
once its visibility timeout has passed; the filesystem broker removes a message when a worker takes
it, and the second worker sends the unfinished job again when it starts. Either way it runs once the
killed worker's lease on the job has run out.
"""
import signal
import time

import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.jobs import service as job_service
from api.jobs.models import Job
from api.jobs.tasks import run_job
from tests.live import VENV_BIN, Process, wait_until_quiet, wait_until_redeliverable

pytestmark = pytest.mark.integration

QUEUE = "import-resume"
LINES = 50_000
ITEMS = 50
VISIBILITY_TIMEOUT = 8
# A worker renews its lease on a job while it runs, so a short one holds as well as the default 30 s
# and lets the next worker take the killed worker's job over 4 s after the kill.
LEASE_SECONDS = 4


def killable_env(live_env):
    """The environment of workers of which one is killed mid-job and the next takes the job over."""
    return {**live_env, "BROKER_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT), "JOB_LEASE_SECONDS": str(LEASE_SECONDS)}


def start_worker(env, log_dir, name):
    worker = Process(
        name,
        [str(VENV_BIN / "celery"), "-A", "worker.app", "worker", "--loglevel=INFO", "--pool=solo",
         "-Q", f"{QUEUE},celery", "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
        env, log_dir,
    )
    worker.wait_for_output("ready.")
    return worker


def job_progress(job_id):
    db.session.rollback()
    return db.session.execute(select(Job.state, Job.processed, Job.total).filter_by(id=job_id)).one()


def wait_for(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def through_the_broker(app, monkeypatch):
    """Jobs started by the in-process app go to the workers' queue instead of running in the test."""
    monkeypatch.setitem(app.extensions["celery"].conf, "task_always_eager", False)
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 500)
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: run_job.apply_async((job_id,), queue=QUEUE))


def upload_inbound_lines(client, factory, acme):
    """Starts the upload of LINES inbound lines for ITEMS new items of acme; answers the job's id."""
    requester = factory.user("client", acme, username="acme.importer", email="importer@acme.test")
    upcs = [factory.item(acme, upc=f"6{n:011d}").upc for n in range(ITEMS)]
    lines = [
        {"Warehouse ID": "TX01", "ASN ID": f"ASN-{n // ITEMS:04d}", "UPC": upcs[n % ITEMS], "Quantity": str(n % 97 + 1)}
        for n in range(LINES)
    ]
    answer = client.post("/api/v2/inbound/client_upload", json={"lines": lines}, headers=factory.headers(requester))
    assert answer.status_code == 202, answer.get_json()
    return answer.get_json()["id"]


def assert_every_line_applied_once(job_id, acme, mail, attempts):
    db.session.rollback()
    job = db.session.get(Job, job_id)
    assert (job.state, job.total, job.processed, job.succeeded, job.failed, job.attempts) == ("succeeded", LINES, LINES, LINES, 0, attempts)
    count, quantity = db.session.execute(
        select(func.count(), func.sum(ExpectedInboundShipmentItem.quantity))
        .join(ExpectedInboundShipment, ExpectedInboundShipmentItem.shipment_id == ExpectedInboundShipment.id)
        .join(Asn, ExpectedInboundShipment.asn_id == Asn.id).where(Asn.client_id == acme.id)
    ).one()
    assert (count, quantity) == (LINES, sum(n % 97 + 1 for n in range(LINES)))
    per_asn = db.session.execute(
        select(Asn.external_id, func.count(ExpectedInboundShipmentItem.id))
        .join(ExpectedInboundShipment, ExpectedInboundShipment.asn_id == Asn.id)
        .join(ExpectedInboundShipmentItem, ExpectedInboundShipmentItem.shipment_id == ExpectedInboundShipment.id)
        .group_by(Asn.external_id)
    ).all()
    assert len(per_asn) == LINES // ITEMS and {n for _, n in per_asn} == {ITEMS}
    assert db.session.scalar(select(func.count()).select_from(ExpectedInboundShipment)) == LINES // ITEMS
    [message] = mail.messages
    assert message["To"] == "importer@acme.test"
    assert f"{LINES} applied, 0 failed" in message.get_body().get_content()


def upload_and_kill_the_worker_mid_job(start_upload, env, process_logs, worker_name, applied_before_kill=2000):
    """Start an upload (``start_upload()`` answers its job's id) and kill -9 the one worker running the
    job once it has applied ``applied_before_kill`` rows; answers the job's id and the rows applied."""
    worker = start_worker(env, process_logs, worker_name)
    try:
        job_id = start_upload()
        wait_for(lambda: job_progress(job_id).processed >= applied_before_kill, 120, "some chunks to be committed")
        worker.popen.send_signal(signal.SIGKILL)
        worker.popen.wait()
    finally:
        worker.stop()
    state, processed, total = job_progress(job_id)
    assert state == "running" and 0 < processed < total, "the job ended before the worker was killed: make it bigger"
    return job_id, processed


def test_a_worker_killed_mid_import_leaves_a_job_the_next_worker_finishes_exactly_once(
    app, client, factory, live_env, process_logs, mail, through_the_broker,
):
    acme = factory.client("Acme")
    env = killable_env(live_env)
    job_id, processed = upload_and_kill_the_worker_mid_job(
        lambda: upload_inbound_lines(client, factory, acme), env, process_logs, "import-worker-1")
    wait_until_redeliverable(env, VISIBILITY_TIMEOUT)
    assert job_progress(job_id).processed == processed

    second = start_worker(env, process_logs, "import-worker-2")
    try:
        wait_for(lambda: job_progress(job_id).state not in ("queued", "running"), 180, "the job to end")
        mail.wait_for(1)
        wait_until_quiet(env, [second])
    finally:
        second.stop()

    assert_every_line_applied_once(job_id, acme, mail, attempts=2)


def test_an_import_longer_than_a_time_slice_goes_on_through_the_broker_until_it_ends(
    app, client, factory, live_env, process_logs, mail, through_the_broker, monkeypatch,
):
    """Each run of the job takes one chunk (JOB_SLICE_SECONDS=0) and hands the rest back: the job
    goes on in a new run, sent through the broker, five times, and ends as one job with one mail."""
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", LINES // 5)
    acme = factory.client("Acme")
    worker = start_worker({**live_env, "JOB_SLICE_SECONDS": "0"}, process_logs, "sliced-import-worker")
    try:
        job_id = upload_inbound_lines(client, factory, acme)
        wait_for(lambda: job_progress(job_id).state not in ("queued", "running"), 180, "the job to end")
        mail.wait_for(1)
    finally:
        worker.stop()

    assert_every_line_applied_once(job_id, acme, mail, attempts=5)
