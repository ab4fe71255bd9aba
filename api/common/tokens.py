"""Signing and verifying bearer tokens.

The portal signs its own RS256 tokens with a key generated on first start (kept in
``JWT_KEYS_DIR``, never in git) and publishes the public half as JWKS. When an external OpenID
Connect issuer is configured, its tokens are verified against its JWKS. In both cases the algorithm
is pinned to RS256, and ``exp``, ``iss`` and ``aud`` are required.
"""
import base64
import json
import os
import threading
import time
import urllib.request
from pathlib import Path

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet, RSAKey

from api.common.errors import Unauthorized

ALGORITHM = "RS256"
# Headers that would let a token name its own verification key (RFC 8725 3.10).
FORBIDDEN_HEADERS = {"jku", "jwk", "x5u", "x5c"}
KEY_FILE = "signing-key.pem"
JWKS_CACHE_SECONDS = 300

_key_lock = threading.Lock()
_signing_keys = {}


def signing_key(keys_dir):
    """The portal's private key, generated and stored on first use (readable by the owner only)."""
    with _key_lock:
        if keys_dir in _signing_keys:
            return _signing_keys[keys_dir]
        path = Path(keys_dir) / KEY_FILE
        if path.exists():
            key = RSAKey.import_key(path.read_bytes())
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            key = RSAKey.generate_key(2048)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(key.as_pem(private=True))
        key.ensure_kid()
        _signing_keys[keys_dir] = key
        return key


def public_jwks(keys_dir):
    key = signing_key(keys_dir)
    public = key.as_dict(private=False)
    public.update({"use": "sig", "alg": ALGORITHM})
    return {"keys": [public]}


def issue_token(config, claims):
    """A signed access token for ``claims`` plus the registered claims; returns (token, ttl)."""
    now = int(time.time())
    ttl = config["ACCESS_TOKEN_TTL"]
    payload = {
        **claims,
        "iss": config["JWT_ISSUER"],
        "aud": config["JWT_AUDIENCE"],
        "iat": now,
        "nbf": now,
        "exp": now + ttl,
    }
    key = signing_key(config["JWT_KEYS_DIR"])
    token = jwt.encode({"alg": ALGORITHM, "kid": key.kid}, payload, key, algorithms=[ALGORITHM])
    return token, ttl


class _RemoteKeySet:
    """The external issuer's JWKS, fetched on demand and cached for a few minutes."""

    def __init__(self):
        self._lock = threading.Lock()
        self._cache = {}

    def get(self, url):
        with self._lock:
            fetched_at, keys = self._cache.get(url, (0, None))
            if keys is None or time.time() - fetched_at > JWKS_CACHE_SECONDS:
                with urllib.request.urlopen(url, timeout=5) as response:
                    keys = KeySet.import_key_set(json.load(response))
                self._cache[url] = (time.time(), keys)
            return keys


remote_key_sets = _RemoteKeySet()


def _unverified_header_and_issuer(token):
    try:
        header_part, payload_part, _ = token.split(".")
        header = json.loads(_b64decode(header_part))
        payload = json.loads(_b64decode(payload_part))
    except (ValueError, UnicodeDecodeError):
        raise Unauthorized("The bearer token is malformed.", code="invalid_token") from None
    if not isinstance(header, dict) or not isinstance(payload, dict):
        raise Unauthorized("The bearer token is malformed.", code="invalid_token")
    return header, payload.get("iss")


def _b64decode(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def verify_token(config, token):
    """Verified claims of ``token``, or Unauthorized. The issuer picks the key set and audience."""
    header, issuer = _unverified_header_and_issuer(token)
    if header.get("alg") != ALGORITHM or FORBIDDEN_HEADERS & header.keys():
        raise Unauthorized("The bearer token is not signed as required.", code="invalid_token")

    if issuer == config["JWT_ISSUER"]:
        keys = KeySet([signing_key(config["JWT_KEYS_DIR"])])
        audience = config["JWT_AUDIENCE"]
    elif config["OIDC_ISSUER"] and issuer == config["OIDC_ISSUER"]:
        try:
            keys = remote_key_sets.get(config["OIDC_JWKS_URL"])
        except (OSError, ValueError, JoseError):
            raise Unauthorized("The token issuer's keys could not be loaded.", code="invalid_token") from None
        audience = config["OIDC_AUDIENCE"]
    else:
        raise Unauthorized("The bearer token comes from an unknown issuer.", code="invalid_token")

    try:
        decoded = jwt.decode(token, keys, algorithms=[ALGORITHM])
        jwt.JWTClaimsRegistry(
            leeway=30,
            iss={"essential": True, "value": issuer},
            aud={"essential": True, "value": audience},
            exp={"essential": True},
            nbf={"essential": True},
            sub={"essential": True},
        ).validate(decoded.claims)
    except JoseError as error:
        raise Unauthorized(_describe(error), code="invalid_token") from None
    except (ValueError, TypeError):
        raise Unauthorized("The bearer token is not valid.", code="invalid_token") from None
    return decoded.claims


def _describe(error):
    text = str(error).lower()
    if "expired" in text:
        return "The bearer token has expired."
    return "The bearer token is not valid."
