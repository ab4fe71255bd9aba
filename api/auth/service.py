"""Password login: verifies credentials, throttles repeated failures, issues tokens."""
from datetime import timedelta

from sqlalchemy import delete, func, select

from api.auth.models import LoginFailure
from api.common.errors import TooManyRequests, Unauthorized
from api.common.passwords import verify_password
from api.common.timeutil import utcnow
from api.common.tokens import issue_token
from api.extensions import db
from api.users.models import User


def _recent_failures(config, username, ip_address):
    since = utcnow() - timedelta(seconds=config["LOGIN_WINDOW_SECONDS"])
    by_user = db.session.scalar(select(func.count()).where(LoginFailure.username == username, LoginFailure.at >= since))
    by_address = db.session.scalar(select(func.count()).where(LoginFailure.ip_address == ip_address, LoginFailure.at >= since))
    return by_user, by_address


def login(config, username, password, ip_address):
    """Token answer for valid credentials; Unauthorized or TooManyRequests otherwise."""
    by_user, by_address = _recent_failures(config, username, ip_address)
    limit = config["LOGIN_MAX_FAILURES"]
    # An address gets more room than one username so colleagues behind one NAT are not locked out.
    if by_user >= limit or by_address >= limit * 4:
        raise TooManyRequests("Too many failed logins. Wait a few minutes and try again.", code="too_many_attempts")

    user = db.session.scalars(select(User).filter_by(username=username)).first()
    if not verify_password(user.password_hash if user else None, password) or not user.active:
        db.session.add(LoginFailure(username=username, ip_address=ip_address))
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
