"""Clients: who sees which, who may create and change them, the logo checks and idempotent creation."""
import base64
import json

import pytest
from sqlalchemy import func, select

from api.clients.models import Client
from api.common import idempotency
from api.common.idempotency import IdempotencyKey
from api.common.leases import lease_end
from api.extensions import db
from tests.api.helpers import assert_error

URL = "/api/v4/clients"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 32


def b64(data):
    return base64.b64encode(data).decode()


def client_count():
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(Client))


def new_client(**fields):
    return {"name": "Initech", "fulfillment_request_api_version": 2, "shopify_shop_name": "initech.myshopify.com", **fields}


def walk_pages(client, headers, limit):
    ids, cursor, pages = [], None, 0
    while True:
        query = {"limit": limit, **({"cursor": cursor} if cursor else {})}
        response = client.get(URL, headers=headers, query_string=query)
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert len(body["clients"]) <= limit
        ids += [row["id"] for row in body["clients"]]
        cursor, pages = body["cursor"], pages + 1
        if cursor is None:
            return ids, pages


# --- reading -------------------------------------------------------------------------------------

def test_admin_walks_all_clients_page_by_page(client, factory, admin, acme, globex):
    third = factory.client("Initech")

    ids, pages = walk_pages(client, factory.headers(admin), limit=1)

    assert ids == sorted([acme.id, globex.id, third.id])
    assert pages == 3


def test_list_rows_have_the_summary_fields(client, factory, admin, acme):
    rows = client.get(URL, headers=factory.headers(admin)).get_json()["clients"]

    assert rows == [{"id": acme.id, "name": "Acme", "fulfillment_request_api_version": 1, "shopify_shop_name": None}]


def cursor_of(raw):
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("cursor", [
    "garbage!!",
    cursor_of(b'{"id": 1}'),
    cursor_of(b"[1, 2]"),
    cursor_of(b"[[1]]"),
    cursor_of(b'["1"]'),
    cursor_of(b"[true]"),
    cursor_of(b"[1.5]"),
    cursor_of(b"[1000000000000000000000000000000]"),
    cursor_of(b"[-1000000000000000000000000000000]"),
], ids=["not base64", "object", "two keys", "nested", "string id", "boolean", "float", "huge", "huge negative"])
def test_a_garbage_cursor_is_refused(client, factory, admin, acme, cursor):
    assert_error(client.get(URL, headers=factory.headers(admin), query_string={"cursor": cursor}), 400, "invalid_cursor")


def test_an_id_beyond_any_id_column_is_not_found(client, factory, admin):
    assert_error(client.get(f"{URL}/{2**31}", headers=factory.headers(admin)), 404)
    assert_error(client.put(f"{URL}/{10**30}", headers=factory.headers(admin), json=new_client()), 404)


@pytest.mark.parametrize("role", ["client", "client_read_only", "client_custom"])
def test_client_users_see_only_their_client(client, factory, acme, globex, role):
    user = factory.user(role, acme)

    ids, _ = walk_pages(client, factory.headers(user), limit=50)

    assert ids == [acme.id]


def test_client_user_gets_own_client_but_not_another(client, factory, acme, globex, acme_manager):
    headers = factory.headers(acme_manager)

    assert client.get(f"{URL}/{acme.id}", headers=headers).get_json()["name"] == "Acme"
    assert_error(client.get(f"{URL}/{globex.id}", headers=headers), 404, "not_found")


def test_admin_gets_any_client_with_its_logo(client, factory, admin, acme):
    globex = factory.client("Globex", logo=PNG)

    body = client.get(f"{URL}/{globex.id}", headers=factory.headers(admin)).get_json()

    assert body["name"] == "Globex"
    assert base64.b64decode(body["logo"]) == PNG


# --- writing -------------------------------------------------------------------------------------

def test_admin_creates_a_client(client, factory, admin):
    response = client.post(URL, headers=factory.headers(admin), json=new_client(logo=b64(PNG)))

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["name"] == "Initech"
    assert body["fulfillment_request_api_version"] == 2
    assert body["shopify_shop_name"] == "initech.myshopify.com"
    assert base64.b64decode(body["logo"]) == PNG
    assert db.session.get(Client, body["id"]).logo == PNG


def test_admin_updates_a_client_and_removes_its_logo(client, factory, admin):
    acme = factory.client("Acme", logo=PNG)

    response = client.put(f"{URL}/{acme.id}", headers=factory.headers(admin), json=new_client(name="Acme Corp", logo=None))

    assert response.status_code == 200, response.get_json()
    db.session.expire_all()
    stored = db.session.get(Client, acme.id)
    assert (stored.name, stored.shopify_shop_name, stored.logo) == ("Acme Corp", "initech.myshopify.com", None)


def test_update_of_an_unknown_client_is_404(client, factory, admin):
    assert_error(client.put(f"{URL}/999999", headers=factory.headers(admin), json=new_client()), 404)


@pytest.mark.parametrize("role", ["client", "client_read_only", "client_custom", "admin_read_only", "admin_client_account_manager"])
def test_only_admins_create_or_change_clients(client, factory, acme, role):
    user = factory.user(role, acme if role.startswith("client") else None, permissions=["write:users"] if role == "client_custom" else ())
    headers = factory.headers(user)

    assert_error(client.post(URL, headers=headers, json=new_client()), 403)
    assert_error(client.put(f"{URL}/{acme.id}", headers=headers, json=new_client(name="Mine now")), 403)
    assert client_count() == 1
    assert db.session.get(Client, acme.id).name == "Acme"


