"""The warehouse's side of a shipment: the events it reports (picking begun, waiting for its label,
shipped, delivered, a problem), each applied once, by its ``event_id``, and in order.

Events are applied set-wise, a single event being a batch of one: the batch locks its shipments (in
id order), reads the events seen before and each shipment's latest one with one query, moves each
shipment through the lifecycle in memory, records the applied events with one insert, takes what
ships out of stock with one call of the ledger (reading the lines of those shipments only), and
writes the shipments, their history and their requests' ship dates with a statement each. A
refused event changes nothing and is not recorded, so it can be sent again once it fits; the other
events of its batch go on. When two deliveries of one event meet, the unique ``event_id`` decides:
the one that loses finds the winner's record, and answers as the winner did.

Nothing is written before the two things that can still refuse a batch whole, so no savepoint is
needed (two statements of a single event's dozen): the insert of the records (an event_id another
transaction recorded meanwhile) and the ledger (units short); when either refuses, the records this
batch inserted are deleted again and nothing else was written."""
from dataclasses import dataclass, field
from typing import NamedTuple

import orjson
from blinker import Namespace
from sqlalchemy import bindparam, case, delete, or_, select, text, update

from api.common.errors import ApiError, Conflict, NotFound
from api.common.queries import among
from api.common.row_writes import insert_new_rows
from api.common.tenancy import owned_by
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.inventory.ledger import StockRefused
from api.orders import lifecycle
from api.orders.models import (
    DELIVERED, EXCEPTION, PENDING_SHIP_LABEL, PROCESSING, SHIPPED, FulfillmentRequest, Shipment, ShipmentLine,
)
from api.orders.stock import ship_shipments
from api.shipments.models import ShipmentEvent

EVENT_STATUSES = (PROCESSING, PENDING_SHIP_LABEL, SHIPPED, DELIVERED, EXCEPTION)
MAX_BATCH = 1000
APPLIED, DUPLICATE, REFUSED = RESULTS = ("applied", "duplicate", "refused")
# Sent, inside the events' transaction, with the ids of the shipments that have just left the warehouse:
# features above this one (the shop's fulfillments) connect to it rather than being imported here.
shipments_shipped = Namespace().signal("shipments-shipped")


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


# A shipment's columns that events read, and those they change.
_CHANGED_COLUMNS = ("status", "tracking_number", "tracking_url", "carrier", "weight", "shipped_at", "delivered_at",
                    "exception_reason")
_SHIPMENT_COLUMNS = ("id", "client_id", "request_id", "warehouse_id", "inventory_allocated", *_CHANGED_COLUMNS)


@dataclass
class _Shipment:
    """A shipment as a batch of events reads and moves it: its row's values, without the ORM's
    bookkeeping of each object (a third of a batch's time); the lifecycle and the ledger's shipment
    conveniences take it as they take a Shipment."""

    id: int
    client_id: int
    request_id: int
    warehouse_id: str
    inventory_allocated: bool
    status: str
    tracking_number: str | None
    tracking_url: str | None
    carrier: str | None
    weight: object
    shipped_at: object
    delivered_at: object
    exception_reason: str | None
    lines: list = field(default_factory=list)


class _Line(NamedTuple):
    item_type_id: int
    quantity_allocated: int


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
    while True:
        try:
            return _apply(client_id, actor, events)
        except _Raced:
            # The winner has committed (the insert waited for it), so this time its event is seen.
            continue
        except StockRefused as refusal:
            if len(events) == 1:
                return [Outcome(events[0]["event_id"], events[0]["shipment_id"], REFUSED, error=refusal)]
            # The ledger refuses a batch without saying whose units fell short: each event goes alone,
            # so only the one that takes more than is bound is refused.
            return [outcome for event in events for outcome in apply_events(client_id, actor, [event])]


