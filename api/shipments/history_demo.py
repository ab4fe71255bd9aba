"""A month of believable history for the demo (``seed-demo``): a few hundred requests placed over the
last 30 days to addresses in most states, moved along by the warehouse's events through the events
service as a warehouse system would report them (picked, labelled, shipped with tracking and weight,
delivered a few days later by distance, now and then a problem), and today's work still open, so both
dashboards, the lists and the map are full on first start. Placed by the allocation engine like any
other request, from stock received for it at four warehouses. Seeded once: a client that has the
history already is left as it is."""
import random
from datetime import timedelta
from decimal import Decimal
from functools import lru_cache

import zipcodes
from sqlalchemy import select

from api.common.tenancy import owned_by
from api.common.timeutil import utcnow
from api.extensions import db
from api.inventory.ledger import Move, apply_moves
from api.orders.demo import DEMO_ACTOR, carried_by, demo_request
from api.orders.models import FulfillmentRequest
from api.products.models import ItemType
from api.shipments.demo import DEMO_WAREHOUSE, UPS_TRACKING
from api.shipments.events import apply_events

PREFIX = "HIST-"
DAYS = 30
REQUESTS_PER_DAY = (6, 14)
STOCKED = ("NJ01", "CA01", "TX01", "IL01")
UNITS_RECEIVED = 3000
EVENT_BATCH = 500
# (upc, pounds a unit weighs) of the demo catalogue's items (api.orders.demo) the history sends.
PARCEL_ITEMS = (("850001000017", "4.20"), ("850001000024", "1.35"), ("850001000031", "0.60"))
FIRST_NAMES = ("Avery", "Jordan", "Riley", "Morgan", "Casey", "Taylor", "Jamie", "Quinn", "Rowan", "Skyler",
               "Harper", "Emerson", "Reese", "Dakota", "Parker", "Sawyer")
LAST_NAMES = ("Nguyen", "Garcia", "Smith", "Johnson", "Okafor", "Kowalski", "Brown", "Martinez", "Lee", "Patel",
              "Anderson", "Rossi", "Clark", "Walker", "Young", "Hughes")
STREETS = ("Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Park Ave", "Washington St", "Lake Rd", "Hill St")
PROBLEMS = ("Carton crushed in transit; a replacement is being packed",
            "Address label unreadable at the hub; relabelling", "Parcel held at customs scan for review")
# States the history does not send to: the far territories (zones and transit there follow no distance rule).
LEFT_OUT = {"AA", "AE", "AP", "AS", "FM", "GU", "MH", "MP", "PW", "PR", "VI"}


@lru_cache(maxsize=1)
def destinations():
    """[(state, city, ZIP code, how many ZIP codes the state has)]: for each state its busiest city (the one
    with the most delivery ZIP codes) and that city's first code, from the ZIP data the portal ships."""
    cities = {}
    for record in zipcodes.list_all():
        if record["active"] and record["zip_code_type"] == "STANDARD" and record["state"] not in LEFT_OUT:
            cities.setdefault(record["state"], {}).setdefault(record["city"], []).append(record["zip_code"])
    places = []
    for state, by_city in sorted(cities.items()):
        city, codes = max(by_city.items(), key=lambda item: (len(item[1]), item[0]))
        places.append((state, city.upper(), min(codes), sum(len(zips) for zips in by_city.values())))
    return places


def _address(rng, place, n):
    state, city, postal_code, _ = place
    name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
    return {"name": name, "address_1": f"{100 + n % 900} {rng.choice(STREETS)}", "city": city, "state": state,
            "postal_code": postal_code, "country": "US", "phone": "212 555 0100",
            "email": f"{name.lower().replace(' ', '.')}@example.com"}


def seed_demo_history(client_id, now=None):
    """Add the month of history of a client that has the demo catalogue and no history yet."""
    if db.session.scalars(select(FulfillmentRequest.id).where(
            owned_by(FulfillmentRequest, client_id),
            FulfillmentRequest.fulfillment_request_id.startswith(PREFIX))).first() is not None:
        return
    items = dict(db.session.execute(select(ItemType.upc, ItemType.id).where(
        owned_by(ItemType, client_id), ItemType.upc.in_([upc for upc, _ in PARCEL_ITEMS]))).all())
    if len(items) < len(PARCEL_ITEMS):
        return
    now = (now or utcnow()).replace(microsecond=0)
    # One seed whoever the client is: every time relative to ``now``, the same month comes out, every status in it.
    rng = random.Random(PREFIX)
    apply_moves(client_id, [Move(items[upc], location, unbound=UNITS_RECEIVED, reason="receipt", reference="demo history")
                            for upc, _ in PARCEL_ITEMS for location in STOCKED], DEMO_ACTOR)
    placed = _place_month(client_id, rng, now)
    _report_events(client_id, rng, now, placed)
    db.session.commit()


