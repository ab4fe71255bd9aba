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

        self.CELERY_BROKER_URL = env.get("CELERY_BROKER_URL", "filesystem://")
        self.CELERY_BROKER_FOLDER = env.get("CELERY_BROKER_FOLDER", str(instance / "broker"))
        self.CELERY_TASK_ALWAYS_EAGER = env.get("CELERY_TASK_ALWAYS_EAGER", "") == "1"
        self.TASK_SOFT_TIME_LIMIT = int(env.get("TASK_SOFT_TIME_LIMIT", 300))
        self.TASK_TIME_LIMIT = int(env.get("TASK_TIME_LIMIT", 360))
        self.BROKER_VISIBILITY_TIMEOUT = int(env.get("BROKER_VISIBILITY_TIMEOUT", 3600))

        # smtp://user:password@host:port (smtps:// for implicit TLS, ?starttls=1 for STARTTLS);
        # without it mail is written as .eml files to MAIL_FOLDER.
        self.MAIL_URL = env.get("MAIL_URL", "")
        self.MAIL_FOLDER = env.get("MAIL_FOLDER", str(instance / "mail"))
        self.MAIL_FROM = env.get("MAIL_FROM", "Fulfilment Portal <portal@localhost>")

        self.JWT_KEYS_DIR = env.get("JWT_KEYS_DIR", str(instance / "keys"))
        self.JWT_ISSUER = env.get("JWT_ISSUER", "fulfilment-portal")
        self.JWT_AUDIENCE = env.get("JWT_AUDIENCE", "fulfilment-portal")
        self.ACCESS_TOKEN_TTL = int(env.get("ACCESS_TOKEN_TTL", 8 * 3600))
        self.OIDC_ISSUER = env.get("OIDC_ISSUER", "")
        self.OIDC_AUDIENCE = env.get("OIDC_AUDIENCE", "")
        self.OIDC_JWKS_URL = env.get("OIDC_JWKS_URL", "")

        self.LOGIN_MAX_FAILURES = int(env.get("LOGIN_MAX_FAILURES", 5))
        self.LOGIN_WINDOW_SECONDS = int(env.get("LOGIN_WINDOW_SECONDS", 300))

        self.MAX_CONTENT_LENGTH = int(env.get("MAX_CONTENT_LENGTH", 1024 * 1024))
        self.MAX_LOGO_BYTES = int(env.get("MAX_LOGO_BYTES", 256 * 1024))
        self.REQUEST_LOG_BODY_LIMIT = int(env.get("REQUEST_LOG_BODY_LIMIT", 10_000))

        self.IDLE_TIMEOUT_MS = int(env.get("IDLE_TIMEOUT_MS", 7_200_000))
        self.IDLE_WARNING_MS = int(env.get("IDLE_WARNING_MS", 60_000))

        self.FRONTEND_DIST = env.get("FRONTEND_DIST", str(PROJECT_ROOT / "frontend" / "dist"))
        self.SCHEDULER_TICK_SECONDS = float(env.get("SCHEDULER_TICK_SECONDS", 30))

        self.API_TITLE = "Fulfilment Client Portal API"
        self.API_VERSION = "v4"
        self.OPENAPI_VERSION = "3.0.3"
        self.OPENAPI_URL_PREFIX = "/api/v4"
        self.OPENAPI_JSON_PATH = "openapi.json"
