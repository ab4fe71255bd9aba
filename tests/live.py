"""Real processes for integration and end-to-end tests: the API under gunicorn, a Celery worker and
an SMTP server (aiosmtpd) that keeps what it receives; and, for fault tests, a PostgreSQL cluster and a
Redis server of a test's own, which it may restart or stop without touching the machine's shared ones."""
import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from email import message_from_bytes, policy
from pathlib import Path

import redis
import requests
from aiosmtpd.controller import Controller
from celery import Celery

PROJECT_ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class MailCatcher:
    """An SMTP server on loopback; ``messages`` holds every message received, parsed. It answers 550
    to the next ``refusals`` messages (counted in ``refused``), as a mail server that will not take them."""

    def __init__(self):
        self.messages = []
        self.refusals = self.refused = 0
        self._lock = threading.Lock()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        with self._lock:
            if self.refusals:
                self.refusals -= 1
                self.refused += 1
                return "550 Mailbox unavailable"
            self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    @property
    def url(self):
        return f"smtp://127.0.0.1:{self.port}"

    def wait_for(self, count, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.1)
        raise AssertionError(f"expected {count} messages, got {len(self.messages)}")

    def clear(self):
        with self._lock:
            self.messages.clear()
            self.refusals = self.refused = 0


def process_env(config, **extra):
    """Environment for a portal process with the same configuration as the tests' app."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PORTAL_", "PYTEST"))}
    env.update({
        "INSTANCE_DIR": config["INSTANCE_DIR"],
        "DATABASE_URL": config["SQLALCHEMY_DATABASE_URI"],
        "CELERY_BROKER_URL": config["CELERY_BROKER_URL"],
        "CELERY_BROKER_FOLDER": config["CELERY_BROKER_FOLDER"],
        "BROKER_KEY_PREFIX": config["BROKER_KEY_PREFIX"],
        "MAIL_FOLDER": config["MAIL_FOLDER"],
        "JWT_KEYS_DIR": config["JWT_KEYS_DIR"],
        "PYTHONUNBUFFERED": "1",
    })
    env.update({k: str(v) for k, v in extra.items()})
    return env


class Process:
    """A child process whose combined output is kept in a log file for assertions and failures."""

    def __init__(self, name, args, env, log_dir):
        self.name = name
        self.log_path = Path(log_dir) / f"{name}.log"
        self._log = open(self.log_path, "wb")
        self.popen = subprocess.Popen(args, env=env, cwd=PROJECT_ROOT, stdout=self._log, stderr=subprocess.STDOUT)

    def output(self):
        return self.log_path.read_text(errors="replace")

    def wait_for_output(self, text, timeout=60, count=1):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.output().count(text) >= count:
                return
            if self.popen.poll() is not None:
                raise AssertionError(f"{self.name} exited early:\n{self.output()[-3000:]}")
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not print {text!r} {count} time(s):\n{self.output()[-3000:]}")

    def kill(self):
        """SIGKILL the process and every process under it (a worker's pool), as when its machine dies."""
        for pid in _process_tree(self.popen.pid):  # the parent first, so it cannot replace a pool process
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.popen.wait()

    def stop(self, timeout=20):
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        self._log.close()
        return self.popen.returncode


def _process_tree(pid):
    """``pid`` and its descendants, parents first."""
    tree, todo = [], [pid]
    while todo:
        current = todo.pop(0)
        tree.append(current)
        try:
            for task in Path(f"/proc/{current}/task").iterdir():
                todo.extend(int(child) for child in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return tree


def start_worker(env, log_dir, name="worker"):
    worker = Process(
        name,
        [str(VENV_BIN / "celery"), "-A", "worker.app", "worker", "--loglevel=INFO", "--concurrency=1",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
        env, log_dir,
    )
    worker.wait_for_output("ready.")
    return worker


def start_api(env, log_dir, name="api"):
    port = free_port()
    # No control socket: gunicorn's default one is a single path per user, which every other gunicorn
    # (./portal up, benchmarks, other test runs) would take over and remove when it stops.
    api = Process(
        name,
        [str(VENV_BIN / "gunicorn"), "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
         "--graceful-timeout", "5", "--no-control-socket", "--config", "python:api.gunicorn_config", "api.wsgi:app"],
        env, log_dir,
    )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(base_url + "/api/v4/settings/ui", timeout=10).ok:
                return api, base_url
        except requests.RequestException:
            time.sleep(0.2)
        if api.popen.poll() is not None:
            break
    raise AssertionError(f"API did not start:\n{api.output()[-3000:]}")


def broker_client(app):
    """A Celery client speaking to the same broker as the workers, to send their tasks by hand."""
    celery = Celery(broker=app.config["CELERY_BROKER_URL"])
    celery.conf.broker_transport = app.extensions["celery"].conf.broker_transport
    celery.conf.broker_transport_options = app.extensions["celery"].conf.broker_transport_options
    return celery


def log_in(base_url, username, password):
    """Headers carrying a token of the live API for the user."""
    answer = requests.post(f"{base_url}/api/v4/auth/token", json={"username": username, "password": password}, timeout=10)
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


def wait_for_job(base_url, headers, job_id, timeout=120):
    """The job as the live API answers it once it has ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = requests.get(f"{base_url}/api/v4/jobs/{job_id}", headers=headers, timeout=10).json()
        if job["state"] not in ("queued", "running"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} did not end: {job}")


def wait_until(condition, timeout, what, pause=0.05):
    """The first true value of ``condition()`` within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(pause)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


# Celery's log lines for a task a worker took ("received") and for each way a run of it ends (a retry is
# received again as a new message).
_TASK_EVENT = re.compile(r"Task [\w.]+\[([\w-]+)\] (received|succeeded|retry|raised|ignored|INTERNAL ERROR)")


def unfinished_tasks(worker):
    """Ids of the tasks ``worker`` took and has not finished running, as its log tells."""
    open_runs = {}
    for task_id, event in _TASK_EVENT.findall(worker.output()):
        open_runs[task_id] = open_runs.get(task_id, 0) + (1 if event == "received" else -1)
    return {task_id for task_id, count in open_runs.items() if count > 0}


def broker_messages(config):
    """How many messages wait in the queues of the broker of ``config`` (the app's or a process
    environment). Not those a worker took: a killed worker's stay unacknowledged on Redis for the
    visibility timeout; the workers' logs tell what live ones took."""
    url = config["CELERY_BROKER_URL"]
    if url.startswith("filesystem://"):
        folder = Path(config["CELERY_BROKER_FOLDER"])
        return sum(1 for sub in ("queue", "processed") for _ in (folder / sub).iterdir())
    client = redis.Redis.from_url(url)
    prefix = config["BROKER_KEY_PREFIX"]
    held = 0
    for key in client.scan_iter(match=f"{prefix}*", count=1000, _type="list"):
        held += client.llen(key)
    return held


def wait_until_quiet(config, workers, timeout=60):
    """Wait until nothing is left to run: the broker holds no message and every task the ``workers``
    took has ended. A duplicate (a second mail, a job run twice) is made by some task, so once this
    holds every duplicate there was to come has come. The broker is counted before the logs are read:
    a message it no longer holds was taken by then."""
    def quiet():
        return broker_messages(config) == 0 and not any(unfinished_tasks(worker) for worker in workers)
    wait_until(quiet, timeout, "the broker to be empty and the workers to finish every task they took")


def wait_until_redeliverable(config, visibility_timeout):
    """Wait until the broker would hand the messages a killed worker had taken to the next worker that
    starts: on Redis once their visibility timeout has run since they were delivered (a starting
    worker restores those); the filesystem broker dropped them when they were taken, so at once."""
    if config["CELERY_BROKER_URL"].startswith("filesystem://"):
        return
    client = redis.Redis.from_url(config["CELERY_BROKER_URL"])
    index = f"{config['BROKER_KEY_PREFIX']}unacked_index"
    wait_until(lambda: client.zcount(index, f"({time.time() - visibility_timeout}", "+inf") == 0,
               visibility_timeout + 10, "the broker to hand the killed worker's messages out again")


def _listening(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


class ServiceUnavailable(Exception):
    """A server a test needs cannot be started on this machine."""


class PrivatePostgres:
    """A PostgreSQL cluster of its own: initdb into a temporary folder, served on a free loopback port
    with its socket in that folder, so a test can restart or stop it without touching the machine's
    shared server. PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres
    user. Durability is off (fsync): a test's data need not survive a machine crash, only restarts."""

    def __init__(self):
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(Path(path).parts[-3]))
        if not versions:
            raise ServiceUnavailable("no PostgreSQL server binaries under /usr/lib/postgresql/*/bin")
        self.bin = Path(versions[-1]).parent
        self._as_owner = []
        owner = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise ServiceUnavailable("PostgreSQL refuses to run as root, and there is no postgres user") from None
            self._as_owner = ["setpriv", f"--reuid={owner.pw_uid}", f"--regid={owner.pw_gid}", "--clear-groups", "--"]
        self.folder = Path(tempfile.mkdtemp(prefix="portal-pg-"))
        self.data = self.folder / "data"
        self.log_path = self.folder / "server.log"
        self.port = free_port()
        try:
            if owner is not None:
                os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._run("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
            with open(self.data / "postgresql.conf", "a") as conf:
                conf.write(
                    f"\nport = {self.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{self.folder}'\n"
                    "fsync = off\nfull_page_writes = off\nsynchronous_commit = off\nmax_connections = 200\n"
                )
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise

    @property
    def url(self):
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, program, *args, timeout=120):
        command = [*self._as_owner, str(self.bin / program), *map(str, args)]
        try:
            done = subprocess.run(command, check=False, cwd=self.folder, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.SubprocessError) as error:
            raise ServiceUnavailable(f"{program} could not be run: {error}") from error
        if done.returncode != 0:
            raise ServiceUnavailable(f"{program} {' '.join(map(str, args))} failed:\n{done.stdout}{done.stderr}\n{self.server_log()}")

    def _pg_ctl(self, *args):
        self._run("pg_ctl", "-D", self.data, "-l", self.log_path, "-w", "-t", "90", *args)

    def start(self):
        self._pg_ctl("start")

    def stop(self, mode="fast"):
        """``fast`` ends every session (they get SQLSTATE 57P01) and stops cleanly; ``immediate`` is a crash."""
        self._pg_ctl("stop", "-m", mode)

    def restart(self, mode="fast"):
        self._pg_ctl("restart", "-m", mode)

    def server_log(self):
        try:
            return self.log_path.read_text(errors="replace")[-3000:]
        except FileNotFoundError:
            return ""

    def close(self):
        if (self.data / "postmaster.pid").exists():
            try:
                self.stop("immediate")
            except ServiceUnavailable:
                pass
        shutil.rmtree(self.folder, ignore_errors=True)


class PrivateRedis:
    """A Redis server of its own on a free loopback port, so no other worker on the machine takes its
    messages and a test can restart it. ``restart(keep_data=False)`` is a crash: what was in memory
    (queued and unacknowledged messages) is gone, as after a restart of a Redis that keeps nothing."""

    def __init__(self):
        if shutil.which("redis-server") is None:
            raise ServiceUnavailable("redis-server is not installed")
        self.folder = Path(tempfile.mkdtemp(prefix="portal-redis-"))
        self.port = free_port()
        self.process = None
        self.start()

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        # A snapshot is written on shutdown (SIGTERM) and read on start, as a default Redis does.
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "3600 1", "--appendonly", "no", "--logfile", str(self.folder / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while not _listening(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise ServiceUnavailable(f"redis-server did not start:\n{self.server_log()}")
            time.sleep(0.05)

    def stop(self, keep_data=True):
        if self.process is None or self.process.poll() is not None:
            return
        if keep_data:
            self.process.terminate()
        else:
            self.process.kill()
            (self.folder / "dump.rdb").unlink(missing_ok=True)
        self.process.wait(30)

    def restart(self, keep_data=True):
        self.stop(keep_data)
        self.start()

    def server_log(self):
        try:
            return (self.folder / "redis.log").read_text(errors="replace")[-3000:]
        except FileNotFoundError:
            return ""

    def close(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(30)
        shutil.rmtree(self.folder, ignore_errors=True)
