"""What the portal keeps of the shop's orders: each order imported (once, by its shop order id), the
webhook deliveries seen (so a replay is refused), and the fulfillments pushed back (once a shipment)."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db

PULL, WEBHOOK = "pull", "webhook"
PENDING, CREATED = "pending", "created"


class ShopOrderImport(db.Model):
    """A shop order imported as a fulfilment request; the unique key makes a second import find it."""

    __tablename__ = "shop_order_imports"
    __table_args__ = (
        db.UniqueConstraint("client_id", "shop_order_id", name="uq_shop_order_imports_client_order"),
        db.Index("ix_shop_order_imports_request", "request_id", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shop_order_id: Mapped[str] = mapped_column(db.String(64))  # the numeric tail of gid://shopify/Order/<id>
    shop_order_name: Mapped[str | None] = mapped_column(db.String(64))  # "#1001"
    request_id: Mapped[int] = mapped_column(db.ForeignKey("fulfillment_requests.id", ondelete="CASCADE"))
    source: Mapped[str] = mapped_column(db.String(10))  # pull or webhook
    imported_by: Mapped[str] = mapped_column(db.String(150))
    imported_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)


class ShopWebhookDelivery(db.Model):
    """A webhook delivery accepted once: its X-Shopify-Webhook-Id, so the same delivery sent again is refused."""

    __tablename__ = "shop_webhook_deliveries"

    id: Mapped[int] = mapped_column(primary_key=True)
    webhook_id: Mapped[str] = mapped_column(db.String(100), unique=True)
    shop_domain: Mapped[str] = mapped_column(db.String(255))
    topic: Mapped[str] = mapped_column(db.String(60))
    received_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, index=True)


class ShopFulfillment(db.Model):
    """The shop's fulfillment of one shipped shipment: pending until the shop has it, then created
    with the shop's fulfillment id. One a shipment (unique), so it is never pushed twice."""

    __tablename__ = "shop_fulfillments"
    __table_args__ = (
        db.Index("ix_shop_fulfillments_pending", "status", "id",
                 postgresql_where=db.text("status = 'pending'"), sqlite_where=db.text("status = 'pending'")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    shipment_id: Mapped[int] = mapped_column(db.ForeignKey("shipments.id", ondelete="CASCADE"), unique=True)
    shop_order_import_id: Mapped[int] = mapped_column(db.ForeignKey("shop_order_imports.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(db.String(10), default=PENDING)
    shop_fulfillment_id: Mapped[str | None] = mapped_column(db.String(100))
    attempts: Mapped[int] = mapped_column(default=0)
    last_error: Mapped[str | None] = mapped_column(db.String(500))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    pushed_at: Mapped[object | None] = mapped_column(db.DateTime)
