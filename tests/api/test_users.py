"""Users of a client: listing, the user form's rules, who may grant what, tenancy and breadcrumbs."""
import base64
import json

import pytest
from sqlalchemy import func, select

from api.common.errors import field_label
from api.extensions import db
from api.users.models import User
from tests.api.helpers import assert_error
from tests.factories import PASSWORD

URL = "/api/v4/users"
NEW_PASSWORD = "a-brand-new-secret"


def new_user(**fields):
    return {"username": "new.user", "password": NEW_PASSWORD, "email": "new.user@example.com", **fields}


def profile(**fields):
    """A complete PUT body (the form sends every field; the username is in the path only)."""
    return {"real_name": "Somebody", "email": "somebody@example.com", "role": "client", "active": True,
            "receive_scheduled_reports": False, "permissions": [], **fields}


def can_log_in(client, username, password):
    return client.post("/api/v4/auth/token", json={"username": username, "password": password}).status_code == 200


def usernames(response):
    assert response.status_code == 200, response.get_json()
    return [row["username"] for row in response.get_json()["users"]]


def user_count():
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(User))


def stored(username):
    db.session.expire_all()
    return db.session.scalars(select(User).filter_by(username=username)).one()


@pytest.fixture
def manager_headers(factory, acme_manager):
    return factory.headers(acme_manager)


# --- listing -------------------------------------------------------------------------------------

@pytest.fixture
def team(factory, acme, globex, acme_manager):
    factory.user("client_read_only", acme, username="robin.viewer", email="robin@acme.test")
    factory.user("client_custom", acme, username="casey.custom", permissions=["read:reports"], email="casey@100%.test")
    factory.user("client", acme, username="old.timer", active=False)
    factory.user("client", globex, username="globex.boss")


@pytest.mark.parametrize("query, expected", [
    ({}, ["acme.manager", "casey.custom", "old.timer", "robin.viewer"]),
    ({"role": "client"}, ["acme.manager", "old.timer"]),
    ({"role": "client_custom"}, ["casey.custom"]),
    ({"active": "false"}, ["old.timer"]),
    ({"active": "true", "role": "client"}, ["acme.manager"]),
    ({"searchTerm": "ROBIN"}, ["robin.viewer"]),
    ({"searchTerm": "acme.test"}, ["robin.viewer"]),
    ({"searchTerm": "100%"}, ["casey.custom"]),
    ({"searchTerm": "globex"}, []),
])
def test_list_filters(client, manager_headers, team, query, expected):
    assert usernames(client.get(URL, headers=manager_headers, query_string=query)) == expected


def test_list_walks_pages_with_the_cursor(client, manager_headers, team):
    seen, cursor = [], None
    for _ in range(10):
        response = client.get(URL, headers=manager_headers, query_string={"limit": 1, **({"cursor": cursor} if cursor else {})})
        seen += usernames(response)
        cursor = response.get_json()["cursor"]
        if cursor is None:
            break

    assert seen == ["acme.manager", "casey.custom", "old.timer", "robin.viewer"]


@pytest.mark.parametrize("cursor", [b"[5]", b'["a\\u0000"]', b'["\\ud800"]', b"[null]"], ids=["number", "nul", "surrogate", "null"])
def test_list_refuses_a_cursor_that_is_not_a_username(client, manager_headers, cursor):
    encoded = base64.urlsafe_b64encode(cursor).decode()

    assert_error(client.get(URL, headers=manager_headers, query_string={"cursor": encoded}), 400, "invalid_cursor")


@pytest.mark.parametrize("query", [{"role": "admin"}, {"limit": 0}, {"limit": 501}, {"active": "maybe"}])
def test_list_refuses_bad_filters(client, manager_headers, query):
    body = assert_error(client.get(URL, headers=manager_headers, query_string=query), 422, "validation_error")
    assert field_label(next(iter(query))) in body["description"]


# --- creating ------------------------------------------------------------------------------------

def test_create_defaults_to_an_active_client_user(client, manager_headers, acme):
    response = client.post(URL, headers=manager_headers, json=new_user())

    assert response.status_code == 201, response.get_json()
    assert response.get_json() == {
        "username": "new.user", "real_name": None, "email": "new.user@example.com", "role": "client",
        "active": True, "receive_scheduled_reports": False, "permissions": [],
    }
    assert stored("new.user").client_id == acme.id
    assert can_log_in(client, "new.user", NEW_PASSWORD)


