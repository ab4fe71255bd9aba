"""The job runner: states, safety when a job's message arrives twice, and failure handling."""
import time
from datetime import timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from celery.exceptions import Retry
from flask import current_app
from sqlalchemy import select

from api.clients.models import Client
from api.common.timeutil import utcnow
from api.extensions import db
from api.jobs import runner, service
from api.jobs.models import Job
from api.jobs.registry import ResultMail, job_kind
from api.notifications.models import OutboundEmail
from api.notifications.tasks import deliver_email

calls = []


@job_kind("test_count_calls")
def _count_calls(job):
    calls.append(job.id)
    job.total = job.processed = job.succeeded = 1
    return ResultMail(subject="Done", body="Counted.")


@job_kind("test_half_rows_fail")
def _half_rows_fail(job):
    job.total = job.processed = 2
    job.succeeded = job.failed = 1
    job.results = [{"line": 1, "status": "applied", "error": None}, {"line": 2, "status": "failed", "error": "Bad row"}]
    return None


leases_seen = []


@job_kind("test_outlives_its_lease")
def _outlives_its_lease(job):
    """Runs for three lease lengths, noting the job's lease as other workers would read it."""
    deadline = time.monotonic() + 3 * current_app.config["JOB_LEASE_SECONDS"]
    while time.monotonic() < deadline:
        time.sleep(0.05)
        db.session.rollback()  # read what other connections committed
        leases_seen.append((utcnow(), db.session.scalar(select(Job.lease_expires_at).filter_by(id=job.id))))
    calls.append(job.id)
    job = db.session.get(Job, job.id)
    job.total = job.processed = job.succeeded = 1
    return None


@job_kind("test_crashes")
def _crashes(job):
    job.processed = 5
    raise RuntimeError("boom with /internal/path")


def _job(factory, kind, email="lead@example.com", **fields):
    client = factory.client()
    job = Job(id=f"job-{kind}", kind=kind, client_id=client.id, requested_by="lead", requester_email=email, results=[], **fields)
    db.session.add(job)
    db.session.commit()
    return job.id


def _mail_files(app):
    return sorted(Path(app.config["MAIL_FOLDER"]).glob("*.eml"))


@pytest.fixture(autouse=True)
def _empty_mail_folder(app):
    for path in _mail_files(app):
        path.unlink()
    calls.clear()
    leases_seen.clear()


def test_a_job_delivered_twice_runs_and_mails_once(app, factory):
    job_id = _job(factory, "test_count_calls")

    runner.run_job(job_id)
    runner.run_job(job_id)

    assert calls == [job_id]
    job = db.session.get(Job, job_id)
    assert (job.state, job.attempts, job.succeeded) == ("succeeded", 1, 1)
    assert job.started_at and job.finished_at
    assert OutboundEmail.query.count() == 1
    [eml] = _mail_files(app)
    message = message_from_bytes(eml.read_bytes(), policy=policy.default)
    assert (message["To"], message["Subject"]) == ("lead@example.com", "Done")


def test_result_mail_queued_but_not_sent_goes_out_when_the_job_is_delivered_again(app, factory, monkeypatch):
    job_id = _job(factory, "test_count_calls")
    monkeypatch.setattr(runner.deliver_email, "delay", lambda email_id: None)
    runner.run_job(job_id)
    assert _mail_files(app) == []
    monkeypatch.undo()

    runner.run_job(job_id)

    assert calls == [job_id]
    assert len(_mail_files(app)) == 1
    assert OutboundEmail.query.one().sent_at is not None


def test_a_result_mail_the_server_keeps_refusing_is_kept_as_failed_and_staff_can_send_it_again(app, client, factory, mail, monkeypatch):
    monkeypatch.setitem(app.config, "MAIL_URL", mail.url)
    mail.refusals = 2
    job_id = _job(factory, "test_count_calls")
    acme = db.session.get(Client, db.session.get(Job, job_id).client_id)
    client_user, admin = factory.user("client", acme, username="lead.user"), factory.user("admin", None, username="ops.staff")
    url = f"/api/v4/jobs/{job_id}"
    monkeypatch.setattr(runner.deliver_email, "delay", lambda email_id: None)
    runner.run_job(job_id)
    monkeypatch.undo()
    monkeypatch.setitem(app.config, "MAIL_URL", mail.url)
    email_id = OutboundEmail.query.one().id

    with pytest.raises(Retry):
        deliver_email.apply(args=[email_id]).get()
    retrying = client.get(url, headers=factory.headers(client_user)).get_json()["result_mail"]
    deliver_email.apply(args=[email_id], retries=app.config["MAIL_RETRIES"]).get()  # the last attempt fails too
    failed = client.get(url, headers=factory.headers(client_user)).get_json()["result_mail"]

    assert mail.refused == 2
    assert retrying["state"] == "retrying" and retrying["error"] == "550 Mailbox unavailable"
    assert (failed["state"], failed["recipient"]) == ("failed", "lead@example.com")
    assert client.post(url + "/resend_mail", headers=factory.headers(client_user)).status_code == 403
    enqueued = []
    monkeypatch.setattr(service.deliver_email, "delay", enqueued.append)
    resent = client.post(url + "/resend_mail", headers=factory.headers(admin, acme))
    assert resent.status_code == 200 and resent.get_json()["result_mail"]["state"] == "retrying"
    deliver_email.apply(args=enqueued).get()  # the worker takes the message
    again = client.post(url + "/resend_mail", headers=factory.headers(admin, acme))
    assert again.status_code == 200 and again.get_json()["result_mail"]["state"] == "sent"
    assert enqueued == [email_id]
    [message] = mail.wait_for(1)
    assert message["Subject"] == "Done"
    assert len(mail.messages) == 1


