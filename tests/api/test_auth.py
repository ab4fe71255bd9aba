"""Password login, the tokens the portal issues and refuses, external OIDC tokens and the create-user CLI."""
import hashlib
import hmac
import http.server
import json
import threading
import time

import pytest
from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey
from sqlalchemy import select

from api.app import create_app
from api.extensions import db
from api.users.models import User
from tests.api.helpers import assert_error, b64url, portal_claims, portal_key, sign, token_parts
from tests.factories import PASSWORD

TOKEN_URL = "/api/v4/auth/token"
ME_URL = "/api/v4/me"


def login(client, username, password=PASSWORD):
    return client.post(TOKEN_URL, json={"username": username, "password": password})


@pytest.fixture(scope="module")
def foreign_key():
    return RSAKey.generate_key(2048)


# --- password login -------------------------------------------------------------------------------

def test_login_answers_a_bearer_token(client, acme_manager, app):
    response = login(client, "acme.manager")

    assert response.status_code == 200
    body = response.get_json()
    assert body["token_type"] == "Bearer"
    assert body["expires_in"] == app.config["ACCESS_TOKEN_TTL"]
    assert client.get(ME_URL, headers={"Authorization": f"Bearer {body['access_token']}"}).status_code == 200


def test_login_with_wrong_password_or_unknown_user_is_refused_alike(client, acme_manager):
    wrong_password = assert_error(login(client, "acme.manager", "not-the-password"), 401, "invalid_credentials")
    unknown_user = assert_error(login(client, "nobody.here"), 401, "invalid_credentials")

    assert wrong_password == unknown_user


def test_inactive_user_cannot_log_in(client, factory, acme):
    factory.user("client", acme, username="gone.user", active=False)

    assert_error(login(client, "gone.user"), 401, "invalid_credentials")


def test_login_is_throttled_after_repeated_failures(client, app, acme_manager, factory, acme):
    factory.user("client", acme, username="colleague")
    for _ in range(app.config["LOGIN_MAX_FAILURES"]):
        assert_error(login(client, "acme.manager", "guess"), 401, "invalid_credentials")

    assert_error(login(client, "acme.manager"), 429, "too_many_attempts")
    # The throttle is per username first: a colleague on the same address can still sign in.
    assert login(client, "colleague").status_code == 200


def test_token_claims_and_header(client, app, factory, acme):
    factory.user("client_custom", acme, username="casey", permissions=["read:reports"], email="casey@example.com")

    header, claims, _ = token_parts(login(client, "casey").get_json()["access_token"])

    assert header["alg"] == "RS256" and header["kid"]
    assert claims["username"] == claims["sub"] == "casey"
    assert claims["name"] == "Casey"
    assert claims["email"] == "casey@example.com"
    assert claims["roles"] == ["client_custom"]
    assert claims["client_id"] == acme.id
    assert claims["iss"] == app.config["JWT_ISSUER"]
    assert claims["aud"] == app.config["JWT_AUDIENCE"]
    assert claims["nbf"] <= time.time() < claims["exp"]


def test_published_jwks_verifies_the_token(client, acme_manager):
    token = login(client, "acme.manager").get_json()["access_token"]

    response = client.get("/.well-known/jwks.json")

    assert response.status_code == 200
    keys = response.get_json()["keys"]
    assert all("d" not in key and "p" not in key for key in keys), "the private part must never be published"
    decoded = jwt.decode(token, KeySet.import_key_set({"keys": keys}), algorithms=["RS256"])
    assert decoded.claims["sub"] == "acme.manager"
    assert token_parts(token)[0]["kid"] in {key["kid"] for key in keys}


# --- the current user ----------------------------------------------------------------------------

def test_me_for_an_admin_has_no_client(client, factory, admin):
    response = client.get(ME_URL, headers=factory.headers(admin))

    assert response.status_code == 200
    assert response.get_json() == {
        "username": "ops.admin", "name": "Ops.Admin", "email": "ops.admin@example.com",
        "roles": ["admin"], "clientId": None, "isAdmin": True, "client": None,
        "permissions": [
            "admin:act_for_any_client", "admin:manage_clients", "admin:manage_reference_data", "admin:manage_reports",
            "admin:receive_inbound", "admin:report_shipment_events", "admin:resend_mail", "approve:ltl",
            "create:fulfillment_requests", "create:items", "create:rmas", "read:reports", "update:inventory",
            "update:items", "update:ltl", "update:shipments", "write:asns", "write:users",
        ],
    }


