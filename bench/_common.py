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


@contextmanager
def seeded_database(name, sizes, keep):
    """The run's database and whether it already holds rows seeded with ``sizes`` (a text naming them):
    a fresh one dropped afterwards, or with ``keep`` the kept database ``name``, taken again when its
    comment names the same sizes (seeding a million rows each run costs minutes) and made anew otherwise.
    Call mark_seeded(name, sizes) once a kept database is seeded."""
    if not keep:
        with bench_database(name) as database_url:
            yield database_url, False
        return
    admin = sa.create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            seeded_with = connection.execute(sa.text(
                "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = :name"),
                {"name": name}).first()
            if seeded_with is None or seeded_with[0] != sizes:
                connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    yield POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + "/" + name, seeded_with is not None and seeded_with[0] == sizes


def mark_seeded(name, sizes):
    admin = sa.create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(sa.text(f"COMMENT ON DATABASE \"{name}\" IS '{sizes}'"))
    finally:
        admin.dispose()


def seeded_clients(app):
    """A kept database's client ids (the bench client first) and the auth headers of the user make_clients
    gave it."""
    from api.clients.models import Client
    from api.common.tokens import issue_token
    from api.extensions import db
    from api.users.models import User

    with app.app_context():
        client_ids = list(db.session.scalars(sa.select(Client.id).order_by(Client.id)))
        user = db.session.scalars(sa.select(User).where(User.username == "bench.manager")).one()
        claims = {"sub": user.username, "username": user.username, "roles": ["client"], "client_id": user.client_id}
        token, _ = issue_token(app.config, claims)
        return client_ids, {"Authorization": f"Bearer {token}"}


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


def time_filters(call, count, filters, rounds):
    """Call each of ``filters`` ({name: query}) once, warming the caches and counting its rows, then
    ``rounds`` rounds of them all, timed: ({name: rows}, {name: [ms]}). A call is timed until its whole
    answer has arrived (``call`` answers it read); ``count`` reads the rows of an answer out of the time,
    as parsing hundreds of rows is the caller's work, not the API's."""
    hits = {name: count(call(query)) for name, query in filters.items()}
    timings = {name: [] for name in filters}
    for _ in range(rounds):
        for name, query in filters.items():
            started = time.perf_counter()
            answer = call(query)
            timings[name].append((time.perf_counter() - started) * 1000)
            count(answer)
    return hits, timings


def print_filter_timings(hits, timings):
    """Print each filter's p50, p95 and slowest call; answers (every call's ms, the worst filter's p95)."""
    for name, values in timings.items():
        print(f"  {name:22} p50={percentile(values, 0.5):7.1f} ms  p95={percentile(values, 0.95):7.1f} ms  "
              f"max={max(values):7.1f} ms  rows={hits[name]}")
    everything = [ms for values in timings.values() for ms in values]
    return everything, max(percentile(values, 0.95) for values in timings.values())


def measure_list(api, base_url, path, answer_key, headers, filters, rounds, page):
    """Time the list at ``path`` with each of ``filters`` over HTTP, ``page`` rows a call, then stop
    ``api``; prints the load around it and each filter's figures. Answers (timings by filter, the
    summary line's figures: calls, p50_ms, p95_ms, worst_filter_p95_ms, max_ms)."""
    import requests as http

    session = http.Session()

    def call(query):
        response = session.get(f"{base_url}{path}", params={**query, "limit": page}, headers=headers)
        assert response.status_code == 200, (query, response.status_code, response.text[:300])
        return response

    def count(response):
        return len(response.json()[answer_key])

    print(f"load_avg_before={os.getloadavg()[0]:.2f}", flush=True)
    try:
        hits, timings = time_filters(call, count, filters, rounds)
    finally:
        api.stop()
    everything, worst = print_filter_timings(hits, timings)
    print(f"load_avg_after={os.getloadavg()[0]:.2f}")
    summary = (f"calls={len(everything)} p50_ms={percentile(everything, 0.5):.1f} "
               f"p95_ms={percentile(everything, 0.95):.1f} worst_filter_p95_ms={worst:.1f} max_ms={max(everything):.1f}")
    return timings, summary, worst


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


def _process_tree(pid):
    """The /proc folders of the process and its descendants alive now (prefork workers run the tasks,
    PostgreSQL runs a backend per connection)."""
    todo = [pid]
    while todo:
        proc = Path(f"/proc/{todo.pop()}")
        try:
            for task in (proc / "task").iterdir():
                todo.extend(int(child) for child in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
        yield proc


def peak_rss_mb(pid):
    """The largest VmHWM among the process and its descendants."""
    peak = 0
    for proc in _process_tree(pid):
        try:
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except (FileNotFoundError, ProcessLookupError):
            continue
    return peak / 1024


def cpu_seconds(pid):
    """CPU time (user and system) the process and its descendants have used so far: those alive now,
    and those that ended and were waited for (a process's cutime and cstime hold its ended children's)."""
    ticks = 0
    for proc in _process_tree(pid):
        fields = _stat_fields(proc)
        if fields is not None:
            ticks += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _stat_fields(proc):
    """The fields of /proc/<pid>/stat after the command name (state, ppid, ...), or None when the
    process has ended or is not ours to read."""
    try:
        return (proc / "stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, PermissionError, ProcessLookupError):
        return None


def postgres_server_pid(database_url):
    """The pid of the PostgreSQL server (postmaster) behind ``database_url`` when it runs on this
    machine and its processes can be read here, else None: the parent of a connection's backend,
    read while the connection is open (its backend ends with it)."""
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            backend = connection.execute(sa.text("SELECT pg_backend_pid()")).scalar()
            fields = _stat_fields(Path(f"/proc/{backend}"))  # None: another machine's server, or another user's
            return int(fields[1]) if fields is not None else None
    finally:
        engine.dispose()


class CpuUse:
    """CPU seconds that named process trees (by their root's pid, None when it cannot be read here)
    used between ``start()`` and ``stop()``."""

    def __init__(self, **pids):
        self.pids = pids
        self.used = {}

    def _now(self):
        return {name: cpu_seconds(pid) if pid is not None else None for name, pid in self.pids.items()}

    def start(self):
        self._started = self._now()

    def stop(self):
        self.used = {name: None if seconds is None else seconds - self._started[name]
                     for name, seconds in self._now().items()}

    def figures(self, units, unit):
        """``cpu_us_per_<unit>_<name>=`` for each tree, and ``cpu_bound_<unit>s_per_s=``: the most units
        a second these processes could handle at this cost with every core of the machine busy all the
        time (n/a when a tree could not be read)."""
        per_unit = {name: None if seconds is None else seconds * 1e6 / units for name, seconds in self.used.items()}
        text = " ".join(f"cpu_us_per_{unit}_{name}=" + ("n/a" if value is None else f"{value:.0f}")
                        for name, value in per_unit.items())
        known = [value for value in per_unit.values() if value is not None]
        bound = f"{os.cpu_count() * 1e6 / sum(known):.0f}" if len(known) == len(per_unit) and sum(known) else "n/a"
        return f"{text} cores={os.cpu_count()} cpu_bound_{unit}s_per_s={bound}"


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
