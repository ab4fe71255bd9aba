"""Carriers and their ship methods, the clients' ship profiles (a carrier account a client ships on)
and shipment types: the reference data a fulfilment request names."""
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.common.timeutil import utcnow
from api.extensions import db

SERVICE_LEVELS = ("ground", "express")
# The carriers the rules single out: freight that travels in shipment groups, and labels the client makes.
LTL_CARRIER, CUSTOM_CARRIER = "LTL", "Custom"


class Carrier(db.Model):
    __tablename__ = "carriers"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(50), unique=True)
    ship_methods: Mapped[list["ShipMethod"]] = relationship(order_by="ShipMethod.id", lazy="selectin")


class ShipMethod(db.Model):
    __tablename__ = "ship_methods"

    id: Mapped[int] = mapped_column(primary_key=True)
    carrier_id: Mapped[int] = mapped_column(db.ForeignKey("carriers.id"), index=True)
    code: Mapped[str] = mapped_column(db.String(60), unique=True)
    name: Mapped[str] = mapped_column(db.String(100))
    service: Mapped[str] = mapped_column(db.String(20))  # one of SERVICE_LEVELS


class ShipmentType(db.Model):
    __tablename__ = "shipment_types"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60), unique=True)


class ShipProfile(db.Model):
    __tablename__ = "ship_profiles"

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), index=True)
    name: Mapped[str] = mapped_column(db.String(100))
    carrier_id: Mapped[int] = mapped_column(db.ForeignKey("carriers.id"))
    account_number: Mapped[str | None] = mapped_column(db.String(60))
    carrier: Mapped[Carrier] = relationship(lazy="joined")
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
