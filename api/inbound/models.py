"""Advance shipping notices (ASNs): stock a client announces, and what of it has been received."""
from datetime import date

from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.common.timeutil import utcnow
from api.extensions import db


class Asn(db.Model):
    """An announced inbound delivery to one warehouse, named by the client's ASN ID (external_id)."""

    __tablename__ = "asns"
    __table_args__ = (db.UniqueConstraint("client_id", "external_id", name="uq_asns_client_external_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    warehouse_id: Mapped[str] = mapped_column(db.String(8))
    external_id: Mapped[str] = mapped_column(db.String(64))
    expected_arrival_date: Mapped[date | None] = mapped_column(db.Date)
    received_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_by: Mapped[str] = mapped_column(db.String(150))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    # The upload job that created it: rows of that job may add to it, rows of any other may not.
    import_job_id: Mapped[str | None] = mapped_column(db.String(36))

    expected_inbound_shipments: Mapped[list["ExpectedInboundShipment"]] = relationship(
        back_populates="asn", cascade="all, delete-orphan", order_by="ExpectedInboundShipment.id",
    )


class ExpectedInboundShipment(db.Model):
    __tablename__ = "expected_inbound_shipments"

    id: Mapped[int] = mapped_column(primary_key=True)
    asn_id: Mapped[int] = mapped_column(db.ForeignKey("asns.id", ondelete="CASCADE"), index=True)
    tracking_id: Mapped[str | None] = mapped_column(db.String(100))
    carrier_id: Mapped[str | None] = mapped_column(db.String(64))
    expected_arrival_date: Mapped[date | None] = mapped_column(db.Date)

    asn: Mapped[Asn] = relationship(back_populates="expected_inbound_shipments")
    expected_inbound_shipment_items: Mapped[list["ExpectedInboundShipmentItem"]] = relationship(
        back_populates="shipment", cascade="all, delete-orphan", order_by="ExpectedInboundShipmentItem.id",
    )


class ExpectedInboundShipmentItem(db.Model):
    __tablename__ = "expected_inbound_shipment_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("expected_inbound_shipments.id", ondelete="CASCADE"), index=True)
    item_type_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id"), index=True)
    quantity: Mapped[int] = mapped_column()
    received_quantity: Mapped[int] = mapped_column(default=0)
    received_at: Mapped[object | None] = mapped_column(db.DateTime)

    shipment: Mapped[ExpectedInboundShipment] = relationship(back_populates="expected_inbound_shipment_items")
    item_type: Mapped["ItemType"] = relationship()
