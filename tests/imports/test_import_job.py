"""The import job: chunks committed with the job's progress, so a run cut short and run again applies
every row exactly once; the upload body limit is raised, and the garbage collector held off, for
upload routes only."""
import gc
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from api.common.timeutil import utcnow
from api.extensions import db
from api.imports.models import ImportChunk
from api.inbound.models import ExpectedInboundShipmentItem
from api.inbound.service import INBOUND_IMPORT
from api.jobs import runner
from api.jobs import service as job_service
from api.jobs.models import Job
from api.jobs.tasks import run_job as run_job_task
from tests.api.helpers import assert_error

URL = "/api/v2/inbound/client_upload"


class WorkerLost(BaseException):
    """Stands for the worker process dying: nothing of the job's own error handling runs."""


@pytest.fixture
def queued_upload(app, client, headers, factory, acme, monkeypatch):
    """A 7-line upload in chunks of 2, stored and queued but not yet run."""
    for n in (1, 2, 3):
        factory.item(acme, upc=f"50000000000{n}")
    monkeypatch.setitem(app.config, "IMPORT_CHUNK_ROWS", 2)
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)
    lines = [{"Warehouse ID": "CA01", "ASN ID": f"A{n // 3}", "UPC": f"50000000000{n % 3 + 1}", "Quantity": str(n + 1)} for n in range(7)]
    answer = client.post(URL, json={"lines": lines}, headers=headers)
    assert answer.status_code == 202 and answer.get_json()["state"] == "queued"
    return answer.get_json()["id"]


def break_on_chunk(monkeypatch, number, error):
    kind, apply_original = INBOUND_IMPORT, INBOUND_IMPORT.apply_chunk
    calls = []

    def apply_chunk(chunk, context):
        calls.append(chunk)
        if len(calls) == number:
            raise error
        return apply_original(chunk, context)

    monkeypatch.setattr(kind, "apply_chunk", apply_chunk)


