from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class User(db.Model):
    """A person who signs in: a client user (client_id set) or provider staff (client_id null)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(db.String(150), unique=True)
    client_id: Mapped[int | None] = mapped_column(db.ForeignKey("clients.id"), index=True)
    real_name: Mapped[str | None] = mapped_column(db.String(200))
    email: Mapped[str | None] = mapped_column(db.String(254))
    password_hash: Mapped[str] = mapped_column(db.String(255))
    role: Mapped[str] = mapped_column(db.String(40), default="client")
    permissions: Mapped[list] = mapped_column(db.JSON, default=list)
    active: Mapped[bool] = mapped_column(default=True)
    receive_scheduled_reports: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
