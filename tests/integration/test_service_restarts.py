"""Faults in the middle of a bulk items import on the distributed set-up: PostgreSQL restarted (and
down for a while), Redis restarted (keeping its data, and losing it as after a crash), and a worker
killed (SIGKILL, its pool with it) and another started. Every job still ends, succeeded, with every
row applied exactly once, and its requester gets exactly one result mail.

The PostgreSQL cluster and the Redis server are the test's own (a cluster made with initdb in a
temporary folder, a redis-server on a free port), so restarting them touches nothing else on the
machine; the API (gunicorn), the scheduler (whose jobs sweep sends again the jobs nobody runs) and
the Celery workers run against them, with mail to the tests' SMTP catcher.

Services backend only. On the embedded default (SQLite, the filesystem broker) there is no server to
restart, and a worker killed mid-import is covered by test_import_resume.py and
test_worker_restart_on_filesystem_broker.py (every row once, one mail).
"""
import os
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass

import psycopg
import pytest
import requests
from flask_migrate import upgrade
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from api.app import create_app
from api.extensions import db
from api.jobs.models import ENDED_STATES, Job
from api.jobs.runner import result_mail_key
from api.notifications.models import OutboundEmail
from api.products.models import ItemType
from tests.conftest import BACKEND
from tests.factories import Factory
from tests.live import (
    PrivatePostgres,
    PrivateRedis,
    Process,
    ServiceUnavailable,
    process_env,
    start_api,
    start_worker,
    wait_until,
)

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(BACKEND != "services", reason="restarts PostgreSQL and Redis (services backend); the embedded "
                       "backend's killed worker is covered by test_import_resume.py and test_worker_restart_on_filesystem_broker.py"),
]

ROWS = 20_000
CHUNK_ROWS = 250  # many small commits: the job runs for a while, and a fault finds it between or inside chunks
LEASE_SECONDS = 4
JOB_TIMEOUT = 120


def _unavailable(reason):
    """A server the test needs cannot be had: a failure under CI, a skip (with its reason) elsewhere."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def postgres():
    server = None
    try:
        server = PrivatePostgres()
        server.start()
    except ServiceUnavailable as error:
        if server is not None:
            server.close()
        _unavailable(str(error))
    yield server
    server.close()


@pytest.fixture(scope="module")
def redis_server():
    try:
        server = PrivateRedis()
    except ServiceUnavailable as error:
        _unavailable(str(error))
    yield server
    server.close()


@pytest.fixture(scope="module")
def services_app(postgres, redis_server, tmp_path_factory):
    """The app on the private servers, migrated; its context stays pushed for the module's tests."""
    instance = tmp_path_factory.mktemp("restarts-instance")
    app = create_app({
        "INSTANCE_DIR": str(instance),
        "SQLALCHEMY_DATABASE_URI": postgres.url,
        "CELERY_BROKER_URL": redis_server.url,
        "CELERY_BROKER_FOLDER": str(instance / "broker"),
        "MAIL_FOLDER": str(instance / "mail"),
        "JWT_KEYS_DIR": str(instance / "keys"),
        "TESTING": True,
    })
    with app.app_context():
        upgrade()
        yield app
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="module")
def services_env(services_app, mail_catcher):
    return process_env(
        services_app.config, MAIL_URL=mail_catcher.url, IMPORT_CHUNK_ROWS=CHUNK_ROWS, JOB_LEASE_SECONDS=LEASE_SECONDS,
        JOB_SWEEP_SECONDS=0.5, JOB_RESEND_SECONDS=2, SCHEDULER_TICK_SECONDS=0.2,
    )


@pytest.fixture(scope="module")
def services_api(services_env, process_logs):
    process, base_url = start_api(services_env, process_logs, name="restarts-api")
    yield base_url
    process.stop()


@pytest.fixture(scope="module")
def scheduler(services_env, process_logs):
    process = Process("restarts-scheduler", [sys.executable, "-m", "scheduler"], services_env, process_logs)
    process.wait_for_output("scheduler started", timeout=60)
    yield process
    process.stop()


@pytest.fixture
def workers(services_env, process_logs, request):
    """Starts workers for the test (``workers()`` answers a new one); those still running are stopped at its end."""
    started = []
    stem = re.sub(r"\W+", "-", request.node.name).strip("-")[:50]

    def start():
        started.append(start_worker(services_env, process_logs, name=f"{stem}-{len(started) + 1}"))
        return started[-1]

    yield start
    for worker in started:
        worker.stop()


@dataclass(frozen=True, eq=False)
class Importer:
    client_id: int
    email: str
    headers: dict


def new_importer(app):
    """A client of its own and a user of it with an e-mail address."""
    factory = Factory(app)
    client = factory.client()
    user = factory.user("client", client, username=f"importer.{client.id}", email=f"importer.{client.id}@restarts.test")
    importer = Importer(client.id, user.email, factory.headers(user))
    db.session.rollback()  # no transaction left open while the test runs
    return importer


