"""Job kinds and their handlers. Features register a handler; the runner looks it up by kind."""
from dataclasses import dataclass

_handlers = {}


@dataclass
class ResultMail:
    subject: str
    body: str
    attachment: tuple | None = None  # (file name, content type, bytes)


def job_kind(name):
    """Register ``handler(job) -> ResultMail | None`` for jobs of kind ``name``.

    A handler must be safe to run again on a job it already partly applied: it records what it
    applied in the job (or its own rows) and skips that on the next run.
    """

    def register(handler):
        _handlers[name] = handler
        return handler

    return register


def handler_for(kind):
    return _handlers[kind]
