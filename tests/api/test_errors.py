"""One error shape for every failure, no internals in it, and nothing half-written after one."""
import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError, ProgrammingError
from werkzeug.exceptions import InternalServerError

from api.app import create_app
from api.audit.models import Breadcrumb, RequestLog
from api.common.auth import public
from api.common.errors import field_label
from api.common.idempotency import IdempotencyKey
from api.extensions import db
from api.users import service as users_service
from api.users.models import User
from tests.api.helpers import assert_error

USERS = "/api/v4/users"


def new_user(**fields):
    return {"username": "new.user", "password": "a-long-password", "email": "new.user@example.com", **fields}


def count(model):
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(model))


@pytest.fixture
def headers(factory, acme_manager):
    return factory.headers(acme_manager)


@pytest.mark.parametrize("path", [USERS, "/api/v4/auth/token"])
@pytest.mark.parametrize("body", [b"{not json", b'{"username": "a",}', b"\xff\xfe"], ids=["garbage", "trailing comma", "not utf-8"])
def test_malformed_json_is_400(client, headers, path, body):
    response = client.post(path, headers=headers, data=body, content_type="application/json")

    assert_error(response, 400, "bad_request")
    assert count(User) == 1


@pytest.mark.parametrize("path", [USERS, "/api/v4/auth/token"])
def test_an_empty_body_is_missing_fields(client, headers, path):
    response = client.post(path, headers=headers, data=b"", content_type="application/json")

    assert "Username: " in assert_error(response, 422, "validation_error")["description"]


@pytest.mark.parametrize("fields, label", [
    ({"username": 123}, "Username: "),
    ({"email": ["a@b.test"]}, "Email: "),
    ({"active": "sometimes"}, "Active: "),
    ({"receive_scheduled_reports": {"yes": True}}, "Receive scheduled reports: "),
    ({"permissions": "read:reports"}, "Permissions: "),
    ({"permissions": [1, 2]}, "Permissions 1: "),
    ({"real_name": "x" * 201}, "Real name: "),
])
def test_wrong_types_are_422_naming_the_field_by_its_label(client, headers, fields, label):
    body = assert_error(client.post(USERS, headers=headers, json=new_user(**fields)), 422, "validation_error")

    assert label in body["description"]
    assert "_" not in body["description"].split(":")[0]
    assert count(User) == 1


@pytest.mark.parametrize("path, body", [
    (USERS, new_user(isAdmin=True)),
    (USERS, new_user(client_id=7)),
    ("/api/v4/auth/token", {"username": "u", "password": "p", "remember": True}),
])
def test_unknown_fields_are_422(client, headers, path, body):
    unknown = (set(body) - {"username", "password", "email"}).pop()

    response = assert_error(client.post(path, headers=headers, json=body), 422, "validation_error")

    assert unknown in response["description"]


def test_a_json_array_instead_of_an_object_is_422(client, headers):
    assert_error(client.post(USERS, headers=headers, json=[new_user()]), 422, "validation_error")


@pytest.mark.parametrize("path", [USERS, "/api/v4/auth/token", "/api/v4/clients"])
def test_oversize_body_is_413(client, app, factory, admin, acme, path):
    body = b'{"name": "' + b"a" * app.config["MAX_CONTENT_LENGTH"] + b'"}'

    response = client.post(path, headers=factory.headers(admin, acme), data=body, content_type="application/json")

    assert_error(response, 413)
    assert count(User) == 1


@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
@pytest.mark.parametrize("path", ["/api/v4/nothing-here", "/api/v3/users", "/api/v4/users/a/b/c"])
def test_unknown_api_path_is_404(client, headers, method, path):
    assert_error(client.open(path, method=method, headers=headers), 404, "not_found")


@pytest.mark.parametrize("method, path, allowed", [
    ("DELETE", USERS, {"GET", "POST"}),
    ("PATCH", "/api/v4/users/someone", {"GET", "PUT"}),
    ("GET", "/api/v4/auth/token", {"POST"}),
    ("DELETE", "/api/v4/clients/1", {"GET", "PUT"}),
])
def test_wrong_method_is_405_with_allow(client, headers, method, path, allowed):
    response = client.open(path, method=method, headers=headers)

    assert_error(response, 405, "method_not_allowed")
    assert allowed <= {m.strip() for m in response.headers["Allow"].split(",")}
    assert method not in response.headers["Allow"]


@pytest.fixture
def failing_client(app_config, app):
    """A separate app with a route that fails unexpectedly, the way a bug would."""
    failing_app = create_app({**app_config, "CELERY_TASK_ALWAYS_EAGER": True})

    def explode():
        raise RuntimeError("secret detail in /srv/portal/api/boom.py: SELECT password_hash FROM users")

    def abort_as_werkzeug_would():
        raise InternalServerError("The server encountered an internal error at /srv/portal/api/boom.py")

    failing_app.add_url_rule("/api/v4/boom", "boom", public(explode))
    failing_app.add_url_rule("/api/v4/aborted", "aborted", public(abort_as_werkzeug_would))
    return failing_app.test_client()


def assert_no_internals(response):
    text = response.get_data(as_text=True)
    for leak in ("Traceback", "RuntimeError", "OperationalError", "SELECT", "password_hash", "/srv/", ".py", "File \""):
        assert leak not in text, text


