"""Bulk items and case packs through real processes: the API under gunicorn, a Celery worker on the
configured broker (Redis with PORTAL_TEST_BACKEND=services) and an SMTP server."""
import csv
import io

import pytest
import requests

from api.extensions import db
from api.products.models import ItemType
from tests.factories import PASSWORD
from tests.live import log_in, wait_for_job

pytestmark = pytest.mark.integration


def test_items_and_case_packs_import_on_the_worker_and_mail_failed_rows(factory, live_api, worker, mail):
    acme = factory.client("Acme")
    factory.user("client", acme, username="bulk.lead", email="lead@acme.test")
    headers = log_in(live_api, "bulk.lead", PASSWORD)
    rows = [{"id": "", "upc": f"U{n:05d}", "sku": f"S{n:05d}", "name": f'Tent {n}, "large"', "cost": "9.99"} for n in range(2500)]
    rows[1200]["cost"] = "-4"

    items = requests.post(f"{live_api}/api/v4/items/bulk?runAsync=true&validRowsOnly=true", json=rows, headers=headers, timeout=60)
    assert items.status_code == 202, items.text
    items_job = wait_for_job(live_api, headers, items.json()["id"])
    packs = requests.post(f"{live_api}/api/v4/case_packs/bulk", json=[
        {"id": "", "upc": "CASE-1", "sku": "CASE-1", "name": "Case of tents", "child_upc": "U00001", "child_quantity": "12"},
    ], headers=headers, timeout=60)
    assert packs.status_code == 202, packs.text
    packs_job = wait_for_job(live_api, headers, packs.json()["id"])

    assert (items_job["kind"], items_job["state"], items_job["succeeded"], items_job["failed"]) == ("import_items", "partly_succeeded", 2499, 1)
    assert items_job["results"] == [{"line": 1202, "status": "failed", "error": "cost must be at least 0.01."}]
    assert (packs_job["state"], packs_job["succeeded"]) == ("succeeded", 1)
    db.session.rollback()
    assert db.session.scalar(db.select(db.func.count()).select_from(ItemType).where(ItemType.client_id == acme.id)) == 2500
    detail = requests.get(f"{live_api}/api/v4/items/CASE-1", headers=headers, timeout=10).json()
    assert [(c["upc"], c["quantity"]) for c in detail["children"]] == [("U00001", 12)]
    messages = mail.wait_for(2)
    failed_rows_mail = next(m for m in messages if m["Subject"] == "Import of items for Acme completed with 1 failed row")
    [attachment] = list(failed_rows_mail.iter_attachments())
    failed = list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))
    assert failed == [["line", "error", "id", "upc", "sku", "name", "cost"],
                      ["1202", "cost must be at least 0.01.", "", "U01200", "S01200", 'Tent 1200, "large"', "'-4"]]
