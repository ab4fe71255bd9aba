"""The warehouse's side of a shipment group: its freight being loaded (processing) and leaving under one
master tracking id (shipped), each event applied once, by its ``event_id``, and in order.

A group's event is its shipments' events: each live shipment gets it through the shipments' events
(api.shipments.events, its id ``{event_id}:{shipment id}``), so their history, tracking and stock (the
bound units leaving through the ledger) follow as they would for a parcel, and the group moves through
its own lifecycle. The group and all of it go together or not at all: a refusal of the group's move or
of any shipment's event undoes everything the event wrote (a savepoint) and is answered, and the event
is not recorded, so it can be sent again once it fits. The group's row is locked first: two deliveries
of one event meet there, and the second finds the first's record and answers as it did."""
from sqlalchemy import func, select, update

from api.common.errors import ApiError, Conflict
from api.common.row_writes import insert_new_rows
from api.common.tenancy import owned_by
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db, retried_on_conflict
from api.freight import lifecycle
from api.freight.models import ShipmentGroupEvent
from api.freight.owned import group_of
from api.freight.schemas import ShipmentGroupOut
from api.freight.service import present
from api.orders.models import SHIPPED, Shipment
from api.shipments.events import EventReused, apply_events

# What a shipment's event carries beyond its id, shipment, status and time (api.shipments.events).
SHIPMENT_EVENT_FIELDS = ("tracking_number", "tracking_url", "carrier", "weight", "reason")


@retried_on_conflict
def report_group_event(client_id, identity, group_id, event):
    """Apply ``event`` (as GroupEventIn loads it) to the client's group ``group_id``: (its answer, the group
    as the event left it, dumped; whether it repeats one seen before, answered as that one was). A refused
    event raises its refusal and writes nothing. Commits."""
    group = group_of(client_id, group_id, for_update=True)
    first = _recorded(event["event_id"])
    if first is not None:
        return _repeat(client_id, group, event, first), True
    _check_order(group, event)
    savepoint = db.session.begin_nested()
    try:
        if not _record(client_id, identity.username, group, event):
            # Another delivery of this event_id committed meanwhile (the insert waited for it).
            savepoint.rollback()
            return _repeat(client_id, group, event, _recorded(event["event_id"])), True
        _apply(client_id, identity.username, group, event)
        savepoint.commit()
    except ApiError:
        savepoint.rollback()
        raise
    answer = ShipmentGroupOut().dump(present(group, identity))
    db.session.execute(update(ShipmentGroupEvent).where(ShipmentGroupEvent.event_id == event["event_id"])
                       .values(answer=answer))
    db.session.commit()
    return answer, False


def _recorded(event_id):
    """The record of ``event_id`` (of any client), or None."""
    return db.session.scalars(select(ShipmentGroupEvent).filter_by(event_id=event_id)).first()


def _repeat(client_id, group, event, first):
    """The first answer of an event seen before, when it is the same event; refused when its id was used
    for another group or status (another client's group staying unnamed)."""
    event_id = event["event_id"]
    if first.client_id != client_id:
        raise EventReused(f"Event ID {event_id} was already used for another shipment group.")
    if (first.shipment_group_id, first.status) != (group.id, event["status"]):
        raise EventReused(f"Event ID {event_id} was already used for shipment group {first.shipment_group_id} "
                          f"({code_label(first.status)}).")
    return first.answer


def _check_order(group, event):
    """Refuse an event that happened before the latest event applied to the group."""
    latest = db.session.scalar(select(func.max(ShipmentGroupEvent.occurred_at))
                               .where(owned_by(ShipmentGroupEvent, group.client_id),
                                      ShipmentGroupEvent.shipment_group_id == group.id))
    if latest is not None and event["occurred_at"] < latest:
        raise Conflict(f"Event {event['event_id']} happened at {_timestamp(event['occurred_at'])}, before the latest "
                       f"event of shipment group {group.id} ({_timestamp(latest)}).", code="event_out_of_order")


def _record(client_id, actor, group, event):
    """Record the event, unless its event_id has a record (committed, or written by a transaction still
    running: the insert waits for it): whether it was recorded."""
    payload = {name: _timestamp(value) if name == "occurred_at" else value
               for name, value in event.items() if value is not None}
    return bool(insert_new_rows(ShipmentGroupEvent.__table__, [{
        "client_id": client_id, "shipment_group_id": group.id, "event_id": event["event_id"],
        "status": event["status"], "occurred_at": event["occurred_at"], "payload": payload, "answer": None,
        "received_at": utcnow(), "actor": actor}], unique=("event_id",), returning=("id",)))


def _apply(client_id, actor, group, event):
    """Move the group, then each of its live shipments through the shipments' events; the first refusal
    raises."""
    event_id, status = event["event_id"], event["status"]
    lifecycle.move(group, status, reason=f"Warehouse event {event_id}", actor=actor)
    shipments = lifecycle.live_shipments(group)
    shipped = status == SHIPPED
    outcomes = apply_events(client_id, actor, [
        {**dict.fromkeys(SHIPMENT_EVENT_FIELDS), "event_id": f"{event_id}:{shipment.id}", "shipment_id": shipment.id,
         "status": status, "occurred_at": event["occurred_at"],
         **({"tracking_number": event["master_tracking_id"], "carrier": event["carrier"],
             "tracking_url": event["tracking_url"]} if shipped else {})}
        for shipment in shipments])
    refused = [outcome for outcome in outcomes if outcome.error is not None]
    if refused:
        error = refused[0].error
        error.description = f"Shipment {refused[0].shipment_id} of group {group.id}: {error.description}"
        raise error
    if shipped:
        group.master_tracking_id, group.shipped_at = event["master_tracking_id"], event["occurred_at"]
        db.session.execute(update(Shipment).where(owned_by(Shipment, client_id),
                                                  Shipment.id.in_([shipment.id for shipment in shipments]))
                           .values(master_tracking_id=event["master_tracking_id"], updated_at=utcnow()))
    db.session.flush()
    # The shipments' events wrote their rows with statements of their own: what the session holds is stale.
    for shipment in shipments:
        db.session.expire(shipment)


def _timestamp(value):
    """A stored (naive UTC) time as the API writes times."""
    return value.isoformat(timespec="seconds") + "Z"
