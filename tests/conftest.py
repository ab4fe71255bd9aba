"""Test set-up shared by every test.

``PORTAL_TEST_BACKEND`` picks the components: ``services`` (PostgreSQL and Redis at their standard
ports; a fresh database per run) or ``embedded`` (a SQLite file and the Celery filesystem broker).
A test run that wants the services and cannot reach them fails; nothing is skipped silently.
"""
import os
import socket
import uuid
from pathlib import Path
from urllib.parse import urlparse

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from flask_migrate import upgrade

from api.app import create_app
from api.common import passwords
from api.extensions import db, retried_on_conflict
from tests.factories import Factory
from tests.live import MailCatcher, process_env, start_api, start_worker

BACKEND = os.environ.get("PORTAL_TEST_BACKEND", "embedded")

# ./portal test runs the suite on PostgreSQL and Redis, then on the embedded default (SQLite, the
# filesystem broker) with --backend-sensitive-only: there only the tests whose behaviour can differ
# between the two run again, so a pure rule (validation, permissions, formatting) runs once. A test is
# backend-sensitive when its file is one of these paths (relative to tests/; a folder takes its new
# files too) or when it is marked backend_sensitive. Anything that takes a lock, writes rows in bulk,
# upserts, searches, imports a file, runs a job or a process, or runs SQL of its own belongs here.
BACKEND_SENSITIVE = (
    "e2e/",  # the browser on the API under gunicorn, with a worker
    "integration/", "scheduler/",  # worker, scheduler and API processes on the broker
    "imports/", "jobs/", "returns/",  # uploads and import jobs: CSV paths, chunks, retries on locks
    "inbound/", "inventory/", "orders/",  # stock locks and ledger upserts, bulk row writes, request search
    "products/",  # item search, catalogue lookups, row writes
    "notifications/",  # mail claims
    "shipments/test_events.py", "shipments/test_edit_quantity.py",  # events' COPY and JSON writes, ledger moves
    "shipments/test_read_list.py", "shipments/test_demo_shipments.py",  # list SQL per dialect, the demo's events
    "shipments/test_simulate_warehouse.py",  # the simulated warehouse's events and receipts, as ./portal up runs it
    "freight/test_grouping.py", "freight/test_group_events.py",  # groups' upsert on the open key, group events
    "freight/test_freight_demo.py", "dashboards/",  # the demo's groups; dashboards' day and window SQL per dialect
    "shop/test_webhooks.py", "shop/test_fulfillments.py",  # deliveries and fulfillments recorded once
    "reports/test_builtin.py", "reports/test_runner.py", "reports/test_csv_formulas.py",  # report SQL per dialect
    "reports/test_reports_api.py", "reports/test_scheduling.py",  # report runs, schedule claims
    "api/test_idempotency_takeover.py", "api/test_login_limits.py", "api/test_errors.py",  # leases, live API, driver errors
    "test_conflict_retry.py", "test_database_settings.py", "test_filesystem_broker.py",
    "test_queries.py", "test_row_writes.py", "test_sqlite_settings.py",
)
TESTS_ROOT = Path(__file__).parent


def pytest_addoption(parser):
    parser.addoption("--backend-sensitive-only", action="store_true",
                     help="run only the tests whose behaviour can differ between backends (tests/conftest.py)")


def pytest_collection_modifyitems(config, items):
    if not config.getoption("backend_sensitive_only"):
        return
    kept, dropped = [], []
    for item in items:
        path = item.path.relative_to(TESTS_ROOT).as_posix()
        sensitive = path.startswith(BACKEND_SENSITIVE) or item.get_closest_marker("backend_sensitive")
        (kept if sensitive else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
POSTGRES_ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def _reachable(url):
    parts = urlparse(url)
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=3).close()
        return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def backend():
    return BACKEND


@pytest.fixture(scope="session")
def database_url(tmp_path_factory):
    if BACKEND == "embedded":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'portal.db'}"
        return
    assert BACKEND == "services", f"unknown PORTAL_TEST_BACKEND {BACKEND}"
    if not _reachable(POSTGRES_ADMIN_URL):
        pytest.fail(f"PostgreSQL is not reachable at {urlparse(POSTGRES_ADMIN_URL).netloc}", pytrace=False)
    name = f"portal_test_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    yield POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def broker_url(tmp_path_factory):
    if BACKEND == "embedded":
        return "filesystem://"
    if not _reachable(REDIS_URL):
        pytest.fail(f"Redis is not reachable at {urlparse(REDIS_URL).netloc}", pytrace=False)
    return REDIS_URL


@pytest.fixture(scope="session")
def broker_key_prefix(broker_url):
    """This run's own keys on the shared Redis: a second test run on the machine (or a benchmark) must
    neither take this run's messages nor flush them. Removed when the run ends."""
    prefix = f"portal-test-{uuid.uuid4().hex[:12]}:"
    yield prefix
    if broker_url.startswith("redis://"):
        import redis

        client = redis.Redis.from_url(broker_url)
        for key in client.scan_iter(match=f"{prefix}*", count=1000):
            client.delete(key)


