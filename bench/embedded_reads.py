"""Reads during a large items import on the embedded default (SQLite file, filesystem broker).

Migrates a fresh SQLite file in a temporary instance folder, starts the API (gunicorn), a Celery
worker (two pool processes, as ./portal up) and the scheduler, creates N items with one upload, then
sends an update of all N items and, while that job runs, reads GET /api/v4/users, /api/v4/items and
/api/v4/jobs from three threads each. Prints, per path, the reads done during the job with their
p50_ms=, p95_ms= and max_ms=, any non-200 answers (errors=), the job's duration and whether any
process logged "database is locked".

    .venv/bin/python bench/embedded_reads.py [--rows 100000]
"""
import argparse
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

from _common import make_clients, migrated_app, percentile

PATHS = ("/api/v4/users", "/api/v4/items?limit=50", "/api/v4/jobs")


def rows(count, name):
    return [{"upc": f"{720000000000 + n}", "sku": f"READ-{n:07d}", "name": f"{name} {n}", "category": "Bench",
             "cost": f"{n % 500 + 1}.25", "value": f"{n % 900 + 1}.50"} for n in range(count)]


def upload(base_url, headers, body):
    answer = requests.post(f"{base_url}/api/v4/items/bulk?runAsync=true", json=body, headers=headers, timeout=600)
    if answer.status_code != 202:
        raise SystemExit(f"upload refused: {answer.status_code} {answer.text[:500]}")
    return answer.json()["id"]


def job_of(base_url, headers, job_id):
    return requests.get(f"{base_url}/api/v4/jobs/{job_id}", headers=headers, timeout=120).json()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--threads-per-path", type=int, default=3)
    args = parser.parse_args()

    from tests.live import Process, VENV_BIN, process_env, start_api

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    instance = Path(tempfile.mkdtemp(prefix="portal-bench-embedded-"))
    config = {
        "INSTANCE_DIR": str(instance), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'portal.db'}",
        "CELERY_BROKER_URL": "filesystem://", "CELERY_BROKER_FOLDER": str(instance / "broker"),
        "MAIL_FOLDER": str(instance / "mail"), "JWT_KEYS_DIR": str(instance / "keys"),
    }
    app = migrated_app(config)
    (client_id,), headers = make_clients(app, 1)
    env = process_env(app.config)
    processes = []
    try:
        worker = Process("bench-worker", [str(VENV_BIN / "celery"), "-A", "worker.app", "worker", "--loglevel=INFO",
                                          "--concurrency=2", "-n", "bench-worker@%h"], env, instance)
        worker.wait_for_output("ready.")
        processes.append(worker)
        processes.append(Process("bench-scheduler", [sys.executable, "-m", "scheduler"], env, instance))
        api, base_url = start_api(env, instance, name="bench-api")
        processes.append(api)

        created = upload(base_url, headers, rows(args.rows, "Created"))
        while job_of(base_url, headers, created)["state"] in ("queued", "running"):
            time.sleep(0.5)
        update = upload(base_url, headers, rows(args.rows, "Updated"))

        timings = {path: [] for path in PATHS}
        errors = []
        stop = threading.Event()

        def read(path):
            session = requests.Session()
            while not stop.is_set():
                started = time.perf_counter()
                answer = session.get(base_url + path, headers=headers, timeout=120)
                elapsed = time.perf_counter() - started
                if answer.status_code != 200:
                    errors.append((path, answer.status_code, answer.text[:200]))
                elif job_of_running[0]:
                    timings[path].append(elapsed)

        job_of_running = [False]
        readers = [threading.Thread(target=read, args=(path,), daemon=True) for path in PATHS for _ in range(args.threads_per_path)]
        for reader in readers:
            reader.start()
        while (job := job_of(base_url, headers, update))["state"] == "queued":
            time.sleep(0.05)
        job_of_running[0] = True
        while (job := job_of(base_url, headers, update))["state"] == "running":
            time.sleep(0.2)
        job_of_running[0] = False
        stop.set()
        for reader in readers:
            reader.join()
    finally:
        for process in processes:
            process.stop()
    locked = [process.name for process in processes if "database is locked" in process.output()]

    print(f"rows={args.rows} job_state={job['state']} succeeded={job['succeeded']} failed={job['failed']}")
    print(f"job_s={(_seconds(job['finished_at']) - _seconds(job['started_at'])):.1f}")
    for path, values in timings.items():
        if values:
            print(f"{path} reads={len(values)} p50_ms={percentile(values, 0.5) * 1000:.0f} "
                  f"p95_ms={percentile(values, 0.95) * 1000:.0f} max_ms={max(values) * 1000:.0f}")
        else:
            print(f"{path} reads=0")
    print(f"errors={len(errors)} {errors[:3]}")
    print(f"database_is_locked_in_logs={locked}")


def _seconds(iso):
    from datetime import datetime

    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


if __name__ == "__main__":
    main()
