"""How the built frontend travels: hashed assets cached for good and compressed, the page revalidated,
and security headers on pages and on the API's answers."""
import gzip

import brotli
import pytest
from whitenoise.compress import main as compress

from api.app import create_app

SCRIPT = "console.log('the portal, a script long enough to be worth compressing');\n" * 200


@pytest.fixture
def dist(tmp_path):
    """A build as `./portal`'s build step leaves it: Vite's output, then .br and .gz made by WhiteNoise."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / ".vite").mkdir()
    (dist / "index.html").write_text('<!doctype html><title>Portal</title><script type="module" src="/assets/index-Ab1_x-9Z.js"></script>')
    (dist / "assets" / "index-Ab1_x-9Z.js").write_text(SCRIPT)
    (dist / ".vite" / "manifest.json").write_text('{"index.html": {"file": "assets/index-Ab1_x-9Z.js"}}')
    compress([str(dist), "--quiet"])
    return dist


@pytest.fixture
def web_client(app, dist):
    return create_app({**app.config, "FRONTEND_DIST": str(dist)}).test_client()


def directives(policy):
    return {name: sources for name, *sources in (part.split() for part in policy.split(";"))}


@pytest.mark.parametrize("accept, encoding, decode", [
    ("gzip, deflate, br, zstd", "br", brotli.decompress),
    ("gzip", "gzip", gzip.decompress),
    ("", None, bytes),
])
def test_hashed_assets_are_cached_for_good_in_the_encoding_the_browser_accepts(web_client, accept, encoding, decode):
    answer = web_client.get("/assets/index-Ab1_x-9Z.js", headers={"Accept-Encoding": accept})

    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "max-age=31536000, public, immutable"
    assert answer.headers.get("Content-Encoding") == encoding
    assert answer.headers["Vary"] == "Accept-Encoding"
    assert answer.headers["Content-Type"].startswith("text/javascript")
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert decode(answer.data).decode() == SCRIPT
    if encoding:
        assert len(answer.data) < len(SCRIPT) / 10


@pytest.mark.parametrize("path", ["/", "/1/users/new", "/index.html"])
def test_the_page_is_revalidated_on_every_load(web_client, path):
    answer = web_client.get(path)

    assert answer.status_code == 200 and b"<title>Portal</title>" in answer.data
    assert answer.headers["Cache-Control"] == "no-cache"


def test_the_page_answers_not_modified_when_unchanged(web_client):
    etag = web_client.get("/1/users").headers["ETag"]

    assert web_client.get("/1/users", headers={"If-None-Match": etag}).status_code == 304


def test_the_build_manifest_is_not_served(web_client):
    answer = web_client.get("/.vite/manifest.json")

    assert b'"file"' not in answer.data
    assert answer.mimetype == "text/html"


@pytest.mark.parametrize("path", ["/", "/7/item_types", "/index.html"])
def test_pages_may_load_only_from_the_portal_and_never_be_framed(web_client, path):
    answer = web_client.get(path)

    policy = directives(answer.headers["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    for kind in ("script-src", "style-src", "font-src", "connect-src"):
        assert policy[kind] == ["'self'"], kind
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "same-origin"


def test_api_answers_load_nothing_and_are_never_framed(web_client):
    answers = [web_client.get("/api/v4/me"), web_client.get("/api/v4/settings/ui"), web_client.get("/api/v4/no/such/route")]

    for answer in answers:
        assert answer.is_json, answer.data
        assert directives(answer.headers["Content-Security-Policy"]) == {"default-src": ["'none'"], "frame-ancestors": ["'none'"]}
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "same-origin"


def test_hsts_is_sent_over_https_only(web_client):
    over_https = web_client.get("/", base_url="https://portal.example")
    over_http = web_client.get("/", base_url="http://portal.example")

    assert over_https.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in over_http.headers


def test_hsts_can_be_turned_off(app, dist):
    client = create_app({**app.config, "FRONTEND_DIST": str(dist), "HSTS_MAX_AGE": 0}).test_client()

    assert "Strict-Transport-Security" not in client.get("/", base_url="https://portal.example").headers


def test_an_unbuilt_frontend_answers_503_with_the_security_headers(app, tmp_path):
    answer = create_app({**app.config, "FRONTEND_DIST": str(tmp_path / "missing")}).test_client().get("/")

    assert answer.status_code == 503
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
