from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import requires
from api.common.idempotency import idempotent
from api.common.tenancy import acting_client_id
from api.imports.schemas import ImportArgs, import_answer, upload, upload_answers
from api.returns import service
from api.returns.schemas import RmaDetail, RmaList, RmaListArgs, RmaUpload

blp = Blueprint("returns", __name__, url_prefix="/api/v4/rmas", description="Returns (RMAs): upload and list")


@blp.route("/bulk")
class RmaBulk(MethodView):
    @idempotent
    @upload
    @requires("create:rmas", logs=("job", "id"))
    @blp.arguments(ImportArgs, location="query")
    @blp.arguments(RmaUpload)
    @upload_answers(blp)
    def post(self, args, body):
        """Upload RMAs (CSV rows grouped by RMA and shipment): a job stores them once the whole file is valid."""
        return import_answer(service.upload_rmas(g.identity, acting_client_id(), body["rmas"], args))


@blp.route("")
class Rmas(MethodView):
    @requires()
    @blp.arguments(RmaListArgs, location="query")
    @blp.response(200, RmaList)
    def get(self, args):
        """List the client's RMAs, newest first, with their item counts and quantities."""
        rmas, cursor = service.list_rmas(acting_client_id(), args)
        return {"rmas": rmas, "cursor": cursor}


@blp.route("/<int:rma_id>")
class RmaById(MethodView):
    @requires(logs=("rma", "rma_id"))
    @blp.response(200, RmaDetail)
    def get(self, rma_id):
        """Get an RMA with its expected parcels and items."""
        return service.get_rma(acting_client_id(), rma_id)
