"""Shipment groups as the list and the detail answer them, read for any number of groups with a fixed number
of queries: their live shipments, bills of lading and carriers each read once for all of them."""
from operator import itemgetter
from types import SimpleNamespace

from sqlalchemy import select

from api.addresses.service import ADDRESS_FIELDS
from api.common.queries import among
from api.common.tenancy import owned_by
from api.extensions import db
from api.freight import lifecycle
from api.freight.models import BillOfLading
from api.orders.models import CANCELED, Shipment, ShipmentGroup
from api.shipments.service import address_answer
from api.shipping.models import Carrier, ShipProfile

# A group's columns in the order group_rows reads them: the list selects them so, and the detail's object is
# read into the same order. Read by position (a row's values by name took 0.3 us each, 5 ms a page of 500).
GROUP_COLUMNS = tuple(ShipmentGroup.__table__.columns)
_AT = {column.key: n for n, column in enumerate(GROUP_COLUMNS)}
# The group's own columns a row answers as they are.
OWN_COLUMNS = ("id", "status", "approval_required", "approved", "approved_by_username", "approved_at", "warehouse_id",
               "desired_ship_date", "ship_profile_id", "ship_method", "master_tracking_id", "shipped_at",
               "created_at")
_own_values = itemgetter(*(_AT[name] for name in OWN_COLUMNS))
# What may be done with a group hangs on these three columns only (lifecycle.allowed_actions).
_STATE = ("status", "approved", "approval_required")
_state = itemgetter(*(_AT[name] for name in _STATE))
_address_parts = itemgetter(*(_AT[f"to_{part}"] for part in ADDRESS_FIELDS))
_ID, _PROFILE, _VALIDATED, _VALIDATION_ERROR = (
    _AT[name] for name in ("id", "ship_profile_id", "address_validated", "address_validation_error"))
# What a row tells of a bill of lading (its content is downloaded on its own).
BOL_COLUMNS = ("name", "external_id", "format", "generated", "bol_number", "size", "created_at",
               "created_by_username")


def group_values(group):
    """A group object's GROUP_COLUMNS, as the list's rows hold them."""
    return tuple(getattr(group, column.key) for column in GROUP_COLUMNS)


def group_rows(client_id, identity, groups):
    """``groups`` (the client's, each its GROUP_COLUMNS in that order) as rows: their own columns, address,
    carrier, live shipments, bill of lading and the actions ``identity`` may take on each now."""
    ids = [group[_ID] for group in groups]
    live = _live_shipments(client_id, ids)
    bols = _bills_of_lading(client_id, ids)
    carriers = _carriers(client_id, {group[_PROFILE] for group in groups if group[_PROFILE]})
    permitted = lifecycle.permitted_actions(identity)
    # Decided once for each of the few states on the page, not again for each group.
    actions_by_state = {}
    rows = []
    for group in groups:
        shipments = live.get(group[_ID], [])
        state = _state(group)
        actions = actions_by_state.get(state)
        if actions is None:
            actions = actions_by_state[state] = lifecycle.allowed_actions(
                SimpleNamespace(**dict(zip(_STATE, state))), identity, permitted)
        rows.append({
            **dict(zip(OWN_COLUMNS, _own_values(group))),
            "can_approve": "approve" in actions,
            "carrier": carriers.get(group[_PROFILE]),
            "to_address": address_answer(_address_parts(group), group[_VALIDATED], group[_VALIDATION_ERROR]),
            "inventory_allocated": bool(shipments) and all(allocated for _, allocated in shipments),
            "shipment_ids": [shipment_id for shipment_id, _ in shipments],
            "shipments_count": len(shipments),
            "bol": bols.get(group[_ID]),
            "allowed_actions": list(actions),
        })
    return rows


def _live_shipments(client_id, group_ids):
    """{group id: [(shipment id, inventory allocated)]} of the shipments not cancelled, by id."""
    if not group_ids:
        return {}
    live = {}
    rows = db.session.execute(
        select(Shipment.shipment_group_id, Shipment.id, Shipment.inventory_allocated)
        .where(owned_by(Shipment, client_id), among(Shipment.shipment_group_id, group_ids), Shipment.status != CANCELED)
        .order_by(Shipment.id))
    for group_id, shipment_id, allocated in rows:
        live.setdefault(group_id, []).append((shipment_id, allocated))
    return live


def _bills_of_lading(client_id, group_ids):
    if not group_ids:
        return {}
    rows = db.session.execute(
        select(BillOfLading.shipment_group_id, *(getattr(BillOfLading, name) for name in BOL_COLUMNS))
        .where(owned_by(BillOfLading, client_id), among(BillOfLading.shipment_group_id, group_ids)))
    return {group_id: dict(zip(BOL_COLUMNS, values)) for group_id, *values in rows}


def _carriers(client_id, profile_ids):
    """{ship profile id: its carrier's name}."""
    if not profile_ids:
        return {}
    return dict(db.session.execute(select(ShipProfile.id, Carrier.name).join(Carrier, Carrier.id == ShipProfile.carrier_id)
                                   .where(owned_by(ShipProfile, client_id), among(ShipProfile.id, profile_ids))).all())
