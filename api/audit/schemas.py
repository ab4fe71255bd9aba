from marshmallow import Schema, fields, validate

from api.common.pagination import PageArgs
from api.common.timeutil import UtcDateTime


class RequestLogEntry(Schema):
    id = fields.Integer()
    http_method = fields.String()
    response_status = fields.Integer()
    uri = fields.String()
    api_version = fields.String(allow_none=True)
    client_ip_address = fields.String(allow_none=True)
    username = fields.String(allow_none=True)
    datetime = UtcDateTime()
    request_body = fields.String(allow_none=True)
    response_body = fields.String(allow_none=True)


class RequestLogList(Schema):
    requests = fields.List(fields.Nested(RequestLogEntry))
    cursor = fields.String(allow_none=True)


class BreadcrumbEntry(Schema):
    object_type = fields.String()
    object_id = fields.String()
    message = fields.String()
    username = fields.String(allow_none=True)
    datetime = UtcDateTime()


class BreadcrumbList(Schema):
    breadcrumbs = fields.List(fields.Nested(BreadcrumbEntry))
    cursor = fields.String(allow_none=True)


class LogListArgs(PageArgs):
    pass


class RequestLogListArgs(LogListArgs):
    include_reads = fields.Boolean(load_default=False, metadata={
        "description": "Also list the reads (GET); by default only writes and failed calls are listed.",
    })


class ServerErrorReport(Schema):
    """What the browser saw when a call failed with a 5xx answer."""

    status = fields.Integer(required=True, validate=validate.Range(min=500, max=599))
    method = fields.String(required=True, validate=validate.OneOf(["GET", "POST", "PUT", "PATCH", "DELETE"]))
    url = fields.String(required=True, validate=validate.Length(max=2000))
    request_id = fields.String(load_default=None, validate=validate.Length(max=64))
    page = fields.String(load_default=None, validate=validate.Length(max=2000))
