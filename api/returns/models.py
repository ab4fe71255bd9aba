"""Return merchandise authorisations (RMAs): returns a client expects back at a warehouse."""
from datetime import date

from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.common.timeutil import utcnow
from api.extensions import db


class Rma(db.Model):
    """Expected returns under the client's RMA ID at one warehouse."""

    __tablename__ = "rmas"
    __table_args__ = (db.UniqueConstraint("client_id", "warehouse_id", "rma_id", name="uq_rmas_client_warehouse_rma"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    warehouse_id: Mapped[str] = mapped_column(db.String(8))
    rma_id: Mapped[str] = mapped_column(db.String(64))
    reason: Mapped[str | None] = mapped_column(db.String(255))
    fulfillment_request_id: Mapped[str | None] = mapped_column(db.String(64))
    order_id: Mapped[str | None] = mapped_column(db.String(64))
    created_by: Mapped[str] = mapped_column(db.String(150))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    # The upload job that created it: rows of that job may add to it, rows of any other may not.
    import_job_id: Mapped[str | None] = mapped_column(db.String(36))

    expected_inbound_shipments: Mapped[list["RmaShipment"]] = relationship(
        back_populates="rma", cascade="all, delete-orphan", order_by="RmaShipment.id",
    )


class RmaShipment(db.Model):
    """One parcel of a return, by tracking id, arrival date and carrier."""

    __tablename__ = "rma_shipments"

    id: Mapped[int] = mapped_column(primary_key=True)
    rma_id: Mapped[int] = mapped_column(db.ForeignKey("rmas.id", ondelete="CASCADE"), index=True)
    tracking_id: Mapped[str | None] = mapped_column(db.String(100))
    expected_arrival_date: Mapped[date | None] = mapped_column(db.Date)
    carrier_id: Mapped[str | None] = mapped_column(db.String(64))

    rma: Mapped[Rma] = relationship(back_populates="expected_inbound_shipments")
    items: Mapped[list["RmaItem"]] = relationship(back_populates="shipment", cascade="all, delete-orphan", order_by="RmaItem.id")


class RmaItem(db.Model):
    __tablename__ = "rma_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("rma_shipments.id", ondelete="CASCADE"), index=True)
    item_type_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id"), index=True)
    quantity: Mapped[int] = mapped_column()
    reason_code: Mapped[str | None] = mapped_column(db.String(64))
    reason_notes: Mapped[str | None] = mapped_column(db.Text)

    shipment: Mapped[RmaShipment] = relationship(back_populates="items")
    item_type: Mapped["ItemType"] = relationship()
