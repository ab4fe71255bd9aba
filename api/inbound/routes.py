from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import RECEIVE_INBOUND, requires
from api.common.idempotency import idempotent
from api.common.tenancy import acting_client_id
from api.imports.schemas import ImportArgs, import_answer, upload, upload_answers
from api.inbound import service
from api.inbound.schemas import AsnDetail, AsnList, AsnListArgs, InboundUpload, Receipt

blp = Blueprint("inbound", __name__, description="Inbound shipments (ASNs): upload, list and receipt")


@blp.route("/api/v2/inbound/client_upload")
class InboundUploadView(MethodView):
    @idempotent
    @upload
    @requires("write:asns", logs=("job", "id"))
    @blp.arguments(ImportArgs, location="query")
    @blp.arguments(InboundUpload)
    @upload_answers(blp)
    def post(self, args, body):
        """Upload inbound inventory (CSV rows): ASNs are created by a job once the whole file is valid."""
        return import_answer(service.upload_inbound(g.identity, acting_client_id(), body["lines"], args))


@blp.route("/api/v4/asns")
class Asns(MethodView):
    @requires()
    @blp.arguments(AsnListArgs, location="query")
    @blp.response(200, AsnList)
    def get(self, args):
        """List the client's ASNs, newest first, with their item counts and quantities."""
        asns, cursor = service.list_asns(acting_client_id(), args)
        return {"asns": asns, "cursor": cursor}


@blp.route("/api/v4/asns/<int:asn_id>")
class AsnById(MethodView):
    @requires(logs=("asn", "asn_id"))
    @blp.response(200, AsnDetail)
    def get(self, asn_id):
        """Get an ASN with its expected shipments and items."""
        return service.get_asn(acting_client_id(), asn_id)


@blp.route("/api/v4/asns/<int:asn_id>/receive")
class AsnReceipt(MethodView):
    @requires(RECEIVE_INBOUND, logs=("asn", "asn_id"))
    @blp.arguments(Receipt)
    @blp.response(200, AsnDetail)
    def post(self, body, asn_id):
        """Mark an ASN, or some of its items, received (provider staff): stock rises through the ledger."""
        return service.receive(g.identity, acting_client_id(), asn_id, body["items"])
