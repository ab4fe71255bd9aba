"""What an LTL shipment group carries beyond its shipments: its bill of lading, the history of its
status, people's comments and the events the warehouse reported about the freight."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


def _group_id():
    return mapped_column(db.ForeignKey("shipment_groups.id", ondelete="CASCADE"))


class BillOfLading(db.Model):
    """A group's bill of lading: uploaded by the client, or generated from the group; one per group, an
    upload replacing a generated one."""

    __tablename__ = "bills_of_lading"
    __table_args__ = (db.UniqueConstraint("shipment_group_id", name="uq_bills_of_lading_group"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_group_id: Mapped[int] = _group_id()
    bol_number: Mapped[str] = mapped_column(db.String(40))
    name: Mapped[str] = mapped_column(db.String(255))  # as uploaded or made, for Content-Disposition
    external_id: Mapped[str | None] = mapped_column(db.String(100))
    format: Mapped[str] = mapped_column(db.String(10), default="pdf")
    generated: Mapped[bool] = mapped_column(default=False)
    size: Mapped[int] = mapped_column()
    content: Mapped[bytes] = mapped_column(db.LargeBinary)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    created_by_username: Mapped[str] = mapped_column(db.String(150))


class ShipmentGroupStatusChange(db.Model):
    """One move of a group's status, as api.freight.lifecycle made it: who, when, from, to and why."""

    __tablename__ = "shipment_group_status_changes"
    __table_args__ = (db.Index("ix_shipment_group_status_changes_group", "shipment_group_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_group_id: Mapped[int] = _group_id()
    from_status: Mapped[str | None] = mapped_column(db.String(20))
    to_status: Mapped[str] = mapped_column(db.String(20))
    reason: Mapped[str] = mapped_column(db.String(500))
    actor: Mapped[str] = mapped_column(db.String(150))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)


class ShipmentGroupComment(db.Model):
    """A person's note on a group."""

    __tablename__ = "shipment_group_comments"
    __table_args__ = (db.Index("ix_shipment_group_comments_group", "shipment_group_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_group_id: Mapped[int] = _group_id()
    body: Mapped[str] = mapped_column(db.String(2000))
    author_username: Mapped[str] = mapped_column(db.String(150))
    author_name: Mapped[str | None] = mapped_column(db.String(200))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)


class ShipmentGroupEvent(db.Model):
    """An event the warehouse reported about a whole group (its freight picked up, shipped under one master
    tracking id), kept by its ``event_id`` so that a repeated delivery changes nothing and is answered as the
    first was (``answer``)."""

    __tablename__ = "shipment_group_events"
    __table_args__ = (db.UniqueConstraint("event_id", name="uq_shipment_group_events_event_id"),
                      db.Index("ix_shipment_group_events_group", "shipment_group_id", "id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_group_id: Mapped[int] = _group_id()
    event_id: Mapped[str] = mapped_column(db.String(100))
    status: Mapped[str] = mapped_column(db.String(20))
    occurred_at: Mapped[object] = mapped_column(db.DateTime)
    payload: Mapped[dict] = mapped_column(db.JSON, default=dict)
    answer: Mapped[dict | None] = mapped_column(db.JSON)
    received_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    actor: Mapped[str] = mapped_column(db.String(150))