@pytest.fixture(scope="session")
def instance_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("instance")


@pytest.fixture(scope="session")
def app_config(database_url, broker_url, broker_key_prefix, instance_dir):
    """Configuration shared by the in-process app and the processes the tests start."""
    return {
        "INSTANCE_DIR": str(instance_dir),
        "SQLALCHEMY_DATABASE_URI": database_url,
        "CELERY_BROKER_URL": broker_url,
        "BROKER_KEY_PREFIX": broker_key_prefix,
        "CELERY_BROKER_FOLDER": str(instance_dir / "broker"),
        "MAIL_FOLDER": str(instance_dir / "mail"),
        "JWT_KEYS_DIR": str(instance_dir / "keys"),
    }


# Reference data the migrations seed (warehouses, carriers, shipment types): every test starts with it.
SEEDED_TABLES = ("warehouses", "carriers", "ship_methods", "shipment_types")


@pytest.fixture(scope="session")
def app(app_config):
    app = create_app({**app_config, "CELERY_TASK_ALWAYS_EAGER": True, "TESTING": True})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            app.extensions["seeded_rows"] = {
                name: [row._asdict() for row in connection.execute(db.metadata.tables[name].select())]
                for name in SEEDED_TABLES
            }
    return app


@pytest.fixture(autouse=True)
def _clean_database(request):
    """Every test starts from empty tables but for the seeded reference data (the schema stays, built
    once by the migrations)."""
    if "app" not in request.fixturenames:
        yield
        return
    app = request.getfixturevalue("app")
    # Tasks resolve the Celery app of the newest create_app(); tests that build another app must
    # not leave later tests sending to a broker instead of running eagerly.
    app.extensions["celery"].set_default()
    app.extensions["celery"].set_current()
    yield
    with app.app_context():
        db.session.remove()
        empty_tables(app)


# A live API process may still be answering the page a browser test just left: it holds a read lock on
# one table and waits for one already locked here. PostgreSQL ends one of the two; when it ends the
# cleanup, the rollback lets the request finish, and the cleanup is done again.
@retried_on_conflict
def empty_tables(app):
    tables = list(reversed(db.metadata.sorted_tables))
    with db.engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Every table locked at once, so a live API process finishing a request of the test just
            # ended cannot slip a row in between the deletes of two tables. Deletes rather than a
            # TRUNCATE, which gives each table new files synced at commit: a second a test.
            connection.execute(sa.text("LOCK TABLE " + ", ".join(f'"{t.name}"' for t in tables) + " IN ACCESS EXCLUSIVE MODE"))
        filled = set(connection.scalars(sa.union_all(
            *(sa.select(sa.literal(table.name)).where(sa.exists().select_from(table)) for table in tables))))
        for table in tables:
            if table.name in filled:
                connection.execute(table.delete())
        for table in reversed(tables):
            rows = app.extensions["seeded_rows"].get(table.name)
            if rows:
                connection.execute(table.insert(), rows)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def factory(app):
    with app.app_context():
        yield Factory(app)


@pytest.fixture(scope="session", autouse=True)
def _cheap_password_hashes():
    """Argon2 is slow by design, half a second a hash on a busy machine: the tests hash at the least
    cost Argon2 allows, still a real Argon2id hash. A hash names its own cost and is checked at it, so
    the API processes the tests start check the factory users' passwords as quickly."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "_hasher", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
        passwords._dummy_hash.cache_clear()
        yield
    passwords._dummy_hash.cache_clear()


@pytest.fixture
def acme(factory):
    return factory.client("Acme")


@pytest.fixture
def globex(factory):
    return factory.client("Globex")


@pytest.fixture(scope="session")
def mail_catcher():
    catcher = MailCatcher()
    catcher.controller.start()
    yield catcher
    catcher.controller.stop()


@pytest.fixture(scope="session")
def process_logs(tmp_path_factory):
    return tmp_path_factory.mktemp("process-logs")


@pytest.fixture(scope="session")
def live_env(app, app_config, mail_catcher):
    """Environment of the real processes: the tests' database and broker, mail to the catcher. A
    message the catcher refuses is tried again twice within seconds, then given up (kept as failed)."""
    return process_env(app.config, MAIL_URL=mail_catcher.url, MAIL_RETRIES=2, MAIL_FIRST_RETRY_SECONDS=1)


@pytest.fixture(scope="session")
def worker(live_env, process_logs):
    process = start_worker(live_env, process_logs)
    yield process
    process.stop()


@pytest.fixture(scope="session")
def live_api(live_env, process_logs, worker):
    """Base URL of the API (and built frontend) under gunicorn, with a worker behind it."""
    process, base_url = start_api(live_env, process_logs)
    yield base_url
    process.stop()


@pytest.fixture
def mail(mail_catcher):
    mail_catcher.clear()
    return mail_catcher
