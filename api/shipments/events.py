"""The warehouse's side of a shipment: the events it reports (picking begun, waiting for its label,
shipped, delivered, a problem), each applied once, by its ``event_id``, and in order.

Events are applied set-wise, a single event being a batch of one: the batch locks its shipments (in
id order), reads the events seen before and each shipment's latest one with a query each, moves
each shipment through the lifecycle in memory, takes what ships out of stock with one call of the
ledger, and records the applied events with one insert. A refused event changes nothing and is not
recorded, so it can be sent again once it fits; the other events of its batch go on. When two
deliveries of one event meet, the unique ``event_id`` decides: the one that loses finds the winner's
record, and answers as the winner did."""
from dataclasses import dataclass

from sqlalchemy import bindparam, func, or_, select, update
from sqlalchemy.orm import selectinload

from api.common.errors import ApiError, Conflict, NotFound
from api.common.queries import among
from api.common.row_writes import insert_new_rows, insert_rows
from api.common.tenancy import scoped
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db
from api.inventory.ledger import StockRefused
from api.orders import lifecycle
from api.orders.models import (
    DELIVERED, EXCEPTION, PENDING_SHIP_LABEL, PROCESSING, SHIPPED, FulfillmentRequest, Shipment, ShipmentStatusChange,
)
from api.orders.stock import ship_shipments
from api.shipments.models import ShipmentEvent

EVENT_STATUSES = (PROCESSING, PENDING_SHIP_LABEL, SHIPPED, DELIVERED, EXCEPTION)
MAX_BATCH = 1000
APPLIED, DUPLICATE, REFUSED = RESULTS = ("applied", "duplicate", "refused")


class EventReused(ApiError):
    status = 422
    code = "event_id_reused"


@dataclass
class Outcome:
    """What became of one event: applied (with its answer), a duplicate of one seen before (with the
    answer that one had), or refused (with why)."""

    event_id: str
    shipment_id: int
    result: str
    answer: dict | None = None
    error: ApiError | None = None

    def entry(self):
        """The event's entry in a batch's answer."""
        error = None if self.error is None else {"error": self.error.code, "description": self.error.description}
        return {"event_id": self.event_id, "shipment_id": self.shipment_id, "status": self.result, "error": error}


@dataclass(frozen=True)
class _Seen:
    client_id: int
    shipment_id: int
    status: str
    answer: dict


class _Raced(Exception):
    """Another transaction recorded one of the batch's events while this one applied it."""


def report_event(client_id, actor, shipment_id, event):
    """Apply ``event`` (as ShipmentEventIn loads it) to the client's shipment ``shipment_id`` for
    ``actor``: (its answer, whether it repeats one seen before, answered as that one was). A refused
    event raises its refusal. The caller commits."""
    [outcome] = apply_events(client_id, actor, [{**event, "shipment_id": shipment_id}])
    if outcome.error is not None:
        raise outcome.error
    return outcome.answer, outcome.result == DUPLICATE


def report_events(client_id, actor, events):
    """Apply ``events`` (each naming its shipment) in their order: each one's entry (applied,
    duplicate or refused, with the refusal). The caller commits."""
    return [outcome.entry() for outcome in apply_events(client_id, actor, events)]


def apply_events(client_id, actor, events):
    """Apply ``events`` in their order, each whole or not at all: their Outcomes."""
    try:
        return _applied_in_savepoint(client_id, actor, events)
    except StockRefused as refusal:
        if len(events) == 1:
            return [Outcome(events[0]["event_id"], events[0]["shipment_id"], REFUSED, error=refusal)]
        # The ledger refuses a batch without saying whose units fell short: each event goes alone,
        # so only the one that takes more than is bound is refused.
        return [outcome for event in events for outcome in apply_events(client_id, actor, [event])]


def _applied_in_savepoint(client_id, actor, events):
    while True:
        savepoint = db.session.begin_nested()
        try:
            outcomes = _apply(client_id, actor, events)
        except _Raced:
            # The winner has committed (the insert waited for it), so this time its event is seen.
            savepoint.rollback()
            continue
        except BaseException:
            savepoint.rollback()
            raise
        savepoint.commit()
        return outcomes


