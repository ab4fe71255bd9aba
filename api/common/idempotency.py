"""``Idempotency-Key`` for creating calls: a repeated key answers the first answer again.

The key is reserved before the work starts, so a second request arriving while the first still runs
is told so (409, with Retry-After: when the key's lease runs out) instead of doing the work twice; a
failed first attempt frees the key. The reservation is a lease its request renews while it runs: a key
whose request is gone without freeing it (its clean-up met the database down, its process was killed)
is taken over once the lease has run out, so the retry a 503 asked for is answered rather than refused
for good.

A body the view reads as a stream (a CSV upload) is not held to be compared: its fingerprint is
taken from the digest of what was read, once the view has read it, and a repeated key reads the
body through its digest only before answering the first answer.
"""
import hashlib
import json
import math
from functools import wraps

import orjson
from flask import Response, current_app, g, request
from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from api.common.auth import current_identity
from api.common.errors import ApiError, Conflict, InvalidInput
from api.common.leases import LeaseRenewal, lease_end
from api.common.stored_input import json_body
from api.common.upload_stream import body_digest, streams_body
from api.common.timeutil import utcnow
from api.extensions import db

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 200


class IdempotencyKey(db.Model):
    __tablename__ = "idempotency_keys"
    __table_args__ = (db.UniqueConstraint("issuer", "username", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    issuer: Mapped[str] = mapped_column(db.String(255))
    username: Mapped[str] = mapped_column(db.String(150))
    key: Mapped[str] = mapped_column(db.String(MAX_KEY_LENGTH))
    fingerprint: Mapped[str] = mapped_column(db.String(64))
    response_status: Mapped[int | None]
    response_body: Mapped[str | None] = mapped_column(db.Text)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    # Until when the request holding the key is known to be alive (it renews this while it runs).
    lease_expires_at: Mapped[object | None] = mapped_column(db.DateTime)


_PENDING = "pending"  # the fingerprint of a streamed body still being read


class UnprocessableKey(ApiError):
    status = 422
    code = "idempotency_key_reused"


def _canonical_body():
    """The body as compared: JSON in one spelling (keys sorted, no blanks), so the same request
    formatted otherwise is the same request; a body that is not JSON as sent."""
    body = json_body()
    if body is None:
        return request.get_data(cache=True)
    try:
        return orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:  # integers beyond 64 bits
        return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _fingerprint(streamed=False):
    body = ("streamed body sha256:" + body_digest()).encode() if streamed else _canonical_body()
    digest = hashlib.sha256()
    for part in (request.method, request.path, str(g.get("client_id")), body):
        digest.update(part if isinstance(part, bytes) else part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def _replay(record):
    response = Response(record.response_body, status=record.response_status, mimetype="application/json")
    response.headers["Idempotent-Replayed"] = "true"
    return response


def retry_after(lease_expires_at, lease_seconds, now):
    """Whole seconds until a busy key's lease runs out (its full length while the holder is only being
    recorded), at least 1: when a retry may find the key free or taken over."""
    if lease_expires_at is None:
        return math.ceil(lease_seconds)
    return max(1, math.ceil((lease_expires_at - now).total_seconds()))


def _in_use(lease_expires_at, lease_seconds):
    error = Conflict("A request with this Idempotency-Key is still in progress.", code="idempotency_key_in_use")
    error.headers = {"Retry-After": str(retry_after(lease_expires_at, lease_seconds, utcnow()))}
    return error


def _take_over(record_id, fingerprint, lease_seconds):
    """Hold for this request a key whose request has not answered and no longer renews its lease;
    False while that request holds it (or when another took it over first)."""
    now = utcnow()
    abandoned = IdempotencyKey.response_status.is_(None) & or_(
        IdempotencyKey.lease_expires_at.is_(None), IdempotencyKey.lease_expires_at < now)
    taken = db.session.execute(
        update(IdempotencyKey).where(IdempotencyKey.id == record_id, abandoned)
        .values(fingerprint=fingerprint, lease_expires_at=lease_end(lease_seconds))
    ).rowcount
    db.session.commit()
    return taken == 1


def idempotent(view):
    """Apply outermost (above flask-smorest's decorators) so the stored answer is the final one."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        key = request.headers.get(HEADER)
        if key is None:
            return view(*args, **kwargs)
        if not key.strip() or len(key) > MAX_KEY_LENGTH:
            raise InvalidInput(f"{HEADER} must be 1 to {MAX_KEY_LENGTH} characters.", code="invalid_idempotency_key")
        identity = current_identity()
        streamed = streams_body()
        owner = {"issuer": identity.issuer, "username": identity.username, "key": key}
        lease_seconds = current_app.config["IDEMPOTENCY_LEASE_SECONDS"]

        # A streamed body is read once: by the view when the key is new (or taken over), here when it is not.
        def first_fingerprint():
            return _PENDING if streamed else _fingerprint()

        record = db.session.scalars(select(IdempotencyKey).filter_by(**owner)).first()
        taken_over = record is not None and record.response_status is None and _take_over(
            record.id, first_fingerprint(), lease_seconds)
        if record is not None and not taken_over:
            fingerprint = _fingerprint(streamed)
            if record.fingerprint == _PENDING:
                raise _in_use(record.lease_expires_at, lease_seconds)
            if record.fingerprint != fingerprint:
                raise UnprocessableKey("This Idempotency-Key was already used for a different request.")
            if record.response_status is None:
                raise _in_use(record.lease_expires_at, lease_seconds)
            return _replay(record)
        if record is None:
            record = IdempotencyKey(**owner, fingerprint=first_fingerprint(), lease_expires_at=lease_end(lease_seconds))
            db.session.add(record)
            try:
                db.session.commit()
            except IntegrityError:
                db.session.rollback()
                raise _in_use(None, lease_seconds) from None

        record_id = record.id
        renewal = LeaseRenewal(
            lambda until: update(IdempotencyKey).where(IdempotencyKey.id == record_id, IdempotencyKey.response_status.is_(None))
            .values(lease_expires_at=until),
            lease_seconds, f"Idempotency-Key {record_id}",
        )
        with renewal:
            try:
                response = view(*args, **kwargs)
            except Exception:
                db.session.rollback()
                db.session.execute(delete(IdempotencyKey).where(IdempotencyKey.id == record_id))
                db.session.commit()
                raise
        record = db.session.get(IdempotencyKey, record_id, populate_existing=True)
        if streamed:
            record.fingerprint = _fingerprint(streamed)
        record.response_status = response.status_code
        record.response_body = response.get_data(as_text=True)
        record.lease_expires_at = None
        db.session.commit()
        return response

    return wrapper
