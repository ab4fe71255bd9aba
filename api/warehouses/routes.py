from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import MANAGE_REFERENCE_DATA, requires
from api.warehouses import service
from api.warehouses.schemas import Warehouse, WarehouseList, WarehouseListArgs, WarehouseWrite

blp = Blueprint("warehouses", __name__, url_prefix="/api/v4/warehouses", description="The provider's warehouses")


@blp.route("")
class Warehouses(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(WarehouseListArgs, location="query")
    @blp.response(200, WarehouseList)
    def get(self, args):
        """List the warehouses with their addresses."""
        warehouses, cursor = service.list_warehouses(args["limit"], args["cursor"])
        return {"warehouses": warehouses, "cursor": cursor}


@blp.route("/<string:code>")
class WarehouseByCode(MethodView):
    @requires(MANAGE_REFERENCE_DATA, client_scoped=False, logs=("warehouse", "code"))
    @blp.arguments(WarehouseWrite)
    @blp.response(200, Warehouse)
    def put(self, fields, code):
        """Change a warehouse's name and address (provider staff)."""
        return service.update_warehouse(code, fields)
