from marshmallow import Schema, ValidationError, fields, validate, validates

from api.common.pagination import PageArgs
from api.common.timeutil import UtcDateTime, check_time_zone
from api.reports import quartz
from api.reports.schedules.runs import RUN_STATES, addresses_of

EMAIL = validate.Email()


def check_crontab(value):
    try:
        quartz.parse(value)
    except quartz.CronError as error:
        raise ValidationError(str(error)) from None


class ReportSchedule(Schema):
    id = fields.Integer()
    report_id = fields.String()
    name = fields.String()
    is_active = fields.Boolean()
    crontab = fields.String()
    time_zone = fields.String()
    context = fields.String()
    email_addresses_string = fields.String()
    email_text = fields.String()
    suppress_on_empty = fields.Boolean()
    created_by_username = fields.String()
    next_fire_at = UtcDateTime(allow_none=True)
    created_at = UtcDateTime()
    updated_at = UtcDateTime()


class ReportScheduleWrite(Schema):
    name = fields.String(load_default=None, validate=validate.Length(max=200),
                         metadata={"description": "Blank or absent: the report's name."})
    is_active = fields.Boolean(load_default=False)
    crontab = fields.String(required=True, validate=[validate.Length(max=200), check_crontab],
                            metadata={"description": "Quartz cron with seconds, e.g. '0 0 * * * ?' (every hour on the hour)."})
    time_zone = fields.String(load_default="UTC", validate=[validate.Length(max=64), check_time_zone])
    context = fields.String(load_default="", validate=validate.Length(max=64), metadata={
        "description": "Blank; for wms reports a warehouse id (blank for all warehouses); for client reports "
                       "a client id (blank for all clients, one e-mail per client)."})
    email_addresses_string = fields.String(load_default="", validate=validate.Length(max=5000), metadata={
        "description": "Comma-separated; blank sends to the users who receive scheduled reports."})
    email_text = fields.String(load_default="", validate=validate.Length(max=10_000))
    suppress_on_empty = fields.Boolean(load_default=True)

    @validates("email_addresses_string")
    def _addresses(self, value, **_):
        for address in addresses_of(value):
            try:
                EMAIL(address)
            except ValidationError:
                raise ValidationError(f"'{address}' is not a valid e-mail address.") from None


class ReportScheduleList(Schema):
    report_schedules = fields.List(fields.Nested(ReportSchedule))


class CronPreviewArgs(Schema):
    crontab = fields.String(load_default="", validate=validate.Length(max=200))
    time_zone = fields.String(load_default="UTC", validate=validate.Length(max=64))


class CronPreview(Schema):
    next_fire_times = fields.List(fields.String(), metadata={"description": "The next five fire times, ISO 8601 UTC."})
    error = fields.String(allow_none=True, metadata={"description": "Why the expression is not valid, or null."})


class ScheduleRun(Schema):
    id = fields.Integer()
    schedule_id = fields.Integer()
    due_at = UtcDateTime()
    missed_count = fields.Integer(
        metadata={"description": "Earlier occurrences missed during downtime, coalesced into this run."})
    state = fields.String(metadata={"enum": list(RUN_STATES)})
    row_count = fields.Integer(allow_none=True)
    error = fields.String(allow_none=True)
    attempts = fields.Integer()
    claimed_at = UtcDateTime()
    requeued_at = UtcDateTime(allow_none=True)
    started_at = UtcDateTime(allow_none=True)
    finished_at = UtcDateTime(allow_none=True)


class ScheduleRunList(Schema):
    runs = fields.List(fields.Nested(ScheduleRun))
    cursor = fields.String(allow_none=True)


class ScheduleRunListArgs(PageArgs):
    pass
