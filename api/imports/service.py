"""Accepting an upload: validate the whole file, then either answer a report, refuse it with its row
errors, or store its cleaned rows in chunks and start the job that applies them."""
import uuid

from flask import current_app

from api.common.errors import ApiError
from api.common.text import counted
from api.extensions import db
from api.imports.job import ImportContext, pack
from api.imports.models import ImportChunk
from api.jobs.service import start_job

MAX_REPORTED_ERRORS = 1000


class InvalidUpload(ApiError):
    status = 422
    code = "invalid_rows"


def _listed(errors):
    """Row errors as the answer lists them: by line, at most MAX_REPORTED_ERRORS."""
    return [{"line": line, "error": error} for line, error in sorted(errors)[:MAX_REPORTED_ERRORS]]


def _error_answer(errors):
    description = f"The file has {counted(len(errors), 'invalid row')}; nothing was applied."
    if len(errors) > MAX_REPORTED_ERRORS:
        description += f" The first {MAX_REPORTED_ERRORS} are listed; {len(errors) - MAX_REPORTED_ERRORS} more are not."
    return InvalidUpload(description, errors=_listed(errors))


def submit_import(kind, rows, identity, client_id, args):
    """Answer a validate-only report (dict) or the started job of ``kind`` (an ImportKind); raise
    InvalidUpload on row errors.

    ``args`` are the upload's query arguments (``ImportArgs``)."""
    validate_only, valid_rows_only = args["validateOnly"], args["validRowsOnly"]
    if not rows:
        raise InvalidUpload("No data in file!", code="empty_file")
    context = ImportContext(client_id, identity.username, identity.is_admin)
    validated = kind.validate(rows, context)
    errors = sorted(validated.errors)

    if validate_only:
        return {
            "valid": not errors, "rows": len(rows),
            "would_create": validated.would_create, "would_update": validated.would_update,
            "errors": _listed(errors), "errors_not_listed": max(0, len(errors) - MAX_REPORTED_ERRORS),
        }
    if errors and not valid_rows_only:
        raise _error_answer(errors)

    upload_id = str(uuid.uuid4())
    size = current_app.config["IMPORT_CHUNK_ROWS"]
    clean = validated.rows
    for seq, start in enumerate(range(0, max(len(clean), 1), size)):
        # Rows skipped at the user's choice travel with the first chunk and are counted as failed.
        rejected = errors if seq == 0 else []
        count = max(0, min(size, len(clean) - start))
        payload = {"rows": clean[start:start + size], "count": count, "rejected": rejected}
        db.session.add(ImportChunk(upload_id=upload_id, seq=seq, rows=pack(payload)))
    params = {
        "upload_id": upload_id, "actor": identity.username, "is_admin": identity.is_admin, "file_name": args["fileName"],
    }
    return start_job(kind.name, client_id, identity, params=params, total=len(rows))
