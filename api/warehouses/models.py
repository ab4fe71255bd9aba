"""The provider's warehouses: where each is, for shipping labels and for choosing the warehouse
nearest a destination. The codes are fixed (``locations.LOCATIONS``); admins edit the rest."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class Warehouse(db.Model):
    __tablename__ = "warehouses"

    code: Mapped[str] = mapped_column(db.String(8), primary_key=True)
    name: Mapped[str] = mapped_column(db.String(200))
    address_1: Mapped[str] = mapped_column(db.String(200))
    address_2: Mapped[str | None] = mapped_column(db.String(200))
    city: Mapped[str] = mapped_column(db.String(100))
    state: Mapped[str] = mapped_column(db.String(100))
    postal_code: Mapped[str] = mapped_column(db.String(20))
    country: Mapped[str] = mapped_column(db.String(2))
    phone: Mapped[str | None] = mapped_column(db.String(40))
    # The centre of its postal code's area, for distances to destinations.
    latitude: Mapped[float] = mapped_column(db.Float)
    longitude: Mapped[float] = mapped_column(db.Float)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
