"""LTL shipment groups: read with their shipments and checklist; approved, cancelled, given another carrier
method or address; their shipments moved between groups or out of freight. Each change goes through the
group's lifecycle (api.freight.lifecycle) and answers the group as it reads now."""
from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from api.common.tenancy import owned_by
from api.extensions import db
from api.freight import lifecycle
from api.freight.models import ShipmentGroupStatusChange
from api.freight.owned import group_of
from api.freight.rows import group_rows
from api.orders.models import CANCELED, Shipment

# What a group's shipment may have done to it, by the group's action that allows it.
SHIPMENT_ACTIONS = {"move": "move_shipments", "remove": "remove_shipments"}


def get_group(client_id, identity, group_id):
    """The group with its checklist and shipments, each with what ``identity`` may do to it now."""
    return present(group_of(client_id, group_id), identity)


def present(group, identity):
    """The group as GET /api/v4/shipment_groups/{id} answers it."""
    shipments = db.session.scalars(
        select(Shipment).where(owned_by(Shipment, group.client_id), Shipment.shipment_group_id == group.id,
                               Shipment.status != CANCELED)
        .options(joinedload(Shipment.request), selectinload(Shipment.lines)).order_by(Shipment.id)).all()
    [row] = group_rows(group.client_id, identity, [group])
    offered = [action for action, group_action in SHIPMENT_ACTIONS.items() if group_action in row["allowed_actions"]]
    return {**row, "checklist": lifecycle.checklist(group, shipments),
            "shipments": [{"id": shipment.id, "status": shipment.status, "fulfillment_request_id": shipment.request_id,
                           "request_reference": shipment.request.fulfillment_request_id,
                           "order_id": shipment.request.order_id, "inventory_allocated": shipment.inventory_allocated,
                           "to_name": shipment.request.to_name,
                           "units": sum(line.quantity_desired for line in shipment.lines),
                           "allowed_actions": offered}
                          for shipment in shipments]}


def group_history(client_id, group_id):
    """The moves of a group's status, oldest first."""
    group = group_of(client_id, group_id)
    changes = db.session.scalars(select(ShipmentGroupStatusChange)
                                 .where(owned_by(ShipmentGroupStatusChange, client_id),
                                        ShipmentGroupStatusChange.shipment_group_id == group.id)
                                 .order_by(ShipmentGroupStatusChange.id)).all()
    return {"history": changes}
