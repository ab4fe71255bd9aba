from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class Client(db.Model):
    __tablename__ = "clients"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(200))
    fulfillment_request_api_version: Mapped[int] = mapped_column(default=1)
    shopify_shop_name: Mapped[str | None] = mapped_column(db.String(255), unique=True)
    logo: Mapped[bytes | None] = mapped_column(db.LargeBinary)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
