"""Real processes for integration and end-to-end tests: the API under gunicorn, a Celery worker and
an SMTP server (aiosmtpd) that keeps what it receives."""
import os
import socket
import subprocess
import sys
import threading
import time
from email import message_from_bytes, policy
from pathlib import Path

import requests

from aiosmtpd.controller import Controller

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
         "--graceful-timeout", "5", "--no-control-socket", "api.app:create_app()"],
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
