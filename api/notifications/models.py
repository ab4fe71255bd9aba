from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class OutboundEmail(db.Model):
    """A message to send exactly once: ``key`` names the event it reports, so a retried job that
    reports the same event finds the row already there instead of queueing a second mail."""

    __tablename__ = "outbound_emails"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(db.String(200), unique=True)
    client_id: Mapped[int | None] = mapped_column(db.ForeignKey("clients.id"), index=True)
    recipient: Mapped[str] = mapped_column(db.String(254))
    subject: Mapped[str] = mapped_column(db.String(300))
    body: Mapped[str] = mapped_column(db.Text)
    attachment_name: Mapped[str | None] = mapped_column(db.String(255))
    attachment_type: Mapped[str | None] = mapped_column(db.String(100))
    attachment: Mapped[bytes | None] = mapped_column(db.LargeBinary)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    claimed_at: Mapped[object | None] = mapped_column(db.DateTime)
    sent_at: Mapped[object | None] = mapped_column(db.DateTime)
    # Why the last attempt failed; failed_at is set when the retries ran out (staff may send it again).
    last_error: Mapped[str | None] = mapped_column(db.Text)
    failed_at: Mapped[object | None] = mapped_column(db.DateTime)
    # When an attempt to send it is next due: the mail sweep sends again one left unsent long after.
    next_attempt_at: Mapped[object | None] = mapped_column(db.DateTime, default=utcnow)
