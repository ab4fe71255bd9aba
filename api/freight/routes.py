"""LTL freight: shipment groups, the shipments travelling together as one load, their approval, address,
carrier method, bill of lading and the warehouse's events."""
from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import requires
from api.common.tenancy import acting_client_id
from api.freight import service
from api.freight.owned import require_ltl
from api.freight.schemas import GroupHistory, ShipmentGroupOut

blp = Blueprint("freight", __name__, url_prefix="/api/v4/shipment_groups",
                description="LTL shipment groups: shipments travelling together as one freight load")


@blp.before_request
def _ltl_clients_only():
    """Every LTL call of a client below version 2 is refused with the reason (403 ltl_not_available)."""
    if g.get("client_id") is not None:
        require_ltl(g.client_id)


# A group and its history (freight-core)

@blp.route("/<int:group_id>")
class ShipmentGroupOne(MethodView):
    @requires()
    @blp.response(200, ShipmentGroupOut)
    def get(self, group_id):
        """A shipment group with its checklist, shipments and the actions the caller may take now."""
        return service.get_group(acting_client_id(), g.identity, group_id)


@blp.route("/<int:group_id>/history")
class ShipmentGroupHistoryView(MethodView):
    @requires()
    @blp.response(200, GroupHistory)
    def get(self, group_id):
        """The moves of a group's status, oldest first: from, to, why, who and when."""
        return service.group_history(acting_client_id(), group_id)
