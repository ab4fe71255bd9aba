"""The shop's fulfillment of each shipped shipment of an imported order, created once by the worker.

When the warehouse reports a shipment shipped, the events' transaction records a pending fulfillment
for it (an outbox row, unique per shipment), so a fulfillment is owed exactly when the shipment
shipped; once committed, the worker is told to push it. The push holds the row's lock while it asks
the shop: it first looks whether the shop already has a fulfillment with the shipment's tracking
number (a push that reached the shop but was not recorded), and only then creates one, so the shop
never gets it twice. A shop that is down is tried again with back-off (tasks.push_fulfillment)."""
import logging

from sqlalchemy import event, select
from sqlalchemy.orm import Session

from api.common.errors import ApiError
from api.common.queries import among
from api.common.row_writes import insert_new_rows
from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.orders.models import Shipment
from api.shipments.events import shipments_shipped
from api.shop import admin_api
from api.shop_orders.models import CREATED, PENDING, ShopFulfillment, ShopOrderImport

log = logging.getLogger(__name__)
TO_PUSH = "shop_fulfillments_to_push"
OPEN_STATUSES = ("OPEN", "IN_PROGRESS")
FAILED = "failed"
_senders = []


class ShopStillDown(Exception):
    """The shop could not take the fulfillment now; the task tries again later."""


def on_commit_push(send):
    """Have ``send(fulfillment_id)`` called for each pending fulfillment once its transaction commits."""
    _senders.append(send)


@shipments_shipped.connect
def record_owed_fulfillments(sender, client_id, shipment_ids):
    """Record a pending fulfillment for each of ``shipment_ids`` that belongs to an imported shop order."""
    owed = db.session.execute(
        select(Shipment.id, ShopOrderImport.id).join(ShopOrderImport, ShopOrderImport.request_id == Shipment.request_id)
        .where(ShopOrderImport.client_id == client_id, among(Shipment.id, list(shipment_ids)))).all()
    if not owed:
        return
    now = utcnow()
    recorded = insert_new_rows(ShopFulfillment.__table__, [
        {"client_id": client_id, "shipment_id": shipment_id, "shop_order_import_id": import_id, "status": PENDING,
         "attempts": 0, "created_at": now} for shipment_id, import_id in owed], unique=("shipment_id",), returning=("id",))
    db.session.info.setdefault(TO_PUSH, []).extend(row[0] for row in recorded)


@event.listens_for(Session, "after_commit")
def _send_committed(session):
    pending = session.info.pop(TO_PUSH, None)
    for fulfillment_id in pending or ():
        for send in _senders:
            send(fulfillment_id)


@event.listens_for(Session, "after_rollback")
def _forget_rolled_back(session):
    session.info.pop(TO_PUSH, None)


def push(fulfillment_id):
    """Create the shop's fulfillment of a pending one (and commit): its status afterwards. Raises
    ShopStillDown when the shop could not take it now."""
    query = select(ShopFulfillment).where(ShopFulfillment.id == fulfillment_id)
    fulfillment = db.session.scalars(query.with_for_update() if on_postgresql() else query).first()
    if fulfillment is None or fulfillment.status != PENDING:
        db.session.rollback()
        return fulfillment.status if fulfillment else None
    shipment = db.session.get(Shipment, fulfillment.shipment_id)
    order = db.session.get(ShopOrderImport, fulfillment.shop_order_import_id)
    fulfillment.attempts += 1
    try:
        api = admin_api.for_client(fulfillment.client_id)
        shop_fulfillment_id = _existing_or_new(api, order.shop_order_id, shipment)
    except (admin_api.ShopUnavailable, admin_api.ShopReauthenticationRequired) as error:
        fulfillment.last_error = error.description[:500]
        db.session.commit()
        raise ShopStillDown(error.description) from None
    except ApiError as error:
        fulfillment.status, fulfillment.last_error = FAILED, error.description[:500]
        db.session.commit()
        log.warning("the shop refused the fulfillment of shipment %s: %s", shipment.id, error.description)
        return FAILED
    fulfillment.status, fulfillment.shop_fulfillment_id, fulfillment.pushed_at = CREATED, shop_fulfillment_id, utcnow()
    fulfillment.last_error = None
    db.session.commit()
    return CREATED


def _existing_or_new(api, shop_order_id, shipment):
    fulfillment_orders = api.fulfillment_orders(shop_order_id)
    for fulfillment_order in fulfillment_orders:
        for existing in fulfillment_order.get("fulfillments", {}).get("nodes", []):
            if any(info.get("number") == shipment.tracking_number for info in existing.get("trackingInfo") or []):
                return existing["id"]
    still_open = [node["id"] for node in fulfillment_orders if node.get("status") in OPEN_STATUSES]
    if not still_open:
        # Fulfilled in the shop already (by hand, or by another shipment of a split order).
        return None
    return api.create_fulfillment(still_open, shipment.tracking_number, shipment.carrier, shipment.tracking_url)


def pending_ids(limit=500):
    """The pending fulfillments, oldest first (for a sweep after the broker lost a message)."""
    return db.session.scalars(select(ShopFulfillment.id).where(ShopFulfillment.status == PENDING)
                              .order_by(ShopFulfillment.id).limit(limit)).all()