def test_create_a_custom_user_with_permissions(client, manager_headers):
    response = client.post(URL, headers=manager_headers, json=new_user(
        role="client_custom", permissions=["write:asns", "create:items", "write:asns"], receive_scheduled_reports=True,
    ))

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["permissions"] == ["create:items", "write:asns"]
    assert response.get_json()["receive_scheduled_reports"] is True


def test_usernames_are_unique_across_clients(client, factory, globex, manager_headers):
    factory.user("client", globex, username="new.user")

    assert_error(client.post(URL, headers=manager_headers, json=new_user()), 409, "username_taken")
    assert user_count() == 2


def names_field(description, field):
    """A form's field is named by its label; a field the form does not have, as it was sent."""
    return field_label(field) in description or description == f"{field}: Unknown field."


@pytest.mark.parametrize("fields, field", [
    ({"role": "admin"}, "role"),
    ({"role": "admin_read_only"}, "role"),
    ({"role": "superuser"}, "role"),
    ({"role": "client_custom", "permissions": ["admin:manage_clients"]}, "permissions"),
    ({"role": "client_custom", "permissions": ["delete:everything"]}, "permissions"),
    ({"email": "not-an-email"}, "email"),
    ({"email": None}, "email"),
    ({"password": "short"}, "password"),
    ({"password": ""}, "password"),
    ({"username": "x"}, "username"),
    ({"username": "bad name"}, "username"),
    ({"client_id": 999}, "client_id"),
    ({"is_admin": True}, "is_admin"),
    ({"active": "yes please"}, "active"),
])
def test_create_refuses_invalid_fields(client, manager_headers, fields, field):
    body = assert_error(client.post(URL, headers=manager_headers, json=new_user(**fields)), 422, "validation_error")

    assert names_field(body["description"], field)
    assert user_count() == 1


def test_permissions_are_only_for_client_custom(client, manager_headers):
    assert_error(client.post(URL, headers=manager_headers, json=new_user(role="client", permissions=["create:items"])),
                 400, "invalid_permissions")
    assert user_count() == 1


def test_the_password_never_comes_back(client, manager_headers):
    answers = [
        client.post(URL, headers=manager_headers, json=new_user()),
        client.get(f"{URL}/new.user", headers=manager_headers),
        client.get(URL, headers=manager_headers),
        client.put(f"{URL}/new.user", headers=manager_headers, json=profile(password="yet-another-secret")),
    ]

    for response in answers:
        assert response.status_code in (200, 201), response.get_json()
        text = response.get_data(as_text=True)
        assert "password" not in text
        assert NEW_PASSWORD not in text and "yet-another-secret" not in text and "$argon2" not in text


def test_the_stored_password_is_an_argon2_hash(client, manager_headers):
    client.post(URL, headers=manager_headers, json=new_user())

    assert stored("new.user").password_hash.startswith("$argon2id$")
    assert NEW_PASSWORD not in stored("new.user").password_hash


# --- updating ------------------------------------------------------------------------------------

@pytest.fixture
def robin(factory, acme):
    return factory.user("client_read_only", acme, username="robin.viewer")


@pytest.mark.parametrize("password", ["", None, "absent"])
def test_a_blank_password_keeps_the_current_one(client, manager_headers, robin, password):
    body = profile(real_name="Robin V") if password == "absent" else profile(real_name="Robin V", password=password)

    response = client.put(f"{URL}/robin.viewer", headers=manager_headers, json=body)

    assert response.status_code == 200, response.get_json()
    assert response.get_json()["real_name"] == "Robin V"
    assert can_log_in(client, "robin.viewer", PASSWORD)


def test_a_new_password_replaces_the_old_one(client, manager_headers, robin):
    response = client.put(f"{URL}/robin.viewer", headers=manager_headers, json=profile(password=NEW_PASSWORD))

    assert response.status_code == 200, response.get_json()
    assert can_log_in(client, "robin.viewer", NEW_PASSWORD)
    assert not can_log_in(client, "robin.viewer", PASSWORD)


def test_update_changes_the_profile(client, manager_headers, robin):
    response = client.put(f"{URL}/robin.viewer", headers=manager_headers, json=profile(
        role="client_custom", permissions=["read:reports"], active=False, email="robin@new.test",
    ))

    assert response.status_code == 200, response.get_json()
    user = stored("robin.viewer")
    assert (user.role, user.permissions, user.active, user.email) == ("client_custom", ["read:reports"], False, "robin@new.test")


