"""The embedded default (one SQLite file, the filesystem broker) under load: an API under gunicorn,
two Celery workers and a scheduler, with items imports running side by side, a report scheduled
every second and users, items and jobs read all along. No process meets "database is locked", no
answer is a 5xx, every read answers what is in the database, every import applies every row once
and every scheduled run is mailed.

SQLite only: the locking this loads is the embedded default's (PostgreSQL has its own suite).
The processes use a broker folder of their own, so no other test's worker takes their messages.
"""
import sys
import threading

import pytest
import requests
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.products.models import ItemType
from api.reports.models import ReportSchedule, ScheduleRun
from api.reports.schedules.firing import next_fire_at
from tests.conftest import BACKEND
from tests.integration.test_import_resume import wait_for
from tests.live import VENV_BIN, Process, start_api, wait_for_job, wait_until_quiet
from tests.reports.test_scheduling import make_report

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(BACKEND != "embedded", reason="loads the embedded default's SQLite file"),
]

EVERY_SECOND = "* * * * * ?"
FIRST_ROWS = 12_000  # created first, then updated while the second import creates more
SECOND_ROWS = 8_000
LOCK_ERRORS = ("database is locked", "database table is locked", "OperationalError")


def item_rows(start, count, name):
    return [
        {"upc": f"{710000000000 + n}", "sku": f"LOAD-{n:07d}", "name": f"{name} {n}", "category": "Load",
         "cost": f"{n % 500 + 1}.25", "value": f"{n % 900 + 1}.50", "weight": "1.5"}
        for n in range(start, start + count)
    ]


def upload(base_url, headers, rows):
    answer = requests.post(f"{base_url}/api/v4/items/bulk?runAsync=true", json=rows, headers=headers, timeout=120)
    assert answer.status_code == 202, answer.text[:2000]
    return answer.json()["id"]


class Readers:
    """Threads reading users, items and jobs through the API until stopped, checking each answer."""

    def __init__(self, base_url, headers, username, threads_per_path=1):
        self.base_url, self.headers, self.username = base_url, headers, username
        self.answers, self.wrong = [], []
        self.job_ids = set()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        checks = {"/api/v4/users": self._users, "/api/v4/items?limit=50": self._items, "/api/v4/jobs": self._jobs}
        self._threads = [threading.Thread(target=self._read, args=(path, check), daemon=True)
                         for path, check in checks.items() for _ in range(threads_per_path)]

    def __enter__(self):
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        for thread in self._threads:
            thread.join(150)

    def started(self, job_id):
        """Record a job the jobs list must show from now on; answers its id."""
        with self._lock:
            self.job_ids.add(job_id)
        return job_id

    def count(self, path_start):
        with self._lock:
            return sum(1 for path, _ in self.answers if path.startswith(path_start))

    def _read(self, path, check):
        session = requests.Session()
        while not self._stop.is_set():
            with self._lock:
                known_jobs = set(self.job_ids)  # those created before the request was sent
            answer = session.get(self.base_url + path, headers=self.headers, timeout=120)
            problem = check(answer.json(), known_jobs) if answer.status_code == 200 else None
            with self._lock:
                self.answers.append((path, answer.status_code))
                if answer.status_code != 200:
                    self.wrong.append((path, answer.status_code, answer.text[:500]))
                elif problem:
                    self.wrong.append((path, problem))

    def _users(self, body, known_jobs):
        if self.username not in [user["username"] for user in body["users"]]:
            return f"{self.username} missing from {body}"

    def _items(self, body, known_jobs):
        items = body["items"]
        if len(items) != 50 and body["cursor"] is not None:
            return f"{len(items)} items and a cursor"
        if any(not item["upc"].startswith("71") or not item["name"].startswith(("First", "Updated", "Second"))
               for item in items):
            return f"unexpected items {items[:3]}"

    def _jobs(self, body, known_jobs):
        missing = known_jobs - {job["id"] for job in body["jobs"]}
        if missing:
            return f"jobs {missing} not listed"


def start_worker(env, log_dir, name):
    """A worker as ./portal up starts it: two pool processes, so a scheduled run goes on beside an import."""
    worker = Process(name, [str(VENV_BIN / "celery"), "-A", "worker.app", "worker", "--loglevel=INFO", "--concurrency=2",
                            "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"], env, log_dir)
    worker.wait_for_output("ready.")
    return worker


