from flask.views import MethodView
from flask_smorest import Blueprint

from api.addresses import service
from api.addresses.schemas import Address, AddressValidation, ZipLookup, ZipLookupArgs
from api.common.auth import requires

blp = Blueprint("addresses", __name__, url_prefix="/api/v4/address_validation",
                description="Address checks and ZIP code lookups, answered from bundled postal data")


@blp.route("")
class AddressValidationView(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(Address)
    @blp.response(200, AddressValidation)
    def post(self, address):
        """Check an address: normalised form, whether it is valid, and candidates when it is not."""
        return service.validate_address(address)


@blp.route("/zip_lookup")
class ZipLookupView(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(ZipLookupArgs, location="query")
    @blp.response(200, ZipLookup)
    @blp.alt_response(404, description="USPS zip code lookup failed (an unknown code, or one with letters)")
    def get(self, args):
        """The city and state of a US ZIP code, and the other city names it accepts."""
        return service.zip_lookup(args["zip"])