@pytest.fixture
def importer(services_app):
    return new_importer(services_app)


def item_rows(importer, batch=0):
    return [
        {"upc": f"8{importer.client_id:04d}{batch}{n:06d}", "sku": f"R{importer.client_id}-{batch}-{n:06d}",
         "name": f"Restart item {n}", "category": "Restarts", "cost": f"{n % 500 + 1}.25", "weight": "1.5"}
        for n in range(ROWS)
    ]


def upload(base_url, importer, rows):
    answer = requests.post(f"{base_url}/api/v4/items/bulk?runAsync=true", json=rows, headers=importer.headers, timeout=120)
    assert answer.status_code == 202, answer.text[:2000]
    return answer.json()["id"]


def job_row(job_id):
    """The job as committed (a row of plain values), or None while the database does not answer."""
    try:
        return db.session.execute(
            select(Job.state, Job.total, Job.processed, Job.succeeded, Job.failed, Job.error, Job.attempts).filter_by(id=job_id)
        ).one()
    except DBAPIError:
        return None
    finally:
        db.session.rollback()


def mid_job(job_id, fraction=0.2):
    """Waits until the job has committed ``fraction`` of its rows, and not all of them."""
    job = wait_until(lambda: (row := job_row(job_id)) is not None and row.processed >= ROWS * fraction and row,
                     JOB_TIMEOUT, f"job {job_id} to apply {fraction:.0%} of its rows")
    assert job.state == "running" and job.processed < ROWS, "the job ended before the fault: make it bigger"
    return job


@contextmanager
def job_held_in_a_chunk(postgres):
    """Holds the items table so the running job's next chunk waits in its COPY (the statement that
    writes the rows, where a chunk spends most of its time), and yields once it does: a fault then
    lands inside a chunk's transaction, however fast or busy the machine is. The job goes on when
    the block ends (or when a restart ends the holding session)."""
    dsn = f"host=127.0.0.1 port={postgres.port} user=postgres dbname=postgres"
    holder, watcher = psycopg.connect(dsn), psycopg.connect(dsn, autocommit=True)
    try:
        holder.execute("LOCK TABLE item_types IN SHARE MODE")
        wait_until(lambda: watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY item_types%' AND wait_event_type = 'Lock'"
        ).fetchone()[0], 60, "a chunk's COPY to wait")
        yield
    finally:
        holder.close()
        watcher.close()


def wait_for_the_end(job_id):
    """The job once it ended, and its result mail once sent. From then on no second copy can go out:
    a delivery claims the mail first and skips it once it was sent."""
    job = wait_until(lambda: (row := job_row(job_id)) is not None and row.state in ENDED_STATES and row,
                     JOB_TIMEOUT, f"job {job_id} to end")
    wait_until(lambda: db.session.scalar(select(OutboundEmail.sent_at).filter_by(key=result_mail_key(job_id))),
               60, f"the result mail of job {job_id} to be sent")
    db.session.rollback()
    return job


def assert_every_row_applied_once(job_id, importer, rows, base_url):
    job = job_row(job_id)
    assert (job.state, job.total, job.processed, job.succeeded, job.failed, job.error) == (
        "succeeded", len(rows), len(rows), len(rows), 0, None)
    # (client, UPC) is unique, so a row applied twice would have failed the second time (failed > 0).
    upcs = db.session.scalars(select(ItemType.upc).where(
        ItemType.client_id == importer.client_id, ItemType.created_by_job_id == job_id)).all()
    db.session.rollback()
    assert len(upcs) == len(rows) and set(upcs) == {row["upc"] for row in rows}
    # The API answers again (fresh connections after the restarts) and says the mail went out.
    answer = requests.get(f"{base_url}/api/v4/jobs/{job_id}", headers=importer.headers, timeout=30)
    assert answer.status_code == 200, answer.text
    assert (answer.json()["state"], answer.json()["result_mail"]["state"]) == ("succeeded", "sent")


def assert_one_result_mail_per_job(job_ids, importer, mail):
    """Called once the workers stopped (a warm shutdown ends what they were doing), so every mail they
    would have sent has arrived. Each job's mail has a Message-ID of its own (made from its key)."""
    received = [message for message in mail.messages if message["To"] == importer.email]
    assert len(received) == len(job_ids), [message["Subject"] for message in received]
    assert len({message["Message-ID"] for message in received}) == len(job_ids)
    assert all(f"{ROWS} applied, 0 failed" in message.get_body().get_content() for message in received)