def _apply(client_id, actor, events):
    shipments = _locked_shipments(client_id, {event["shipment_id"] for event in events})
    seen, latest = _recorded_events({event["event_id"] for event in events}, shipments)
    outcomes, records, changes, shipping, ship_days = [], [], [], [], {}
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
            change = _move(shipment, event, actor)
        except ApiError as refusal:
            outcomes.append(Outcome(event_id, shipment_id, REFUSED, error=refusal))
            continue
        if change is not None:
            changes.append(change)
        if ships:
            shipping.append(shipment)
            day = shipment.shipped_at.date()
            ship_days[shipment.request_id] = min(day, ship_days.get(shipment.request_id, day))
        latest[shipment_id] = event["occurred_at"]
        answer = _answer(event_id, shipment)
        seen[event_id] = _Seen(client_id, shipment_id, event["status"], answer)
        records.append(_record(client_id, actor, event, answer))
        outcomes.append(Outcome(event_id, shipment_id, APPLIED, answer=answer))
    recorded = _record_applied(records)
    if len(recorded) < len(records):
        _unrecord(recorded)
        raise _Raced()
    try:
        ship_shipments(client_id, _with_lines(shipping), actor)
    except StockRefused:
        _unrecord(recorded)
        raise
    _write_shipments([shipments[shipment_id] for shipment_id in {outcome.shipment_id for outcome in outcomes
                                                                   if outcome.result == APPLIED}])
    lifecycle.write_history(changes)
    _follow_ship_days(ship_days)
    if shipping:
        shipments_shipped.send("shipment_events", client_id=client_id, shipment_ids=[shipment.id for shipment in shipping])
    return outcomes


def _locked_shipments(client_id, shipment_ids):
    """{id: _Shipment} of the client's shipments among ``shipment_ids``, their rows locked in id order
    (without their lines)."""
    rows = db.session.execute(select(*(Shipment.__table__.c[name] for name in _SHIPMENT_COLUMNS))
                              .where(owned_by(Shipment, client_id), among(Shipment.id, sorted(shipment_ids)))
                              .order_by(Shipment.id).with_for_update())
    return {row.id: _Shipment(**row._asdict()) for row in rows}


def _with_lines(shipments):
    """``shipments`` with their lines read: only a shipment that ships needs them. Read after the
    shipments were locked, so they are as the last transaction that changed them left them."""
    if shipments:
        by_id = {shipment.id: shipment for shipment in shipments}
        for shipment_id, *line in db.session.execute(
                select(ShipmentLine.shipment_id, ShipmentLine.item_type_id, ShipmentLine.quantity_allocated)
                .where(among(ShipmentLine.shipment_id, sorted(by_id)))):
            by_id[shipment_id].lines.append(_Line(*line))
    return shipments


def _recorded_events(event_ids, shipments):
    """({event id: _Seen} of the events among ``event_ids`` recorded before, of any client; {shipment id:
    when its latest recorded event happened} of ``shipments`` that have events), read with one query. Read
    after the shipments were locked, so an event recorded by a transaction that held them is seen."""
    event = ShipmentEvent
    named = among(event.event_id, sorted(event_ids))
    rows = db.session.execute(
        select(event.event_id, event.client_id, event.shipment_id, event.status, event.occurred_at,
               case((named, event.answer)))
        .where(or_(named, among(event.shipment_id, sorted(shipments)) if shipments else False)))
    seen, latest = {}, {}
    for event_id, client_id, shipment_id, status, occurred_at, answer in rows:
        if event_id in event_ids:
            seen[event_id] = _Seen(client_id, shipment_id, status, answer)
        if shipment_id in shipments and (shipment_id not in latest or occurred_at > latest[shipment_id]):
            latest[shipment_id] = occurred_at
    return seen, latest


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
    keep what the event tells: tracking and weight, when it shipped and was delivered, the problem. Answers
    the move's history row (None when the status stays)."""
    status, occurred_at = event["status"], event["occurred_at"]
    reason = f"Warehouse event {event['event_id']}" + (f": {event['reason']}" if status == EXCEPTION else "")
    change = lifecycle.move_row(shipment, status, reason=reason, actor=actor)
    if status == SHIPPED:
        shipment.tracking_number, shipment.tracking_url = event["tracking_number"], event["tracking_url"]
        shipment.carrier, shipment.weight = event["carrier"], event["weight"]
    if status in (SHIPPED, DELIVERED) and shipment.shipped_at is None:
        shipment.shipped_at = occurred_at
    if status == DELIVERED:
        shipment.delivered_at = occurred_at
    shipment.exception_reason = event["reason"] if status == EXCEPTION else None
    return change


