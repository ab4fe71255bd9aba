"""Accepting an upload: validate the whole file, then either answer a report, refuse it with its row
errors, or store its cleaned rows in chunks and start the job that applies them.

A kind that checks its file in batches (``ImportKind.batch_check``) is streamed: each batch is
checked and, while the file is still good (or only its valid rows are wanted), stored as a chunk
at once, so the API holds one batch and what the whole-file rules need, whatever the file's size.
What the check held back for a later batch when the file ended is stored last. The job is started
only once the last row is checked; a file refused on the way, or a request cut short, leaves nothing
behind (an upload abandoned by a dying process is swept, see ``drop_abandoned_uploads``)."""
import heapq
import uuid
from datetime import timedelta
from itertools import islice

from flask import current_app
from sqlalchemy import delete, exists, select

from api.common.text import counted
from api.extensions import db
from api.imports.cells import InvalidUpload
from api.imports.job import ImportContext, pack
from api.imports.models import ImportChunk
from api.imports.sent_cells import LINE, add_columns, cells_of, source_of
from api.jobs.models import Job
from api.jobs.service import start_job

MAX_REPORTED_ERRORS = 1000


class _RowErrors:
    """A file's row errors: how many, and the first MAX_REPORTED_ERRORS by line, which the answer lists."""

    def __init__(self):
        self.count = 0
        self._first = []  # a heap of (-line, error): the largest listed line on top

    def add(self, errors):
        self.count += len(errors)
        for line, error in errors:
            if len(self._first) < MAX_REPORTED_ERRORS:
                heapq.heappush(self._first, (-line, error))
            elif -self._first[0][0] > line:
                heapq.heapreplace(self._first, (-line, error))

    def listed(self):
        return [{"line": -line, "error": error} for line, error in sorted(self._first, reverse=True)]

    def refusal(self):
        description = f"The file has {counted(self.count, 'invalid row')}; nothing was applied."
        if self.count > MAX_REPORTED_ERRORS:
            description += f" The first {MAX_REPORTED_ERRORS} are listed; {self.count - MAX_REPORTED_ERRORS} more are not."
        return InvalidUpload(description, errors=self.listed())

    def report(self, rows, would_create, would_update):
        return {
            "valid": not self.count, "rows": rows, "would_create": would_create, "would_update": would_update,
            "errors": self.listed(), "errors_not_listed": max(0, self.count - MAX_REPORTED_ERRORS),
        }


def _context(identity, client_id):
    return ImportContext(client_id, identity.username, identity.is_admin)


def _store_chunk(upload_id, seq, rows, count, rejected, source):
    """Store a chunk of ``count`` cleaned rows; rows skipped at the user's choice travel with it and are
    counted as failed; ``source`` holds the cells of all its lines, as sent."""
    db.session.add(ImportChunk(
        upload_id=upload_id, seq=seq, rows=pack({"rows": rows, "count": count, "rejected": rejected}), source=pack(source),
    ))


def _start(kind, upload_id, identity, client_id, args, total, columns):
    params = {
        "upload_id": upload_id, "actor": identity.username, "is_admin": identity.is_admin, "file_name": args["fileName"],
        "columns": columns,
    }
    return start_job(kind.name, client_id, identity, params=params, total=total, job_id=upload_id)


def submit_import(kind, rows, identity, client_id, args):
    """Answer a validate-only report (dict) or the started job of ``kind`` (an ImportKind) for the
    whole file ``rows``; raise InvalidUpload on row errors.

    ``args`` are the upload's query arguments (``ImportArgs``)."""
    if not rows:
        raise InvalidUpload("No data in file!", code="empty_file")
    validated = kind.validate(rows, _context(identity, client_id))
    errors = _RowErrors()
    errors.add(validated.errors)
    if args["validateOnly"]:
        return errors.report(len(rows), validated.would_create, validated.would_update)
    if errors.count and not args["validRowsOnly"]:
        raise errors.refusal()

    upload_id = str(uuid.uuid4())
    size = current_app.config["IMPORT_CHUNK_ROWS"]
    columns = add_columns([], rows)
    lines_of_rows = [row[LINE] if isinstance(row, dict) and LINE in row else index + 2 for index, row in enumerate(rows)]
    cells_by_line = dict(zip(lines_of_rows, cells_of(rows, columns)))
    clean = validated.rows
    for seq, start in enumerate(range(0, max(len(clean), 1), size)):
        chunk = clean[start:start + size]
        lines = kind.lines_of(chunk)
        rejected = sorted(validated.errors) if seq == 0 else []
        source = source_of(cells_by_line, lines + [line for line, _ in rejected])
        _store_chunk(upload_id, seq, chunk, len(lines), rejected, source)
    return _start(kind, upload_id, identity, client_id, args, len(rows), columns)