def test_an_unexpected_exception_is_a_bare_500(failing_client):
    response = failing_client.get("/api/v4/boom")

    assert assert_error(response, 500, "internal_error") == {"error": "internal_error", "description": "An internal error occurred."}
    assert_no_internals(response)


def test_a_500_raised_as_an_http_error_has_the_same_answer(failing_client):
    response = failing_client.get("/api/v4/aborted")

    assert assert_error(response, 500, "internal_error") == {"error": "internal_error", "description": "An internal error occurred."}
    assert_no_internals(response)


def test_a_database_that_cannot_be_reached_answers_503_to_try_again_without_sql(client, headers, monkeypatch):
    def unreachable(*_):
        raise OperationalError("SELECT password_hash FROM users WHERE client_id = 1", {}, Exception("connection lost"))

    monkeypatch.setattr(users_service, "list_users", unreachable)

    response = client.get(USERS, headers=headers)

    assert_error(response, 503, "service_unavailable")
    assert response.headers["Retry-After"] == "5"
    assert_no_internals(response)


def test_a_database_error_shows_no_sql(client, headers, monkeypatch):
    def broken(*_):
        raise ProgrammingError("SELECT password_hash FROM users WHERE client_id = 1", {}, Exception("no such column"))

    monkeypatch.setattr(users_service, "list_users", broken)

    response = client.get(USERS, headers=headers)

    assert_error(response, 500, "internal_error")
    assert_no_internals(response)


def test_a_failed_create_writes_nothing(client, headers, monkeypatch):
    def broken_breadcrumb(*args, **kwargs):
        raise RuntimeError("the breadcrumb could not be written")

    monkeypatch.setattr(users_service, "leave_breadcrumb", broken_breadcrumb)

    response = client.post(USERS, headers={**headers, "Idempotency-Key": "first"}, json=new_user())

    assert_error(response, 500, "internal_error")
    assert count(User) == 1
    assert count(Breadcrumb) == 0
    assert count(IdempotencyKey) == 0, "a failed attempt must free its key for a retry"
    assert [row.response_status for row in db.session.scalars(select(RequestLog))] == [500]


def test_a_conflict_writes_nothing(client, headers, factory, globex):
    factory.user("client", globex, username="new.user")

    assert_error(client.post(USERS, headers=headers, json=new_user()), 409)
    assert count(User) == 2
    assert count(Breadcrumb) == 0


@pytest.mark.parametrize("method, path, options", [
    ("GET", "/api/v4/users/new%00user", {}),
    ("GET", USERS, {"query_string": {"searchTerm": "a\x00b"}}),
    ("POST", USERS, {"data": b'{"username": "new.user", "password": "a-long-password", "email": "n@x.test", "real_name": "a\\u0000b"}'}),
    ("POST", USERS, {"data": b'{"username": "new.user", "password": "a-long-password", "email": "n@x.test", "real_name": "\\ud800"}'}),
    ("POST", "/api/v4/auth/token", {"data": b'{"username": "acme.manager", "password": "\\udfff"}'}),
    ("POST", "/api/v4/auth/token", {"data": b'{"username": "acme\\u0000manager", "password": "x"}'}),
], ids=["nul in path", "nul in query", "nul in body", "lone surrogate in body", "lone surrogate password", "nul username"])
def test_text_the_database_cannot_hold_is_400(client, headers, method, path, options):
    response = client.open(path, method=method, headers=headers, content_type="application/json", **options)

    assert_error(response, 400, "invalid_text")
    assert count(User) == 1
    assert [row.response_status for row in db.session.scalars(select(RequestLog))] == [400], "the refused call is still logged"


def test_a_paired_surrogate_is_ordinary_text(client, headers):
    response = client.post(USERS, headers=headers, content_type="application/json",
                           data=b'{"username": "new.user", "password": "a-long-password", "email": "n@x.test", "real_name": "\\ud83d\\ude00"}')

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["real_name"] == "\U0001f600"


@pytest.mark.parametrize("depth", [40, 5000])
@pytest.mark.parametrize("signed_in", [True, False], ids=["signed in", "no token"])
def test_deeply_nested_json_is_refused_and_logged_without_its_body(client, headers, depth, signed_in):
    body = ('{"username": ' + "[" * depth + "]" * depth + "}").encode()

    response = client.post(USERS, headers=headers if signed_in else {}, data=body, content_type="application/json")

    if signed_in:
        assert_error(response, 400, "invalid_json")
    else:
        assert_error(response, 401, "unauthorized")
    [logged] = db.session.scalars(select(RequestLog)).all()
    assert logged.request_body == f"[{len(body)} bytes of too deeply nested JSON not stored]"


@pytest.mark.parametrize("name, label", [
    ("email_addresses_string", "Email addresses"), ("upc", "UPC"), ("child_upc", "Child UPC"),
    ("query", "Query"), ("crontab", "Cron expression"), ("warehouse_id", "Warehouse ID"),
])
def test_a_field_is_named_by_its_label(name, label):
    assert field_label(name) == label


def test_the_api_document_gives_every_error_answer_the_one_error_shape(client):
    document = client.get("/api/v4/openapi.json").get_json()

    error_schema = {"$ref": "#/components/schemas/Error"}
    responses = document["components"]["responses"]
    assert "DEFAULT_ERROR" in responses and len(responses) > 1
    assert all(response["content"]["application/json"]["schema"] == error_schema for response in responses.values())
    assert set(document["components"]["schemas"]["Error"]["properties"]) == {"error", "description", "errors", "field", "fields"}
