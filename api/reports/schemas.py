from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.common.timeutil import UtcDateTime
from api.reports.models import REPORT_TYPES
from api.reports.parameters import RUNNER_BOUND, placeholders

REPORT_TYPE = validate.OneOf(REPORT_TYPES, error="Report type must be one of: " + ", ".join(REPORT_TYPES) + ".")
MAX_QUERY_LENGTH = 100_000
MAX_PARAMETERS = 30
# The CSV download takes parameter values as query arguments next to these.
RESERVED_PARAMETERS = ("context",)


class ReportSummary(Schema):
    id = fields.String()
    name = fields.String()
    report_type = fields.String(metadata={"enum": list(REPORT_TYPES)})
    category = fields.String()
    sub_category = fields.String()
    parameters = fields.List(fields.String(), metadata={"description": "Values the person running it is asked for."})


class Report(ReportSummary):
    query = fields.String(metadata={"description": "The SQL; only admins see it."})
    created_by_username = fields.String(metadata={"description": "Only admins see it."})
    created_at = UtcDateTime()
    updated_at = UtcDateTime()


class ReportList(Schema):
    reports = fields.List(fields.Nested(ReportSummary))
    cursor = fields.String(allow_none=True)


class ReportListArgs(Schema):
    category = fields.String(load_default=None, validate=validate.Length(max=100))
    report_type = fields.String(load_default=None, validate=REPORT_TYPE)


class CategoryArgs(Schema):
    report_type = fields.String(load_default=None, validate=REPORT_TYPE)


class CategoryList(Schema):
    categories = fields.List(fields.String())


class ReportWrite(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=200, error="Name is required (at most 200 characters)."))
    report_type = fields.String(load_default="fms", validate=REPORT_TYPE)
    category = fields.String(load_default="", validate=validate.Length(max=100))
    sub_category = fields.String(load_default="", validate=validate.Length(max=100))
    query = fields.String(required=True, validate=validate.Length(max=MAX_QUERY_LENGTH))

    @validates_schema
    def _query_fits_its_type(self, data, **_):
        query = data.get("query", "")
        if not query.strip():
            raise ValidationError("Write the report's SQL query.", "query")
        names = placeholders(query)
        report_type = data.get("report_type")
        if report_type == "client" and "client_id" not in names:
            raise ValidationError(
                "A client report must limit its rows to the client it runs for with :client_id.", "query")
        if report_type != "client" and "client_id" in names:
            raise ValidationError("Only client reports are given a :client_id.", "query")
        asked = [name for name in names if name not in RUNNER_BOUND]
        if len(asked) > MAX_PARAMETERS:
            raise ValidationError(f"A report may ask for at most {MAX_PARAMETERS} parameters.", "query")
        reserved = [name for name in asked if name in RESERVED_PARAMETERS]
        if reserved:
            raise ValidationError(f"A parameter may not be named {reserved[0]}.", "query")


class RunBody(Schema):
    parameters = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), load_default=dict)
    context = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=64),
                            metadata={"description": "A warehouse id for wms reports; blank for all."})


class RunResult(Schema):
    records = fields.List(fields.List(fields.Raw(allow_none=True)))
    row_count = fields.Integer()
    truncated = fields.Boolean(metadata={"description": "More rows than a page shows: records is empty, download the CSV."})
    # Last: the attribute hides the marshmallow module name for the rest of the class body.
    fields = fields.List(fields.String(), metadata={"description": "Column names"})


class CsvArgs(Schema):
    """The report's parameter values as query arguments (taken as they come), and the wms context."""

    context = fields.String(load_default=None, validate=validate.Length(max=64))