class _StreamedUpload:
    """What a file checked in batches has come to so far: its row errors and counts, and the chunks
    stored while the file may still be applied."""

    def __init__(self, kind, args):
        self.kind, self.args = kind, args
        self.upload_id = str(uuid.uuid4())
        self.errors = _RowErrors()
        self.would_create = self.would_update = 0
        self.stored = 0
        self.columns = []
        # The cells of the rows read and not yet accounted for by a Validated, by line: a check holds
        # back the rows of a request that may go on in the next batch. At most two batches' worth are
        # kept (the oldest dropped first), so a file whose rows are never accounted for (wrong
        # columns) stays out of memory.
        self.cells_by_line = {}
        self.kept = 2 * current_app.config["IMPORT_CHUNK_ROWS"]

    def read(self, batch):
        add_columns(self.columns, batch.rows)
        lines = range(batch.first_line, batch.first_line + len(batch.rows))
        self.cells_by_line.update(zip(lines, cells_of(batch.rows, self.columns)))
        for line in list(islice(self.cells_by_line, max(0, len(self.cells_by_line) - self.kept))):
            del self.cells_by_line[line]

    def take(self, validated):
        self.would_create += validated.would_create
        self.would_update += validated.would_update
        self.errors.add(validated.errors)
        if self.args["validateOnly"] or (self.errors.count and not self.args["validRowsOnly"]):
            return  # nothing of this file will be applied: the rest is only checked
        if not validated.rows and not validated.errors:
            return  # every row held back for a later batch, or nothing held at the end
        lines = self.kind.lines_of(validated.rows)
        rejected = sorted(validated.errors)
        accounted = lines + [line for line, _ in rejected]
        source = source_of(self.cells_by_line, accounted)
        for line in accounted:
            self.cells_by_line.pop(line, None)
        _store_chunk(self.upload_id, self.stored, validated.rows, len(lines), rejected, source)
        db.session.commit()
        self.stored += 1


def submit_import_in_batches(kind, batches, identity, client_id, args):
    """As submit_import, for a kind checking its file in batches (``batches`` of api.imports.upload_rows.Batch)."""
    checker = kind.batch_check(_context(identity, client_id))
    upload = _StreamedUpload(kind, args)
    rows = 0
    try:
        for batch in batches:
            rows += len(batch.rows)
            upload.read(batch)
            upload.take(checker.check(batch))
        upload.take(checker.finish())
        if not rows:
            raise InvalidUpload("No data in file!", code="empty_file")
        if args["validateOnly"]:
            return upload.errors.report(rows, upload.would_create, upload.would_update)
        if upload.errors.count and not args["validRowsOnly"]:
            raise upload.errors.refusal()
        return _start(kind, upload.upload_id, identity, client_id, args, rows, upload.columns)
    except BaseException:
        db.session.rollback()
        if upload.stored:
            db.session.execute(delete(ImportChunk).where(ImportChunk.upload_id == upload.upload_id))
            db.session.commit()
        raise


def drop_abandoned_uploads(now):
    """Delete the chunks of uploads whose request ended without starting their job (its process died
    while the file arrived) once ``ABANDONED_UPLOAD_SECONDS`` have passed; answer how many."""
    before = now - timedelta(seconds=current_app.config["ABANDONED_UPLOAD_SECONDS"])
    dropped = db.session.execute(
        delete(ImportChunk).where(
            ImportChunk.stored_at < before, ~exists(select(Job.id).where(Job.id == ImportChunk.upload_id)),
        ).execution_options(synchronize_session=False)
    ).rowcount
    db.session.commit()
    return dropped
