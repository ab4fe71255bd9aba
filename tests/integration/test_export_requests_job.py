"""A request list export longer than a download, through real processes: the API under gunicorn (its
EXPORT_DIRECT_ROWS shrunk to 2) starts a job, a Celery worker on the configured broker builds the CSV,
and the mail carrying it arrives at an SMTP server."""
import csv
import io

import pytest
import requests

from api.orders.listing import EXPORT_COLUMNS
from tests.factories import PASSWORD
from tests.live import log_in, start_api, wait_for_job
from tests.orders.test_fulfillment_requests import URL, new_request

pytestmark = pytest.mark.integration


@pytest.fixture
def short_exports_api(live_env, process_logs, worker):
    process, base_url = start_api({**live_env, "EXPORT_DIRECT_ROWS": "2"}, process_logs, name="api-short-exports")
    yield base_url
    process.stop()


def test_an_export_past_the_download_limit_is_mailed_as_csv(factory, short_exports_api, mail):
    acme = factory.client("Acme")
    requester = factory.user("client", acme, username="acme.lead", email="lead@acme.test")
    factory.item(acme, upc="TENT", name="Tent")
    factory.user("client", factory.client("Other"), username="other.lead")
    headers = log_in(short_exports_api, "acme.lead", PASSWORD)
    for reference, fields in (("FIRST", {}), ("SECOND", {"order_id": "=SUM(A1:A9)"}), ("THIRD", {})):
        made = requests.post(f"{short_exports_api}{URL}", headers=headers, json={**new_request(reference), **fields},
                             timeout=10)
        assert made.status_code == 201, made.text
    other_headers = log_in(short_exports_api, "other.lead", PASSWORD)
    assert requests.post(f"{short_exports_api}{URL}/export", headers=other_headers, timeout=10).status_code == 200

    started = requests.post(f"{short_exports_api}{URL}/export", headers=headers, timeout=10)

    assert started.status_code == 202, started.text
    job = wait_for_job(short_exports_api, headers, started.json()["id"])
    assert (job["state"], job["total"], job["succeeded"]) == ("succeeded", 3, 3)
    [message] = mail.wait_for(1)
    assert message["To"] == requester.email
    assert message["Subject"] == "Fulfillment requests export for Acme"
    [attachment] = list(message.iter_attachments())
    assert attachment.get_content_type() == "text/csv"
    rows = list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))
    assert rows[0] == list(EXPORT_COLUMNS)
    by_id = {row[0]: dict(zip(rows[0], row)) for row in rows[1:]}
    assert list(by_id) == ["THIRD", "SECOND", "FIRST"]
    assert by_id["SECOND"]["order_id"] == "'=SUM(A1:A9)" and by_id["FIRST"]["to_postal_code"] == "11201"
