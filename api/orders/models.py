"""Fulfilment requests (the client's orders), their sets and items, and the shipments they become.

A request names what to send where; its shipments are what the warehouse sends, each from one
warehouse, with stock allocated (bound in the inventory ledger) line by line."""
from decimal import Decimal

from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.common.timeutil import utcnow
from api.extensions import db

FILL_TYPES = ("partial", "complete", "kill", "partial_kill")
BILLING_TYPES = ("sender", "recipient", "collect", "third_party")
INCOTERMS = ("DDU", "DDP")
SET_TYPES = ("default_set_type", "gift_note", "gift_wrap", "duct_wrap")
OPTIMAL = "optimal"
VALIDATING, READY_TO_PROCESS, PROCESSING, PENDING_SHIP_LABEL, SHIPPED, CANCELED = SHIPMENT_STATUSES = (
    "validating", "ready_to_process", "processing", "pending_ship_label", "shipped", "canceled",
)
# Beyond the six of spec part 2: a parcel the carrier delivered, and the warning state of spec part 3
# section 4 (the warehouse reported a problem: damaged stock, a refused label, a lost parcel), shown alone.
DELIVERED, EXCEPTION = "delivered", "exception"
LIFECYCLE_STATUSES = (*SHIPMENT_STATUSES, DELIVERED, EXCEPTION)
# What a set item may carry for the warehouse, as the client sent it.
ITEM_DETAILS = ("serial_numbers", "personalization", "font", "text", "color")


ABROAD = "to_country NOT IN ('AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'UM', 'US', 'VI')"


class ShipTo:
    """The ship-to address a request and an LTL group carry, and what the address check said of it."""

    to_name: Mapped[str | None] = mapped_column(db.String(200))
    to_company: Mapped[str | None] = mapped_column(db.String(200))
    to_address_1: Mapped[str | None] = mapped_column(db.String(200))
    to_address_2: Mapped[str | None] = mapped_column(db.String(200))
    to_address_3: Mapped[str | None] = mapped_column(db.String(200))
    to_city: Mapped[str | None] = mapped_column(db.String(100))
    to_state: Mapped[str | None] = mapped_column(db.String(100))
    to_postal_code: Mapped[str | None] = mapped_column(db.String(20))
    to_country: Mapped[str | None] = mapped_column(db.String(2))
    to_phone: Mapped[str | None] = mapped_column(db.String(40))
    to_email: Mapped[str | None] = mapped_column(db.String(254))
    address_validated: Mapped[bool] = mapped_column(default=False)
    address_validation_error: Mapped[str | None] = mapped_column(db.String(500))