@pytest.mark.parametrize("fields, field", [
    ({"username": "renamed"}, "username"),
    ({"password": "short"}, "password"),
    ({"role": "admin"}, "role"),
    ({"email": "nope"}, "email"),
    ({"client_id": 2}, "client_id"),
])
def test_update_refuses_invalid_fields_and_keeps_the_username(client, manager_headers, robin, fields, field):
    body = assert_error(client.put(f"{URL}/robin.viewer", headers=manager_headers, json=profile(**fields)), 422)

    assert names_field(body["description"], field)
    assert stored("robin.viewer").role == "client_read_only"
    assert not db.session.scalars(select(User).filter_by(username="renamed")).first()


def test_update_of_an_unknown_user_is_404(client, manager_headers):
    assert_error(client.put(f"{URL}/nobody", headers=manager_headers, json=profile()), 404)


# --- who may write, and what they may grant ----------------------------------------------------------

@pytest.mark.parametrize("role, permissions", [
    ("client_read_only", []),
    ("client_custom", []),
    ("client_custom", ["create:items", "update:items", "read:reports"]),
    ("admin_read_only", []),
])
def test_writing_users_needs_write_users(client, factory, acme, robin, role, permissions):
    actor = factory.user(role, acme if role.startswith("client") else None, permissions=permissions)
    headers = factory.headers(actor, acme)

    assert_error(client.post(URL, headers=headers, json=new_user()), 403, "not_authorized")
    assert_error(client.put(f"{URL}/robin.viewer", headers=headers, json=profile(role="client")), 403, "not_authorized")
    assert user_count() == 2
    assert stored("robin.viewer").role == "client_read_only"


@pytest.fixture
def delegate(factory, acme):
    """A client_custom user trusted with user management and reports, nothing else."""
    return factory.user("client_custom", acme, username="casey.delegate", permissions=["write:users", "read:reports"])


def test_a_delegate_may_create_users_with_a_subset_of_its_permissions(client, factory, delegate):
    headers = factory.headers(delegate)

    for username, fields in [
        ("sub.reports", {"role": "client_custom", "permissions": ["read:reports"]}),
        ("sub.viewer", {"role": "client_read_only"}),
        ("sub.nothing", {"role": "client_custom"}),
    ]:
        response = client.post(URL, headers=headers, json=new_user(username=username, **fields))
        assert response.status_code == 201, (username, response.get_json())


@pytest.mark.parametrize("fields", [
    {"role": "client"},
    {"role": "client_custom", "permissions": ["read:reports", "create:items"]},
])
def test_a_delegate_cannot_grant_more_than_it_has(client, factory, delegate, fields):
    assert_error(client.post(URL, headers=factory.headers(delegate), json=new_user(**fields)), 403, "not_authorized")
    assert user_count() == 1


def test_a_delegate_cannot_change_someone_more_powerful(client, factory, delegate, acme_manager):
    response = client.put(f"{URL}/acme.manager", headers=factory.headers(delegate),
                          json=profile(role="client", password=NEW_PASSWORD))

    assert_error(response, 403, "not_authorized")
    assert can_log_in(client, "acme.manager", PASSWORD)
    assert not can_log_in(client, "acme.manager", NEW_PASSWORD)


def test_a_delegate_may_change_someone_with_fewer_permissions(client, factory, delegate, robin):
    response = client.put(f"{URL}/robin.viewer", headers=factory.headers(delegate),
                          json=profile(role="client_custom", permissions=["write:users"]))

    assert response.status_code == 200, response.get_json()


@pytest.mark.parametrize("fields", [
    {"role": "client"},
    {"role": "client_custom", "permissions": ["write:users", "read:reports", "update:inventory"]},
])
def test_nobody_raises_their_own_role(client, factory, delegate, fields):
    assert_error(client.put(f"{URL}/casey.delegate", headers=factory.headers(delegate), json=profile(**fields)), 403)

    user = stored("casey.delegate")
    assert (user.role, sorted(user.permissions)) == ("client_custom", ["read:reports", "write:users"])


def test_a_read_only_user_cannot_edit_themself(client, factory, robin):
    assert_error(client.put(f"{URL}/robin.viewer", headers=factory.headers(robin), json=profile(role="client")), 403)
    assert stored("robin.viewer").role == "client_read_only"


# --- tenancy -------------------------------------------------------------------------------------

@pytest.fixture
def globex_boss(factory, globex):
    return factory.user("client", globex, username="globex.boss")