def _place_month(client_id, rng, now):
    """Place each day's requests, oldest day first, dated that day: [(request, days ago)]."""
    places = destinations()
    weights = [count for *_, count in places]
    shipping = parcel_shipping(client_id)
    placed, n = [], 0
    for days_ago in range(DAYS, -1, -1):
        for _ in range(rng.randint(*REQUESTS_PER_DAY)):
            # Every state once before the busier ones come round again, so the map has most of them.
            place = places[n] if n < len(places) else rng.choices(places, weights)[0]
            n += 1
            made_at = now - timedelta(days=days_ago, hours=rng.randint(1, 10), minutes=rng.randint(0, 59))
            if made_at > now:
                made_at = now - timedelta(minutes=5 * n % 60 + 1)
            request = place_parcel_request(client_id, rng, f"{PREFIX}{n}", n, place, shipping, order_id=f"#{5000 + n}")
            # Placed today by the rules (a ship date in the past is refused), then dated the day it came in.
            request.created_at, request.desired_ship_date = made_at, made_at.date()
            for shipment in request.shipments:
                shipment.created_at = made_at
            placed.append((request, days_ago))
    db.session.flush()
    return placed


def parcel_shipping(client_id):
    """The ways the demo's parcels go: the fields of a request shipped by each."""
    return [carried_by(client_id, "UPS", "UPS_GROUND"), carried_by(client_id, "USPS", "USPS_PRIORITY_MAIL"),
            carried_by(client_id, "FedEx", "FEDEX_2_DAY")]


def place_parcel_request(client_id, rng, reference, n, place, shipping, order_id):
    """Place a request of one or two of the demo's parcel items to ``place`` (a destination), shipped one of
    the ways of ``shipping``."""
    lines = [(upc, rng.choice((1, 1, 1, 2)), None) for upc, _ in rng.sample(PARCEL_ITEMS, rng.randint(1, 2))]
    return demo_request(client_id, reference, _address(rng, place, n), lines, order_id=order_id, **rng.choice(shipping))


def shipped_fields(shipment):
    """What the warehouse reports of a shipment it ships: UPS tracking and the parcel's weight."""
    tracking = f"1Z{shipment.warehouse_id}{shipment.id:010d}"
    return {"tracking_number": tracking, "carrier": "UPS", "tracking_url": UPS_TRACKING.format(tracking),
            "weight": _weight(shipment)}


def warehouse_event(shipment_id, status, at, event_id, fields=None):
    """One event of the warehouse's, as its system sends them to the events service."""
    return {"tracking_number": None, "tracking_url": None, "carrier": None, "weight": None, "reason": None,
            **(fields or {}), "shipment_id": shipment_id, "status": status, "event_id": event_id, "occurred_at": at}


def report(client_id, events):
    """Apply the warehouse's ``events`` through the events service, a batch at a time; any refused is an error
    in the demo's own data, raised."""
    refused = [outcome.error.description for start in range(0, len(events), EVENT_BATCH)
               for outcome in apply_events(client_id, DEMO_WAREHOUSE, events[start:start + EVENT_BATCH])
               if outcome.error is not None]
    if refused:
        raise RuntimeError(f"The demo's warehouse events were refused: {refused[:3]}")


def _weight(shipment):
    pounds = dict(PARCEL_ITEMS)
    return sum(Decimal(pounds.get(line.item_type.upc, "1")) * line.quantity_desired for line in shipment.lines) + Decimal(
        "0.40")


def _steps(rng, shipment, days_ago, now):
    """The warehouse's events of a shipment placed ``days_ago``: (when, status, fields), oldest first; the
    newest requests are still being picked or wait for a label, the older ones shipped and most delivered."""
    made_at = shipment.created_at
    picked = made_at + timedelta(hours=rng.randint(1, 5))
    labelled = picked + timedelta(hours=1)
    shipped_at = labelled + timedelta(hours=rng.randint(1, 6))
    steps = [(picked, "processing", {}), (labelled, "pending_ship_label", {}),
             (shipped_at, "shipped", shipped_fields(shipment))]
    roll = rng.random()
    if days_ago > 3 and roll < 0.04:
        steps.append((shipped_at + timedelta(days=1), "exception", {"reason": rng.choice(PROBLEMS)}))
    elif days_ago > 1 and roll < 0.9:
        steps.append((shipped_at + timedelta(days=rng.randint(1, 5), hours=rng.randint(0, 12)), "delivered", {}))
    reached = [step for step in steps if step[0] < now]
    if days_ago == 0 and roll < 0.5:
        reached = reached[:1]  # today's work: some are still being picked...
    elif days_ago == 0 and roll < 0.7:
        reached = []  # ...and some not yet begun
    return reached


def _report_events(client_id, rng, now, placed):
    events = []
    for request, days_ago in placed:
        for shipment in request.shipments:
            if shipment.status != "ready_to_process":
                continue
            for n, (at, status, fields) in enumerate(_steps(rng, shipment, days_ago, now)):
                events.append(warehouse_event(shipment.id, status, at, f"history-{client_id}-{shipment.id}-{n}", fields))
    report(client_id, events)