def test_postgresql_restarted_inside_a_chunk(postgres, services_api, scheduler, workers, importer, mail):
    """pg_ctl restart -m fast ends every session (57P01) while a chunk writes: the job is tried again
    once its lease ran out, from the chunks it had committed."""
    rows = item_rows(importer)
    worker = workers()
    job_id = upload(services_api, importer, rows)
    mid_job(job_id)

    with job_held_in_a_chunk(postgres):
        postgres.restart("fast")

    job = wait_for_the_end(job_id)
    worker.stop()
    assert job.attempts >= 2, "the job did not meet the restart"
    assert_every_row_applied_once(job_id, importer, rows, services_api)
    assert_one_result_mail_per_job([job_id], importer, mail)


def test_postgresql_down_for_a_while_mid_job(postgres, services_app, services_api, scheduler, workers, importer, mail):
    """Two jobs: the first ends just before PostgreSQL stops, so the worker takes its result mail
    while the database is down; the second is mid-job when it stops. The database stays down until
    the second job's retry and the mail met it and the scheduler's ticks failed: nothing is failed or
    dropped, and neither process gives up."""
    ended_first = new_importer(services_app)
    batches = {ended_first: item_rows(ended_first), importer: item_rows(importer)}
    worker = workers()
    first = upload(services_api, ended_first, batches[ended_first])
    mid_job(first)
    with job_held_in_a_chunk(postgres):  # the second job is queued before the first one ends
        second = upload(services_api, importer, batches[importer])
    # The first job's mail waits in the queue behind the second job, which the worker runs next.
    mid_job(second)

    failed_ticks, before = scheduler.output().count("scheduler tick failed"), len(worker.output())
    postgres.stop("fast")
    wait_until(lambda: re.search(r"deliver_email\[[\w-]+\] (succeeded|raised|retry)", worker.output()[before:]), 60,
               "the worker to try the first job's mail while the database is down")
    wait_until(lambda: len(re.findall(r"run_job\[[\w-]+\] retry: Retry in", worker.output())) >= 2, 60,
               "the second job to be tried again while the database is down")
    scheduler.wait_for_output("scheduler tick failed", count=failed_ticks + 1, timeout=60)
    # The API answers at once meanwhile, with a server error that shows nothing of the database.
    down = requests.get(f"{services_api}/api/v4/jobs/{second}", headers=importer.headers, timeout=30)
    assert down.status_code in (500, 503) and "OperationalError" not in down.text, down.text
    postgres.start()

    jobs = {who: (job_id, wait_for_the_end(job_id)) for who, job_id in ((ended_first, first), (importer, second))}
    worker.stop()
    assert jobs[importer][1].attempts >= 2
    for who, (job_id, _) in jobs.items():
        assert_every_row_applied_once(job_id, who, batches[who], services_api)
        assert_one_result_mail_per_job([job_id], who, mail)


@pytest.mark.parametrize("keep_data", [True, False], ids=["restart", "crash"])
def test_redis_restarted_mid_job(keep_data, postgres, redis_server, services_api, scheduler, workers, importer, mail):
    """The worker runs the first job while the second waits in Redis. Restarted, Redis keeps both
    messages; crashed, it loses them (the running job's, unacknowledged, and the waiting one's), and
    the sweep sends the waiting job again. The running job goes on meanwhile and mails through the
    new connection."""
    batches = [item_rows(importer, 0), item_rows(importer, 1)]
    job_ids = [upload(services_api, importer, rows) for rows in batches]
    worker = workers()
    mid_job(job_ids[0])

    with job_held_in_a_chunk(postgres):
        redis_server.restart(keep_data=keep_data)
        worker.wait_for_output("Connection to broker lost", timeout=60)
        worker.wait_for_output("Connected to redis://", count=2, timeout=60)

    ended = [wait_for_the_end(job_id) for job_id in job_ids]
    worker.stop()
    assert [job.state for job in ended] == ["succeeded", "succeeded"]
    for job_id, rows in zip(job_ids, batches):
        assert_every_row_applied_once(job_id, importer, rows, services_api)
    assert_one_result_mail_per_job(job_ids, importer, mail)


def test_a_worker_killed_mid_job_and_another_started(services_api, scheduler, workers, importer, mail):
    """Redis keeps the killed worker's message for its visibility timeout (an hour); the sweep sends
    the job again once the dead worker's lease ran out, and the new worker finishes it."""
    rows = item_rows(importer)
    first = workers()
    job_id = upload(services_api, importer, rows)
    mid_job(job_id)

    first.kill()
    assert job_row(job_id).processed < ROWS, "the job ended before the worker was killed: make it bigger"
    second = workers()

    job = wait_for_the_end(job_id)
    second.stop()
    assert job.attempts == 2
    assert any(job_id in line for line in scheduler.output().splitlines() if "nobody was running" in line)
    assert_every_row_applied_once(job_id, importer, rows, services_api)
    assert_one_result_mail_per_job([job_id], importer, mail)
