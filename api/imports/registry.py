"""Import kinds: how a feature validates a whole upload and applies it one chunk at a time.

A kind registers two functions:

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

Neither may use the request: the job runs in a worker, so both read the client from ``ctx``.
"""
from dataclasses import dataclass, field

from api.jobs.registry import job_kind


@dataclass(frozen=True)
class ImportContext:
    client_id: int
    actor: str  # username of the requester
    is_admin: bool
    job_id: str | None = None  # None while validating


@dataclass
class Validated:
    rows: list = field(default_factory=list)  # [(line, cleaned row)], or a sequence of the kind's own
    errors: list = field(default_factory=list)  # [(line, error text)]
    would_create: int = 0
    would_update: int = 0


@dataclass(frozen=True)
class ImportKind:
    name: str
    validate: object
    apply_chunk: object
    noun: str  # plural, for messages: "items", "ASN lines"
    independent_chunks: bool  # no chunk's rows depend on another's: chunks may be applied side by side


_kinds = {}


def register_import(kind, *, validate, apply_chunk, noun, independent_chunks=False):
    # Imported here: the job handler itself looks kinds up in this module.
    from api.imports.job import apply_import

    _kinds[kind] = ImportKind(kind, validate, apply_chunk, noun, independent_chunks)
    job_kind(kind)(apply_import)


def import_kind(kind):
    return _kinds[kind]
