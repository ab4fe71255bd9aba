"""Small assertions and token builders shared by the API tests."""
import base64
import json
import time

from joserfc import jwt

from api.common.tokens import signing_key


def assert_error(response, status, code=None):
    """The portal's error shape with the expected status (and code, when given); returns the body."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    body = response.get_json()
    assert isinstance(body, dict), response.get_data(as_text=True)
    assert isinstance(body.get("error"), str) and body["error"]
    assert isinstance(body.get("description"), str) and body["description"]
    if code is not None:
        assert body["error"] == code, body
    return body


def b64url(data):
    if isinstance(data, (dict, list)):
        data = json.dumps(data, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def token_parts(token):
    header, payload, signature = token.split(".")
    return (
        json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4))),
        json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))),
        signature,
    )


def portal_claims(config, username, **overrides):
    """Registered and portal claims the way the portal issues them, with overrides (None removes one)."""
    now = int(time.time())
    claims = {
        "sub": username, "username": username, "roles": ["client"], "client_id": None,
        "iss": config["JWT_ISSUER"], "aud": config["JWT_AUDIENCE"], "iat": now, "nbf": now, "exp": now + 600,
    }
    claims.update(overrides)
    return {name: value for name, value in claims.items() if value is not None}


def sign(claims, key, **header):
    return jwt.encode({"alg": "RS256", "kid": key.kid, **header}, claims, key, algorithms=["RS256"])


def portal_key(config):
    return signing_key(config["JWT_KEYS_DIR"])