def start_scheduler(env, log_dir):
    scheduler = Process("load-scheduler", [sys.executable, "-m", "scheduler"], {**env, "SCHEDULER_TICK_SECONDS": "0.2"}, log_dir)
    scheduler.wait_for_output("scheduler started", timeout=60)
    return scheduler


def scheduled_runs():
    db.session.expire_all()
    return db.session.scalars(select(ScheduleRun)).all()


def test_imports_scheduled_runs_and_reads_side_by_side_meet_no_lock_and_read_right(
    app, factory, live_env, process_logs, mail, tmp_path,
):
    env = {**live_env, "CELERY_BROKER_URL": "filesystem://", "CELERY_BROKER_FOLDER": str(tmp_path / "broker")}
    acme = factory.client("Acme")
    user = factory.user("client", acme, username="acme.loader", email="loader@acme.test")
    headers = factory.headers(user)
    report = make_report()
    processes = []
    try:
        workers = [start_worker(env, process_logs, "load-worker-1"), start_worker(env, process_logs, "load-worker-2")]
        processes.extend(workers)
        processes.append(start_scheduler(env, process_logs))
        api, base_url = start_api(env, process_logs, "load-api")
        processes.append(api)

        with Readers(base_url, headers, user.username) as readers:
            db.session.add(ReportSchedule(
                report_id=report.id, name="Every second", is_active=True, crontab=EVERY_SECOND, time_zone="UTC",
                context=str(acme.id), email_addresses_string="ops@example.com", email_text="Scheduled.",
                suppress_on_empty=True, created_by_username="admin", next_fire_at=next_fire_at(EVERY_SECOND, "UTC", utcnow()),
            ))
            db.session.commit()

            first = readers.started(upload(base_url, headers, item_rows(0, FIRST_ROWS, "First")))
            assert wait_for_job(base_url, headers, first, timeout=300)["succeeded"] == FIRST_ROWS

            # The second import creates items while the third updates those of the first.
            second = readers.started(upload(base_url, headers, item_rows(FIRST_ROWS, SECOND_ROWS, "Second")))
            third = readers.started(upload(base_url, headers, item_rows(0, FIRST_ROWS, "Updated")))
            reads_before = {path: readers.count(path) for path in ("/api/v4/users", "/api/v4/items", "/api/v4/jobs")}
            ended = [wait_for_job(base_url, headers, job_id, timeout=300) for job_id in (second, third)]
            # Reads were answered while the imports ran, not only before or after them.
            assert all(readers.count(path) > count for path, count in reads_before.items()), reads_before

            db.session.execute(ReportSchedule.__table__.update().values(is_active=False, next_fire_at=None))
            db.session.commit()
            wait_for(lambda: scheduled_runs() and all(run.state not in ("queued", "running") for run in scheduled_runs()),
                     120, "the scheduled runs to end")
            wait_until_quiet(env, workers)
    finally:
        outputs = {process.name: (process.stop(), process.output()) for process in processes}

    assert [(job["state"], job["succeeded"], job["failed"]) for job in ended] == [
        ("succeeded", SECOND_ROWS, 0), ("succeeded", FIRST_ROWS, 0)]
    assert readers.wrong == []
    assert readers.answers and all(status == 200 for _, status in readers.answers)
    for name, (_, output) in outputs.items():
        for error in LOCK_ERRORS:
            assert error not in output, f"{name}: {output[output.index(error) - 2000:][:4000]}"

    db.session.expire_all()
    names = dict(db.session.execute(select(ItemType.upc, ItemType.name).filter_by(client_id=acme.id)).all())
    assert len(names) == FIRST_ROWS + SECOND_ROWS
    assert all(names[row["upc"]] == row["name"] for row in item_rows(0, FIRST_ROWS, "Updated") + item_rows(FIRST_ROWS, SECOND_ROWS, "Second"))

    # Runs claimed ahead for after the schedule was switched off are skipped; every other one is mailed.
    runs = scheduled_runs()
    sent = [run for run in runs if run.state == "sent"]
    assert sent and all(run.state in ("sent", "skipped") for run in runs), [(run.due_at, run.state, run.error) for run in runs]
    assert max(run.due_at for run in sent) < min((run.due_at for run in runs if run.state == "skipped"), default=utcnow())
    assert len({run.due_at for run in runs}) == len(runs)
    mail.wait_for(len(sent) + 3, timeout=60)  # and the three imports' result mails
    assert len([message for message in mail.messages if message["To"] == "ops@example.com"]) == len(sent)