def test_me_for_a_client_user_has_their_client(client, factory, acme, acme_manager):
    body = client.get(ME_URL, headers=factory.headers(acme_manager)).get_json()

    assert body["username"] == "acme.manager"
    assert body["roles"] == ["client"]
    assert body["isAdmin"] is False
    assert body["clientId"] == acme.id
    assert body["client"]["id"] == acme.id
    assert body["client"]["name"] == "Acme"
    assert body["client"]["logo"] is None


def test_me_of_a_read_only_user_grants_only_reading_reports(client, factory, acme):
    viewer = factory.user("client_read_only", acme, username="acme.viewer", permissions=["create:items"])

    assert client.get(ME_URL, headers=factory.headers(viewer)).get_json()["permissions"] == ["read:reports"]


def test_me_of_a_custom_user_answers_the_grants_the_api_then_enforces(client, factory, acme):
    custom = factory.user(
        "client_custom", acme, username="acme.custom", permissions=["update:items", "admin:manage_clients", "no:such"],
    )
    headers = factory.headers(custom)

    assert client.get(ME_URL, headers=headers).get_json()["permissions"] == ["update:items"]
    # Granted: passes the permission check and reaches the view (which finds no such item).
    assert_error(client.put("/api/v4/items/000000000000", headers=headers, json={"name": "Mug"}), 404, "not_found")
    # Not granted: refused before the view.
    assert_error(client.post("/api/v4/items", headers=headers, json={}), 403, "not_authorized")
    assert_error(client.post("/api/v4/clients", headers=headers, json={"name": "Sneaky"}), 403, "not_authorized")


# --- tokens the API refuses ------------------------------------------------------------------------

def _no_token(config, user, foreign_key):
    return None


def _not_bearer(config, user, foreign_key):
    return "Basic " + b64url(b"acme.manager:" + PASSWORD.encode())


def _not_a_jwt(config, user, foreign_key):
    return "Bearer not-a-token"


def _alg_none(config, user, foreign_key):
    return "Bearer " + ".".join([b64url({"alg": "none", "typ": "JWT"}), b64url(portal_claims(config, user)), ""])


def _hs256_with_public_key(config, user, foreign_key):
    key = portal_key(config)
    signing_input = ".".join([b64url({"alg": "HS256", "typ": "JWT", "kid": key.kid}), b64url(portal_claims(config, user))])
    secret = key.as_pem(private=False)
    signature = hmac.new(secret, signing_input.encode(), hashlib.sha256).digest()
    return f"Bearer {signing_input}.{b64url(signature)}"


def _foreign_key_same_kid(config, user, foreign_key):
    return "Bearer " + jwt.encode(
        {"alg": "RS256", "kid": portal_key(config).kid}, portal_claims(config, user), foreign_key, algorithms=["RS256"]
    )


def _altered_payload(config, user, foreign_key):
    header, _, signature = sign(portal_claims(config, user), portal_key(config)).split(".")
    return "Bearer " + ".".join([header, b64url(portal_claims(config, "ops.admin", roles=["admin"])), signature])


def _signed(**overrides):
    def build(config, user, foreign_key):
        return "Bearer " + sign(portal_claims(config, user, **overrides), portal_key(config))

    return build


def _with_header(**header):
    def build(config, user, foreign_key):
        return "Bearer " + sign(portal_claims(config, user), portal_key(config), **header)

    return build


REFUSED_TOKENS = {
    "no token": _no_token,
    "not a bearer header": _not_bearer,
    "malformed token": _not_a_jwt,
    "alg none": _alg_none,
    "HS256 keyed with the public key": _hs256_with_public_key,
    "another key with the same kid": _foreign_key_same_kid,
    "altered payload": _altered_payload,
    "expired": _signed(iat=int(time.time()) - 7200, nbf=int(time.time()) - 7200, exp=int(time.time()) - 3600),
    "not yet valid": _signed(nbf=int(time.time()) + 3600, exp=int(time.time()) + 7200),
    "wrong issuer": _signed(iss="https://issuer.invalid"),
    "wrong audience": _signed(aud="another-api"),
    "missing exp": _signed(exp=None),
    "missing sub": _signed(sub=None),
    "jku header": _with_header(jku="https://keys.invalid/jwks.json"),
    "jwk header": _with_header(jwk={"kty": "RSA", "n": "AQAB", "e": "AQAB"}),
}


