"""The warehouse's side of the demo for ``seed-demo``: events reported for the demo requests' shipments,
applied by the events service as a warehouse's would be, so the screens show a shipment in every status."""
from datetime import timedelta
from decimal import Decimal

from sqlalchemy import select

from api.common.tenancy import owned_by
from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import FulfillmentRequest, Shipment
from api.shipments.events import apply_events

DEMO_WAREHOUSE = "demo-warehouse"
UPS_TRACKING = "https://www.ups.com/track?tracknum={}"


def _shipped(tracking_number, weight):
    return {"status": "shipped", "tracking_number": tracking_number, "carrier": "UPS", "weight": Decimal(weight),
            "tracking_url": UPS_TRACKING.format(tracking_number)}


# Each demo request's events, oldest first: (days ago, the event's status and fields).
DEMO_EVENTS = {
    "DEMO-6": [(0, {"status": "processing"})],
    "DEMO-9": [(1, {"status": "processing"}), (0, {"status": "pending_ship_label"})],
    "DEMO-10": [(2, {"status": "processing"}), (1, _shipped("1Z999AA10123456784", "4.20"))],
    "DEMO-11": [(6, {"status": "processing"}), (5, _shipped("1Z999AA10123456791", "3.85")),
                (2, {"status": "delivered"})],
    "DEMO-12": [(1, {"status": "processing"}),
                (0, {"status": "exception", "reason": "Carton crushed while picking; a new one is being packed"})],
}
EVENT_FIELDS = ("tracking_number", "tracking_url", "carrier", "weight", "reason")


def seed_demo_shipments(client_id):
    """Report the demo events of the client's demo requests; an event already reported changes nothing."""
    shipments = dict(db.session.execute(
        select(FulfillmentRequest.fulfillment_request_id, Shipment.id)
        .join_from(Shipment, FulfillmentRequest, FulfillmentRequest.id == Shipment.request_id)
        .where(owned_by(Shipment, client_id),
               FulfillmentRequest.fulfillment_request_id.in_(sorted(DEMO_EVENTS)))).all())
    now = utcnow().replace(microsecond=0)
    events = [
        {**dict.fromkeys(EVENT_FIELDS), **fields, "shipment_id": shipments[reference],
         "event_id": f"demo-{client_id}-{reference}-{n}",
         "occurred_at": now - timedelta(days=days, hours=len(steps) - n)}
        for reference, steps in DEMO_EVENTS.items() if reference in shipments
        for n, (days, fields) in enumerate(steps)]
    refused = [outcome.error.description for outcome in apply_events(client_id, DEMO_WAREHOUSE, events)
               if outcome.error is not None]
    if refused:
        raise RuntimeError(f"The demo's warehouse events were refused: {refused}")
    db.session.commit()
