"""LTL shipments join shipment groups: one open group per client, warehouse the shipment ships from, desired
ship date and destination, made by the first such shipment placed (by the form, a bulk file, or a change of
its ship method to LTL) and joined by the next.

Groups are found or made set-wise, a batch of shipments at a time: one INSERT of the batch's keys that does
nothing where the key's open group exists (the partial unique index uq_shipment_groups_open_key), then one
read of the open groups of those keys. Two imports placing shipments of one key at once meet at the index and
find the one group. The group's lifecycle after that is api.freight.lifecycle's (freight stands above orders,
which do not import it: whoever must react to a change of a group's shipments registers with
``on_groups_changed``)."""
import hashlib
import re
from dataclasses import dataclass

from sqlalchemy import bindparam, select, text, update
from sqlalchemy.dialects import postgresql, sqlite

from api.addresses.service import ADDRESS_FIELDS
from api.clients.models import Client
from api.common.errors import Conflict
from api.common.tenancy import owned_by
from api.common.text import code_label
from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.orders import history, lifecycle
from api.orders.models import OPEN_GROUP, READY_TO_PROCESS, VALIDATING, FulfillmentRequest, Shipment, ShipmentGroup

# The parts of a destination that make it the same place (not who receives it nor how to reach them).
KEY_PARTS = ("address_1", "address_2", "city", "state", "postal_code", "country")
LTL_VERSION = 2
KEY_COLUMNS = ("client_id", "warehouse_id", "desired_ship_date", "address_key")
WHITESPACE = re.compile(r"\s+")


@dataclass
class Joining:
    """An LTL shipment about to join its group, with what a group it makes takes from it."""

    shipment_id: int
    request_id: int
    warehouse_id: str
    desired_ship_date: object
    address: dict  # {part of ADDRESS_FIELDS: value}, as its request stores it
    address_validated: bool
    address_validation_error: str | None
    ship_profile_id: int | None
    ship_method: str | None


def address_key(address):
    """The digest of a destination normalised: its street, city, state, the first five characters of its
    postal code (a ZIP+4 is the same place) and country, in lower case with whitespace collapsed."""
    parts = []
    for part in KEY_PARTS:
        value = WHITESPACE.sub(" ", str(address.get(part) or "")).strip().lower()
        parts.append(value[:5] if part == "postal_code" else value)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def groups_freight(client_id):
    """Whether the client's LTL shipments travel in shipment groups: clients on version 2 and up. Below, an LTL
    request waits for the approval of the request itself, as it did before groups."""
    client = db.session.get(Client, client_id)
    return client is not None and client.fulfillment_request_api_version >= LTL_VERSION


def join_groups(client_id, joining, actor):
    """Put each of ``joining`` into the open group of its key, made when there is none (the caller commits):
    the shipment and its request carry the group's id, and the groups made are told to the watchers of
    ``on_groups_made``. Answers {shipment id: group id}, empty for a client whose freight is not grouped
    (``groups_freight``)."""
    if not joining or not groups_freight(client_id):
        return {}
    keyed = [((shipment.warehouse_id, shipment.desired_ship_date, address_key(shipment.address)), shipment)
             for shipment in joining]
    firsts = {}
    for key, shipment in keyed:
        firsts.setdefault(key, shipment)
    made = _insert_open_groups(client_id, firsts)
    groups = _open_groups(client_id, firsts)
    placed = {shipment.shipment_id: groups[key] for key, shipment in keyed}
    _set_group_ids(Shipment, client_id,
                   [{"row_id": shipment_id, "group_id": group_id} for shipment_id, group_id in placed.items()])
    _set_group_ids(FulfillmentRequest, client_id, list({shipment.request_id: {"row_id": shipment.request_id,
                                                                   "group_id": groups[key]}
                                             for key, shipment in keyed}.values()))
    if made:
        for watcher in _MADE_WATCHERS:
            watcher(client_id, {groups[key]: firsts[key].shipment_id for key in made}, actor)
    return placed


