"""Input no caller should send answers in the error shape (or is served), never with a 500."""
import io

import pytest
import sqlalchemy as sa
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from api.audit.models import RequestLog
from api.extensions import db
from api.users.models import User
from tests.api.helpers import assert_error

LONG_ID = "x" * 250
TOO_MANY_DIGITS = b"1" * 5000


@pytest.fixture
def headers(factory, acme_manager):
    return factory.headers(acme_manager)


def logged_rows():
    db.session.expire_all()
    return db.session.scalars(select(RequestLog).order_by(RequestLog.id)).all()


def user_count():
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(User))


# --- The request log never fails the request ---------------------------------------------------------

@pytest.mark.parametrize("method, path", [
    ("GET", f"/api/v4/items/{LONG_ID}"),
    ("PUT", f"/api/v4/case_packs/{LONG_ID}"),
    ("GET", f"/api/v4/users/{LONG_ID}"),
    ("GET", f"/api/v4/jobs/{LONG_ID}"),
    ("GET", f"/api/v4/reports/{LONG_ID}"),
])
def test_a_path_id_longer_than_the_log_holds_is_answered_and_logged_cut(client, headers, method, path):
    response = client.open(path, method=method, headers=headers, json={})

    assert response.status_code < 500, response.get_data(as_text=True)
    assert response.get_json()["error"] != "internal_error"
    [row] = logged_rows()
    assert row.object_id is None or row.object_id == LONG_ID[:RequestLog.object_id.type.length]


@pytest.fixture
def failing_log_write():
    """Every request-log insert fails; the fixture is the function to call for them to succeed again."""
    def refuse(*_):
        raise OperationalError("INSERT INTO request_logs", {}, Exception("disk full"))

    def succeed_again():
        if sa.event.contains(RequestLog, "before_insert", refuse):
            sa.event.remove(RequestLog, "before_insert", refuse)

    sa.event.listen(RequestLog, "before_insert", refuse)
    yield succeed_again
    succeed_again()


def test_a_failed_log_write_leaves_the_answer_as_it_was(client, headers, failing_log_write):
    created = client.post("/api/v4/users", headers=headers,
                          json={"username": "new.user", "password": "a-long-password", "email": "new.user@example.com"})
    missing = client.get("/api/v4/items/000000000000", headers=headers)

    assert created.status_code == 201, created.get_data(as_text=True)
    assert user_count() == 2
    assert_error(missing, 404, "not_found")
    assert logged_rows() == []


def test_the_call_after_a_failed_log_write_is_logged(client, headers, failing_log_write):
    client.get("/api/v4/items/000000000000", headers=headers)
    failing_log_write()

    assert_error(client.get("/api/v4/items/000000000000", headers=headers), 404, "not_found")
    assert len(logged_rows()) == 1


# --- Integers longer than Python converts ------------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/v4/auth/token", "/api/v4/users", "/api/v4/items", "/api/v4/items/bulk",
                                  "/api/v4/inventory/000000000000", "/api/v2/inbound/client_upload", "/api/v4/rmas/bulk"])
def test_an_integer_with_too_many_digits_is_400(client, headers, path):
    body = b'{"username": ' + TOO_MANY_DIGITS + b"}" if "auth" in path else b"[{\"upc\": " + TOO_MANY_DIGITS + b"}]"
    method = client.put if "inventory" in path else client.post

    response = method(path, headers=headers, data=body, content_type="application/json")

    assert assert_error(response, 400, "invalid_json")["description"] == "A number in the body has too many digits."


def test_an_integer_with_too_many_digits_in_a_report_run_is_400(client, factory, admin, acme):
    response = client.put("/api/v4/reports/R_FMS_1/run", headers=factory.headers(admin, acme),
                          data=b'{"values": {"n": ' + TOO_MANY_DIGITS + b"}}", content_type="application/json")

    assert_error(response, 400, "invalid_json")


# --- Bodies sent without their length ------------------------------------------------------------------

def chunked_post(client, path, headers, body):
    """POST ``body`` as a server that undoes chunked encoding hands it over (gunicorn sets
    wsgi.input_terminated); answers the response and how much of the body was read."""
    stream = io.BytesIO(body)
    response = client.post(path, headers={**headers, "Transfer-Encoding": "chunked"}, input_stream=stream,
                           content_type="application/json", environ_overrides={"wsgi.input_terminated": True})
    return response, stream.tell()


def test_a_chunked_upload_over_the_limit_is_413_once_the_limit_is_passed(app, client, headers, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_MAX_BYTES", 1000)

    response, read = chunked_post(client, "/api/v4/items/bulk", headers, b"[" + b" " * 100_000 + b"]")

    assert_error(response, 413)
    assert read <= 1001


def test_a_chunked_upload_within_the_limit_is_read_whole(app, client, headers, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_MAX_BYTES", 1000)
    body = b'[{"upc": "123456789012", "sku": "S-1", "name": "A tent"}]'

    response, read = chunked_post(client, "/api/v4/items/bulk?validateOnly=true", headers, body.ljust(1000))

    assert response.status_code == 200, response.get_data(as_text=True)
    assert read == 1000


def test_a_chunked_body_over_the_general_limit_is_413(app, client, headers):
    response, _ = chunked_post(client, "/api/v4/users", headers, b"{" + b" " * app.config["MAX_CONTENT_LENGTH"] + b"}")

    assert_error(response, 413)
    assert user_count() == 1


# --- Idempotency-Key compares what the body says ------------------------------------------------------

def test_the_same_json_spelled_otherwise_replays_the_first_answer(client, headers):
    headers = {**headers, "Idempotency-Key": "create-new-user-1"}
    compact = b'{"username":"new.user","password":"a-long-password","email":"new.user@example.com"}'
    spread = b'{\n  "email": "new.user@example.com",\n  "username": "new.user",\n  "password": "a-long-password"\n}'

    first = client.post("/api/v4/users", headers=headers, data=compact, content_type="application/json")
    second = client.post("/api/v4/users", headers=headers, data=spread, content_type="application/json")

    assert first.status_code == second.status_code == 201, second.get_data(as_text=True)
    assert second.headers["Idempotent-Replayed"] == "true"
    assert user_count() == 2
