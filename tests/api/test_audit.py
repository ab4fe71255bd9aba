"""The request log: every call filed per object, secrets removed, bodies truncated, scoped by client."""
import json

import pytest
from sqlalchemy import select

from api.audit.models import RequestLog
from api.extensions import db
from tests.api.helpers import assert_error
from tests.factories import PASSWORD

SECRET = "a-brand-new-secret"
CHANGED_SECRET = "another-brand-new-secret"


def stored_rows():
    db.session.expire_all()
    return db.session.scalars(select(RequestLog).order_by(RequestLog.id)).all()


def row_text(row):
    return json.dumps({column.key: str(getattr(row, column.key)) for column in RequestLog.__table__.columns})


@pytest.fixture
def manager_token(factory, acme_manager):
    return factory.token(acme_manager)


@pytest.fixture
def manager_headers(manager_token):
    return {"Authorization": f"Bearer {manager_token}"}


@pytest.fixture
def created_and_changed(client, manager_headers):
    created = client.post("/api/v4/users", headers=manager_headers,
                          json={"username": "new.user", "password": SECRET, "email": "new.user@example.com"})
    changed = client.put("/api/v4/users/new.user", headers=manager_headers,
                         json={"email": "new.user@example.com", "password": CHANGED_SECRET, "role": "client_read_only"})
    assert (created.status_code, changed.status_code) == (201, 200)
    return created, changed


def test_calls_are_listed_per_object(client, manager_headers, created_and_changed):
    response = client.get("/api/v4/logs/requests/user/new.user", headers=manager_headers)

    assert response.status_code == 200, response.get_json()
    entries = response.get_json()["requests"]
    assert [(e["http_method"], e["uri"], e["response_status"]) for e in entries] == [
        ("PUT", "/api/v4/users/new.user", 200),
        ("POST", "/api/v4/users", 201),
    ]
    for entry in entries:
        assert entry["api_version"] == "v4"
        assert entry["username"] == "acme.manager"
        assert entry["client_ip_address"] == "127.0.0.1"
        assert entry["datetime"].endswith("Z")
        assert json.loads(entry["request_body"])["password"] == "[redacted]"
        assert json.loads(entry["response_body"])["username"] == "new.user"


def test_reads_are_listed_only_when_asked_for(client, manager_headers, created_and_changed):
    assert client.get("/api/v4/users/new.user", headers=manager_headers).status_code == 200
    url = "/api/v4/logs/requests/user/new.user"

    by_default = client.get(url, headers=manager_headers).get_json()["requests"]
    with_reads = client.get(url, headers=manager_headers, query_string={"include_reads": "true"}).get_json()["requests"]

    assert [e["http_method"] for e in by_default] == ["PUT", "POST"]
    assert [e["http_method"] for e in with_reads] == ["GET", "PUT", "POST"]


def test_one_logged_call_can_be_read_by_id(client, manager_headers, created_and_changed):
    entries = client.get("/api/v4/logs/requests/user/new.user", headers=manager_headers).get_json()["requests"]

    entry = client.get(f"/api/v4/logs/request/{entries[-1]['id']}", headers=manager_headers).get_json()

    assert entry == entries[-1]


def test_no_secret_is_stored(client, manager_token, created_and_changed):
    client.get("/api/v4/users", headers={"Authorization": f"Bearer {manager_token}"}, query_string={"access_token": "t0k3n"})

    rows = stored_rows()
    assert len(rows) == 3
    for row in rows:
        text = row_text(row)
        for secret in (SECRET, CHANGED_SECRET, manager_token, manager_token.split(".")[2], "t0k3n", "Bearer", "$argon2"):
            assert secret not in text, (secret, text)
    assert rows[-1].uri == "/api/v4/users?access_token=[redacted]"


def test_a_login_call_stores_neither_password_nor_token(client, acme_manager):
    response = client.post("/api/v4/auth/token", json={"username": "acme.manager", "password": PASSWORD})
    token = response.get_json()["access_token"]

    [row] = stored_rows()
    assert json.loads(row.request_body) == {"username": "acme.manager", "password": "[redacted]"}
    assert json.loads(row.response_body)["access_token"] == "[redacted]"
    assert PASSWORD not in row_text(row) and token not in row_text(row)


def test_a_failed_login_stores_no_password(client, acme_manager):
    assert_error(client.post("/api/v4/auth/token", json={"username": "acme.manager", "password": "my-real-pw-typo"}), 401)

    [row] = stored_rows()
    assert row.response_status == 401
    assert "my-real-pw-typo" not in row_text(row)


