"""A key whose request is gone without freeing it (its clean-up met the database down, its process was
killed) is taken over by a retry once its lease has run out; while the lease runs, the key is busy."""
import json
from datetime import timedelta

from sqlalchemy import func, select

from api.clients.models import Client
from api.common import idempotency
from api.common.idempotency import IdempotencyKey
from api.common.timeutil import utcnow
from api.extensions import db
from tests.api.helpers import assert_error

URL = "/api/v4/clients"
BODY = {"name": "Initech", "fulfillment_request_api_version": 2, "shopify_shop_name": "initech.myshopify.com"}


def left_behind(client, admin, key, lease_expires_at, fingerprint=None):
    """The key as a request that never answered left it."""
    if fingerprint is None:
        with client.application.test_request_context(URL, method="POST", json=BODY):
            fingerprint = idempotency._fingerprint()
    db.session.add(IdempotencyKey(issuer=client.application.config["JWT_ISSUER"], username=admin.username,
                                  key=key, fingerprint=fingerprint, lease_expires_at=lease_expires_at))
    db.session.commit()


def post(client, factory, admin, key, body=BODY):
    return client.post(URL, headers={**factory.headers(admin), "Idempotency-Key": key},
                       data=json.dumps(body), content_type="application/json")


def clients_named(name):
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(Client).filter_by(name=name))


def test_a_key_whose_lease_ran_out_is_taken_over_and_then_answers_as_usual(client, factory, admin):
    left_behind(client, admin, "gone-1", utcnow() - timedelta(seconds=1))

    first = post(client, factory, admin, "gone-1")
    again = post(client, factory, admin, "gone-1")

    assert first.status_code == 201, first.get_json()
    assert (again.status_code, again.headers.get("Idempotent-Replayed")) == (201, "true")
    assert again.get_json() == first.get_json()
    assert clients_named("Initech") == 1
    row = db.session.scalars(select(IdempotencyKey).filter_by(key="gone-1")).one()
    assert (row.response_status, row.lease_expires_at) == (201, None)


def test_a_streamed_upload_left_pending_is_taken_over_with_a_body_of_its_own(client, factory, admin):
    """A CSV upload's key is pending (no fingerprint yet) until its body was read; left so, the retry
    may send any body: nothing of the first was answered."""
    left_behind(client, admin, "gone-2", None, fingerprint=idempotency._PENDING)

    response = post(client, factory, admin, "gone-2", {**BODY, "name": "Initrode"})

    assert response.status_code == 201, response.get_json()
    assert clients_named("Initrode") == 1


def test_a_key_whose_lease_still_runs_is_busy(client, factory, admin):
    left_behind(client, admin, "busy-2", utcnow() + timedelta(seconds=60))

    busy = post(client, factory, admin, "busy-2")

    assert_error(busy, 409, "idempotency_key_in_use")
    assert 58 <= int(busy.headers["Retry-After"]) <= 60, dict(busy.headers)
    assert clients_named("Initech") == 0


def test_a_busy_key_says_to_retry_when_its_lease_runs_out_and_never_sooner_than_in_a_second():
    now = utcnow()

    assert idempotency.retry_after(now + timedelta(seconds=9.2), 15, now) == 10
    assert idempotency.retry_after(now + timedelta(milliseconds=1), 15, now) == 1
    assert idempotency.retry_after(now - timedelta(seconds=3), 15, now) == 1
    assert idempotency.retry_after(None, 15, now) == 15  # held by a request that is only now being recorded
