"""Password login: verifies credentials, throttles repeated failures, issues tokens."""
import math
from datetime import timedelta
from time import sleep

from sqlalchemy import delete, func, select

from api.auth.models import LoginFailure
from api.common.errors import TooManyRequests, Unauthorized
from api.common.passwords import verify_password
from api.common.timeutil import utcnow
from api.common.tokens import issue_token
from api.extensions import db
from api.users.models import User


class LoginThrottled(TooManyRequests):
    code = "too_many_attempts"

    def __init__(self, retry_after_seconds):
        super().__init__("Too many failed logins. Wait a few minutes and try again.")
        self.retry_after_seconds = retry_after_seconds


def _record_attempt(username, ip_address):
    """Counts the attempt as a failure before its password is checked, so simultaneous attempts each
    see the others; answers the row's id."""
    attempt = LoginFailure(username=username, ip_address=ip_address)
    db.session.add(attempt)
    db.session.flush()
    attempt_id = attempt.id
    db.session.commit()
    return attempt_id


def _seconds_until_a_slot_frees(config, recent_attempts_of_others):
    limit, window = config["LOGIN_MAX_FAILURES"], config["LOGIN_WINDOW_SECONDS"]
    # Room for one more once all but limit - 1 of the others have left the window.
    frees_at = recent_attempts_of_others[len(recent_attempts_of_others) - limit] + timedelta(seconds=window)
    return max(1, math.ceil((frees_at - utcnow()).total_seconds()))


def _claim_password_check(config, username, attempt_id, since):
    """Refuses the attempt when, counting it, the username has more than the allowed failures in the
    window. Every attempt counts after its own row is committed, so however many arrive at once at most
    LOGIN_MAX_FAILURES of them see a count within the limit."""
    recent = db.session.execute(
        select(LoginFailure.id, LoginFailure.at)
        .where(LoginFailure.username == username, LoginFailure.at >= since)
        .order_by(LoginFailure.at)
    ).all()
    if len(recent) <= config["LOGIN_MAX_FAILURES"]:
        return
    recent_of_others = [at for row_id, at in recent if row_id != attempt_id]
    # A refused attempt checks no password, so it must not lengthen the lockout either.
    db.session.execute(delete(LoginFailure).where(LoginFailure.id == attempt_id))
    db.session.commit()
    raise LoginThrottled(_seconds_until_a_slot_frees(config, recent_of_others))


def _address_delay(config, ip_address, attempt_id, since):
    """Seconds a login from this address waits before its password is checked: nothing for the first
    LOGIN_MAX_FAILURES recent failures there, then LOGIN_ADDRESS_DELAY_STEP_SECONDS more per failure
    up to LOGIN_ADDRESS_DELAY_MAX_SECONDS."""
    failures = db.session.scalar(
        select(func.count()).where(LoginFailure.ip_address == ip_address, LoginFailure.at >= since, LoginFailure.id != attempt_id)
    )
    excess = max(0, failures - config["LOGIN_MAX_FAILURES"])
    return min(config["LOGIN_ADDRESS_DELAY_MAX_SECONDS"], excess * config["LOGIN_ADDRESS_DELAY_STEP_SECONDS"])


def login(config, username, password, ip_address):
    """Token answer for valid credentials; Unauthorized or LoginThrottled otherwise."""
    since = utcnow() - timedelta(seconds=config["LOGIN_WINDOW_SECONDS"])
    attempt_id = _record_attempt(username, ip_address)
    _claim_password_check(config, username, attempt_id, since)
    delay = _address_delay(config, ip_address, attempt_id, since)
    # No transaction or pooled connection is held while the address waits.
    db.session.commit()
    sleep(delay)

    user = db.session.scalars(select(User).filter_by(username=username)).first()
    if not verify_password(user.password_hash if user else None, password) or not user.active:
        db.session.execute(delete(LoginFailure).where(LoginFailure.at < utcnow() - timedelta(days=1)))
        db.session.commit()
        raise Unauthorized("Invalid username or password.", code="invalid_credentials")

    db.session.execute(delete(LoginFailure).where(LoginFailure.username == username))
    db.session.commit()
    token, ttl = issue_token(config, {
        "sub": user.username,
        "username": user.username,
        "name": user.real_name or user.username,
        "email": user.email,
        "roles": [user.role],
        "client_id": user.client_id,
    })
    return {"access_token": token, "token_type": "Bearer", "expires_in": ttl}