def _insert_open_groups(client_id, firsts):
    """One INSERT of a group for each key, in one order (two imports take the index's entries in the same
    order, so they wait for each other rather than deadlock), doing nothing for a key whose open group exists.
    Answers the keys whose group it made."""
    now = utcnow()
    rows = [{"client_id": client_id, "warehouse_id": warehouse_id, "desired_ship_date": ship_date, "address_key": key,
             "status": "validating", "approval_required": True, "approved": False,
             "ship_profile_id": first.ship_profile_id, "ship_method": first.ship_method,
             **{f"to_{part}": first.address.get(part) for part in ADDRESS_FIELDS},
             "address_validated": first.address_validated, "address_validation_error": first.address_validation_error,
             "created_at": now, "updated_at": now}
            for (warehouse_id, ship_date, key), first in sorted(firsts.items(), key=lambda entry: entry[0])]
    dialect_insert = postgresql.insert if on_postgresql() else sqlite.insert
    table = ShipmentGroup.__table__
    made = db.session.execute(dialect_insert(table).values(rows)
                              .on_conflict_do_nothing(index_elements=list(KEY_COLUMNS), index_where=text(OPEN_GROUP))
                              .returning(table.c.warehouse_id, table.c.desired_ship_date, table.c.address_key))
    return [tuple(key) for key in made]


def _open_groups(client_id, firsts):
    """{(warehouse, desired ship date, address key): id} of the open groups of these keys."""
    rows = db.session.execute(
        select(ShipmentGroup.warehouse_id, ShipmentGroup.desired_ship_date, ShipmentGroup.address_key, ShipmentGroup.id)
        .where(owned_by(ShipmentGroup, client_id), text(OPEN_GROUP),
               ShipmentGroup.address_key.in_(sorted({key for _, _, key in firsts}))))
    return {(warehouse_id, ship_date, key): group_id for warehouse_id, ship_date, key, group_id in rows
            if (warehouse_id, ship_date, key) in firsts}


def _set_group_ids(model, client_id, rows):
    """One UPDATE for every row of ``model`` given ({row_id, group_id}), whatever their number."""
    table = model.__table__
    db.session.execute(update(table).where(owned_by(model, client_id), table.c.id == bindparam("row_id"))
                       .values(shipment_group_id=bindparam("group_id")), rows)


def join_as_changed(shipment, actor):
    """A shipment whose ship method was changed to LTL joins its group (the caller commits): its request needs
    approval with reason ltl, and a shipment ready to process waits again in validating for the group. Only a
    shipment the warehouse has not begun changes to freight (409 otherwise)."""
    if not groups_freight(shipment.client_id):
        return
    if shipment.status not in (VALIDATING, READY_TO_PROCESS):
        raise Conflict(f"Shipment {shipment.id} is {code_label(shipment.status)}: only a shipment the warehouse "
                       "has not begun can change to LTL freight, which travels in a shipment group.",
                       code="invalid_status")
    request = shipment.request
    if not request.requires_approval:
        request.requires_approval, request.requires_approval_reason = True, "ltl"
    lifecycle.move(shipment, VALIDATING, reason="Changed to LTL freight: it waits for its shipment group.", actor=actor)
    db.session.flush()
    placed = join_groups(shipment.client_id, actor=actor, joining=[Joining(
        shipment.id, request.id, shipment.warehouse_id, request.desired_ship_date,
        {part: getattr(request, f"to_{part}") for part in ADDRESS_FIELDS}, request.address_validated,
        request.address_validation_error, shipment.ship_profile_id, shipment.ship_method)])
    shipment.shipment_group_id = request.shipment_group_id = placed[shipment.id]
    history.note_shipment(shipment, f"Shipment {shipment.id} joined shipment group {placed[shipment.id]} (LTL).", actor)


# Who records the groups made (their history is the groups' lifecycle's, above orders).
_MADE_WATCHERS = []


def on_groups_made(watcher):
    """Register ``watcher(client_id, {group id: the shipment it was made for}, actor)``, called in the transaction
    that made the groups."""
    _MADE_WATCHERS.append(watcher)
    return watcher


# Who reacts when something of the shipments of groups changed (their stock allocated, one cancelled): the
# groups' lifecycle, which stands above orders and registers itself here.
_WATCHERS = []


def on_groups_changed(watcher):
    """Register ``watcher(client_id, group_ids, actor)``, called in the transaction of the change."""
    _WATCHERS.append(watcher)
    return watcher


def groups_changed(client_id, shipments, actor):
    """Tell the watchers that ``shipments`` changed in a way their groups may see (the caller commits)."""
    group_ids = sorted({group_id for group_id in map(lifecycle.group_of, shipments) if group_id is not None})
    if group_ids:
        for watcher in _WATCHERS:
            watcher(client_id, group_ids, actor)