def _apply(client_id, actor, events):
    shipments = _locked_shipments(client_id, {event["shipment_id"] for event in events})
    seen = _seen_events({event["event_id"] for event in events})
    latest = _latest_occurrences(shipments)
    outcomes, records, shipping, ship_days = [], [], [], {}
    for event in events:
        event_id, shipment_id = event["event_id"], event["shipment_id"]
        shipment = shipments.get(shipment_id)
        if shipment is not None and event_id in seen:
            outcomes.append(_repeat(client_id, event, seen[event_id]))
            continue
        try:
            if shipment is None:
                raise NotFound(f"Shipment {shipment_id} not found.")
            ships = _check(shipment, event, latest.get(shipment_id))
            _move(shipment, event, actor)
        except ApiError as refusal:
            outcomes.append(Outcome(event_id, shipment_id, REFUSED, error=refusal))
            continue
        if ships:
            shipping.append(shipment)
            day = shipment.shipped_at.date()
            ship_days[shipment.request_id] = min(day, ship_days.get(shipment.request_id, day))
        latest[shipment_id] = event["occurred_at"]
        answer = _answer(event_id, shipment)
        seen[event_id] = _Seen(client_id, shipment_id, event["status"], answer)
        records.append(_record(client_id, actor, event, answer))
        outcomes.append(Outcome(event_id, shipment_id, APPLIED, answer=answer))
    _write_history()
    ship_shipments(client_id, shipping, actor)
    _follow_ship_days(ship_days)
    db.session.flush()
    if len(insert_new_rows(ShipmentEvent.__table__, records, unique=("event_id",), returning=("id",))) < len(records):
        raise _Raced()
    return outcomes


def _locked_shipments(client_id, shipment_ids):
    """{id: Shipment} of the client's shipments among ``shipment_ids``, locked in id order, read anew."""
    query = (scoped(Shipment, client_id).where(among(Shipment.id, sorted(shipment_ids))).order_by(Shipment.id)
             .options(selectinload(Shipment.lines)).with_for_update(of=Shipment)
             .execution_options(populate_existing=True))
    return {shipment.id: shipment for shipment in db.session.scalars(query)}


def _seen_events(event_ids):
    """{event id: _Seen} of the events among ``event_ids`` recorded before, of any client."""
    event = ShipmentEvent
    rows = db.session.execute(select(event.event_id, event.client_id, event.shipment_id, event.status, event.answer)
                              .where(among(event.event_id, sorted(event_ids))))
    return {event_id: _Seen(*rest) for event_id, *rest in rows}


def _latest_occurrences(shipments):
    """{shipment id: when its latest recorded event happened} of ``shipments`` that have events."""
    if not shipments:
        return {}
    event = ShipmentEvent
    latest = (select(event.shipment_id, func.max(event.occurred_at))
              .where(among(event.shipment_id, sorted(shipments))).group_by(event.shipment_id))
    return dict(db.session.execute(latest).all())


def _repeat(client_id, event, first):
    """An event whose id was seen: the first one's answer when it is the same event; refused when the
    id was used for another shipment or status (another client's shipment staying unnamed)."""
    event_id = event["event_id"]
    if first.client_id != client_id:
        return Outcome(event_id, event["shipment_id"], REFUSED,
                       error=EventReused(f"Event ID {event_id} was already used for another shipment."))
    if (first.shipment_id, first.status) != (event["shipment_id"], event["status"]):
        return Outcome(event_id, event["shipment_id"], REFUSED, error=EventReused(
            f"Event ID {event_id} was already used for shipment {first.shipment_id} ({code_label(first.status)})."))
    return Outcome(event_id, event["shipment_id"], DUPLICATE, answer=first.answer)