def test_a_job_without_a_result_mail_has_none_to_send_again(client, factory):
    job_id = _job(factory, "test_count_calls", email=None)
    runner.run_job(job_id)
    acme = db.session.get(Client, db.session.get(Job, job_id).client_id)
    admin = factory.user("admin", None, username="ops.staff")

    answer = client.post(f"/api/v4/jobs/{job_id}/resend_mail", headers=factory.headers(admin, acme))

    assert answer.status_code == 409 and answer.get_json()["error"] == "no_result_mail"


def test_some_rows_failing_is_partly_succeeded_with_per_row_results(factory):
    job_id = _job(factory, "test_half_rows_fail")

    runner.run_job(job_id)

    job = db.session.get(Job, job_id)
    assert job.state == "partly_succeeded"
    assert job.results[1] == {"line": 2, "status": "failed", "error": "Bad row"}


def test_a_crashing_job_fails_without_leaking_internals_and_keeps_nothing_half_applied(app, factory):
    job_id = _job(factory, "test_crashes")

    runner.run_job(job_id)

    job = db.session.get(Job, job_id)
    assert job.state == "failed"
    assert job.processed == 0
    assert "boom" not in job.error and "/internal" not in job.error
    [eml] = _mail_files(app)
    assert message_from_bytes(eml.read_bytes(), policy=policy.default)["Subject"] == "Test Crashes failed"


def test_a_job_without_requester_email_ends_without_mail(factory):
    job_id = _job(factory, "test_count_calls", email=None)

    runner.run_job(job_id)

    assert db.session.get(Job, job_id).state == "succeeded"
    assert OutboundEmail.query.count() == 0


def test_an_unknown_job_id_is_ignored(app):
    with app.app_context():
        runner.run_job("no-such-job")
        assert Job.query.count() == 0


# --- a job's lease: taken over when its worker died, never run by two workers at once ----------------

def test_a_job_another_worker_holds_is_not_run_and_is_looked_at_again_when_the_lease_runs_out(factory):
    lease_end = utcnow() + timedelta(seconds=20)
    job_id = _job(factory, "test_count_calls", state="running", attempts=1, lease_expires_at=lease_end)

    look_again_in = runner.run_job(job_id)

    assert calls == []
    assert 19 <= look_again_in <= 21
    job = db.session.get(Job, job_id)
    assert (job.state, job.attempts, job.lease_expires_at) == ("running", 1, lease_end)


def test_a_running_job_whose_lease_ran_out_is_taken_over_and_ends(factory):
    job_id = _job(factory, "test_count_calls", state="running", attempts=1, lease_expires_at=utcnow() - timedelta(seconds=1))

    assert runner.run_job(job_id) is None

    assert calls == [job_id]
    job = db.session.get(Job, job_id)
    assert (job.state, job.attempts, job.lease_expires_at) == ("succeeded", 2, None)


def test_the_lease_is_renewed_while_the_job_runs_so_a_slow_job_is_not_taken_over(app, factory, monkeypatch):
    monkeypatch.setitem(app.config, "JOB_LEASE_SECONDS", 0.6)
    job_id = _job(factory, "test_outlives_its_lease")

    runner.run_job(job_id)

    assert calls == [job_id]
    assert len(leases_seen) > 10
    assert all(lease > seen_at for seen_at, lease in leases_seen), "the lease ran out while the job was running"
    assert db.session.get(Job, job_id).lease_expires_at is None


def test_every_job_not_ended_is_sent_again(app, factory, monkeypatch):
    sent = []
    monkeypatch.setattr(service.run_job, "delay", sent.append)
    client = factory.client()
    for state in ("queued", "running", "succeeded", "partly_succeeded", "failed"):
        db.session.add(Job(id=f"job-{state}", kind="test_count_calls", state=state, client_id=client.id, requested_by="lead", results=[]))
    db.session.commit()

    assert service.send_unfinished_jobs_again() == sent
    assert sorted(sent) == ["job-queued", "job-running"]
