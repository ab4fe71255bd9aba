"""Report schedules: create, change, delete, preview fire times and read run history (admins only)."""
from sqlalchemy import delete, func, select

from api.clients.models import Client
from api.common.errors import ApiError, NotFound
from api.common.pagination import paginate
from api.common.timeutil import utcnow
from api.extensions import db
from api.warehouses.locations import LOCATIONS
from api.reports import quartz
from api.reports.models import Report, ReportSchedule, ScheduleRun
from api.reports.parameters import declared_parameters
from api.reports.schedules.firing import next_fire_at

PREVIEW_COUNT = 5


class InvalidSchedule(ApiError):
    status = 422
    code = "validation_error"


def _report(report_id):
    report = db.session.get(Report, report_id)
    if report is None:
        raise NotFound("Report not found.")
    return report


def get_schedule(report_id, schedule_id):
    schedule = db.session.scalars(select(ReportSchedule).filter_by(id=schedule_id, report_id=report_id)).first()
    if schedule is None:
        raise NotFound("Schedule not found.")
    return schedule


def list_schedules(report_id):
    return _report(report_id).schedules


def _check_context(report, context):
    if not context:
        return
    if report.report_type == "fms":
        raise InvalidSchedule("fms reports take no context; leave it blank.")
    if report.report_type == "wms" and context not in LOCATIONS:
        raise InvalidSchedule(f"'{context}' is not a warehouse; use one of {', '.join(LOCATIONS)}, or blank for all.")
    if report.report_type == "client" and not (
        context.isascii() and context.isdigit() and len(context) < 10 and db.session.get(Client, int(context))
    ):
        raise InvalidSchedule(f"'{context}' is not a client id; use a client's id, or blank for all clients.")


def _check_runs_unattended(report):
    """A schedule has no values for the report's own parameters (only the portal's :client_id and
    :warehouse_id are bound when it runs), so a report that asks for any cannot be scheduled active."""
    asked = declared_parameters(report.query)
    if asked:
        raise InvalidSchedule(
            f"This report asks for {', '.join(asked)} when it runs, and a schedule cannot give "
            f"{'it a value' if len(asked) == 1 else 'them values'}, so the schedule cannot be active. "
            "Save it inactive, or schedule a report that takes no parameters."
        )


def check_active_schedules_can_run(report):
    """A report changed to ask for parameters would leave its active schedules failing every run:
    refused while any is active."""
    asked = declared_parameters(report.query)
    if not asked:
        return
    active = db.session.scalar(
        select(func.count()).select_from(ReportSchedule).where(ReportSchedule.report_id == report.id, ReportSchedule.is_active)
    )
    if active:
        raise InvalidSchedule(
            f"This report would ask for {', '.join(asked)} when it runs, which its {active} active "
            f"schedule{'s' if active > 1 else ''} cannot give. Make {'them' if active > 1 else 'it'} inactive first."
        )


def _apply(schedule, report, fields):
    context = fields["context"].strip()
    _check_context(report, context)
    following = next_fire_at(fields["crontab"], fields["time_zone"], utcnow())
    if fields["is_active"]:
        _check_runs_unattended(report)
    if fields["is_active"] and following is None:
        raise InvalidSchedule("The crontab has no fire time in the future, so an active schedule would never run.")
    schedule.name = (fields["name"] or "").strip() or report.name
    if schedule.is_active and not fields["is_active"]:
        schedule.switched_off_at = utcnow()
    schedule.is_active = fields["is_active"]
    schedule.crontab = quartz.parse(fields["crontab"]).expression
    schedule.time_zone = fields["time_zone"]
    schedule.context = context
    schedule.email_addresses_string = fields["email_addresses_string"].strip()
    schedule.email_text = fields["email_text"]
    schedule.suppress_on_empty = fields["suppress_on_empty"]
    # Moving the next fire time also voids any claim a scheduler is about to make on the old one.
    schedule.next_fire_at = following if fields["is_active"] else None


def create_schedule(identity, report_id, fields):
    report = _report(report_id)
    schedule = ReportSchedule(report_id=report.id, created_by_username=identity.username)
    _apply(schedule, report, fields)
    db.session.add(schedule)
    db.session.commit()
    return schedule


def update_schedule(report_id, schedule_id, fields):
    schedule = get_schedule(report_id, schedule_id)
    _apply(schedule, schedule.report, fields)
    db.session.commit()
    return schedule


def delete_schedule(report_id, schedule_id):
    schedule = get_schedule(report_id, schedule_id)
    # SQLite enforces no foreign keys here, so the runs are not left to ON DELETE CASCADE.
    db.session.execute(delete(ScheduleRun).where(ScheduleRun.schedule_id == schedule.id))
    db.session.delete(schedule)
    db.session.commit()


def list_runs(report_id, schedule_id, limit, cursor):
    schedule = get_schedule(report_id, schedule_id)
    runs = select(ScheduleRun).where(ScheduleRun.schedule_id == schedule.id)
    return paginate(runs, [ScheduleRun.due_at, ScheduleRun.id], limit, cursor, descending=True)


def preview(crontab, time_zone):
    """The next fire times from now, or the message saying why the expression or zone is wrong."""
    try:
        times = quartz.parse(crontab).next_fire_times(utcnow(), PREVIEW_COUNT, time_zone)
    except quartz.CronError as error:
        return {"next_fire_times": [], "error": str(error)}
    return {"next_fire_times": [moment.strftime("%Y-%m-%dT%H:%M:%SZ") for moment in times], "error": None}
