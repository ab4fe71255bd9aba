"""The one place that reads the environment.

Every setting has an embedded default so that a fresh checkout runs with no servers: a SQLite file,
the Celery filesystem broker and mail written to a folder, all under ``INSTANCE_DIR``.
"""
import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _int(name, default):
    return int(os.environ.get(name, default))


class Config:
    def __init__(self, env=None):
        env = os.environ if env is None else env
        instance = Path(env.get("INSTANCE_DIR", PROJECT_ROOT / "instance")).resolve()
        self.INSTANCE_DIR = str(instance)

        self.SQLALCHEMY_DATABASE_URI = env.get("DATABASE_URL", f"sqlite:///{instance / 'portal.db'}")
        self.SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
        # How long a write on the embedded SQLite waits for its turn before failing with "database is
        # locked": longer than the longest write transaction (an import chunk, a scheduled run's end).
        self.SQLITE_BUSY_TIMEOUT_S = float(env.get("SQLITE_BUSY_TIMEOUT_S", 30))

        self.CELERY_BROKER_URL = env.get("CELERY_BROKER_URL", "filesystem://")
        self.CELERY_BROKER_FOLDER = env.get("CELERY_BROKER_FOLDER", str(instance / "broker"))
        self.CELERY_TASK_ALWAYS_EAGER = env.get("CELERY_TASK_ALWAYS_EAGER", "") == "1"
        self.TASK_SOFT_TIME_LIMIT = int(env.get("TASK_SOFT_TIME_LIMIT", 300))
        self.TASK_TIME_LIMIT = int(env.get("TASK_TIME_LIMIT", 360))
        self.BROKER_VISIBILITY_TIMEOUT = int(env.get("BROKER_VISIBILITY_TIMEOUT", 3600))
        # Put before every key the portal's messages use on Redis, so several portals (or test runs)
        # can share one Redis server without taking each other's jobs.
        self.BROKER_KEY_PREFIX = env.get("BROKER_KEY_PREFIX", "")
        # A running job's claim, renewed by its worker every third of it: once it runs out the worker is
        # gone and another may take the job over.
        self.JOB_LEASE_SECONDS = int(env.get("JOB_LEASE_SECONDS", 30))
        # An Idempotency-Key's reservation, renewed by its request every third of it: once it runs out
        # the request is gone (its clean-up failed, its process was killed) and a retry takes the key over.
        self.IDEMPOTENCY_LEASE_SECONDS = float(env.get("IDEMPOTENCY_LEASE_SECONDS", 15))
        # A job longer than this goes on in another run of its task, so no run of a long import meets
        # the task time limits; each run takes at least one chunk.
        self.JOB_SLICE_SECONDS = float(env.get("JOB_SLICE_SECONDS", 120))
        # The scheduler's jobs sweep: how often it looks for jobs nobody runs, and how long after a
        # job was last sent it may be sent again (a queue busy with other jobs must not fill with copies).
        self.JOB_SWEEP_SECONDS = float(env.get("JOB_SWEEP_SECONDS", 5))
        # How often the scheduler has the workers allocate waiting shipments whose stock has arrived.
        self.ALLOCATION_SWEEP_SECONDS = float(env.get("ALLOCATION_SWEEP_SECONDS", 60))
        self.JOB_RESEND_SECONDS = int(env.get("JOB_RESEND_SECONDS", 60))

        # smtp://user:password@host:port (smtps:// for implicit TLS, ?starttls=1 for STARTTLS);
        # without it mail is written as .eml files to MAIL_FOLDER.
        self.MAIL_URL = env.get("MAIL_URL", "")
        self.MAIL_FOLDER = env.get("MAIL_FOLDER", str(instance / "mail"))
        self.MAIL_FROM = env.get("MAIL_FROM", "Fulfilment Portal <portal@localhost>")
        # A message the mail server refuses is tried again this many times, the first after this
        # long, each wait twice the one before (at most an hour); then it is kept as failed.
        self.MAIL_RETRIES = int(env.get("MAIL_RETRIES", 8))
        self.MAIL_FIRST_RETRY_SECONDS = float(env.get("MAIL_FIRST_RETRY_SECONDS", 30))
        # A mail not sent this long after an attempt was due is sent again by the scheduler's sweep.
        self.MAIL_RESEND_SECONDS = int(env.get("MAIL_RESEND_SECONDS", 120))

        self.JWT_KEYS_DIR = env.get("JWT_KEYS_DIR", str(instance / "keys"))
        self.JWT_ISSUER = env.get("JWT_ISSUER", "fulfilment-portal")
        self.JWT_AUDIENCE = env.get("JWT_AUDIENCE", "fulfilment-portal")
        self.ACCESS_TOKEN_TTL = int(env.get("ACCESS_TOKEN_TTL", 8 * 3600))
        self.OIDC_ISSUER = env.get("OIDC_ISSUER", "")
        self.OIDC_AUDIENCE = env.get("OIDC_AUDIENCE", "")
        self.OIDC_JWKS_URL = env.get("OIDC_JWKS_URL", "")

        self.LOGIN_MAX_FAILURES = int(env.get("LOGIN_MAX_FAILURES", 5))
        self.LOGIN_WINDOW_SECONDS = int(env.get("LOGIN_WINDOW_SECONDS", 300))
        # An address is slowed, never refused: colleagues behind one office address share it.
        self.LOGIN_ADDRESS_DELAY_STEP_SECONDS = float(env.get("LOGIN_ADDRESS_DELAY_STEP_SECONDS", 0.25))
        self.LOGIN_ADDRESS_DELAY_MAX_SECONDS = float(env.get("LOGIN_ADDRESS_DELAY_MAX_SECONDS", 2))

        self.MAX_CONTENT_LENGTH = int(env.get("MAX_CONTENT_LENGTH", 1024 * 1024))
        self.MAX_LOGO_BYTES = int(env.get("MAX_LOGO_BYTES", 256 * 1024))
        # A shipment's custom label or shipping document, decoded (its base64 in the body is a third larger).
        self.SHIPMENT_FILE_MAX_BYTES = int(env.get("SHIPMENT_FILE_MAX_BYTES", 5 * 1024 * 1024))
        # A shipment group's uploaded bill of lading, decoded: scanned, signed BOLs run to several megabytes.
        self.BOL_MAX_BYTES = int(env.get("BOL_MAX_BYTES", 10 * 1024 * 1024))
        # Uploads sent as JSON rows keyed by header (about three times the size of their CSV file) are
        # parsed whole; CSV files (text/csv, as the browser sends the items and fulfilment request files)
        # are read as they arrive.
        self.UPLOAD_MAX_BYTES = int(env.get("UPLOAD_MAX_BYTES", 100 * 1024 * 1024))
        self.CSV_UPLOAD_MAX_BYTES = int(env.get("CSV_UPLOAD_MAX_BYTES", 512 * 1024 * 1024))
        self.IMPORT_CHUNK_ROWS = int(env.get("IMPORT_CHUNK_ROWS", 5000))
        # The chunks of an upload whose request died before its job started are deleted this long after.
        self.ABANDONED_UPLOAD_SECONDS = int(env.get("ABANDONED_UPLOAD_SECONDS", 3600))
        self.ABANDONED_UPLOAD_SWEEP_SECONDS = float(env.get("ABANDONED_UPLOAD_SWEEP_SECONDS", 600))
        self.IMPORT_APPLY_THREADS = int(env.get("IMPORT_APPLY_THREADS", 2))
        self.REQUEST_LOG_BODY_LIMIT = int(env.get("REQUEST_LOG_BODY_LIMIT", 10_000))
        # A fulfilment request list export up to this many rows is the answer itself; a longer one is mailed by a job.
        self.EXPORT_DIRECT_ROWS = int(env.get("EXPORT_DIRECT_ROWS", 10_000))

        self.IDLE_TIMEOUT_MS = int(env.get("IDLE_TIMEOUT_MS", 7_200_000))
        self.IDLE_WARNING_MS = int(env.get("IDLE_WARNING_MS", 60_000))

        self.SHOPIFY_API_KEY = env.get("SHOPIFY_API_KEY", "")
        self.SHOPIFY_API_SECRET = env.get("SHOPIFY_API_SECRET", "")
        self.SHOPIFY_SCOPES = env.get("SHOPIFY_SCOPES", "read_products,write_inventory,read_orders,write_fulfillments")
        # Where a shop's OAuth endpoints live; tests point it at a local server speaking the same protocol.
        self.SHOPIFY_SHOP_URL_TEMPLATE = env.get("SHOPIFY_SHOP_URL_TEMPLATE", "https://{shop}")
        self.SHOPIFY_CALLBACK_MAX_AGE = int(env.get("SHOPIFY_CALLBACK_MAX_AGE", 300))
        self.SHOPIFY_STATE_MAX_AGE = int(env.get("SHOPIFY_STATE_MAX_AGE", 900))
        # The shop's Admin API (orders, fulfillments, webhooks): its version, and how a 429 or 5xx is retried.
        self.SHOPIFY_API_VERSION = env.get("SHOPIFY_API_VERSION", "2025-01")
        self.SHOPIFY_API_ATTEMPTS = int(env.get("SHOPIFY_API_ATTEMPTS", 4))
        self.SHOPIFY_API_BACKOFF_SECONDS = float(env.get("SHOPIFY_API_BACKOFF_SECONDS", 1.0))
        self.SHOPIFY_API_TIMEOUT_SECONDS = float(env.get("SHOPIFY_API_TIMEOUT_SECONDS", 15))
        # A webhook triggered longer ago than this is refused as stale (the shop retries for about 4 hours).
        self.SHOPIFY_WEBHOOK_MAX_AGE = int(env.get("SHOPIFY_WEBHOOK_MAX_AGE", 24 * 3600))
        self.SHOP_SWEEP_SECONDS = float(env.get("SHOP_SWEEP_SECONDS", 900))
        # How often a pending fulfillment is pushed again while the shop is down, and how often at most.
        self.SHOPIFY_FULFILLMENT_RETRY_SECONDS = float(env.get("SHOPIFY_FULFILLMENT_RETRY_SECONDS", 30))
        self.SHOPIFY_FULFILLMENT_MAX_RETRIES = int(env.get("SHOPIFY_FULFILLMENT_MAX_RETRIES", 12))
        # The portal's public address for redirect_uri; empty uses the address the install request came to.
        self.PORTAL_BASE_URL = env.get("PORTAL_BASE_URL", "")
        # Fernet keys (comma-separated, newest first) for shop access tokens; empty makes one under INSTANCE_DIR.
        self.SHOP_TOKEN_KEY = env.get("SHOP_TOKEN_KEY", "")

        # Below TASK_SOFT_TIME_LIMIT, so a scheduled run hits the statement timeout first.
        self.REPORT_STATEMENT_TIMEOUT_S = float(env.get("REPORT_STATEMENT_TIMEOUT_S", 30))
        self.REPORT_PAGE_ROWS = int(env.get("REPORT_PAGE_ROWS", 500))

        self.FRONTEND_DIST = env.get("FRONTEND_DIST", str(PROJECT_ROOT / "frontend" / "dist"))
        # Strict-Transport-Security max-age on answers to HTTPS requests (as the WSGI server saw them); 0 sends none.
        self.HSTS_MAX_AGE = int(env.get("HSTS_MAX_AGE", 365 * 24 * 3600))
        # Short ticks keep lateness under a second; an idle tick is two indexed queries.
        self.SCHEDULER_TICK_SECONDS = float(env.get("SCHEDULER_TICK_SECONDS", 0.5))
        self.SCHEDULE_CLAIM_BATCH = int(env.get("SCHEDULE_CLAIM_BATCH", 500))
        # Occurrences due this soon are claimed ahead and enqueued to run at their due time.
        self.SCHEDULE_LOOKAHEAD_SECONDS = float(env.get("SCHEDULE_LOOKAHEAD_SECONDS", 10))
        # A run still queued this long after its claim (its scheduler died before enqueueing) is enqueued again.
        self.SCHEDULE_REQUEUE_SECONDS = int(env.get("SCHEDULE_REQUEUE_SECONDS", 300))
        # Well above the tick (a tick claiming a large wave takes a few seconds), so a live scheduler is
        # not taken for dead; a dead one's runs claimed ahead are taken over this long after it stopped.
        self.SCHEDULER_HEARTBEAT_TIMEOUT_SECONDS = float(env.get("SCHEDULER_HEARTBEAT_TIMEOUT_SECONDS", 5))
        self.SCHEDULE_RUN_RETRY_SECONDS = int(env.get("SCHEDULE_RUN_RETRY_SECONDS", 30))
        self.SCHEDULE_RUN_MAX_RETRIES = int(env.get("SCHEDULE_RUN_MAX_RETRIES", 8))
        # A scheduled report's CSV larger than this is not attached; the mail says so.
        self.REPORT_ATTACHMENT_MAX_BYTES = int(env.get("REPORT_ATTACHMENT_MAX_BYTES", 10 * 1024 * 1024))

        self.API_TITLE = "Fulfilment Client Portal API"
        self.API_VERSION = "v4"
        self.OPENAPI_VERSION = "3.0.3"
        self.OPENAPI_URL_PREFIX = "/api/v4"
        self.OPENAPI_JSON_PATH = "openapi.json"
