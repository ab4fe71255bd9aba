"""The demo warehouse at work (``flask --app api.app simulate-warehouse``, optional): while the portal runs,
each round a few new orders come in for the demo clients and their warehouse takes the next step with
some of the open parcels, reported through the events service as a warehouse system would (picked,
labelled, shipped with tracking and weight, delivered), so the lists and both dashboards move.

Only the month of history's requests and the simulation's own are moved on: the hand-made demo
requests (DEMO-…, the LTL groups) stay in the states the README shows them in. A stock running low is
topped up by a receipt, and the shipments it kept waiting take it."""
from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.orm import selectinload

from api.common.tenancy import owned_by
from api.common.timeutil import utcnow
from api.extensions import db
from api.inventory.ledger import Move, apply_moves
from api.inventory.models import InventoryLevel
from api.orders.allocation import allocate_waiting
from api.orders.demo import DEMO_ACTOR
from api.orders.models import FulfillmentRequest, Shipment, ShipmentLine
from api.products.models import ItemType
from api.shipments.history_demo import (
    PARCEL_ITEMS, PREFIX as HISTORY, STOCKED, destinations, parcel_shipping, place_parcel_request, report,
    shipped_fields, warehouse_event,
)

SIMULATED = "SIM-"
EVERY_SECONDS = 15.0
# New orders a round, at least and at most.
NEW_REQUESTS = (0, 2)
# The warehouse's next step with an open parcel, and the chance it takes it in a round.
NEXT_STEP = {"ready_to_process": ("processing", 0.5), "processing": ("pending_ship_label", 0.5),
             "pending_ship_label": ("shipped", 0.4), "shipped": ("delivered", 0.15)}
RESTOCK_BELOW = 50
RESTOCK_UNITS = 500
# New orders are numbered past the history's (#5000 and up) and the hand-made demo's.
FIRST_ORDER_NUMBER = 20000


@dataclass
class RoundOutcome:
    placed: int
    moved: int
    received: int


def simulated_clients():
    """The ids of the clients whose demo has its month of history (the ones the simulation moves on)."""
    return list(db.session.scalars(
        select(FulfillmentRequest.client_id).where(FulfillmentRequest.fulfillment_request_id.startswith(HISTORY))
        .group_by(FulfillmentRequest.client_id).order_by(FulfillmentRequest.client_id)))


def simulate_round(client_id, rng, now=None):
    """One round of the demo warehouse for ``client_id`` at ``now`` (naive UTC): stock topped up, new orders
    placed, parcels moved on; committed."""
    now = (now or utcnow()).replace(microsecond=0)
    received = _restock(client_id)
    placed = _new_requests(client_id, rng)
    moved = _next_steps(client_id, rng, now)
    db.session.commit()
    return RoundOutcome(placed=placed, moved=moved, received=received)


def _restock(client_id):
    """Receive RESTOCK_UNITS of each parcel item where fewer than RESTOCK_BELOW are free, then let the
    shipments waiting for them take them: how many levels were topped up."""
    low = db.session.execute(
        select(InventoryLevel.item_type_id, InventoryLevel.location)
        .join(ItemType, ItemType.id == InventoryLevel.item_type_id)
        .where(owned_by(InventoryLevel, client_id), ItemType.upc.in_([upc for upc, _ in PARCEL_ITEMS]),
               InventoryLevel.location.in_(STOCKED), InventoryLevel.unbound < RESTOCK_BELOW)
        .order_by(InventoryLevel.location, InventoryLevel.item_type_id)).all()
    if low:
        apply_moves(client_id, [Move(item_id, location, unbound=RESTOCK_UNITS, reason="receipt",
                                     reference="demo warehouse") for item_id, location in low], DEMO_ACTOR)
        allocate_waiting(client_id, DEMO_ACTOR)
    return len(low)


def _new_requests(client_id, rng):
    count = rng.randint(*NEW_REQUESTS)
    if not count:
        return 0
    made = db.session.scalar(select(func.count()).where(
        owned_by(FulfillmentRequest, client_id), FulfillmentRequest.fulfillment_request_id.startswith(SIMULATED)))
    places, shipping = destinations(), parcel_shipping(client_id)
    weights = [share for *_, share in places]
    for n in range(made + 1, made + 1 + count):
        place_parcel_request(client_id, rng, f"{SIMULATED}{n}", n, rng.choices(places, weights)[0], shipping,
                             order_id=f"#{FIRST_ORDER_NUMBER + n}")
    return count


def _next_steps(client_id, rng, now):
    """Report the next step of the open parcels the warehouse gets to this round: how many moved."""
    open_parcels = db.session.scalars(
        select(Shipment).join(FulfillmentRequest, FulfillmentRequest.id == Shipment.request_id)
        .where(owned_by(Shipment, client_id), Shipment.status.in_(NEXT_STEP),
               or_(FulfillmentRequest.fulfillment_request_id.startswith(HISTORY),
                   FulfillmentRequest.fulfillment_request_id.startswith(SIMULATED)))
        .options(selectinload(Shipment.lines).selectinload(ShipmentLine.item_type))
        .order_by(Shipment.id)).all()
    events = []
    for shipment in open_parcels:
        status, chance = NEXT_STEP[shipment.status]
        if rng.random() < chance:
            fields = shipped_fields(shipment) if status == "shipped" else None
            events.append(warehouse_event(shipment.id, status, now, f"simulated-{shipment.id}-{status}", fields))
    report(client_id, events)
    return len(events)
