"""The job that applies a validated upload, one stored chunk at a time.

Each chunk is claimed, applied and counted in one transaction: a worker killed mid-job leaves the
committed chunks marked applied and the others untouched, so the job run again (the broker delivers
it again) continues after the last committed chunk and applies every row exactly once.
"""
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import orjson
from flask import current_app
from sqlalchemy import delete, select, update

from api.clients.models import Client
from api.common.csv_io import write_csv
from api.common.loaded_data import json_default
from api.common.text import counted
from api.common.timeutil import utcnow
from api.extensions import db, is_transient_database_error, on_postgresql
from api.imports.models import ImportChunk
from api.jobs.models import Job
from api.jobs.registry import ResultMail

MAX_RESULTS = 1000  # failed rows kept on the job for the browser; the mail's CSV lists them all


@dataclass(frozen=True)
class ImportContext:
    """Who an upload is for, passed to a kind's validate and apply_chunk (neither may use the request)."""

    client_id: int
    actor: str  # username of the requester
    is_admin: bool
    job_id: str | None = None  # None while validating


def pack(payload):
    return zlib.compress(orjson.dumps(payload, default=json_default), 1)


def unpack(blob):
    return orjson.loads(zlib.decompress(blob))


def apply_import(kind, job):
    """Apply the stored chunks of ``job``, an upload of ``kind`` (an ImportKind)."""
    job_id, upload_id = job.id, job.params["upload_id"]
    context = ImportContext(job.client_id, job.params["actor"], job.params["is_admin"], job_id)
    try:
        pending = db.session.scalars(
            select(ImportChunk.seq).where(ImportChunk.upload_id == upload_id, ImportChunk.applied.is_(False))
            .order_by(ImportChunk.seq)
        ).all()
        _apply_chunks(kind, context, upload_id, pending)
        # Chunks applied in other sessions counted the job's progress there: read it afresh.
        mail = _result_mail(kind, db.session.get(Job, job_id, populate_existing=True), upload_id)
    except Exception as error:
        db.session.rollback()
        if is_transient_database_error(error):
            raise  # the chunks not applied yet wait for the job to run again
        _drop_chunks(upload_id)
        db.session.commit()
        raise
    # Dropped in the runner's final commit, together with the job's end state and its mail.
    _drop_chunks(upload_id)
    return mail


def _apply_chunks(kind, context, upload_id, seqs):
    """Apply the chunks one after another or, for a kind whose chunks are independent, on
    PostgreSQL, with IMPORT_APPLY_THREADS threads side by side.

    Most of a chunk's time is the database writing rows and their index entries, so a second
    connection writing another chunk meanwhile keeps a second core busy. Each thread has its own
    session (its own app context); a chunk is claimed and committed on its own as before, so a run
    cut short still leaves every chunk either applied once or untouched."""
    threads = current_app.config["IMPORT_APPLY_THREADS"]
    if not kind.independent_chunks or threads < 2 or len(seqs) < 2 or not on_postgresql():
        for seq in seqs:
            _apply_chunk(kind, context, upload_id, seq)
        return
    app = current_app._get_current_object()

    def apply_in_own_session(seq):
        with app.app_context():
            try:
                _apply_chunk(kind, context, upload_id, seq)
            finally:
                db.session.remove()

    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix=f"import-{context.job_id}") as pool:
        futures = [pool.submit(apply_in_own_session, seq) for seq in seqs]
        try:
            for future in futures:
                future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _apply_chunk(kind, context, upload_id, seq):
    claimed = db.session.execute(
        update(ImportChunk)
        .where(ImportChunk.upload_id == upload_id, ImportChunk.seq == seq, ImportChunk.applied.is_(False))
        .values(applied=True)
    )
    if claimed.rowcount != 1:  # another run of this job committed it meanwhile
        db.session.rollback()
        return
    chunk = db.session.scalars(
        select(ImportChunk).filter_by(upload_id=upload_id, seq=seq).execution_options(populate_existing=True)
    ).one()
    payload = unpack(chunk.rows)
    failures = sorted(
        [(line, error) for line, error in kind.apply_chunk(payload["rows"], context)]
        + [(line, error) for line, error in payload["rejected"]]
    )
    chunk.rows = None
    chunk.failures = failures

    job = db.session.scalars(
        select(Job).where(Job.id == context.job_id).with_for_update().execution_options(populate_existing=True)
    ).one()
    handled = payload["count"] + len(payload["rejected"])
    job.processed += handled
    job.failed += len(failures)
    job.succeeded += handled - len(failures)
    room = MAX_RESULTS - len(job.results)
    if room > 0 and failures:
        job.results = job.results + [
            {"line": line, "status": "failed", "error": error} for line, error in failures[:room]
        ]
    db.session.commit()


def _failures(upload_id):
    seqs = db.session.scalars(
        select(ImportChunk.seq).where(ImportChunk.upload_id == upload_id).order_by(ImportChunk.seq)
    ).all()
    for seq in seqs:
        failures = db.session.scalars(select(ImportChunk.failures).filter_by(upload_id=upload_id, seq=seq)).one()
        yield from failures or ()


def _result_mail(kind, job, upload_id):
    client = db.session.get(Client, job.client_id)
    uploaded = job.params.get("file_name")
    source = f" from {uploaded}" if uploaded else ""
    subject = f"Import of {kind.noun}{source} for {client.name} completed"
    summary = (
        f"Your upload of {job.total} {kind.noun}{source} for {client.name} has been processed: "
        f"{job.succeeded} applied, {job.failed} failed."
    )
    if not job.failed:
        return ResultMail(subject=subject, body=summary)
    file_name = f"failed-{kind.name.replace('_', '-')}-{utcnow():%Y%m%d-%H%M%S}.csv"
    return ResultMail(
        subject=f"{subject} with {counted(job.failed, 'failed row')}",
        body=summary + "\nThe attached file lists each failed row by its line in your file, with the reason.",
        attachment=(file_name, "text/csv", write_csv(("line", "error"), _failures(upload_id))),
    )


def _drop_chunks(upload_id):
    db.session.execute(delete(ImportChunk).where(ImportChunk.upload_id == upload_id))