def _check(shipment, event, latest):
    """Refuse ``event`` if it happened before the shipment's latest event, or ships a shipment with no
    stock bound to it; whether it takes the shipment's units out of stock (it ships first now)."""
    if latest is not None and event["occurred_at"] < latest:
        raise Conflict(f"Event {event['event_id']} happened at {_timestamp(event['occurred_at'])}, before the latest "
                       f"event of shipment {shipment.id} ({_timestamp(latest)}).", code="event_out_of_order")
    ships = event["status"] in (SHIPPED, DELIVERED) and shipment.shipped_at is None
    # A move the lifecycle refuses is refused as such (naming both statuses) by _move.
    if ships and not shipment.inventory_allocated and event["status"] in lifecycle.TRANSITIONS[shipment.status]:
        raise Conflict(f"Shipment {shipment.id} cannot ship: no stock is allocated to it.", code="not_allocated")
    return ships


def _move(shipment, event, actor):
    """Move ``shipment`` as ``event`` reports (refused by the lifecycle before anything changes), and
    keep what the event tells: tracking and weight, when it shipped and was delivered, the problem."""
    status, occurred_at = event["status"], event["occurred_at"]
    reason = f"Warehouse event {event['event_id']}" + (f": {event['reason']}" if status == EXCEPTION else "")
    lifecycle.move(shipment, status, reason=reason, actor=actor)
    if status == SHIPPED:
        shipment.tracking_number, shipment.tracking_url = event["tracking_number"], event["tracking_url"]
        shipment.carrier, shipment.weight = event["carrier"], event["weight"]
    if status in (SHIPPED, DELIVERED) and shipment.shipped_at is None:
        shipment.shipped_at = occurred_at
    if status == DELIVERED:
        shipment.delivered_at = occurred_at
    shipment.exception_reason = event["reason"] if status == EXCEPTION else None


def _write_history():
    """Write the history rows lifecycle.move added to the session with one COPY: flushed as objects, a
    batch's thousand rows went as one statement of six thousand values that the driver takes apart in
    Python, the largest cost of a batch."""
    changes = [row for row in db.session.new if isinstance(row, ShipmentStatusChange)]
    for change in changes:
        db.session.expunge(change)
    now = utcnow()
    insert_rows(ShipmentStatusChange.__table__, [
        {"client_id": change.client_id, "shipment_id": change.shipment_id, "from_status": change.from_status,
         "to_status": change.to_status, "reason": change.reason, "actor": change.actor, "created_at": now}
        for change in changes])


def _follow_ship_days(ship_days):
    """Give each request of ``ship_days`` ({request id: day a shipment of it shipped}) its actual ship
    date: the day its first shipment shipped."""
    if not ship_days:
        return
    table = FulfillmentRequest.__table__
    db.session.execute(
        update(table).where(table.c.id == bindparam("request"),
                            or_(table.c.actual_ship_date.is_(None), table.c.actual_ship_date > bindparam("day")))
        .values(actual_ship_date=bindparam("day")),
        [{"request": request_id, "day": day} for request_id, day in sorted(ship_days.items())])


def _answer(event_id, shipment):
    """The answer to an applied event, kept to answer its repeats: the shipment as it left it."""
    return {"event_id": event_id, "shipment_id": shipment.id, "status": APPLIED, "shipment": {
        "id": shipment.id, "status": shipment.status, "tracking_number": shipment.tracking_number,
        "tracking_url": shipment.tracking_url, "carrier": shipment.carrier,
        "weight": None if shipment.weight is None else str(shipment.weight),
        "shipped_at": _timestamp(shipment.shipped_at), "delivered_at": _timestamp(shipment.delivered_at),
        "exception_reason": shipment.exception_reason}}


def _record(client_id, actor, event, answer):
    sent = {name: value for name, value in event.items() if value is not None and name != "shipment_id"}
    payload = {name: _timestamp(value) if name == "occurred_at" else str(value) if name == "weight" else value
               for name, value in sent.items()}
    return {"client_id": client_id, "shipment_id": event["shipment_id"], "event_id": event["event_id"],
            "status": event["status"], "occurred_at": event["occurred_at"], "payload": payload, "answer": answer,
            "actor": actor}


def _timestamp(value):
    """A stored (naive UTC) time as the API writes times."""
    return None if value is None else value.isoformat(timespec="seconds") + "Z"
