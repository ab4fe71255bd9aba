from marshmallow import Schema, fields

from api.common.pagination import PageArgs
from api.common.timeutil import UtcDateTime


class JobRowResult(Schema):
    line = fields.Integer()
    status = fields.String()
    error = fields.String(allow_none=True)


class ResultMail(Schema):
    state = fields.String(metadata={"enum": ["pending", "retrying", "sent", "failed"], "description": (
        "failed: the mail server kept refusing it and the portal stopped trying; staff may send it again"
    )})
    recipient = fields.String()
    error = fields.String(allow_none=True, metadata={"description": "Why the last attempt failed"})


class Job(Schema):
    id = fields.String()
    kind = fields.String()
    state = fields.String(metadata={"enum": ["queued", "running", "succeeded", "partly_succeeded", "failed"]})
    total = fields.Integer()
    processed = fields.Integer()
    succeeded = fields.Integer()
    failed = fields.Integer()
    results = fields.List(fields.Nested(JobRowResult))
    error = fields.String(allow_none=True)
    requested_by = fields.String()
    created_at = UtcDateTime()
    started_at = UtcDateTime(allow_none=True)
    finished_at = UtcDateTime(allow_none=True)
    result_mail = fields.Nested(ResultMail, allow_none=True, metadata={
        "description": "The result e-mail once the job ended (detail only)",
    })


class JobList(Schema):
    jobs = fields.List(fields.Nested(Job))
    cursor = fields.String(allow_none=True)


class JobListArgs(PageArgs):
    pass
