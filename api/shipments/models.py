"""What a shipment carries beyond its lines: the files that travel with the parcel, its retail EDI
details, people's comments, and the events the warehouse reported about it."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db

CUSTOM_LABEL, DOCUMENT = FILE_KINDS = ("custom_label", "document")


class ShipmentFile(db.Model):
    """A custom shipping label or a shipping document, its content kept in the database under a name
    the server made (the uploader's name is kept for the download)."""

    __tablename__ = "shipment_files"
    __table_args__ = (db.Index("ix_shipment_files_shipment", "shipment_id", "kind", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(db.String(20))  # FILE_KINDS
    stored_name: Mapped[str] = mapped_column(db.String(100))  # made by the server
    name: Mapped[str] = mapped_column(db.String(255))  # as uploaded, for Content-Disposition
    format: Mapped[str] = mapped_column(db.String(10))  # png, zpl, pdf
    content_type: Mapped[str] = mapped_column(db.String(100))
    copies: Mapped[int] = mapped_column(default=1)
    size: Mapped[int] = mapped_column()
    content: Mapped[bytes] = mapped_column(db.LargeBinary)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    created_by_username: Mapped[str] = mapped_column(db.String(150))


class ShipmentDetails(db.Model):
    """The retail EDI details of a shipment to a retailer (spec part 3 section 3)."""

    __tablename__ = "shipment_details"
    __table_args__ = (db.UniqueConstraint("shipment_id", name="uq_shipment_details_shipment_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"))
    retailer: Mapped[str] = mapped_column(db.String(100))
    cancel_date: Mapped[object] = mapped_column(db.Date)
    po_number: Mapped[str] = mapped_column(db.String(100))
    store_number: Mapped[str | None] = mapped_column(db.String(100))
    store_name: Mapped[str | None] = mapped_column(db.String(200))
    store_address1: Mapped[str | None] = mapped_column(db.String(200))
    store_address2: Mapped[str | None] = mapped_column(db.String(200))
    store_city: Mapped[str | None] = mapped_column(db.String(100))
    store_state: Mapped[str | None] = mapped_column(db.String(100))
    store_postalcode: Mapped[str | None] = mapped_column(db.String(20))
    department_number: Mapped[str | None] = mapped_column(db.String(100))
    division_number: Mapped[str | None] = mapped_column(db.String(100))
    dc_number: Mapped[str | None] = mapped_column(db.String(100))
    group_number: Mapped[str | None] = mapped_column(db.String(100))
    vendor_number: Mapped[str | None] = mapped_column(db.String(100))
    product_description: Mapped[str | None] = mapped_column(db.String(500))
    product_type: Mapped[str | None] = mapped_column(db.String(100))
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
    updated_by_username: Mapped[str] = mapped_column(db.String(150))


class ShipmentComment(db.Model):
    """A person's note on a shipment."""

    __tablename__ = "shipment_comments"
    __table_args__ = (db.Index("ix_shipment_comments_shipment", "shipment_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"))
    body: Mapped[str] = mapped_column(db.String(2000))
    author_username: Mapped[str] = mapped_column(db.String(150))
    author_name: Mapped[str | None] = mapped_column(db.String(200))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)


class ShipmentEvent(db.Model):
    """An event the warehouse reported, kept by its ``event_id`` so that a repeated delivery changes
    nothing and is answered as the first was (``answer``)."""

    __tablename__ = "shipment_events"
    __table_args__ = (db.UniqueConstraint("event_id", name="uq_shipment_events_event_id"),
                      db.Index("ix_shipment_events_shipment", "shipment_id", "id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"))
    event_id: Mapped[str] = mapped_column(db.String(100))
    status: Mapped[str] = mapped_column(db.String(20))
    occurred_at: Mapped[object] = mapped_column(db.DateTime)
    payload: Mapped[dict] = mapped_column(db.JSON, default=dict)
    answer: Mapped[dict | None] = mapped_column(db.JSON)
    received_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    actor: Mapped[str] = mapped_column(db.String(150))
