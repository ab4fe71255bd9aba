"""What every upload route shares: its query arguments, its two answers, its body limit and the
garbage collector held off while it runs."""
from functools import partial

from flask import current_app, g, make_response, request
from marshmallow import Schema, fields, validate

from api.common.auth import handler_of
from api.common.collection import begin_collected_work, end_collected_work, hold_collection, release_collection
from api.common.errors import Error, RowError
from api.imports.upload_rows import is_csv_upload
from api.jobs.models import Job as JobRow
from api.jobs.schemas import Job


JSON_ROWS = {"application/json": {"schema": {
    "type": "array", "items": {"type": "object", "additionalProperties": {"type": "string", "nullable": True}},
}}}
BULK_BODY = {
    "required": True, "content": JSON_ROWS,
    "description": "The CSV's rows as objects keyed by column header; an empty string is null.",
}


class ImportArgs(Schema):
    validateOnly = fields.Boolean(load_default=False, metadata={"description": "Answer what would happen; apply nothing"})
    validRowsOnly = fields.Boolean(load_default=False, metadata={"description": "Apply the valid rows, skip the others"})
    runAsync = fields.Boolean(load_default=True, metadata={"description": "Accepted for compatibility: uploads always run as jobs"})
    fileName = fields.String(load_default=None, validate=validate.Length(max=255), metadata={
        "description": "The name of the uploaded file, for the result mail",
    })


class ImportReport(Schema):
    valid = fields.Boolean()
    rows = fields.Integer()
    would_create = fields.Integer()
    would_update = fields.Integer()
    errors = fields.List(fields.Nested(RowError))
    errors_not_listed = fields.Integer(metadata={"description": "Row errors beyond those listed"})


def import_answer(result):
    """202 with the started job, or 200 with the validate-only report (flask-smorest passes a
    Response through untouched, so one view documents and answers both)."""
    if isinstance(result, JobRow):
        return make_response(Job().dump(result), 202)
    return make_response(ImportReport().dump(result), 200)


def upload(view):
    """Let the view take bodies up to UPLOAD_MAX_BYTES (CSV_UPLOAD_MAX_BYTES for a CSV body, read as it
    arrives) instead of MAX_CONTENT_LENGTH."""
    view.upload_limit = True
    return view


def upload_answers(blp):
    """Document an upload view's answers: the started job, the validate-only report, the row errors."""
    def document(view):
        view = blp.alt_response(422, schema=Error, description="Row errors; nothing was applied")(view)
        view = blp.alt_response(200, schema=ImportReport, description="The validate-only report")(view)
        return blp.response(202, Job)(view)

    return document


def prepare_upload():
    if request.endpoint and getattr(handler_of(request.endpoint), "upload_limit", False):
        # A CSV file is read a batch at a time as it arrives; any other body is parsed whole first.
        limit = "CSV_UPLOAD_MAX_BYTES" if is_csv_upload() else "UPLOAD_MAX_BYTES"
        request.max_content_length = current_app.config[limit]
        hold_collection()
        g.collection_held = True
    else:  # any other request turns the collector back on while it runs beside an upload
        begin_collected_work()
        g.collected_work = True


def let_go_after_answering(response):
    """The parsed upload is freed once the answer has been sent, not before: freeing 100,000 rows'
    objects takes a tenth of a second that the client need not wait for."""
    if g.get("collection_held"):
        response.call_on_close(partial(_keep_until_closed, g.pop("json_body", None)))
    return response


def _keep_until_closed(_upload):
    pass


def finish_upload(_error):
    if g.pop("collection_held", False):
        release_collection()
    if g.pop("collected_work", False):
        end_collected_work()


def install_upload_handling(app):
    # First of the app's before-request hooks: the app's own hooks read the body (checking it for
    # unstorable text) and would refuse an upload against the general limit before the view runs.
    app.before_request_funcs.setdefault(None, []).insert(0, prepare_upload)
    app.after_request(let_go_after_answering)
    app.teardown_request(finish_upload)
