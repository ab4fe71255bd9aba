"""Shipments: the parcels a fulfilment request becomes, what a client inspects and changes while the
warehouse has not begun, the files and EDI details that travel with them, and what the warehouse reports."""
from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import requires
from api.common.pagination import PageArgs
from api.common.prepared_dump import json_answer, prepared_dumper
from api.common.tenancy import acting_client_id
from api.orders import service
from api.orders.schemas import ShipmentOut
from api.shipments import listing
from api.shipments.schemas import ShipmentDetail, ShipmentHistory, ShipmentList, ShipmentListArgs
from api.shipments.service import get_shipment, shipment_history

# Cancelling a shipment is part of managing the request it came from.
CANCEL = "create:fulfillment_requests"

blp = Blueprint("shipments", __name__, url_prefix="/api/v4/shipments",
                description="Shipments: the parcels a fulfilment request becomes")


@blp.route("/<int:shipment_id>/cancel")
class ShipmentCancel(MethodView):
    @requires(CANCEL, logs=("shipment", "shipment_id"))
    @blp.response(200, ShipmentOut)
    def post(self, shipment_id):
        """Cancel a shipment in validating or ready_to_process (409 `shipment_not_cancelable` after):
        its allocated units go back to free stock and waiting shipments take them, oldest request
        first. Cancelling a cancelled shipment answers it unchanged."""
        return service.cancel_shipment(acting_client_id(), g.identity, shipment_id)

    @requires(CANCEL, logs=("shipment", "shipment_id"))
    @blp.response(200, ShipmentOut)
    def put(self, shipment_id):
        """Cancel a shipment: the same as POST."""
        return service.cancel_shipment(acting_client_id(), g.identity, shipment_id)


# --- Reading shipments: the list, a shipment, its history (read) ---

# A page of the list is dumped without marshmallow's per-value work (api.common.prepared_dump).
SHIPMENT_PAGE = prepared_dumper(ShipmentList())


@blp.route("")
class Shipments(MethodView):
    @requires()
    @blp.arguments(ShipmentListArgs, location="query")
    @blp.response(200, ShipmentList)
    def get(self, args):
        """List shipments, newest first, filtered by status, order, request, group, warehouse or shipped dates."""
        shipments, cursor = listing.list_shipments(acting_client_id(), g.identity, args)
        return json_answer(SHIPMENT_PAGE({"shipments": shipments, "cursor": cursor}))


@blp.route("/<int:shipment_id>")
class ShipmentOne(MethodView):
    @requires()
    @blp.response(200, ShipmentDetail)
    def get(self, shipment_id):
        """A shipment with its sets, documents, checklist and the actions the caller may take now."""
        return get_shipment(acting_client_id(), g.identity, shipment_id)


@blp.route("/<int:shipment_id>/history")
class ShipmentHistoryView(MethodView):
    @requires()
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, ShipmentHistory)
    def get(self, args, shipment_id):
        """The moves of a shipment's status, newest first: from, to, why, who and when."""
        return shipment_history(acting_client_id(), shipment_id, args["limit"], args["cursor"])

# --- end of read's block ---
