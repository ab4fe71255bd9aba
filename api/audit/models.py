from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class RequestLog(db.Model):
    """One API call, filed under the object it touched, with secrets already removed."""

    __tablename__ = "request_logs"
    __table_args__ = (db.Index("ix_request_logs_object", "client_id", "object_type", "object_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int | None] = mapped_column(db.ForeignKey("clients.id"))
    object_type: Mapped[str | None] = mapped_column(db.String(60))
    object_id: Mapped[str | None] = mapped_column(db.String(200))
    http_method: Mapped[str] = mapped_column(db.String(10))
    uri: Mapped[str] = mapped_column(db.String(2000))
    response_status: Mapped[int]
    api_version: Mapped[str | None] = mapped_column(db.String(10))
    client_ip_address: Mapped[str | None] = mapped_column(db.String(64))
    username: Mapped[str | None] = mapped_column(db.String(150))
    request_id: Mapped[str] = mapped_column(db.String(36))
    datetime: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    request_body: Mapped[str | None] = mapped_column(db.Text)
    response_body: Mapped[str | None] = mapped_column(db.Text)


class Breadcrumb(db.Model):
    """A business event on an object, written by services (who did what), read by admins."""

    __tablename__ = "breadcrumbs"
    __table_args__ = (db.Index("ix_breadcrumbs_object", "client_id", "object_type", "object_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int | None] = mapped_column(db.ForeignKey("clients.id"))
    object_type: Mapped[str] = mapped_column(db.String(60))
    object_id: Mapped[str] = mapped_column(db.String(200))
    message: Mapped[str] = mapped_column(db.Text)
    username: Mapped[str | None] = mapped_column(db.String(150))
    datetime: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
