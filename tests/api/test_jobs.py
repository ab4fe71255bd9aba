"""Reading jobs: the acting client's only, newest first, a page at a time."""
from datetime import timedelta

from api.common.timeutil import utcnow
from api.extensions import db
from api.jobs.models import Job
from tests.api.helpers import assert_error


def _job(client, number, minutes_ago):
    job = Job(id=f"job-{client.name}-{number}", client_id=client.id, kind="export_users", requested_by="someone",
              created_at=utcnow() - timedelta(minutes=minutes_ago), results=[])
    db.session.add(job)
    db.session.commit()
    return job


def test_jobs_are_listed_newest_first_across_pages(client, factory, acme, globex, acme_manager):
    for number in range(5):
        _job(acme, number, minutes_ago=number)
    _job(globex, 9, minutes_ago=0)
    headers = factory.headers(acme_manager)

    seen, cursor = [], None
    while True:
        page = client.get("/api/v4/jobs", headers=headers, query_string={"limit": 2, **({"cursor": cursor} if cursor else {})}).get_json()
        seen += [job["id"] for job in page["jobs"]]
        cursor = page["cursor"]
        if cursor is None:
            break

    assert seen == [f"job-Acme-{number}" for number in range(5)]


def test_a_job_shows_its_progress_and_results(client, factory, acme, acme_manager):
    job = _job(acme, 1, minutes_ago=0)
    job.state, job.total, job.processed, job.succeeded, job.failed = "partly_succeeded", 2, 2, 1, 1
    job.results = [{"line": 2, "status": "failed", "error": "Bad row"}]
    db.session.commit()

    body = client.get(f"/api/v4/jobs/{job.id}", headers=factory.headers(acme_manager)).get_json()

    assert body["state"] == "partly_succeeded"
    assert (body["total"], body["processed"], body["succeeded"], body["failed"]) == (2, 2, 1, 1)
    assert body["results"] == [{"line": 2, "status": "failed", "error": "Bad row"}]
    assert body["created_at"].endswith("Z") and body["finished_at"] is None


def test_another_clients_job_is_not_found(client, factory, globex, acme_manager):
    job = _job(globex, 1, minutes_ago=0)

    assert_error(client.get(f"/api/v4/jobs/{job.id}", headers=factory.headers(acme_manager)), 404, "not_found")


def test_exporting_users_answers_a_queued_job_of_the_acting_client(client, factory, acme, acme_manager):
    response = client.post("/api/v4/users/export", headers=factory.headers(acme_manager))

    assert response.status_code == 202
    job = db.session.get(Job, response.get_json()["id"])
    assert (job.client_id, job.kind, job.requested_by) == (acme.id, "export_users", "acme.manager")