@pytest.mark.parametrize("build", REFUSED_TOKENS.values(), ids=REFUSED_TOKENS.keys())
def test_refused_tokens(client, app, acme_manager, admin, foreign_key, build):
    authorization = build(app.config, "acme.manager", foreign_key)
    headers = {"Authorization": authorization} if authorization else {}

    assert_error(client.get(ME_URL, headers=headers), 401)


def test_the_untampered_forms_of_those_tokens_are_accepted(client, app, acme_manager):
    """Guards the refusals above: they fail for the flaw they carry, not for a broken builder."""
    token = _signed()(app.config, "acme.manager", None)

    assert client.get(ME_URL, headers={"Authorization": token}).status_code == 200


def test_a_deactivated_users_token_stops_working_at_once(client, factory, acme_manager):
    headers = factory.headers(acme_manager)
    assert client.get(ME_URL, headers=headers).status_code == 200

    acme_manager.active = False
    db.session.commit()

    assert_error(client.get(ME_URL, headers=headers), 401, "invalid_token")


# --- an external OpenID Connect issuer -------------------------------------------------------------

class _JwksHandler(http.server.BaseHTTPRequestHandler):
    jwks = b"{}"

    def do_GET(self):
        if self.path != "/jwks":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.jwks)))
        self.end_headers()
        self.wfile.write(self.jwks)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def idp_key():
    return RSAKey.generate_key(2048, parameters={"kid": "idp-key-1"})


@pytest.fixture(scope="module")
def jwks_url(idp_key):
    handler = type("Handler", (_JwksHandler,), {"jwks": json.dumps({"keys": [idp_key.as_dict(private=False)]}).encode()})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/jwks"
    server.shutdown()
    server.server_close()


@pytest.fixture
def oidc_client(app, app_config, jwks_url):
    oidc_app = create_app({
        **app_config, "TESTING": True, "CELERY_TASK_ALWAYS_EAGER": True,
        "OIDC_ISSUER": "https://idp.test", "OIDC_AUDIENCE": "portal", "OIDC_JWKS_URL": jwks_url,
    })
    return oidc_app.test_client()


def idp_token(key, client_id, **overrides):
    now = int(time.time())
    claims = {
        "iss": "https://idp.test", "aud": "portal", "sub": "idp|4711", "preferred_username": "jane.sso",
        "name": "Jane Sso", "email": "jane@idp.test", "roles": ["client"], "client_id": client_id,
        "iat": now, "nbf": now, "exp": now + 600, **overrides,
    }
    return {"Authorization": "Bearer " + sign(claims, key)}


def test_external_issuer_token_is_accepted(oidc_client, idp_key, acme):
    response = oidc_client.get(ME_URL, headers=idp_token(idp_key, acme.id))

    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["username"] == "jane.sso"
    assert body["roles"] == ["client"]
    assert body["clientId"] == acme.id
    assert body["client"]["name"] == "Acme"


@pytest.mark.parametrize("overrides", [{"aud": "another-api"}, {"exp": int(time.time()) - 3600}], ids=["audience", "expired"])
def test_external_issuer_token_with_wrong_claims_is_refused(oidc_client, idp_key, acme, overrides):
    assert_error(oidc_client.get(ME_URL, headers=idp_token(idp_key, acme.id, **overrides)), 401, "invalid_token")


@pytest.mark.parametrize("overrides", [
    {"client_id": "²"}, {"client_id": {"id": 1}}, {"roles": [{"admin": True}, 7]}, {"roles": "client_read_only"},
    {"permissions": 5}, {"email": ["a@b.c"]},
], ids=["superscript digit", "object client", "non-string roles", "one role as text", "number permissions", "list email"])
def test_external_issuer_claims_of_odd_shapes_never_grant_more_or_fail(oidc_client, idp_key, acme, overrides):
    claims = dict(overrides)
    response = oidc_client.get(ME_URL, headers=idp_token(idp_key, claims.pop("client_id", acme.id), **claims))

    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert set(body["roles"]) <= {"client", "client_read_only"}
    assert body["isAdmin"] is False
    assert body["clientId"] in (acme.id, None)


