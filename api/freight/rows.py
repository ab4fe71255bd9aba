"""Shipment groups as the list and the detail answer them, read for any number of groups with a fixed number
of queries: their live shipments, bills of lading and carriers each read once for all of them."""
from operator import attrgetter

from sqlalchemy import select

from api.common.queries import among
from api.common.tenancy import owned_by
from api.extensions import db
from api.freight import lifecycle
from api.freight.models import BillOfLading
from api.orders.models import CANCELED, Shipment
from api.shipments.service import to_address
from api.shipping.models import Carrier, ShipProfile

# The group's own columns a row answers as they are.
OWN_COLUMNS = ("id", "status", "approval_required", "approved", "approved_by_username", "approved_at", "warehouse_id",
               "desired_ship_date", "ship_profile_id", "ship_method", "master_tracking_id", "shipped_at",
               "created_at")
_own_values = attrgetter(*OWN_COLUMNS)
# What a row tells of a bill of lading (its content is downloaded on its own).
BOL_COLUMNS = ("name", "external_id", "format", "generated", "bol_number", "size", "created_at",
               "created_by_username")


def group_rows(client_id, identity, groups):
    """``groups`` (the client's, as objects or as rows of their columns) as rows: their own columns, address,
    carrier, live shipments, bill of lading and the actions ``identity`` may take on each now."""
    ids = [group.id for group in groups]
    live = _live_shipments(client_id, ids)
    bols = _bills_of_lading(client_id, ids)
    carriers = _carriers(client_id, {group.ship_profile_id for group in groups if group.ship_profile_id})
    permitted = lifecycle.permitted_actions(identity)
    # What may be done with a group hangs on these three columns only: decided once for each of their few
    # combinations on the page, not again for each group.
    actions_by_state = {}
    rows = []
    for group in groups:
        shipments = live.get(group.id, [])
        state = (group.status, group.approved, group.approval_required)
        actions = actions_by_state.get(state)
        if actions is None:
            actions = actions_by_state[state] = lifecycle.allowed_actions(group, identity, permitted)
        rows.append({
            **dict(zip(OWN_COLUMNS, _own_values(group))),
            "can_approve": "approve" in actions,
            "carrier": carriers.get(group.ship_profile_id),
            "to_address": to_address(group),
            "inventory_allocated": bool(shipments) and all(allocated for _, allocated in shipments),
            "shipment_ids": [shipment_id for shipment_id, _ in shipments],
            "shipments_count": len(shipments),
            "bol": bols.get(group.id),
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
