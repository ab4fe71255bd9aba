"""What the benchmarks share: a throw-away PostgreSQL database with the portal's schema, a Redis of the
run's own, a client with a signed-in user, realistic catalogue rows, and the processes' peak memory."""
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

POSTGRES_ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/14")
BENCH_DATABASE = "portal_bench"

WORDS = (
    "trail tent stove lantern sleeping bag blue green red black summit alpine ridge canyon river lake "
    "forest desert ultralight deluxe compact folding insulated waterproof merino wool down fleece "
    "titanium aluminium carbon steel cotton nylon canvas hiking camping climbing fishing kayak paddle "
    "helmet harness rope carabiner glove sock boot jacket parka vest beanie mitten gaiter pole pack "
    "duffel cooler bottle mug pot pan kettle grill chair table hammock tarp cot pillow mat pad"
).split()


@contextmanager
def bench_database(name=BENCH_DATABASE):
    """A fresh PostgreSQL database for the run, dropped afterwards; yields its URL."""
    admin = sa.create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def app_config(database_url, **extra):
    instance = Path(tempfile.mkdtemp(prefix="portal-bench-"))
    return {
        "INSTANCE_DIR": str(instance),
        "SQLALCHEMY_DATABASE_URI": database_url,
        "CELERY_BROKER_URL": REDIS_URL,
        "CELERY_BROKER_FOLDER": str(instance / "broker"),
        "MAIL_FOLDER": str(instance / "mail"),
        "JWT_KEYS_DIR": str(instance / "keys"),
        **extra,
    }


def migrated_app(config):
    from flask_migrate import upgrade

    from api.app import create_app

    app = create_app(config)
    with app.app_context():
        upgrade()
    return app


def make_clients(app, count):
    """``count`` clients; the first gets a client-role user. Answers (client ids, auth headers)."""
    from api.clients.models import Client
    from api.common.tokens import issue_token
    from api.extensions import db
    from api.users.models import User

    with app.app_context():
        clients = [Client(name=f"Bench client {n}", fulfillment_request_api_version=1) for n in range(count)]
        db.session.add_all(clients)
        db.session.flush()
        user = User(username="bench.manager", role="client", client_id=clients[0].id, real_name="Bench",
                    email="bench@example.com", password_hash="!", permissions=[], active=True)
        db.session.add(user)
        db.session.commit()
        claims = {"sub": user.username, "username": user.username, "roles": ["client"], "client_id": clients[0].id}
        token, _ = issue_token(app.config, claims)
        return [c.id for c in clients], {"Authorization": f"Bearer {token}"}


def item_name(rng):
    return " ".join(rng.choice(WORDS).title() for _ in range(rng.randint(2, 4)))


def item_values(rng, n):
    """(upc, sku, name, category) of the n-th item: UPC 12 digits, SKU letters and digits."""
    name = item_name(rng)
    return f"{n:012d}", f"{name[:3].upper()}-{n:07d}", name, rng.choice(WORDS).title()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def seed_rng():
    return random.Random(20261122)


@contextmanager
def private_redis():
    """A Redis of the run's own: no other worker on the machine can take the job's messages."""
    from tests.live import free_port

    port = free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


def peak_rss_mb(pid):
    """The largest VmHWM among the process and its descendants (prefork workers run the tasks)."""
    peak, todo = 0, [pid]
    while todo:
        current = todo.pop()
        proc = Path(f"/proc/{current}")
        try:
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
            for task in (proc / "task").iterdir():
                todo.extend(int(child) for child in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return peak / 1024


def wait_for_job(session, base_url, job_id, headers, timeout):
    """The job once it has ended. Polled five times a second: often enough to see the end within
    0.2 s, rarely enough that the polls (each an authorised, logged API call) take little of the
    machine from the job itself. The browser polls once a second."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = session.get(f"{base_url}/api/v4/jobs/{job_id}", headers=headers).json()
        if job["state"] in ("succeeded", "partly_succeeded", "failed"):
            return job
        time.sleep(0.2)
    raise SystemExit(f"job {job_id} did not end within {timeout}s")
