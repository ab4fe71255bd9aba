"""The application factory: one Flask app for the API, the worker and the scheduler."""
import logging
from pathlib import Path

from flask import Flask

from api.audit.request_log import record_request, start_request
from api.celery_app import celery_init_app
from api.common.access_control import authorize_request
from api.common.errors import register_error_handlers
from api.common.stored_input import IdConverter, refuse_unstorable_text
from api.config import PROJECT_ROOT, Config
from api.extensions import api, db, migrate
from api import audit, auth, clients, imports, inbound, inventory, jobs, products, reports, returns, shop, users, web
from api.cli import register_commands

# Each feature module exports its blueprints in ``__all__``; registering from one tuple keeps the API
# surface in one place.
FEATURES = (auth, clients, users, jobs, audit, imports, products, shop, inventory, inbound, returns, reports)


def create_app(overrides=None):
    """Build the app from the environment (see api/config.py), with optional config overrides."""
    app = Flask(__name__, static_folder=None)
    app.config.from_object(Config())
    app.config.update(overrides or {})
    app.json.sort_keys = False
    app.url_map.converters["int"] = IdConverter
    app.config["API_SPEC_OPTIONS"] = {"security": [{"bearerAuth": []}]}
    Path(app.config["INSTANCE_DIR"]).mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    db.init_app(app)
    migrate.init_app(app, db, directory=str(PROJECT_ROOT / "migrations"))
    api.init_app(app, spec_kwargs={"info": {"description": API_DESCRIPTION}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})
    for feature in FEATURES:
        for name in feature.__all__:
            api.register_blueprint(getattr(feature, name))
    web.register(app, api)

    app.before_request(start_request)
    app.before_request(authorize_request)
    app.before_request(refuse_unstorable_text)
    app.after_request(record_request)
    register_error_handlers(app)
    celery_init_app(app)
    register_commands(app)
    return app


API_DESCRIPTION = """The fulfilment client portal's API.

Authenticate with `POST /api/v4/auth/token` and send `Authorization: Bearer <token>`. Admins choose
the client they act for with the `X-Client-Id` header; client users act for their own client.
Errors are `{"error": code, "description": text}` (plus `errors: [{line, error}]` for uploads).
Lists answer `{<resource>: [...], "cursor": string|null}`; pass `cursor` back for the next page.
Creating calls accept an `Idempotency-Key` header.
"""