class FulfillmentRequest(ShipTo, db.Model):
    __tablename__ = "fulfillment_requests"
    __table_args__ = (
        db.UniqueConstraint("client_id", "fulfillment_request_id", name="uq_fulfillment_requests_client_reference"),
        db.Index("ix_fulfillment_requests_client_created", "client_id", "created_at", "id"),
        # The list page's filters (migration 0017): prefix searches, and equal values and the rare flags
        # in the list's order.
        *(db.Index(f"ix_fulfillment_requests_client_{column}_prefix", "client_id", column,
                   postgresql_ops={column: "varchar_pattern_ops"})
          for column in ("fulfillment_request_id", "order_id", "to_name", "to_postal_code")),
        db.Index("ix_fulfillment_requests_client_state", "client_id", "to_state", "created_at", "id"),
        db.Index("ix_fulfillment_requests_client_email", "client_id", "to_email", "created_at", "id"),
        *(db.Index(f"ix_fulfillment_requests_client_{flag}", "client_id", "created_at", "id",
                   postgresql_where=db.text(condition),
                   sqlite_where=db.text(condition))
          for flag, condition in (("invalid_address", "NOT address_validated"), ("requires_approval", "requires_approval"),
                                  ("fraud", "fraud"))),
        # The requests to countries whose postal codes are not US ones (migration 0027): the Missing customs
        # info alert's to look at.
        db.Index("ix_fulfillment_requests_client_abroad", "client_id", "id",
                 postgresql_where=db.text(ABROAD), sqlite_where=db.text(ABROAD)),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    fulfillment_request_id: Mapped[str] = mapped_column(db.String(100))  # the client's own reference
    order_id: Mapped[str | None] = mapped_column(db.String(100))
    warehouse_id: Mapped[str] = mapped_column(db.String(8))  # a warehouse code or "optimal", as asked
    fill_type: Mapped[str] = mapped_column(db.String(20))
    ship_together: Mapped[bool] = mapped_column(default=False)
    ship_profile_id: Mapped[int | None] = mapped_column(db.ForeignKey("ship_profiles.id"))
    ship_method: Mapped[str | None] = mapped_column(db.String(60))
    shipment_type: Mapped[str] = mapped_column(db.String(60))
    desired_ship_date: Mapped[object] = mapped_column(db.Date)
    actual_ship_date: Mapped[object | None] = mapped_column(db.Date)
    shipment_group_id: Mapped[int | None] = mapped_column()
    reference1: Mapped[str | None] = mapped_column(db.String(100))
    reference2: Mapped[str | None] = mapped_column(db.String(100))
    reference3: Mapped[str | None] = mapped_column(db.String(100))
    billing_type: Mapped[str] = mapped_column(db.String(20), default="sender")
    billing_account: Mapped[str | None] = mapped_column(db.String(60))
    billing_postal_code: Mapped[str | None] = mapped_column(db.String(20))
    incoterm: Mapped[str | None] = mapped_column(db.String(3))
    options: Mapped[dict] = mapped_column(db.JSON, default=dict)  # fields.OPTIONS, each true or false
    edi: Mapped[dict | None] = mapped_column(db.JSON)  # EDI metadata of a retail shipment
    requires_approval: Mapped[bool] = mapped_column(default=False)
    requires_approval_reason: Mapped[str | None] = mapped_column(db.String(20))  # ltl, fraud
    fraud: Mapped[bool] = mapped_column(default=False)
    shopify_risk_score: Mapped[float | None] = mapped_column(db.Float)
    shopify_risk_recommendation: Mapped[str | None] = mapped_column(db.String(20))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    created_by_username: Mapped[str] = mapped_column(db.String(150))
    created_by_job_id: Mapped[str | None] = mapped_column(db.String(36))  # the bulk upload's job

    ship_profile = relationship("ShipProfile")
    sets: Mapped[list["RequestSet"]] = relationship(order_by="RequestSet.id", cascade="all, delete-orphan")
    shipments: Mapped[list["Shipment"]] = relationship(order_by="Shipment.id", back_populates="request")
    return_labels: Mapped[list["ReturnLabel"]] = relationship(order_by="ReturnLabel.id", back_populates="request")


class RequestSet(db.Model):
    __tablename__ = "fulfillment_request_sets"

    id: Mapped[int] = mapped_column(primary_key=True)
    request_id: Mapped[int] = mapped_column(db.ForeignKey("fulfillment_requests.id", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(db.String(20), default="default_set_type")
    gift_note: Mapped[str | None] = mapped_column(db.String(500))
    # Every line, children of bundles and kits included (those have a parent).
    items: Mapped[list["SetItem"]] = relationship(order_by="SetItem.id", cascade="all, delete-orphan")


class SetItem(db.Model):
    """A line of a set: an item and how many. A bundle or kit's line has its children as lines of
    their own (``parent_id``), which are what the warehouse picks."""

    __tablename__ = "fulfillment_request_set_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    set_id: Mapped[int] = mapped_column(db.ForeignKey("fulfillment_request_sets.id", ondelete="CASCADE"), index=True)
    parent_id: Mapped[int | None] = mapped_column(db.ForeignKey("fulfillment_request_set_items.id", ondelete="CASCADE"))
    item_type_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id"))
    upc: Mapped[str] = mapped_column(db.String(64))
    name: Mapped[str] = mapped_column(db.String(255))
    quantity: Mapped[int] = mapped_column()
    # False for a bundle or kit's own line: the warehouse picks its children, not it.
    picked: Mapped[bool] = mapped_column(default=True)
    customs_value: Mapped[Decimal | None] = mapped_column(db.Numeric(10, 2))
    # serial_numbers, personalization, font, text, color, as the client sent them
    details: Mapped[dict] = mapped_column(db.JSON, default=dict)
    parent: Mapped["SetItem | None"] = relationship(remote_side="SetItem.id")
    item_type = relationship("ItemType")


# The partial indexes' conditions of migration 0027: shipments still to ship, and those without their stock.
UNFILLED = "shipped_at IS NULL AND status <> 'canceled'"
UNALLOCATED = "inventory_allocated IS false AND status <> 'canceled'"


class Shipment(db.Model):
    __tablename__ = "shipments"
    __table_args__ = (
        db.Index("ix_shipments_waiting", "inventory_allocated", "status", "id"),
        # The shipment list's filters (migration 0024), newest first within each; the partial ones hold only
        # the grouped and the shipped shipments.
        db.Index("ix_shipments_client_created", "client_id", "created_at", "id"),
        db.Index("ix_shipments_client_status", "client_id", "status", "created_at", "id"),
        db.Index("ix_shipments_client_warehouse", "client_id", "warehouse_id", "created_at", "id"),
        db.Index("ix_shipments_client_group", "client_id", "shipment_group_id", "created_at", "id",
                 postgresql_where=db.text("shipment_group_id IS NOT NULL"),
                 sqlite_where=db.text("shipment_group_id IS NOT NULL")),
        db.Index("ix_shipments_client_shipped", "client_id", "shipped_at", "id",
                 postgresql_where=db.text("shipped_at IS NOT NULL"), sqlite_where=db.text("shipped_at IS NOT NULL")),
        # What the dashboards read (migrations 0027 and 0028), held in the indexes themselves on PostgreSQL.
        db.Index("ix_shipments_client_unfilled", "client_id",
                 postgresql_include=["warehouse_id", "status", "created_at", "desired_ship_date"],
                 postgresql_where=db.text(UNFILLED), sqlite_where=db.text(UNFILLED)),
        db.Index("ix_shipments_client_created_status", "client_id", "created_at",
                 postgresql_include=["warehouse_id", "status"]),
        db.Index("ix_shipments_client_shipped_figures", "client_id", "shipped_at",
                 postgresql_include=["warehouse_id", "weight", "delivered_at", "to_country", "to_postal_code",
                                     "to_state"],
                 postgresql_where=db.text("shipped_at IS NOT NULL"), sqlite_where=db.text("shipped_at IS NOT NULL")),
        db.Index("ix_shipments_client_unallocated", "client_id", "request_id",
                 postgresql_where=db.text(UNALLOCATED), sqlite_where=db.text(UNALLOCATED)),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"), index=True)
    request_id: Mapped[int] = mapped_column(db.ForeignKey("fulfillment_requests.id"), index=True)
    warehouse_id: Mapped[str] = mapped_column(db.String(8))
    status: Mapped[str] = mapped_column(db.String(20), default=VALIDATING)
    inventory_allocated: Mapped[bool] = mapped_column(default=False)
    ship_profile_id: Mapped[int | None] = mapped_column(db.ForeignKey("ship_profiles.id"))
    ship_method: Mapped[str | None] = mapped_column(db.String(60))
    # What the warehouse reports: the parcel's tracking, the carrier that took it and its weight (pounds);
    # an LTL group's shipments share the master tracking id of the freight.
    tracking_number: Mapped[str | None] = mapped_column(db.String(100))
    tracking_url: Mapped[str | None] = mapped_column(db.String(500))
    carrier: Mapped[str | None] = mapped_column(db.String(50))
    weight: Mapped[Decimal | None] = mapped_column(db.Numeric(10, 2))
    master_tracking_id: Mapped[str | None] = mapped_column(db.String(100))
    shipment_group_id: Mapped[int | None] = mapped_column()
    shipped_at: Mapped[object | None] = mapped_column(db.DateTime)
    delivered_at: Mapped[object | None] = mapped_column(db.DateTime)
    # Why the shipment is in the warning state (EXCEPTION), as the warehouse said.
    exception_reason: Mapped[str | None] = mapped_column(db.String(500))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)
    # Copies of the request's, for the dashboards to count shipments without joining their requests. The
    # database keeps them (migration 0028's triggers): never written here, and read only by SQL (an object
    # loaded before its request changed holds the old ones). The request's own are the ones to show.
    desired_ship_date: Mapped[object | None] = mapped_column(db.Date)
    to_country: Mapped[str | None] = mapped_column(db.String(2))
    to_postal_code: Mapped[str | None] = mapped_column(db.String(20))
    to_state: Mapped[str | None] = mapped_column(db.String(100))

    request: Mapped[FulfillmentRequest] = relationship(back_populates="shipments")
    lines: Mapped[list["ShipmentLine"]] = relationship(order_by="ShipmentLine.id", cascade="all, delete-orphan")


class ShipmentStatusChange(db.Model):
    """One move of a shipment's status, as api.orders.lifecycle made it: who, when, from, to and why
    (``from_status`` is None for the status a shipment was placed in)."""

    __tablename__ = "shipment_status_changes"
    __table_args__ = (db.Index("ix_shipment_status_changes_shipment", "shipment_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"))
    from_status: Mapped[str | None] = mapped_column(db.String(20))
    to_status: Mapped[str] = mapped_column(db.String(20))
    reason: Mapped[str] = mapped_column(db.String(500))
    actor: Mapped[str] = mapped_column(db.String(150))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)


class ShipmentLine(db.Model):
    """How many units of one physical item a shipment sends for one set item, and how many of them
    are bound to it in the ledger."""

    __tablename__ = "shipment_lines"

    id: Mapped[int] = mapped_column(primary_key=True)
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"), index=True)
    set_item_id: Mapped[int] = mapped_column(db.ForeignKey("fulfillment_request_set_items.id"))
    item_type_id: Mapped[int] = mapped_column(db.ForeignKey("item_types.id"))
    quantity_desired: Mapped[int] = mapped_column()
    quantity_allocated: Mapped[int] = mapped_column(default=0)
    item_type = relationship("ItemType", lazy="joined")


class ReturnLabel(db.Model):
    """A return label issued for a request: the parcel the warehouse expects back, matched by its
    tracking number when it arrives."""

    __tablename__ = "return_labels"
    __table_args__ = (db.UniqueConstraint("tracking_number", name="uq_return_labels_tracking_number"),
                      db.UniqueConstraint("client_id", "idempotency_key", name="uq_return_labels_idempotency_key"))

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    request_id: Mapped[int] = mapped_column(db.ForeignKey("fulfillment_requests.id"), index=True)
    ship_profile_id: Mapped[int] = mapped_column(db.ForeignKey("ship_profiles.id"))
    carrier: Mapped[str] = mapped_column(db.String(50))
    ship_method: Mapped[str] = mapped_column(db.String(60))
    warehouse_id: Mapped[str] = mapped_column(db.String(8))  # where the parcel goes back to
    tracking_number: Mapped[str | None] = mapped_column(db.String(40))
    length: Mapped[Decimal] = mapped_column(db.Numeric(8, 2))  # inches
    width: Mapped[Decimal] = mapped_column(db.Numeric(8, 2))
    height: Mapped[Decimal] = mapped_column(db.Numeric(8, 2))
    weight: Mapped[Decimal] = mapped_column(db.Numeric(8, 2))  # pounds
    received_at: Mapped[object | None] = mapped_column(db.DateTime)
    # The Idempotency-Key of the call that made it: a label answers a repeated call (a PDF cannot be replayed
    # from the JSON answers api.common.idempotency stores).
    idempotency_key: Mapped[str | None] = mapped_column(db.String(200))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    created_by_username: Mapped[str] = mapped_column(db.String(150))

    request: Mapped[FulfillmentRequest] = relationship(back_populates="return_labels")


# LTL shipment groups (spec part 3): the statuses a group goes through; canceled beside the four of
# spec part 2 section 4.
GROUP_STATUSES = (VALIDATING, READY_TO_PROCESS, PROCESSING, SHIPPED, CANCELED)
# A group new LTL shipments still join: neither approved nor past validating (the one open group of a key).
OPEN_GROUP = "status = 'validating' AND NOT approved"


class ShipmentGroup(ShipTo, db.Model):
    """Shipments travelling together as one freight (LTL) load: one open group per client, warehouse,
    destination and desired ship date, made when the first such shipment is placed (api.orders.grouping);
    what happens to it after is api.freight.lifecycle's."""

    __tablename__ = "shipment_groups"
    __table_args__ = (
        # Two imports placing shipments of one key at once meet here: one group, never two.
        db.Index("uq_shipment_groups_open_key", "client_id", "warehouse_id", "desired_ship_date", "address_key",
                 unique=True, postgresql_where=db.text(OPEN_GROUP), sqlite_where=db.text(OPEN_GROUP)),
        db.Index("ix_shipment_groups_client_created", "client_id", "created_at", "id"),
        db.Index("ix_shipment_groups_client_status", "client_id", "status", "created_at", "id"),
        db.Index("ix_shipment_groups_client_needs_approval", "client_id", "created_at", "id",
                 postgresql_where=db.text(f"approval_required AND {OPEN_GROUP}"),
                 sqlite_where=db.text(f"approval_required AND {OPEN_GROUP}")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    warehouse_id: Mapped[str] = mapped_column(db.String(8))
    desired_ship_date: Mapped[object] = mapped_column(db.Date)
    # The destination as one normalised string's digest (api.orders.grouping.address_key).
    address_key: Mapped[str] = mapped_column(db.String(64))
    status: Mapped[str] = mapped_column(db.String(20), default=VALIDATING)
    approval_required: Mapped[bool] = mapped_column(default=True)
    approved: Mapped[bool] = mapped_column(default=False)
    approved_by_username: Mapped[str | None] = mapped_column(db.String(150))
    approved_at: Mapped[object | None] = mapped_column(db.DateTime)
    ship_profile_id: Mapped[int | None] = mapped_column(db.ForeignKey("ship_profiles.id"))
    ship_method: Mapped[str | None] = mapped_column(db.String(60))
    master_tracking_id: Mapped[str | None] = mapped_column(db.String(100))
    shipped_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)

    ship_profile = relationship("ShipProfile")