def expire_lease(job_id):
    db.session.execute(update(Job).where(Job.id == job_id).values(lease_expires_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()


def applied_quantities():
    return sorted(db.session.scalars(select(ExpectedInboundShipmentItem.quantity)))


def test_a_job_cut_short_resumes_after_its_last_committed_chunk(queued_upload, monkeypatch, mail_files):
    break_on_chunk(monkeypatch, 3, WorkerLost())
    with pytest.raises(WorkerLost):
        runner.run_job(queued_upload)
    db.session.rollback()

    job = db.session.get(Job, queued_upload)
    assert (job.state, job.processed, job.succeeded) == ("running", 4, 4)
    assert applied_quantities() == [1, 2, 3, 4]
    assert mail_files() == []

    # The lost worker's lease holds the job until it runs out; another delivery waits for that.
    assert runner.run_job(queued_upload) > 0
    assert db.session.get(Job, queued_upload).processed == 4
    expire_lease(queued_upload)

    monkeypatch.undo()
    runner.run_job(queued_upload)

    db.session.expire_all()
    job = db.session.get(Job, queued_upload)
    assert (job.state, job.attempts, job.processed, job.succeeded, job.failed) == ("succeeded", 2, 7, 7, 0)
    assert applied_quantities() == [1, 2, 3, 4, 5, 6, 7]
    assert db.session.scalars(select(ImportChunk)).all() == []
    assert len(mail_files()) == 1

    runner.run_job(queued_upload)
    assert applied_quantities() == [1, 2, 3, 4, 5, 6, 7] and len(mail_files()) == 1


def test_a_job_failing_unexpectedly_keeps_what_it_committed_and_drops_its_chunks(queued_upload, monkeypatch, mail_files):
    break_on_chunk(monkeypatch, 2, RuntimeError("database went away"))

    runner.run_job(queued_upload)

    job = db.session.get(Job, queued_upload)
    assert (job.state, job.processed) == ("failed", 2)
    assert "database" not in job.error
    assert applied_quantities() == [1, 2]
    assert db.session.scalars(select(ImportChunk)).all() == []
    [message] = mail_files()
    assert "failed" in message["Subject"]


def record_collection_while_applying(monkeypatch, fail_on=None):
    """[gc.isenabled() as each chunk is applied]; the chunk numbered ``fail_on`` raises."""
    kind, apply_original, seen = INBOUND_IMPORT, INBOUND_IMPORT.apply_chunk, []

    def apply_chunk(chunk, context):
        seen.append(gc.isenabled())
        if len(seen) == fail_on:
            raise RuntimeError("the disk is full")
        return apply_original(chunk, context)

    monkeypatch.setattr(kind, "apply_chunk", apply_chunk)
    return seen


@pytest.mark.parametrize("fail_on, state", [(None, "succeeded"), (2, "failed")])
def test_the_garbage_collector_is_held_off_while_a_job_applies_its_chunks(queued_upload, monkeypatch, mail_files,
                                                                          fail_on, state):
    seen = record_collection_while_applying(monkeypatch, fail_on)

    runner.run_job(queued_upload)

    assert db.session.get(Job, queued_upload).state == state
    assert seen == [False] * (fail_on or 4)
    assert gc.isenabled(), "it resumes once the chunks are applied, or one failed"


def test_a_chunk_already_claimed_by_another_run_is_not_applied_again(queued_upload):
    first = db.session.scalars(select(ImportChunk).filter_by(seq=0)).one()
    first.applied = True
    db.session.commit()

    runner.run_job(queued_upload)

    assert applied_quantities() == [3, 4, 5, 6, 7]


def test_a_job_longer_than_its_time_slice_goes_on_in_further_runs(app, queued_upload, monkeypatch, mail_files):
    monkeypatch.setitem(app.config, "JOB_SLICE_SECONDS", 0)  # each run takes one chunk of 2 rows

    progress = []
    while (again_in := runner.run_job(queued_upload)) is not None:
        assert again_in == 0
        db.session.expire_all()
        job = db.session.get(Job, queued_upload)
        progress.append(job.processed)
        assert job.state == "running" and job.lease_expires_at <= utcnow(), "handed back, for the next run to claim"
        assert mail_files() == []

    assert progress == [2, 4, 6]
    db.session.expire_all()
    job = db.session.get(Job, queued_upload)
    assert (job.state, job.attempts, job.processed, job.succeeded) == ("succeeded", 4, 7, 7)
    assert applied_quantities() == [1, 2, 3, 4, 5, 6, 7]
    assert db.session.scalars(select(ImportChunk)).all() == []
    assert len(mail_files()) == 1


def test_in_eager_mode_the_task_runs_every_slice_of_a_job_in_the_one_call(app, queued_upload, monkeypatch, mail_files):
    monkeypatch.setitem(app.config, "JOB_SLICE_SECONDS", 0)

    run_job_task.apply_async(args=[queued_upload])  # eager in the tests' app; the fixture stubs delay()

    db.session.expire_all()
    job = db.session.get(Job, queued_upload)
    assert (job.state, job.attempts, job.processed) == ("succeeded", 4, 7)
    assert applied_quantities() == [1, 2, 3, 4, 5, 6, 7]
    assert len(mail_files()) == 1


def test_only_upload_routes_take_bodies_beyond_the_general_limit(client, headers):
    two_megabytes = {"username": "x" * (2 * 1024 * 1024), "email": "a@b.c", "password": "long-enough"}

    assert_error(client.post("/api/v4/users", json=two_megabytes, headers=headers), 413)


@pytest.mark.parametrize("lines, status", [
    ([{"Warehouse ID": "CA01", "ASN ID": "A1", "UPC": "500000000001", "Quantity": "1"}], 202),
    ([{"Warehouse ID": "CA01", "ASN ID": "A1", "UPC": "500000000001", "Quantity": "-1"}], 422),
], ids=["accepted", "refused"])
def test_the_garbage_collector_is_held_off_during_an_upload_only(client, headers, factory, acme, monkeypatch, lines, status):
    factory.item(acme, upc="500000000001")
    monkeypatch.setattr(job_service.run_job, "delay", lambda job_id: None)
    kind, validate_original, seen = INBOUND_IMPORT, INBOUND_IMPORT.validate, []

    def validate(rows, context):
        seen.append(gc.isenabled())
        return validate_original(rows, context)

    monkeypatch.setattr(kind, "validate", validate)

    assert client.post(URL, json={"lines": lines}, headers=headers).status_code == status
    assert seen == [False]
    assert gc.isenabled()
    assert client.get("/api/v4/jobs", headers=headers).status_code == 200
    assert gc.isenabled(), "other routes leave it alone"
