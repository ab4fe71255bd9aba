"""E-mail that is sent once: queued as a keyed row, then delivered by a task that claims it."""
import hashlib
import logging
import smtplib
from datetime import timedelta, timezone
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime

from flask import current_app
from sqlalchemy import and_, or_, select, update

from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications import mailer
from api.notifications.models import OutboundEmail

log = logging.getLogger(__name__)
# A claim older than this is taken to belong to a worker that died before sending.
CLAIM_EXPIRY = timedelta(minutes=10)


def queue_email(key, recipient, subject, body, client_id=None, attachment=None):
    """Add the message for ``key`` unless it is already queued; the caller commits.

    ``attachment`` is (file name, content type, bytes).
    """
    existing = db.session.scalars(select(OutboundEmail).filter_by(key=key)).first()
    if existing is not None:
        return existing
    name, content_type, content = attachment or (None, None, None)
    email = OutboundEmail(
        key=key, client_id=client_id, recipient=recipient, subject=subject, body=body,
        attachment_name=name, attachment_type=content_type, attachment=content,
    )
    db.session.add(email)
    db.session.flush()
    return email


# Lines up to RFC 5322's limit: the standard library folds a long subject before its first word, which
# a reader unfolds into a subject that starts with a space.
MESSAGE_POLICY = policy.default.clone(max_line_length=998)


def _build_message(email, sender):
    message = EmailMessage(policy=MESSAGE_POLICY)
    message["From"] = sender
    message["To"] = email.recipient
    message["Subject"] = email.subject
    # The date the mail was queued, and a Message-ID derived from its key alone: every attempt to send
    # the same mail is the same message, so a receiving server can drop a rare duplicate delivery.
    message["Date"] = format_datetime(email.created_at.replace(tzinfo=timezone.utc))
    message["Message-ID"] = f"<{hashlib.sha256(email.key.encode()).hexdigest()[:32]}@portal.local>"
    message.set_content(email.body)
    if email.attachment is not None:
        maintype, _, subtype = (email.attachment_type or "application/octet-stream").partition("/")
        params = {"charset": "utf-8"} if maintype == "text" else {}
        message.add_attachment(email.attachment, maintype=maintype, subtype=subtype, filename=email.attachment_name, params=params)
    return message


def deliver(email_id):
    """Send a queued message unless it was sent or another worker is sending it now."""
    now = utcnow()
    claimed = db.session.execute(
        update(OutboundEmail)
        .where(OutboundEmail.id == email_id, OutboundEmail.sent_at.is_(None))
        .where(or_(OutboundEmail.claimed_at.is_(None), OutboundEmail.claimed_at < now - CLAIM_EXPIRY))
        .values(claimed_at=now)
    ).rowcount
    db.session.commit()
    if not claimed:
        return False
    email = db.session.get(OutboundEmail, email_id)
    config = current_app.config
    try:
        mailer.send(config, _build_message(email, config["MAIL_FROM"]), file_stem=f"{email.id:08d}-{hashlib.sha256(email.key.encode()).hexdigest()[:12]}")
    except Exception:
        # A refused or dropped connection sent nothing: free the claim so a retry can send it now.
        db.session.rollback()
        db.session.execute(update(OutboundEmail).where(OutboundEmail.id == email_id).values(claimed_at=None))
        db.session.commit()
        raise
    email.sent_at = utcnow()
    email.failed_at = None
    db.session.commit()
    log.info("sent e-mail %s", email.id)
    return True


def _reason(error):
    """Why a mail could not be sent, as a person reads it: "550 Mailbox unavailable", not a tuple of bytes."""
    if isinstance(error, smtplib.SMTPResponseException):
        said = error.smtp_error.decode(errors="replace") if isinstance(error.smtp_error, bytes) else str(error.smtp_error)
        return f"{error.smtp_code} {said}"
    return str(error) or type(error).__name__


def record_failure(email_id, error, retry_in):
    """Keep why a mail could not be sent, and when it is tried again (``retry_in`` seconds); once the
    retries ran out (``retry_in`` None) it waits, visible, for someone to send it again."""
    email = db.session.get(OutboundEmail, email_id)
    email.last_error = _reason(error)[:2000]
    if retry_in is not None:
        email.next_attempt_at = utcnow() + timedelta(seconds=retry_in)
    else:
        email.failed_at = utcnow()
        log.error("gave up sending e-mail %s: %s", email_id, email.last_error)
    db.session.commit()


def claim_stranded_mail(now, limit=500):
    """The mails nobody is sending, claimed for the sweep to send again: not sent, not given up on,
    due MAIL_RESEND_SECONDS ago or more, and held by no live worker (their message was lost with a
    broker or a worker, or the database went away while they were being sent). Each is due again
    MAIL_RESEND_SECONDS later, so a sweep sends it once per that time, and a second sweep not at all."""
    overdue = _overdue(now)
    stranded = and_(
        OutboundEmail.sent_at.is_(None), OutboundEmail.failed_at.is_(None), OutboundEmail.next_attempt_at < overdue,
        or_(OutboundEmail.claimed_at.is_(None), OutboundEmail.claimed_at < now - CLAIM_EXPIRY),
    )
    oldest = select(OutboundEmail.id).where(stranded).order_by(OutboundEmail.next_attempt_at).limit(limit)
    taken = db.session.scalars(
        update(OutboundEmail).where(OutboundEmail.id.in_(oldest.scalar_subquery()), stranded).values(next_attempt_at=now)
        .returning(OutboundEmail.id).execution_options(synchronize_session=False)
    ).all()
    db.session.commit()
    return taken


def release_unsent_mail(email_ids, now):
    """Undo the claim of mails the broker did not take (it is down): the next sweep sends them, not
    one MAIL_RESEND_SECONDS later, as no message of theirs can be on its way."""
    if email_ids:
        db.session.execute(update(OutboundEmail).where(OutboundEmail.id.in_(email_ids), OutboundEmail.next_attempt_at == now)
                           .values(next_attempt_at=_overdue(now)))
        db.session.commit()


def _overdue(now):
    """A mail unsent and due before this is stranded: its message is lost or its worker gone."""
    return now - timedelta(seconds=current_app.config["MAIL_RESEND_SECONDS"])


def mail_state(email):
    """``sent``, ``failed`` (retries ran out), ``retrying`` (an attempt failed) or ``pending``."""
    if email.sent_at is not None:
        return "sent"
    if email.failed_at is not None:
        return "failed"
    return "retrying" if email.last_error else "pending"


def make_sendable_again(email):
    """Let a mail whose retries ran out be tried again (the caller commits and enqueues it)."""
    email.failed_at = None
    email.claimed_at = None
    email.next_attempt_at = utcnow()
