"""The link between a client and its shop on the shop platform, and the client's notification addresses."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class ShopConnection(db.Model):
    """A shop installed for a client: its host name and its API access token, stored encrypted."""

    __tablename__ = "shop_connections"

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), unique=True)
    shop_domain: Mapped[str] = mapped_column(db.String(255), unique=True)
    access_token_encrypted: Mapped[bytes] = mapped_column(db.LargeBinary)
    scopes: Mapped[str | None] = mapped_column(db.String(1000))
    installed_by: Mapped[str | None] = mapped_column(db.String(150))
    installed_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)


class NotificationSetting(db.Model):
    """Where the client's notifications go: a list of e-mail addresses."""

    __tablename__ = "notification_settings"

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), unique=True)
    email_addresses: Mapped[list] = mapped_column(db.JSON, default=list)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
