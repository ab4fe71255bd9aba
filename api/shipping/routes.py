from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import MANAGE_REFERENCE_DATA, requires
from api.common.idempotency import idempotent
from api.common.tenancy import acting_client_id
from api.shipping import service
from api.shipping.schemas import (
    CarrierList, ReferenceListArgs, ShipmentTypeList, ShipProfile, ShipProfileList, ShipProfileWrite,
)

blp = Blueprint("shipping", __name__, url_prefix="/api/v4", description="Carriers, ship methods, ship profiles, shipment types")


@blp.route("/carriers")
class Carriers(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(ReferenceListArgs, location="query")
    @blp.response(200, CarrierList)
    def get(self, args):
        """List the carriers with their ship methods and service levels."""
        carriers, cursor = service.list_carriers(args["limit"], args["cursor"])
        return {"carriers": carriers, "cursor": cursor}


@blp.route("/shipment_types")
class ShipmentTypes(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(ReferenceListArgs, location="query")
    @blp.response(200, ShipmentTypeList)
    def get(self, args):
        """List the shipment types and the default one."""
        types, cursor = service.list_shipment_types(args["limit"], args["cursor"])
        return {"shipment_types": types, "default_shipment_type": service.DEFAULT_SHIPMENT_TYPE, "cursor": cursor}


@blp.route("/ship_profiles")
class ShipProfiles(MethodView):
    @requires()
    @blp.arguments(ReferenceListArgs, location="query")
    @blp.response(200, ShipProfileList)
    def get(self, args):
        """List the acting client's ship profiles with their carrier accounts."""
        profiles, cursor = service.list_ship_profiles(acting_client_id(), args["limit"], args["cursor"])
        return {"ship_profiles": profiles, "cursor": cursor}

    @idempotent
    @requires(MANAGE_REFERENCE_DATA, logs=("ship_profile", "id"))
    @blp.arguments(ShipProfileWrite)
    @blp.response(201, ShipProfile)
    def post(self, fields):
        """Add a ship profile to the acting client (provider staff)."""
        return service.create_ship_profile(acting_client_id(), fields)


@blp.route("/ship_profiles/<int:profile_id>")
class ShipProfileById(MethodView):
    @requires(MANAGE_REFERENCE_DATA, logs=("ship_profile", "profile_id"))
    @blp.arguments(ShipProfileWrite)
    @blp.response(200, ShipProfile)
    def put(self, fields, profile_id):
        """Change one of the acting client's ship profiles (provider staff)."""
        return service.update_ship_profile(acting_client_id(), profile_id, fields)
