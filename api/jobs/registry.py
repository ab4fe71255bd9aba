"""Job kinds and their handlers. Features register a handler; the runner looks it up by kind."""
from dataclasses import dataclass

_handlers = {}


@dataclass
class ResultMail:
    subject: str
    body: str
    attachment: tuple | None = None  # (file name, content type, bytes)


class JobContinues(Exception):
    """Raised by a handler that has committed part of its job and spent its time slice
    (``JOB_SLICE_SECONDS``): the runner hands the job back, to be run again for the rest."""


def job_kind(name):
    """Register ``handler(job) -> ResultMail | None`` for jobs of kind ``name``.

    A handler must be safe to run again on a job it already partly applied: it records what it
    applied in the job (or its own rows) and skips that on the next run. A long one raises
    JobContinues once its time slice is spent, and is run again.
    """

    def register(handler):
        _handlers[name] = handler
        return handler

    return register


def handler_for(kind):
    return _handlers[kind]
