"""Import kinds: how a feature validates a whole upload and applies it one chunk at a time.

A kind registers two functions (or, instead of ``validate``, a ``batch_check``; see below):

- ``validate(rows, ctx) -> Validated`` checks the whole file (rows as received, in file order; row i
  is CSV line i + 2, the header being line 1) and answers the cleaned rows and the row errors as
  ``(line, text)``. Cleaned rows are a list of ``(line, cleaned)``, or any sequence whose slices are
  a chunk of rows in a form of the kind's own (items travel column by column). Chunks are stored as
  JSON between the upload and the job, so they hold only JSON values (strings, numbers, booleans,
  None, lists, dicts).
- ``apply_chunk(chunk, ctx) -> [(line, text)]`` applies one such slice (``[(line, cleaned)]`` for a
  list) in the current session without committing and answers the rows it could not apply. The job
  commits the chunk's writes together with its progress, so every row is applied exactly once even
  when a worker dies.

A kind whose file may be large checks it in batches instead, so the API never holds the whole file:
``batch_check(ctx)`` answers a ``BatchCheck`` for one file, whose ``check(batch)`` takes each
``api.imports.upload_rows.Batch`` in file order and answers its ``Validated``, and whose ``finish()``
answers the ``Validated`` of what it held back once the file has ended. The ``rows`` of each are
stored as one chunk of the file rows on ``lines_in(rows)``, together with its errors (nothing is stored for
one holding neither). What the whole file must satisfy (a value on one row only) it carries from batch
to batch itself; rows that belong with the next batch's (the lines of one request, which a batch's end
may cut) it holds back and answers with a later batch or from ``finish()``. Either way errors name the
file's lines.

Chunks are applied one after another, unless the kind says otherwise. Those of a kind with
``independent_chunks`` (no chunk's rows depend on another's) are applied side by side in any order.
Those of a kind that ``takes_turns`` are applied side by side in stages, each stage in file order:
``apply_chunk`` calls ``ctx.wait_for_turn(stage)`` before each of its stages (1, 2, ...), which returns
once every earlier chunk has gone past that stage, past the last one meaning committed. So a chunk's
first stage overlaps the last stage of the chunk before, and what its last stage reads (stock, say)
holds everything the earlier chunks wrote.

Neither may use the request: the job runs in a worker, so both read the client from ``ctx``
(an ``api.imports.job.ImportContext``).
"""
from dataclasses import dataclass, field

from api.imports.job import apply_import
from api.jobs.registry import job_kind


@dataclass
class Validated:
    rows: list = field(default_factory=list)  # [(line, cleaned row)], or a sequence of the kind's own
    errors: list = field(default_factory=list)  # [(line, error text)]
    would_create: int = 0
    would_update: int = 0

    @property
    def count(self):
        """How many valid rows ``rows`` holds."""
        return self.would_create + self.would_update


class BatchCheck:
    """The check of one file read in batches (see above); a kind holding nothing back needs only ``check``."""

    def check(self, batch):
        """The ``Validated`` of ``batch`` (an api.imports.upload_rows.Batch), the batches coming in file order."""
        raise NotImplementedError

    def finish(self):
        """The ``Validated`` of the rows held back for a batch that never came: the file has ended."""
        return Validated()


@dataclass(eq=False)
class ImportKind:
    """An upload kind. The API validates with it directly; registered as the handler of its jobs, it
    is what the worker runs for them (one registry: the jobs')."""

    name: str
    validate: object  # None for a kind checked in batches
    apply_chunk: object
    noun: str  # plural, for messages: "items", "ASN lines"
    independent_chunks: bool  # no chunk's rows depend on another's: chunks may be applied side by side
    batch_check: object = None
    takes_turns: bool = False  # chunks are applied side by side in stages, each stage in file order
    lines_in: object = None  # the file lines a chunk of cleaned rows stands for; None: [(line, cleaned)]

    def lines_of(self, rows):
        return self.lines_in(rows) if self.lines_in else [line for line, _ in rows]

    def __call__(self, job):
        return apply_import(self, job)


def register_import(name, *, apply_chunk, noun, validate=None, batch_check=None, independent_chunks=False,
                    takes_turns=False, lines_in=None):
    """The ImportKind ``name``, registered as the handler of its jobs. A kind whose chunks are not a list
    of ``(line, cleaned)``, one per file row (a request and its lines; items column by column), says
    which file lines a chunk stands for with ``lines_in``."""
    if (validate is None) == (batch_check is None):
        raise ValueError(f"{name}: give either validate or batch_check")
    kind = ImportKind(name, validate, apply_chunk, noun, independent_chunks, batch_check, takes_turns, lines_in)
    job_kind(name)(kind)
    return kind
