"""The orders and shipments dashboards of the acting client."""
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import requires
from api.common.tenancy import acting_client_id
from api.dashboards import service
from api.dashboards.schemas import OrdersDashboard, ShipmentsDashboard

blp = Blueprint("dashboards", __name__, url_prefix="/api/v4/dashboards",
                description="Dashboards: today's work per warehouse, alerts, and the last 30 days' shipments")


@blp.route("/orders")
class OrdersDashboardView(MethodView):
    @requires()
    @blp.response(200, OrdersDashboard)
    def get(self):
        """Unfilled, due and shipped shipments per warehouse (each in its local day), the order alerts and
        the shipments by status per warehouse."""
        return service.orders_dashboard(acting_client_id())


@blp.route("/shipments")
class ShipmentsDashboardView(MethodView):
    @requires()
    @blp.response(200, ShipmentsDashboard)
    def get(self):
        """Average zone, weight and days in transit, shipments per zone and per destination state, over the
        shipments shipped in the last 30 days."""
        return service.shipments_dashboard(acting_client_id())
