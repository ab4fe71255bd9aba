"""The job that applies a validated upload, one stored chunk at a time.

Each chunk is claimed, applied and counted in one transaction: a worker killed mid-job leaves the
committed chunks marked applied and the others untouched, so the job run again (the broker delivers
it again) continues after the last committed chunk and applies every row exactly once. A long job
is run in time slices the same way: a run stops taking chunks once its slice is spent and the job
goes on in the next run.
"""
import math
import threading
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from itertools import groupby
from operator import itemgetter

import orjson
from flask import current_app
from sqlalchemy import delete, select, update

from api.clients.models import Client
from api.common.collection import collection_held
from api.common.csv_io import write_csv
from api.common.loaded_data import json_default
from api.common.text import counted
from api.common.timeutil import utcnow
from api.extensions import db, is_transient_database_error, on_postgresql
from api.imports.models import ImportChunk
from api.jobs.models import Job
from api.jobs.registry import JobContinues, ResultMail

MAX_RESULTS = 1000  # failed rows kept on the job for the browser; the mail's CSV lists them all


@dataclass(frozen=True)
class ImportContext:
    """Who an upload is for, passed to a kind's validate and apply_chunk (neither may use the request)."""

    client_id: int
    actor: str  # username of the requester
    is_admin: bool
    job_id: str | None = None  # None while validating
    # A kind whose chunks take turns calls it before each stage of a chunk (see api.imports.registry);
    # it returns at once where chunks are applied one after another.
    wait_for_turn: object = lambda stage: None


def pack(payload):
    return zlib.compress(orjson.dumps(payload, default=json_default), 1)


def unpack(blob):
    return orjson.loads(zlib.decompress(blob))


def apply_import(kind, job):
    """Apply the stored chunks of ``job``, an upload of ``kind`` (an ImportKind), until they are all
    applied or the run's time slice (``JOB_SLICE_SECONDS``) is spent: then JobContinues, and the next
    run of the job goes on from the chunks still unapplied."""
    job_id, upload_id = job.id, job.params["upload_id"]
    context = ImportContext(job.client_id, job.params["actor"], job.params["is_admin"], job_id)
    deadline = time.monotonic() + current_app.config["JOB_SLICE_SECONDS"]
    try:
        chunks = _ChunksOfThisRun(upload_id, deadline)
        with collection_held():
            _apply_chunks(kind, context, chunks)
        if chunks.cut_short:
            raise JobContinues()
        # Chunks applied in other sessions counted the job's progress there: read it afresh.
        mail = _result_mail(kind, db.session.get(Job, job_id, populate_existing=True), upload_id)
    except JobContinues:
        raise
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


DONE = math.inf  # the stage of a chunk committed, or found applied by another run: past every stage


class _Stopped(Exception):
    """A chunk waiting for its turn is not to be applied: one before it failed."""


class _ChunksOfThisRun:
    """The unapplied chunks of an upload, handed out in order (to one thread or several) until the
    run's deadline has passed; at least one is handed out, so every run makes progress.

    Each chunk handed out gets a ticket, its place in the run, by which chunks taking turns wait
    for the ones before them (``wait_for_turn``)."""

    def __init__(self, upload_id, deadline):
        self.upload_id = upload_id
        self._seqs = db.session.scalars(
            select(ImportChunk.seq).where(ImportChunk.upload_id == upload_id, ImportChunk.applied.is_(False))
            .order_by(ImportChunk.seq)
        ).all()
        self._deadline = deadline
        self._next = 0
        self._lock = threading.Lock()
        self.cut_short = False  # chunks were left for the next run
        self.stopped = False  # a chunk failed: hand out no more
        self._turns = threading.Condition(self._lock)
        self._stage_of = []  # by ticket: the stage its chunk has reached, DONE once it is done

    def __len__(self):
        return len(self._seqs)

    def take(self):
        """(ticket, seq) of the next chunk, or None when the run is to take no more."""
        with self._lock:
            if self.stopped or self._next == len(self._seqs):
                return None
            if self._next and time.monotonic() >= self._deadline:
                self.cut_short = True
                return None
            self._next += 1
            self._stage_of.append(0)
            return self._next - 1, self._seqs[self._next - 1]

    def wait_for_turn(self, ticket, stage):
        """Return once the chunks handed out before ``ticket`` have all gone past ``stage`` (into a
        later stage, or done: committed, or found applied by another run); raise _Stopped if the run stops."""
        with self._turns:
            self._stage_of[ticket] = stage
            self._turns.notify_all()
            self._turns.wait_for(lambda: self.stopped or all(reached > stage for reached in self._stage_of[:ticket]))
            if self.stopped:
                raise _Stopped()

    def done(self, ticket):
        with self._turns:
            self._stage_of[ticket] = DONE
            self._turns.notify_all()

    def stop(self):
        with self._turns:
            self.stopped = True
            self._turns.notify_all()