TOO_LARGE = 256 * 1024 + 1


@pytest.mark.parametrize("logo, status, code", [
    (b64(b"GIF89a" + b"\x00" * 32), 400, "invalid_logo"),
    (b64(b"%PDF-1.7 not an image"), 400, "invalid_logo"),
    ("this is not base64!", 400, "invalid_logo"),
    (b64(PNG + b"\x00" * TOO_LARGE), 413, "logo_too_large"),
], ids=["gif", "pdf", "not base64", "over MAX_LOGO_BYTES"])
def test_logo_is_checked_by_content_and_size(client, factory, admin, logo, status, code):
    assert_error(client.post(URL, headers=factory.headers(admin), json=new_client(logo=logo)), status, code)
    assert client_count() == 0


def test_logo_at_the_size_limit_is_accepted(client, factory, admin, app):
    logo = PNG + b"\x00" * (app.config["MAX_LOGO_BYTES"] - len(PNG))

    assert client.post(URL, headers=factory.headers(admin), json=new_client(logo=b64(logo))).status_code == 201


@pytest.mark.parametrize("shop", ["initech.example.com", "-bad.myshopify.com", "evil.myshopify.com.attacker.test"])
def test_shop_name_must_be_a_shopify_host(client, factory, admin, shop):
    body = assert_error(client.post(URL, headers=factory.headers(admin), json=new_client(shopify_shop_name=shop)), 422)
    assert body["description"].startswith("Shopify shop name: ")


def test_a_shop_links_to_one_client_only(client, factory, admin):
    factory.client("Acme", shopify_shop_name="initech.myshopify.com")
    globex = factory.client("Globex")
    headers = factory.headers(admin)

    assert_error(client.post(URL, headers=headers, json=new_client()), 409, "client_already_linked_to_shop")
    assert_error(client.put(f"{URL}/{globex.id}", headers=headers, json=new_client(name="Globex")), 409, "client_already_linked_to_shop")
    assert client_count() == 2


# --- Idempotency-Key --------------------------------------------------------------------------------

def test_a_repeated_idempotency_key_creates_once_and_replays_the_answer(client, factory, admin):
    headers = {**factory.headers(admin), "Idempotency-Key": "create-initech-1"}

    first = client.post(URL, headers=headers, json=new_client())
    second = client.post(URL, headers=headers, json=new_client())

    assert first.status_code == second.status_code == 201
    assert second.get_json() == first.get_json()
    assert second.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert client_count() == 1


def test_an_idempotency_key_reused_for_another_body_is_refused(client, factory, admin):
    headers = {**factory.headers(admin), "Idempotency-Key": "create-initech-1"}
    assert client.post(URL, headers=headers, json=new_client()).status_code == 201

    assert_error(client.post(URL, headers=headers, json=new_client(name="Other")), 422, "idempotency_key_reused")
    assert client_count() == 1


def test_a_failed_first_attempt_frees_the_key(client, factory, admin):
    headers = {**factory.headers(admin), "Idempotency-Key": "create-initech-1"}
    assert_error(client.post(URL, headers=headers, json=new_client(logo="not base64!")), 400)

    assert client.post(URL, headers=headers, json=new_client(logo="not base64!")).status_code == 400
    assert client.post(URL, headers=headers, json=new_client(logo=None)).status_code == 201


def test_idempotency_keys_belong_to_their_user(client, factory, admin):
    colleague = factory.user("admin", username="ops.colleague")

    first = client.post(URL, headers={**factory.headers(admin), "Idempotency-Key": "k"}, json=new_client())
    second = client.post(URL, headers={**factory.headers(colleague), "Idempotency-Key": "k"},
                         json=new_client(shopify_shop_name="other.myshopify.com"))

    assert (first.status_code, second.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in second.headers
    assert client_count() == 2


def test_a_key_whose_first_request_is_still_running_is_refused(client, factory, admin):
    body = json.dumps(new_client()).encode()
    with client.application.test_request_context(URL, method="POST", data=body, content_type="application/json"):
        fingerprint = idempotency._fingerprint()  # the same request, as the first attempt recorded it
    db.session.add(IdempotencyKey(issuer=client.application.config["JWT_ISSUER"], username=admin.username,
                                  key="busy-1", fingerprint=fingerprint, lease_expires_at=lease_end(60)))
    db.session.commit()

    response = client.post(URL, headers={**factory.headers(admin), "Idempotency-Key": "busy-1"},
                           data=body, content_type="application/json")

    assert_error(response, 409, "idempotency_key_in_use")
    assert client_count() == 0


@pytest.mark.parametrize("key", ["   ", "k" * 201], ids=["blank", "too long"])
def test_a_malformed_idempotency_key_is_refused(client, factory, admin, key):
    response = client.post(URL, headers={**factory.headers(admin), "Idempotency-Key": key}, json=new_client())

    assert_error(response, 400, "invalid_idempotency_key")
    assert client_count() == 0
