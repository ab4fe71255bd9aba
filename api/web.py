"""Non-feature routes: the OpenAPI YAML the API Reference page reads, JWKS, and the built frontend.

The build's files are served by WhiteNoise in front of Flask: hashed assets cached for a year, every
other file revalidated, each answered with the .br or .gz file the build step made when the browser
accepts it. Any other path outside /api/ gets index.html, for the browser router.
"""
from pathlib import Path

from flask import Response, current_app, request, send_from_directory
from werkzeug.routing import PathConverter
from whitenoise import WhiteNoise

from api.common.auth import public
from api.common.tokens import public_jwks

# Only the portal's own origin; the logo is a data: PNG and Bootstrap draws its form icons as data: SVGs.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# JSON, files and assets are never documents that load anything.
RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'"
# Vite names the files it writes to assets/ after a hash of their content.
HASHED_ASSET = r"^/assets/.+-[A-Za-z0-9_-]{8}\.\w+$"


def security_headers(content_type):
    return {
        "Content-Security-Policy": PAGE_POLICY if content_type.startswith("text/html") else RESOURCE_POLICY,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "same-origin",
    }


def add_security_headers(response):
    response.headers.update(security_headers(response.content_type or ""))
    max_age = current_app.config["HSTS_MAX_AGE"]
    if request.is_secure and max_age:
        response.headers["Strict-Transport-Security"] = f"max-age={max_age}"
    return response


class FrontendFiles(WhiteNoise):
    FOREVER = 365 * 24 * 3600

    def add_file_to_dictionary(self, url, path, stat_cache=None):
        # The build manifest is for the bundle-size test, not for browsers.
        if not url.startswith("/.vite/"):
            super().add_file_to_dictionary(url, path, stat_cache=stat_cache)

    def add_cache_headers(self, headers, path, url):
        super().add_cache_headers(headers, path, url)
        headers.setdefault("Cache-Control", "no-cache")


def add_static_headers(headers, path, url):
    for name, value in security_headers(headers["Content-Type"]).items():
        headers[name] = value


def serve_frontend_files(app):
    dist = Path(app.config["FRONTEND_DIST"])
    app.wsgi_app = FrontendFiles(
        app.wsgi_app, root=dist if dist.is_dir() else None, max_age=None, allow_all_origins=False,
        immutable_file_test=HASHED_ASSET, add_headers_function=add_static_headers,
    )


def jwks():
    return public_jwks(current_app.config["JWT_KEYS_DIR"])


def frontend(path=""):
    """index.html, so the browser router handles the path."""
    dist = Path(current_app.config["FRONTEND_DIST"])
    if not (dist / "index.html").is_file():
        return Response("The frontend is not built: run `npm run build` in frontend/.", status=503, mimetype="text/plain")
    response = send_from_directory(dist, "index.html")
    response.headers["Cache-Control"] = "no-cache"
    return response


class NonApiPathConverter(PathConverter):
    """A path outside /api/, so that unknown API paths answer 404 and wrong methods 405 with Allow."""

    regex = r"(?!api/)" + PathConverter.regex


def register(app, api):
    app.url_map.converters["non_api_path"] = NonApiPathConverter

    @public
    def openapi_yaml():
        return Response(api.spec.to_yaml(), mimetype="application/yaml")

    app.add_url_rule("/api/v4/static/openapi.yaml", "openapi_yaml", openapi_yaml)
    app.add_url_rule("/.well-known/jwks.json", "jwks", jwks)
    app.add_url_rule("/", "frontend", frontend)
    app.add_url_rule("/<non_api_path:path>", "frontend", frontend)
    app.after_request(add_security_headers)
    serve_frontend_files(app)
