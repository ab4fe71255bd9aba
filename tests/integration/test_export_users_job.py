"""The users export through real processes: API under gunicorn, a Celery worker on the configured
broker, and an SMTP server. The mail and its attachment arrive once, even when the job's messages
are delivered again."""
import csv
import io

import pytest
import requests

from tests.factories import PASSWORD
from tests.live import broker_client, log_in, wait_for_job, wait_until_quiet

pytestmark = pytest.mark.integration


def test_export_mails_the_requester_a_csv_once(app, factory, live_api, worker, mail):
    acme = factory.client("Acme")
    requester = factory.user("client", acme, username="acme.lead", email="lead@acme.test")
    factory.user("client_read_only", acme, username="=cmd|calc", email="formula@acme.test")
    factory.user("client", factory.client("Other"), username="other.person")
    headers = log_in(live_api, "acme.lead", PASSWORD)

    started = requests.post(f"{live_api}/api/v4/users/export", headers=headers, timeout=10)
    assert started.status_code == 202, started.text
    # The answer shows the job as it stands once sent: a quick worker may have taken it already.
    assert started.json()["state"] in ("queued", "running", "succeeded")
    job = wait_for_job(live_api, headers, started.json()["id"])

    assert job["state"] == "succeeded"
    assert (job["total"], job["processed"], job["succeeded"], job["failed"]) == (2, 2, 2, 0)
    [message] = mail.wait_for(1)
    assert message["To"] == requester.email
    assert message["Subject"] == "Users export for Acme"
    [attachment] = list(message.iter_attachments())
    assert attachment.get_content_type() == "text/csv"
    rows = list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))
    assert rows[0] == ["username", "real_name", "email", "role", "active", "receive_scheduled_reports", "permissions"]
    assert sorted(row[0] for row in rows[1:]) == ["'=cmd|calc", "acme.lead"]

    celery = broker_client(app)
    celery.send_task("jobs.run_job", args=[job["id"]])
    from api.notifications.models import OutboundEmail

    email_id = OutboundEmail.query.filter_by(key=f"job:{job['id']}:result").one().id
    celery.send_task("notifications.deliver_email", args=[email_id])
    wait_until_quiet(app.config, [worker])
    assert len(mail.messages) == 1


def test_job_of_another_client_is_not_found(factory, live_api):
    acme, other = factory.client("Acme"), factory.client("Other")
    factory.user("client", acme, username="acme.lead")
    factory.user("client", other, username="other.lead")
    job_id = requests.post(f"{live_api}/api/v4/users/export", headers=log_in(live_api, "acme.lead", PASSWORD), timeout=10).json()["id"]

    answer = requests.get(f"{live_api}/api/v4/jobs/{job_id}", headers=log_in(live_api, "other.lead", PASSWORD), timeout=10)

    assert answer.status_code == 404
    assert answer.json() == {"error": "not_found", "description": "Job not found."}
