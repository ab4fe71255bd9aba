"""Login limits under concurrency: the per-username limit counts atomically, every 429 says when to
come back, and a noisy address is slowed down instead of locking out everyone behind it."""
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
import requests
from sqlalchemy import func, select, update

from api.auth import service
from api.auth.models import LoginFailure
from api.common.timeutil import utcnow
from api.extensions import db
from tests.api.helpers import assert_error
from tests.factories import PASSWORD
from tests.live import process_env, start_api

TOKEN_URL = "/api/v4/auth/token"
SIMULTANEOUS_GUESSES = 30


def login(client, username, password=PASSWORD):
    return client.post(TOKEN_URL, json={"username": username, "password": password})


def stored_failures(username):
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(LoginFailure).where(LoginFailure.username == username))


def retry_after_seconds(response):
    assert "Retry-After" in response.headers, dict(response.headers)
    return int(response.headers["Retry-After"])


@pytest.fixture(scope="module")
def login_api(app, process_logs):
    """The API under gunicorn (several processes and threads), so guesses really run side by side."""
    process, base_url = start_api(process_env(app.config), process_logs, name="login-limits-api")
    yield base_url
    process.stop()


@pytest.fixture
def recorded_delays(monkeypatch):
    """The address delays the login applies, recorded instead of waited out."""
    delays = []
    monkeypatch.setattr(service, "sleep", delays.append)
    return delays


def test_simultaneous_wrong_passwords_run_at_most_the_allowed_password_checks(app, login_api, acme_manager):
    start_together = threading.Barrier(SIMULTANEOUS_GUESSES)

    def guess(number):
        start_together.wait()
        return requests.post(f"{login_api}{TOKEN_URL}", json={"username": "acme.manager", "password": f"guess-{number}"}, timeout=60)

    with ThreadPoolExecutor(SIMULTANEOUS_GUESSES) as pool:
        answers = list(pool.map(guess, range(SIMULTANEOUS_GUESSES)))

    statuses = [answer.status_code for answer in answers]
    assert set(statuses) <= {401, 429}, [answer.text for answer in answers if answer.status_code not in (401, 429)]
    limit = app.config["LOGIN_MAX_FAILURES"]
    # A 401 is the answer of a password that was checked and found wrong.
    assert statuses.count(401) <= limit, statuses
    assert stored_failures("acme.manager") == statuses.count(401)
    for refused in (answer for answer in answers if answer.status_code == 429):
        assert refused.json()["error"] == "too_many_attempts"
        assert 1 <= retry_after_seconds(refused) <= app.config["LOGIN_WINDOW_SECONDS"]


def test_429_says_how_long_until_the_window_frees_a_slot(client, app, acme_manager):
    limit, window = app.config["LOGIN_MAX_FAILURES"], app.config["LOGIN_WINDOW_SECONDS"]
    for _ in range(limit):
        assert_error(login(client, "acme.manager", "guess"), 401, "invalid_credentials")
    # The oldest failure leaves the window in 40 seconds.
    db.session.execute(update(LoginFailure).values(at=utcnow() - timedelta(seconds=window - 40)))
    db.session.commit()

    refused = login(client, "acme.manager")

    assert_error(refused, 429, "too_many_attempts")
    assert 38 <= retry_after_seconds(refused) <= 40
    assert stored_failures("acme.manager") == limit, "a refused attempt must not extend the lockout"

    db.session.execute(update(LoginFailure).values(at=utcnow() - timedelta(seconds=window + 1)))
    db.session.commit()
    assert login(client, "acme.manager").status_code == 200


def test_a_right_password_clears_the_failures_of_the_username(client, app, acme_manager):
    limit = app.config["LOGIN_MAX_FAILURES"]
    for _ in range(limit - 1):
        assert_error(login(client, "acme.manager", "guess"), 401, "invalid_credentials")

    assert login(client, "acme.manager").status_code == 200

    assert stored_failures("acme.manager") == 0
    for _ in range(limit):
        assert_error(login(client, "acme.manager", "guess"), 401, "invalid_credentials")
    assert_error(login(client, "acme.manager"), 429, "too_many_attempts")


def test_failures_from_one_address_slow_it_down_but_never_lock_out_a_user_with_the_right_password(
    client, app, admin, recorded_delays,
):
    limit = app.config["LOGIN_MAX_FAILURES"]
    failures = 4 * limit + 1
    for number in range(failures):
        assert_error(login(client, f"visitor.{number}", "guess"), 401, "invalid_credentials")

    answer = login(client, "ops.admin")

    assert answer.status_code == 200, answer.get_data(as_text=True)
    # A few mistakes from an address cost nothing; beyond them each attempt waits longer, up to the cap.
    assert recorded_delays[:limit + 1] == [0] * (limit + 1)
    assert recorded_delays == sorted(recorded_delays)
    assert recorded_delays[limit + 1] > 0
    assert recorded_delays[-1] == app.config["LOGIN_ADDRESS_DELAY_MAX_SECONDS"]


def test_the_username_limit_still_holds_on_a_busy_address(client, app, acme_manager, factory, acme, recorded_delays):
    factory.user("client", acme, username="colleague")
    for number in range(3 * app.config["LOGIN_MAX_FAILURES"]):
        login(client, f"visitor.{number}", "guess")
    for _ in range(app.config["LOGIN_MAX_FAILURES"]):
        assert_error(login(client, "acme.manager", "guess"), 401, "invalid_credentials")

    assert_error(login(client, "acme.manager"), 429, "too_many_attempts")
    assert login(client, "colleague").status_code == 200