def test_external_issuer_custom_permissions_come_from_the_permissions_claim(oidc_client, idp_key, acme):
    headers = idp_token(idp_key, acme.id, roles=["client_custom"], permissions=["write:users", "admin:manage_clients"])
    headers["X-Client-Id"] = str(acme.id)

    created = oidc_client.post("/api/v4/users", headers=headers, json={
        "username": "made.by.sso", "password": "a-long-password", "email": "m@idp.test",
        "role": "client_custom", "permissions": ["write:users"],
    })
    assert created.status_code == 201, created.get_json()
    assert_error(oidc_client.post("/api/v4/clients", headers=headers, json={"name": "Sneaky"}), 403, "not_authorized")


def test_me_of_an_external_user_answers_the_grants_of_their_token(oidc_client, idp_key, acme):
    headers = idp_token(idp_key, acme.id, roles=["client_custom"], permissions=["write:users", "admin:manage_clients"])

    assert oidc_client.get(ME_URL, headers=headers).get_json()["permissions"] == ["write:users"]


def test_external_issuer_token_signed_by_an_unpublished_key_is_refused(oidc_client, foreign_key, acme):
    foreign = RSAKey.import_key(foreign_key.as_dict(private=True), parameters={"kid": "idp-key-1"})

    assert_error(oidc_client.get(ME_URL, headers=idp_token(foreign, acme.id)), 401, "invalid_token")


def test_external_issuer_is_unknown_without_configuration(client, idp_key, acme):
    assert_error(client.get(ME_URL, headers=idp_token(idp_key, acme.id)), 401, "invalid_token")


# --- the create-user command ----------------------------------------------------------------------

def create_user(app, *args, password="a-long-password"):
    return app.test_cli_runner().invoke(args=["create-user", *args], input=password + "\n")


def stored_user(username):
    db.session.expire_all()
    return db.session.scalars(select(User).filter_by(username=username)).first()


def test_cli_creates_a_user_who_can_log_in(app, client, factory):
    result = create_user(app, "ops", "--role", "admin")

    assert result.exit_code == 0, result.output
    assert login(client, "ops", "a-long-password").status_code == 200
    password_hash = stored_user("ops").password_hash
    assert password_hash.startswith("$argon2id$")
    assert "a-long-password" not in password_hash


def test_cli_creates_a_client_user_for_a_client(app, client, factory, acme):
    result = create_user(app, "acme.cli", "--role", "client_read_only", "--client", str(acme.id))

    assert result.exit_code == 0, result.output
    assert stored_user("acme.cli").client_id == acme.id


@pytest.mark.parametrize("args, password", [
    (["short", "--role", "admin"], "short"),
    (["orphan", "--role", "client"], "a-long-password"),
    (["nowhere", "--role", "client", "--client", "999999"], "a-long-password"),
], ids=["short password", "client role without --client", "unknown client"])
def test_cli_refuses_bad_input(app, factory, args, password):
    result = create_user(app, *args, password=password)

    assert result.exit_code != 0
    assert stored_user(args[0]) is None


def test_cli_refuses_an_admin_role_with_a_client(app, factory, acme):
    result = create_user(app, "ops", "--role", "admin", "--client", str(acme.id))

    assert result.exit_code != 0
    assert stored_user("ops") is None


def test_login_works_when_the_server_gives_no_client_address(client, acme_manager):
    """REMOTE_ADDR is optional in WSGI; the login throttle must not depend on it."""
    wrong = client.post(TOKEN_URL, json={"username": "acme.manager", "password": "guess"}, environ_overrides={"REMOTE_ADDR": ""})
    right = client.post(TOKEN_URL, json={"username": "acme.manager", "password": PASSWORD}, environ_overrides={"REMOTE_ADDR": ""})

    assert_error(wrong, 401, "invalid_credentials")
    assert right.status_code == 200
