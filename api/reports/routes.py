from flask import current_app, g
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import INCLUDE

from api.common.downloads import attachment
from api.common.idempotency import idempotent
from api.common.auth import MANAGE_REPORTS, requires
from api.common.tenancy import acting_client_id
from api.reports import service
from api.reports.schemas import (
    CategoryArgs, CategoryList, CsvArgs, Report, ReportList, ReportListArgs, ReportWrite, RunBody, RunResult,
)

blp = Blueprint("reports", __name__, url_prefix="/api/v4/reports", description="Reports: saved read-only queries")

READ = "read:reports"


@blp.route("/categories")
class Categories(MethodView):
    @requires(READ)
    @blp.arguments(CategoryArgs, location="query")
    @blp.response(200, CategoryList)
    def get(self, args):
        """List the categories of the reports the caller may run."""
        return {"categories": service.list_categories(g.identity, args["report_type"])}


@blp.route("")
class Reports(MethodView):
    @requires(READ)
    @blp.arguments(ReportListArgs, location="query")
    @blp.response(200, ReportList)
    def get(self, args):
        """List the reports the caller may run, by category and type."""
        return {"reports": service.list_reports(g.identity, args["category"], args["report_type"]), "cursor": None}

    @idempotent
    @requires(MANAGE_REPORTS, client_scoped=False, logs=("report", "id"))
    @blp.arguments(ReportWrite)
    @blp.response(201, Report)
    def post(self, fields):
        """Create a report (provider staff with write access)."""
        return service.create_report(g.identity, fields)


@blp.route("/<string:report_id>")
class ReportById(MethodView):
    @requires(READ, logs=("report", "report_id"))
    @blp.response(200, Report)
    def get(self, report_id):
        """Get a report; its SQL only for provider staff."""
        return service.get_report(g.identity, report_id)

    @requires(MANAGE_REPORTS, client_scoped=False, logs=("report", "report_id"))
    @blp.arguments(ReportWrite)
    @blp.response(200, Report)
    def put(self, fields, report_id):
        """Update a report (provider staff with write access)."""
        return service.update_report(g.identity, report_id, fields)

    @requires(MANAGE_REPORTS, client_scoped=False, logs=("report", "report_id"))
    @blp.response(204)
    def delete(self, report_id):
        """Delete a report and its schedules (provider staff with write access)."""
        service.delete_report(g.identity, report_id)


@blp.route("/<string:report_id>/run")
class ReportRun(MethodView):
    @requires(READ, logs=("report", "report_id"))
    @blp.arguments(RunBody)
    @blp.response(200, RunResult)
    def put(self, body, report_id):
        """Run a report: up to a page of rows, or none and truncated when the CSV is needed."""
        return service.run_for_page(g.identity, report_id, body["parameters"], body["context"], acting_client_id(),
                                    current_app.config["REPORT_PAGE_ROWS"])


@blp.route("/<string:report_id>/csv")
class ReportCsv(MethodView):
    @requires(READ, logs=("report", "report_id"))
    @blp.arguments(CsvArgs, location="query", unknown=INCLUDE)
    @blp.response(200, description="The whole result as a CSV file named after the report", content_type="text/csv")
    def get(self, args, report_id):
        """Download a report's whole result as CSV, streamed."""
        context = args.pop("context")
        name, chunks = service.start_csv(g.identity, report_id, args, context, acting_client_id())
        return _attachment(name, chunks)


def _attachment(file_name, chunks):
    # direct_passthrough: the request log must not read (and so buffer) the streamed body.
    return attachment(chunks, file_name, "text/csv", direct_passthrough=True)
