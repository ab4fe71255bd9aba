from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.tenancy import acting_client_id
from api.common.auth import requires
from api.inventory import service
from api.inventory.schemas import Reservation, Stock

blp = Blueprint("inventory", __name__, url_prefix="/api/v4/inventory", description="Stock per item and warehouse location")


@blp.route("/<string:upc>")
class InventoryByUpc(MethodView):
    @requires("update:inventory", logs=("item_type", "upc"))
    @blp.arguments(Reservation)
    @blp.response(200, Stock)
    def put(self, body, upc):
        """Set the reserved stock per location (whole numbers, never more than the free stock)."""
        return service.reserve(g.identity, acting_client_id(), upc, body["locations"])
