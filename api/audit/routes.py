from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.audit import service
from api.audit.schemas import (
    BreadcrumbList, LogListArgs, RequestLogEntry, RequestLogList, RequestLogListArgs, ServerErrorReport,
)
from api.common.tenancy import acting_client_id
from api.common.auth import ACT_FOR_ANY_CLIENT, requires

blp = Blueprint("audit", __name__, url_prefix="/api/v4/logs", description="Request log and breadcrumbs per object")


@blp.route("/requests/<string:object_type>/<path:object_id>")
class ObjectRequests(MethodView):
    @requires()
    @blp.arguments(RequestLogListArgs, location="query")
    @blp.response(200, RequestLogList)
    def get(self, args, object_type, object_id):
        """List the writes and failed calls made on one object of the acting client (with
        ``include_reads``, every call), newest first."""
        requests, cursor = service.request_logs(
            acting_client_id(), object_type, object_id, args["limit"], args["cursor"], include_reads=args["include_reads"],
        )
        return {"requests": requests, "cursor": cursor}


@blp.route("/request/<int:log_id>")
class RequestById(MethodView):
    @requires()
    @blp.response(200, RequestLogEntry)
    def get(self, log_id):
        """Get one logged call of the acting client."""
        return service.request_log(acting_client_id(), log_id)


@blp.route("/breadcrumbs/<string:object_type>/<path:object_id>")
class ObjectBreadcrumbs(MethodView):
    @requires(ACT_FOR_ANY_CLIENT)
    @blp.arguments(LogListArgs, location="query")
    @blp.response(200, BreadcrumbList)
    def get(self, args, object_type, object_id):
        """List the business events of one object (admins only), newest first."""
        breadcrumbs, cursor = service.breadcrumbs(acting_client_id(), object_type, object_id, args["limit"], args["cursor"])
        return {"breadcrumbs": breadcrumbs, "cursor": cursor}


@blp.route("/server_errors")
class ServerErrors(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(ServerErrorReport)
    @blp.response(204)
    def post(self, report):
        """Report a server error (5xx) the browser met, for the operators' error log."""
        service.report_server_error(g.identity, report)