def _write_shipments(shipments):
    """Store what the events changed of ``shipments``, with one statement. On PostgreSQL their values travel
    as one JSON document: as an executemany UPDATE, a thousand shipments were a fifth of a batch's time,
    spent binding each one's parameters in Python. Their ids are given apart as well: the planner cannot
    see how few rows a JSON document holds, and joined it to every shipment of the table."""
    if not shipments:
        return
    table, now = Shipment.__table__, utcnow()
    rows = [{"shipment": shipment.id, **{name: getattr(shipment, name) for name in _CHANGED_COLUMNS}}
            for shipment in sorted(shipments, key=lambda shipment: shipment.id)]
    if not on_postgresql():
        db.session.execute(update(table).where(table.c.id == bindparam("shipment"))
                           .values(**{name: bindparam(name) for name in _CHANGED_COLUMNS}, updated_at=now), rows)
        return
    columns = ", ".join(f"{name} {table.c[name].type.compile(dialect=db.engine.dialect)}" for name in _CHANGED_COLUMNS)
    db.session.execute(text(
        f"UPDATE shipments SET {', '.join(f'{name} = r.{name}' for name in _CHANGED_COLUMNS)}, updated_at = :now"
        f" FROM json_to_recordset(CAST(:rows AS json)) AS r(shipment int, {columns})"
        " WHERE shipments.id = r.shipment AND shipments.id = ANY(:shipments)"),
        {"rows": orjson.dumps(rows, default=str).decode(), "now": now, "shipments": [row["shipment"] for row in rows]})


def _follow_ship_days(ship_days):
    """Give each request of ``ship_days`` ({request id: day a shipment of it shipped}) its actual ship
    date: the day its first shipment shipped (a statement for each day, a batch seldom spanning many)."""
    requests_of = {}
    for request_id, day in ship_days.items():
        requests_of.setdefault(day, []).append(request_id)
    table = FulfillmentRequest.__table__
    for day, request_ids in sorted(requests_of.items()):
        db.session.execute(
            update(table).where(among(table.c.id, sorted(request_ids)),
                                or_(table.c.actual_ship_date.is_(None), table.c.actual_ship_date > day))
            .values(actual_ship_date=day))


def _record_applied(records):
    """Insert the records of the applied events, but those whose event_id a row has (committed, or
    written by a transaction still running: the insert waits for it): the ids of those inserted.

    On PostgreSQL the rows travel as one JSON document: as arrays (row_writes.insert_new_rows) each JSON
    value of a thousand rows was escaped into the array's text by a regular expression, character by
    character, the largest cost of a batch."""
    if not records:
        return []
    if not on_postgresql():
        return [row.id for row in insert_new_rows(ShipmentEvent.__table__, records, unique=("event_id",),
                                                   returning=("id",))]
    received_at = utcnow()
    return list(db.session.scalars(text(
        "INSERT INTO shipment_events (client_id, shipment_id, event_id, status, occurred_at, payload, answer, actor,"
        " received_at) SELECT client_id, shipment_id, event_id, status, occurred_at, payload, answer, actor, :received"
        " FROM json_to_recordset(CAST(:rows AS json)) AS r(client_id int, shipment_id int, event_id varchar,"
        " status varchar, occurred_at timestamp, payload json, answer json, actor varchar)"
        " ON CONFLICT (event_id) DO NOTHING RETURNING id"),
        {"rows": orjson.dumps(records).decode(), "received": received_at}))


def _unrecord(record_ids):
    """Delete the records ``_record_applied`` inserted, when their batch is refused after all."""
    if record_ids:
        db.session.execute(delete(ShipmentEvent.__table__).where(among(ShipmentEvent.id, record_ids)))


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
