"""Jobs never stay stuck: a job the broker could not take is still created and sent later, the sweep
sends again the jobs nobody runs, and a job that meets an unreachable database is run again rather
than failed or forgotten."""
from datetime import timedelta

import pytest
from celery.exceptions import Retry
from kombu.exceptions import OperationalError as BrokerDown
from sqlalchemy import func, select, update
from sqlalchemy.exc import OperationalError

from api.common.timeutil import utcnow
from api.extensions import db
from api.imports.models import ImportChunk
from api.inbound.models import ExpectedInboundShipmentItem
from api.inbound.service import INBOUND_IMPORT
from api.jobs import runner, service
from api.jobs.models import Job
from api.jobs.registry import job_kind
from api.jobs.tasks import run_job

UPLOAD = "/api/v2/inbound/client_upload"
NOW = utcnow()
lost_database_once = []


@job_kind("test_loses_the_database_once")
def _loses_the_database_once(job):
    if not lost_database_once:
        lost_database_once.append(job.id)
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"))
    job.total = job.processed = job.succeeded = 1
    return None


@pytest.fixture
def sent(monkeypatch):
    """The job ids handed to the broker, instead of running them in the test."""
    handed = []
    monkeypatch.setattr(service.run_job, "delay", handed.append)
    return handed


@pytest.fixture
def importer(factory):
    acme = factory.client("Acme")
    factory.item(acme, upc="500000000001")
    return factory.headers(factory.user("client", acme, username="acme.importer"))


def lines(count=3):
    return [{"Warehouse ID": "CA01", "ASN ID": f"A{n}", "UPC": "500000000001", "Quantity": "2"} for n in range(count)]


def job_row(job_id):
    db.session.expire_all()
    return db.session.get(Job, job_id)


def make_job(factory, **fields):
    job = Job(id=f"job-{len(fields)}-{utcnow().timestamp()}", kind="test_loses_the_database_once",
              client_id=factory.client().id, requested_by="lead", results=[], **fields)
    db.session.add(job)
    db.session.commit()
    return job.id


def test_an_upload_the_broker_cannot_take_is_created_answered_and_sent_by_the_sweep(client, importer, sent, monkeypatch):
    def broker_down(job_id):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(service.run_job, "delay", broker_down)
    answer = client.post(UPLOAD, json={"lines": lines()}, headers={**importer, "Idempotency-Key": "upload-1"})
    again = client.post(UPLOAD, json={"lines": lines()}, headers={**importer, "Idempotency-Key": "upload-1"})

    assert answer.status_code == 202, answer.get_json()
    assert again.get_json()["id"] == answer.get_json()["id"]
    assert db.session.scalar(select(func.count()).select_from(Job)) == 1
    job_id = answer.get_json()["id"]
    assert (job_row(job_id).state, job_row(job_id).sent_at) == ("queued", None)

    monkeypatch.setattr(service.run_job, "delay", sent.append)
    assert service.send_stranded_jobs(utcnow()) == [job_id]
    assert service.send_stranded_jobs(utcnow()) == []
    assert sent == [job_id] and job_row(job_id).sent_at is not None


def test_the_sweep_sends_queued_jobs_whose_message_is_old_and_running_ones_whose_lease_ran_out(app, factory, sent):
    resend = timedelta(seconds=app.config["JOB_RESEND_SECONDS"])
    lost_message = make_job(factory, state="queued", sent_at=NOW - resend - timedelta(seconds=1))
    waiting_in_line = make_job(factory, state="queued", sent_at=NOW - timedelta(seconds=1), attempts=0)
    dead_worker = make_job(factory, state="running", lease_expires_at=NOW - timedelta(seconds=1), sent_at=NOW - resend * 2,
                           attempts=1, total=0)
    live_worker = make_job(factory, state="running", lease_expires_at=NOW + timedelta(seconds=20), sent_at=NOW - resend * 2,
                           attempts=1, total=1)
    ended = make_job(factory, state="succeeded", sent_at=NOW - resend * 2, attempts=1, total=2)

    swept = service.send_stranded_jobs(NOW)

    assert sorted(swept) == sorted([lost_message, dead_worker])
    assert sorted(sent) == sorted(swept)
    assert {waiting_in_line, live_worker, ended}.isdisjoint(swept)


def test_a_job_that_loses_the_database_stays_running_and_runs_again_once_its_lease_ran_out(factory):
    lost_database_once.clear()
    job_id = make_job(factory, state="queued")

    with pytest.raises(Retry):
        run_job.apply(args=[job_id]).get()

    job = job_row(job_id)
    assert (job.state, job.error, job.attempts) == ("running", None, 1)
    db.session.execute(update(Job).where(Job.id == job_id).values(lease_expires_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    run_job.apply(args=[job_id]).get()
    job = job_row(job_id)
    assert (job.state, job.succeeded, job.attempts) == ("succeeded", 1, 2)


def test_an_import_that_loses_the_database_keeps_its_chunks_and_finishes_each_row_once(client, importer, sent, monkeypatch):
    monkeypatch.setitem(client.application.config, "IMPORT_CHUNK_ROWS", 2)
    job_id = client.post(UPLOAD, json={"lines": lines(5)}, headers=importer).get_json()["id"]
    apply_original, calls = INBOUND_IMPORT.apply_chunk, []

    def loses_the_database_on_the_second_chunk(chunk, context):
        calls.append(len(chunk))
        if len(calls) == 2:
            raise OperationalError("INSERT INTO asns", {}, Exception("terminating connection due to administrator command"))
        return apply_original(chunk, context)

    monkeypatch.setattr(INBOUND_IMPORT, "apply_chunk", loses_the_database_on_the_second_chunk)
    with pytest.raises(OperationalError):
        runner.run_job(job_id)

    job = job_row(job_id)
    assert (job.state, job.processed) == ("running", 2)
    assert db.session.scalar(select(func.count()).select_from(ImportChunk)) == 3
    db.session.execute(update(Job).where(Job.id == job_id).values(lease_expires_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    runner.run_job(job_id)

    job = job_row(job_id)
    assert (job.state, job.processed, job.succeeded) == ("succeeded", 5, 5)
    assert db.session.scalar(select(func.count()).select_from(ExpectedInboundShipmentItem)) == 5
    assert db.session.scalar(select(func.count()).select_from(ImportChunk)) == 0