def _apply_chunks(kind, context, chunks):
    """Apply the run's chunks one after another or, for a kind whose chunks are independent or take
    turns, on PostgreSQL, with IMPORT_APPLY_THREADS threads side by side.

    Most of a chunk's time is the database writing rows and their index entries, so a second
    connection writing another chunk meanwhile keeps a second core busy. Each thread has its own
    session (its own app context); a chunk is claimed and committed on its own as before, so a run
    cut short still leaves every chunk either applied once or untouched. Chunks taking turns commit
    in file order, since each waits for the ones before it to be done before its last stage."""
    threads = current_app.config["IMPORT_APPLY_THREADS"]
    side_by_side = kind.independent_chunks or kind.takes_turns
    if not side_by_side or threads < 2 or len(chunks) < 2 or not on_postgresql():
        while (taken := chunks.take()) is not None:
            _apply_chunk(kind, context, chunks.upload_id, taken[1])
        return
    app = current_app._get_current_object()

    def apply_in_own_session():
        with app.app_context():
            try:
                while (taken := chunks.take()) is not None:
                    ticket, seq = taken
                    in_turn = replace(context, wait_for_turn=partial(chunks.wait_for_turn, ticket))
                    _apply_chunk(kind, in_turn, chunks.upload_id, seq)
                    chunks.done(ticket)
            except _Stopped:
                db.session.rollback()  # the chunk stays unapplied, as the run ends on the failure before it
            except BaseException:
                chunks.stop()
                raise
            finally:
                db.session.remove()

    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix=f"import-{context.job_id}") as pool:
        futures = [pool.submit(apply_in_own_session) for _ in range(threads)]
        for future in futures:
            future.result()


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
    cells = dict(unpack(chunk.source)) if failures and chunk.source else {}
    chunk.rows = chunk.source = None
    chunk.failures = [[line, error, cells.get(line)] for line, error in failures]

    job = db.session.scalars(
        select(Job).where(Job.id == context.job_id).with_for_update().execution_options(populate_existing=True)
    ).one()
    handled = payload["count"] + len({line for line, _ in payload["rejected"]})
    failed = len({line for line, _ in failures})  # a row may fail for several reasons
    job.processed += handled
    job.failed += failed
    job.succeeded += handled - failed
    room = MAX_RESULTS - len(job.results)
    if room > 0 and failures:
        job.results = job.results + [
            {"line": line, "status": "failed", "error": error} for line, error in failures[:room]
        ]
    db.session.commit()


def _failed_rows(upload_id):
    """[line, reasons, *cells as sent] of each failed row, in line order within each chunk."""
    seqs = db.session.scalars(
        select(ImportChunk.seq).where(ImportChunk.upload_id == upload_id).order_by(ImportChunk.seq)
    ).all()
    for seq in seqs:
        failures = db.session.scalars(select(ImportChunk.failures).filter_by(upload_id=upload_id, seq=seq)).one()
        for line, group in groupby(failures or (), key=itemgetter(0)):
            group = list(group)
            yield [line, " ".join(error for _, error, _ in group), *(group[0][2] or ())]


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
        body=summary + "\nThe attached file lists each failed row by its line in your file, with the reason, "
                       "followed by the row's cells as you sent them.",
        attachment=(file_name, "text/csv",
                    write_csv(("line", "error", *job.params.get("columns", ())), _failed_rows(upload_id))),
    )


def _drop_chunks(upload_id):
    db.session.execute(delete(ImportChunk).where(ImportChunk.upload_id == upload_id))
