"""The application factory: one Flask app for the API, the worker and the scheduler."""
import logging
from pathlib import Path

from flask import Flask

from api import web
from api.addresses.routes import blp as addresses_blp
from api.audit.request_log import record_request, start_request
from api.audit.routes import blp as audit_blp
from api.audit.service import add_related_log
from api.auth.access_control import authorize_request
from api.auth.routes import blp as auth_blp
from api.celery_app import celery_init_app
from api.cli import register_commands
from api.clients.routes import blp as clients_blp
from api.common.errors import Error, register_error_handlers
from api.common.stored_input import IdConverter, refuse_unstorable_text
from api.config import PROJECT_ROOT, Config
from api.dashboards.routes import blp as dashboards_blp
from api.extensions import api, db, is_transient_database_error, migrate, prepare_postgresql, prepare_sqlite
from api.freight.routes import blp as freight_blp
from api.imports.schemas import install_upload_handling
from api.inbound.routes import blp as inbound_blp
from api.inbound.service import open_asns_of
from api.inventory.routes import blp as inventory_blp
from api.inventory.service import item_inventory
from api.jobs.routes import blp as jobs_blp
from api.orders import tasks as orders_tasks  # noqa: F401 (waiting shipments take units as they are freed)
from api.orders.routes import blp as orders_blp, received_returns_blp, return_labels_blp
from api.orders.service import open_shipments_of, shipments_logged_with
from api.products.detail import add_detail_part, creating_upload
from api.products.routes import blp as products_blp
from api.products.search import add_list_part
from api.reports.routes import blp as reports_blp
from api.reports.schedules.routes import blp as report_schedules_blp
from api.returns.routes import blp as returns_blp
from api.shipments.routes import blp as shipments_blp, events_blp as shipment_events_blp
from api.shipping.routes import blp as shipping_blp
from api.shop.routes import blp as shop_blp
from api.shop_orders.routes import blp as shop_orders_blp
from api.users.routes import blp as users_blp
from api.warehouses.routes import blp as warehouses_blp

# Every blueprint of the API in one tuple, so the API surface is in one place.
FEATURES = (
    auth_blp, clients_blp, users_blp, jobs_blp, audit_blp, products_blp, shop_blp, inventory_blp, inbound_blp,
    returns_blp, reports_blp, report_schedules_blp, warehouses_blp, shipping_blp, addresses_blp,
    orders_blp, return_labels_blp, received_returns_blp, shipments_blp, shipment_events_blp, freight_blp,
    dashboards_blp, shop_orders_blp,
)


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
    with app.app_context():
        prepare_sqlite(db.engine, app.config["SQLITE_BUSY_TIMEOUT_S"])
        prepare_postgresql(db.engine)
    migrate.init_app(app, db, directory=str(PROJECT_ROOT / "migrations"))
    api.ERROR_SCHEMA = Error  # the body every error answer has, documented in place of flask-smorest's own
    api.init_app(app, spec_kwargs={"info": {"description": API_DESCRIPTION}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})
    for blueprint in FEATURES:
        api.register_blueprint(blueprint)
    web.register(app, api)

    install_upload_handling(app)
    add_detail_part("inventory", lambda item, options: item_inventory(item))
    add_list_part("availability", item_inventory)
    add_detail_part("open_asns", lambda item, options: open_asns_of(item) if options.get("openAsns") else [])
    add_detail_part("open_shipments", lambda item, options: open_shipments_of(item) if options.get("openShipments") else [])
    add_related_log("item_type", creating_upload)
    add_related_log("fulfillment_request", shipments_logged_with)
    app.before_request(start_request)
    app.before_request(authorize_request)
    app.before_request(refuse_unstorable_text)
    app.after_request(record_request)
    register_error_handlers(app, is_passing_outage=is_transient_database_error)
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