def test_large_bodies_are_truncated(client, app, manager_headers, monkeypatch):
    monkeypatch.setitem(app.config, "REQUEST_LOG_BODY_LIMIT", 60)

    client.post("/api/v4/users", headers=manager_headers, json={
        "username": "new.user", "password": SECRET, "email": "new.user@example.com", "real_name": "N" * 150,
    })

    [row] = stored_rows()
    assert row.object_id == "new.user"
    for body in (row.request_body, row.response_body):
        assert body.endswith("…[truncated]")
        assert len(body) == 60 + len("…[truncated]")
    assert SECRET not in row.request_body


def test_an_oversize_body_is_not_stored(client, app, manager_headers):
    assert_error(client.post("/api/v4/users", headers=manager_headers,
                             data=b"{" + b" " * app.config["MAX_CONTENT_LENGTH"] + b"}", content_type="application/json"), 413)

    [row] = stored_rows()
    assert row.response_status == 413
    assert "not stored" in row.request_body and len(row.request_body) < 200


def test_file_contents_are_not_stored(client, factory, admin):
    logo = "iVBORw0KGgoAAAAAAAAA"
    client.post("/api/v4/clients", headers=factory.headers(admin), json={"name": "Initech", "logo": logo})

    [row] = stored_rows()
    assert logo not in row_text(row)


def test_another_clients_logs_are_invisible(client, factory, admin, globex, manager_headers):
    boss = factory.user("client", globex, username="globex.boss")
    client.put("/api/v4/users/globex.boss", headers=factory.headers(boss),
               json={"email": "boss@globex.test", "role": "client"})
    [globex_row] = stored_rows()

    listed = client.get("/api/v4/logs/requests/user/globex.boss", headers=manager_headers)
    assert listed.status_code == 200 and listed.get_json()["requests"] == []
    assert_error(client.get(f"/api/v4/logs/request/{globex_row.id}", headers=manager_headers), 404)

    seen_by_admin = client.get(f"/api/v4/logs/request/{globex_row.id}", headers=factory.headers(admin, globex))
    assert seen_by_admin.status_code == 200 and seen_by_admin.get_json()["username"] == "globex.boss"


def test_a_client_sees_the_calls_on_itself(client, factory, admin, acme, manager_headers):
    client.put(f"/api/v4/clients/{acme.id}", headers=factory.headers(admin), json={"name": "Acme Corp"})

    entries = client.get(f"/api/v4/logs/requests/client/{acme.id}", headers=manager_headers).get_json()["requests"]

    assert [(e["http_method"], e["username"]) for e in entries] == [("PUT", "ops.admin")]


@pytest.mark.parametrize("method, path", [
    ("GET", "/api/v4/settings/ui"),
    ("GET", "/api/v4/me"),
    ("GET", "/api/v4/users"),
    ("GET", "/api/v4/no-such-route"),
    ("DELETE", "/api/v4/users"),
    ("GET", "/.well-known/jwks.json"),
])
def test_every_response_carries_a_request_id(client, method, path, manager_headers):
    first = client.open(path, method=method, headers=manager_headers)
    second = client.open(path, method=method, headers=manager_headers)

    assert first.headers.get("X-Request-Id")
    assert first.headers["X-Request-Id"] != second.headers["X-Request-Id"]
    if path.startswith("/api/"):
        assert first.headers["X-Request-Id"] in {row.request_id for row in stored_rows()}


def test_a_server_error_the_browser_saw_is_logged_with_its_request_id(client, factory, acme_manager, caplog):
    report = {"status": 502, "method": "GET", "url": "/api/v4/users?x=1\nforged line", "request_id": "req-123", "page": "/1/users"}

    response = client.post("/api/v4/logs/server_errors", headers=factory.headers(acme_manager), json=report)

    assert response.status_code == 204
    [record] = [r for r in caplog.records if r.name == "api.browser_errors"]
    assert record.levelname == "ERROR"
    message = record.getMessage()
    assert "502" in message and "'req-123'" in message and "acme.manager" in message
    assert "\n" not in message, "a report cannot forge log lines"


@pytest.mark.parametrize("report", [
    {"status": 404, "method": "GET", "url": "/x"},
    {"status": 500, "method": "BREW", "url": "/x"},
    {"status": 500, "method": "GET", "url": "x" * 2001},
], ids=["not a server error", "unknown method", "url too long"])
def test_a_malformed_server_error_report_is_refused(client, factory, acme_manager, report):
    response = client.post("/api/v4/logs/server_errors", headers=factory.headers(acme_manager), json=report)

    assert response.status_code == 422
    assert response.get_json()["error"] == "validation_error"
