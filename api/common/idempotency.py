"""``Idempotency-Key`` for creating calls: a repeated key answers the first answer again.

The key is reserved before the work starts, so a second request arriving while the first still runs
is told so (409) instead of doing the work twice; a failed first attempt frees the key.

A body the view reads as a stream (a CSV upload) is not held to be compared: its fingerprint is
taken from the digest of what was read, once the view has read it, and a repeated key reads the
body through its digest only before answering the first answer.
"""
import hashlib
import json
from functools import wraps

import orjson
from flask import Response, g, request
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from api.common.auth import current_identity
from api.common.errors import ApiError, Conflict, InvalidInput
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

        record = db.session.scalars(select(IdempotencyKey).filter_by(**owner)).first()
        # A streamed body is read once: by the view when the key is new, here when it is not.
        fingerprint = _fingerprint(streamed) if record is not None or not streamed else _PENDING
        if record is None:
            record = IdempotencyKey(**owner, fingerprint=fingerprint)
            db.session.add(record)
            try:
                db.session.commit()
            except IntegrityError:
                db.session.rollback()
                raise Conflict("A request with this Idempotency-Key is still in progress.", code="idempotency_key_in_use") from None
        else:
            if record.fingerprint == _PENDING:
                raise Conflict("A request with this Idempotency-Key is still in progress.", code="idempotency_key_in_use")
            if record.fingerprint != fingerprint:
                raise UnprocessableKey("This Idempotency-Key was already used for a different request.")
            if record.response_status is None:
                raise Conflict("A request with this Idempotency-Key is still in progress.", code="idempotency_key_in_use")
            return _replay(record)

        record_id = record.id
        try:
            response = view(*args, **kwargs)
        except Exception:
            db.session.rollback()
            db.session.execute(delete(IdempotencyKey).where(IdempotencyKey.id == record_id))
            db.session.commit()
            raise
        record = db.session.get(IdempotencyKey, record_id)
        if streamed:
            record.fingerprint = _fingerprint(streamed)
        record.response_status = response.status_code
        record.response_body = response.get_data(as_text=True)
        db.session.commit()
        return response

    return wrapper
