"""The catalogue: item types (simple items, case packs, bundles, kits) and their components."""
from decimal import Decimal

from sqlalchemy import String, func, literal_column
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.common.timeutil import utcnow
from api.extensions import db

# Spec part 1 section 3.
SIMPLE, CASE_PACK, BUNDLE, KIT, CUSTOMKIT, CUSTOM, SET = range(7)
COMPOSITE_TYPES = {
    SIMPLE: "SIMPLE", CASE_PACK: "CASE PACK", BUNDLE: "BUNDLE", KIT: "KIT",
    CUSTOMKIT: "CUSTOMKIT", CUSTOM: "CUSTOM", SET: "SET",
}
# Bundles and kits hold no stock of their own: what is available is what their children can build.
VIRTUAL_TYPES = frozenset({BUNDLE, KIT, CUSTOMKIT, CUSTOM, SET})


class ItemType(db.Model):
    """A product of a client, identified to the client by UPC and SKU (each unique per client)."""

    __tablename__ = "item_types"
    __table_args__ = (
        db.UniqueConstraint("client_id", "upc", name="uq_item_types_client_upc"),
        db.UniqueConstraint("client_id", "sku", name="uq_item_types_client_sku"),
        db.Index("ix_item_types_client_name", "client_id", "name", "id"),
        db.Index("ix_item_types_client_variant", "client_id", "shopify_variant_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    upc: Mapped[str] = mapped_column(db.String(64))
    sku: Mapped[str] = mapped_column(db.String(64))
    name: Mapped[str] = mapped_column(db.String(255))
    short_name: Mapped[str | None] = mapped_column(db.String(100))
    category: Mapped[str | None] = mapped_column(db.String(100))
    subcategory: Mapped[str | None] = mapped_column(db.String(100))
    composite_type: Mapped[int] = mapped_column(default=SIMPLE)
    cost: Mapped[Decimal | None] = mapped_column(db.Numeric(12, 2))
    value: Mapped[Decimal | None] = mapped_column(db.Numeric(12, 2))
    customs_origin: Mapped[str | None] = mapped_column(db.String(2))
    customs_description: Mapped[str | None] = mapped_column(db.String(255))
    tariff_code: Mapped[str | None] = mapped_column(db.String(20))
    product_code: Mapped[str | None] = mapped_column(db.String(64))
    nmfc_code: Mapped[str | None] = mapped_column(db.String(20))
    requires_serial_number: Mapped[bool] = mapped_column(default=False)
    serial_number_validator: Mapped[str | None] = mapped_column(db.String(255))
    hazmat: Mapped[bool] = mapped_column(default=False)
    requires_expiration: Mapped[bool] = mapped_column(default=False)
    length: Mapped[Decimal | None] = mapped_column(db.Numeric(10, 2))
    width: Mapped[Decimal | None] = mapped_column(db.Numeric(10, 2))
    height: Mapped[Decimal | None] = mapped_column(db.Numeric(10, 2))
    weight: Mapped[Decimal | None] = mapped_column(db.Numeric(10, 2))
    ships_in_own_container: Mapped[bool] = mapped_column(default=False)
    is_package: Mapped[bool] = mapped_column(default=False)
    shopify_variant_id: Mapped[str | None] = mapped_column(db.String(32))
    shopify_inventory_item_id: Mapped[str | None] = mapped_column(db.String(32))
    shopify_inventory_sync: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
    # The upload job that created the item (None when created one by one): its log shows that upload.
    created_by_job_id: Mapped[str | None] = mapped_column(db.String(36))

    components: Mapped[list["ItemComponent"]] = relationship(
        foreign_keys="ItemComponent.parent_id", back_populates="parent", cascade="all, delete-orphan",
        order_by="ItemComponent.id",
    )


def search_key(text):
    """``text`` in lower case with everything but letters and digits removed. A term's key is part of
    the key of every name holding the term, and trigrams of keys span the words of a name, so a term
    of several words finds few candidates in a trigram index of the names' keys."""
    return func.regexp_replace(
        func.lower(text), literal_column("'[^[:alnum:]]+'"), literal_column("''"), literal_column("'g'"), type_=String,
    )


# Search: a name holding the term (trigrams of its key on PostgreSQL), a SKU or UPC starting with it.
db.Index(
    "ix_item_types_name_key_trgm", search_key(ItemType.name).label("name_key"),
    postgresql_using="gin", postgresql_ops={"name_key": "gin_trgm_ops"},
).ddl_if(dialect="postgresql")

# Without client_id in front: an index led by client_id would tempt the planner, before the table's
# statistics catch up with a large import, to filter a whole client's rows instead of probing
# the unique (client_id, upc/sku) indexes.
for _column in (ItemType.sku, ItemType.upc):
    db.Index(
        f"ix_item_types_{_column.key}_prefix", func.lower(_column).label(f"{_column.key}_lower"),
        postgresql_ops={f"{_column.key}_lower": "text_pattern_ops"},
    )


class ItemComponent(db.Model):
    """One child of a composite item type and how many of it one parent holds."""

    __tablename__ = "item_components"
    __table_args__ = (db.UniqueConstraint("parent_id", "child_id", name="uq_item_components_parent_child"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), index=True)
    parent_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id", ondelete="CASCADE"))
    child_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id"), index=True)
    quantity: Mapped[int] = mapped_column()

    parent: Mapped[ItemType] = relationship(foreign_keys=[parent_id], back_populates="components")
    child: Mapped[ItemType] = relationship(foreign_keys=[child_id])
