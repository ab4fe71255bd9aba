from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import ACT_FOR_ANY_CLIENT, MANAGE_REPORTS, requires
from api.common.idempotency import idempotent
from api.reports.schedules import service
from api.reports.schedules.schemas import (
    CronPreview, CronPreviewArgs, ReportSchedule, ReportScheduleList, ReportScheduleWrite, ScheduleRunList,
    ScheduleRunListArgs,
)

blp = Blueprint(
    "report_schedules", __name__, url_prefix="/api/v4/reports",
    description="E-mailed report schedules (Quartz cron), their fire-time preview and run history",
)


@blp.route("/cron_preview")
class CronPreviewView(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(CronPreviewArgs, location="query")
    @blp.response(200, CronPreview)
    def get(self, args):
        """Preview the next five fire times of a crontab in a time zone, or say what is wrong with it."""
        return service.preview(args["crontab"], args["time_zone"])


@blp.route("/<string:report_id>/schedules")
class Schedules(MethodView):
    @requires(ACT_FOR_ANY_CLIENT, client_scoped=False, logs=("report", "report_id"))
    @blp.response(200, ReportScheduleList)
    def get(self, report_id):
        """List a report's schedules (admins)."""
        return {"report_schedules": service.list_schedules(report_id)}

    @idempotent
    @requires(MANAGE_REPORTS, client_scoped=False, logs=("report_schedule", "id"))
    @blp.arguments(ReportScheduleWrite)
    @blp.response(201, ReportSchedule)
    def post(self, fields, report_id):
        """Create a schedule (inactive, suppress_on_empty and the report's name unless told otherwise)."""
        return service.create_schedule(g.identity, report_id, fields)


@blp.route("/<string:report_id>/schedules/<int:schedule_id>")
class ScheduleById(MethodView):
    @requires(ACT_FOR_ANY_CLIENT, client_scoped=False, logs=("report_schedule", "schedule_id"))
    @blp.response(200, ReportSchedule)
    def get(self, report_id, schedule_id):
        """Get a schedule (admins)."""
        return service.get_schedule(report_id, schedule_id)

    @requires(MANAGE_REPORTS, client_scoped=False, logs=("report_schedule", "schedule_id"))
    @blp.arguments(ReportScheduleWrite)
    @blp.response(200, ReportSchedule)
    def put(self, fields, report_id, schedule_id):
        """Replace a schedule's fields; its next fire time is computed again from now."""
        return service.update_schedule(report_id, schedule_id, fields)

    @requires(MANAGE_REPORTS, client_scoped=False, logs=("report_schedule", "schedule_id"))
    @blp.response(204)
    def delete(self, report_id, schedule_id):
        """Delete a schedule and its run history."""
        service.delete_schedule(report_id, schedule_id)


@blp.route("/<string:report_id>/schedules/<int:schedule_id>/runs")
class ScheduleRuns(MethodView):
    @requires(ACT_FOR_ANY_CLIENT, client_scoped=False, logs=("report_schedule", "schedule_id"))
    @blp.arguments(ScheduleRunListArgs, location="query")
    @blp.response(200, ScheduleRunList)
    def get(self, args, report_id, schedule_id):
        """List a schedule's runs, newest first: due time, missed occurrences coalesced, state, rows, error."""
        runs, cursor = service.list_runs(report_id, schedule_id, args["limit"], args["cursor"])
        return {"runs": runs, "cursor": cursor}
