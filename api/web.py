"""Non-feature routes: the OpenAPI YAML the API Reference page reads, JWKS, and the built frontend."""
from pathlib import Path

from flask import Response, current_app, send_from_directory
from werkzeug.routing import PathConverter

from api.common.auth import public
from api.common.tokens import public_jwks


def jwks():
    return public_jwks(current_app.config["JWT_KEYS_DIR"])


def frontend(path=""):
    """Serve a built asset, or index.html so the browser router handles the path."""
    dist = Path(current_app.config["FRONTEND_DIST"])
    if path and (dist / path).is_file():
        return send_from_directory(dist, path)
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
