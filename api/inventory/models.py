"""Stock per item type and warehouse location, and the ledger every change of it goes through."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class InventoryLevel(db.Model):
    """The current stock of one item type at one location: a running sum of its ledger entries.

    unbound: on hand and free; reserved: held back by the client; bound: allocated to shipments.
    """

    __tablename__ = "inventory_levels"
    __table_args__ = (db.UniqueConstraint("item_type_id", "location", name="uq_inventory_levels_item_location"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), index=True)
    item_type_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id", ondelete="CASCADE"))
    location: Mapped[str] = mapped_column(db.String(8))
    unbound: Mapped[int] = mapped_column(default=0)
    reserved: Mapped[int] = mapped_column(default=0)
    bound: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)


class InventoryMovement(db.Model):
    """One ledger entry: who changed which stock figures, when, why and by how much."""

    __tablename__ = "inventory_movements"
    __table_args__ = (db.Index("ix_inventory_movements_item_location", "item_type_id", "location", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), index=True)
    item_type_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id", ondelete="CASCADE"))
    location: Mapped[str] = mapped_column(db.String(8))
    unbound_delta: Mapped[int] = mapped_column(default=0)
    reserved_delta: Mapped[int] = mapped_column(default=0)
    bound_delta: Mapped[int] = mapped_column(default=0)
    reason: Mapped[str] = mapped_column(db.String(40))  # receipt, reservation, adjustment, ...
    reference: Mapped[str | None] = mapped_column(db.String(100))  # e.g. "asn:12", "job:<id>"
    actor: Mapped[str] = mapped_column(db.String(150))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