def test_another_clients_user_is_not_found(client, manager_headers, globex_boss):
    assert_error(client.get(f"{URL}/globex.boss", headers=manager_headers), 404)
    assert_error(client.put(f"{URL}/globex.boss", headers=manager_headers, json=profile(password=NEW_PASSWORD)), 404)
    assert can_log_in(client, "globex.boss", PASSWORD)
    assert "globex.boss" not in usernames(client.get(URL, headers=manager_headers))


def test_admins_and_their_users_are_not_client_users(client, manager_headers, admin):
    assert_error(client.get(f"{URL}/ops.admin", headers=manager_headers), 404)
    assert_error(client.put(f"{URL}/ops.admin", headers=manager_headers, json=profile(password=NEW_PASSWORD)), 404)


def test_a_client_user_cannot_name_another_client(client, factory, acme_manager, globex, globex_boss):
    headers = factory.headers(acme_manager, globex)

    assert_error(client.get(URL, headers=headers), 403)
    assert_error(client.post(URL, headers=headers, json=new_user()), 403)
    assert_error(client.put(f"{URL}/globex.boss", headers=headers, json=profile()), 403)
    assert user_count() == 2


def test_a_client_user_may_name_their_own_client(client, factory, acme, acme_manager):
    assert usernames(client.get(URL, headers=factory.headers(acme_manager, acme))) == ["acme.manager"]


def test_admins_must_choose_a_client(client, factory, admin, acme):
    assert_error(client.get(URL, headers=factory.headers(admin)), 400, "client_required")
    assert_error(client.post(URL, headers=factory.headers(admin), json=new_user()), 400, "client_required")
    assert user_count() == 1


def test_an_admin_creates_users_in_the_chosen_client(client, factory, admin, acme, globex):
    response = client.post(URL, headers=factory.headers(admin, globex), json=new_user())

    assert response.status_code == 201, response.get_json()
    assert stored("new.user").client_id == globex.id
    assert usernames(client.get(URL, headers=factory.headers(admin, acme))) == []


@pytest.mark.parametrize("value, status", [("abc", 400), ("-1", 400), ("\u00b2", 400), ("999999", 404), (str(10**30), 404)])
def test_an_admin_naming_a_bad_client(client, factory, admin, value, status):
    assert_error(client.get(URL, headers={**factory.headers(admin), "X-Client-Id": value}), status)


# --- breadcrumbs ---------------------------------------------------------------------------------

def test_create_and_change_leave_breadcrumbs(client, factory, admin, acme, manager_headers):
    client.post(URL, headers=manager_headers, json=new_user(role="client_read_only"))
    client.put("/api/v4/users/new.user", headers=manager_headers,
               json=profile(role="client_custom", permissions=["read:reports"], password=NEW_PASSWORD))

    response = client.get("/api/v4/logs/breadcrumbs/user/new.user", headers=factory.headers(admin, acme))

    assert response.status_code == 200, response.get_json()
    crumbs = response.get_json()["breadcrumbs"]
    assert [c["username"] for c in crumbs] == ["acme.manager", "acme.manager"]
    changed, created = (c["message"] for c in crumbs)
    assert "created" in created and "client_read_only" in created
    assert "client_read_only to client_custom" in changed
    assert "read:reports" in changed and "password changed" in changed
    assert NEW_PASSWORD not in json.dumps(crumbs)


def test_an_unchanged_save_leaves_no_breadcrumb(client, factory, admin, acme, manager_headers, robin):
    body = profile(real_name="Robin.Viewer", email="robin.viewer@example.com", role="client_read_only")
    assert client.put(f"{URL}/robin.viewer", headers=manager_headers, json=body).status_code == 200

    crumbs = client.get("/api/v4/logs/breadcrumbs/user/robin.viewer", headers=factory.headers(admin, acme)).get_json()
    assert crumbs["breadcrumbs"] == []


def test_breadcrumbs_are_for_admins_only(client, manager_headers):
    client.post(URL, headers=manager_headers, json=new_user())

    assert_error(client.get("/api/v4/logs/breadcrumbs/user/new.user", headers=manager_headers), 403)


def test_breadcrumbs_of_another_client_are_not_shown(client, factory, admin, acme, globex, manager_headers):
    client.post(URL, headers=manager_headers, json=new_user())

    crumbs = client.get("/api/v4/logs/breadcrumbs/user/new.user", headers=factory.headers(admin, globex)).get_json()
    assert crumbs["breadcrumbs"] == []
