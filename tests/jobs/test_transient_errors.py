"""Which database errors a job or a mail waits out (tried again later) and which fail it: only a
database that could not be reached or was busy is passing; a broken query or a missing table fails
the job at once instead of retrying it for ever."""
import sqlite3

import psycopg
import pytest
import sqlalchemy as sa
from psycopg import errors as pg_errors
from sqlalchemy.exc import InterfaceError, OperationalError, ProgrammingError

from api.extensions import db, is_transient_database_error
from api.jobs.models import Job
from api.jobs.registry import job_kind
from api.jobs.tasks import run_job
from api.notifications import service as mail_service
from api.notifications import tasks as mail_tasks
from api.notifications.models import OutboundEmail
from tests.live import free_port


def wrapped(orig, error=OperationalError):
    """The driver error as SQLAlchemy raises it from a statement."""
    return error("SELECT 1", {}, orig)


def sqlite_error(statement):
    """The error SQLite itself raises for ``statement``, as SQLAlchemy wraps it."""
    engine = sa.create_engine("sqlite://")
    try:
        with engine.connect() as connection:
            connection.execute(sa.text(statement))
    except sa.exc.DBAPIError as error:
        return error
    finally:
        engine.dispose()
    raise AssertionError(f"{statement} did not fail")


def connection_refused():
    """What connecting to a PostgreSQL port nobody listens on raises."""
    engine = sa.create_engine(f"postgresql+psycopg://portal@127.0.0.1:{free_port()}/portal")
    try:
        engine.connect()
    except OperationalError as error:
        return error
    finally:
        engine.dispose()
    raise AssertionError("the connection was not refused")


def test_a_missing_table_on_sqlite_is_not_transient():
    error = sqlite_error("SELECT * FROM no_such_table")

    assert isinstance(error, OperationalError) and "no such table" in str(error)
    assert not is_transient_database_error(error)


def test_a_refused_connection_is_transient():
    error = connection_refused()

    assert "refused" in str(error).lower()
    assert is_transient_database_error(error)


@pytest.mark.parametrize("error", [
    wrapped(sqlite3.OperationalError("database is locked")),
    wrapped(sqlite3.OperationalError("database is busy")),
    wrapped(pg_errors.AdminShutdown("terminating connection due to administrator command")),
    wrapped(pg_errors.CrashShutdown("terminating connection because of crash of another server process")),
    wrapped(pg_errors.CannotConnectNow("the database system is starting up")),
    wrapped(pg_errors.lookup("08006")("connection failure")),
    wrapped(psycopg.OperationalError("server closed the connection unexpectedly")),
    wrapped(psycopg.InterfaceError("the connection is closed"), InterfaceError),
    # A raw cursor's COPY raises the driver's error unwrapped.
    psycopg.OperationalError("sending copy data failed: server closed the connection unexpectedly"),
    pg_errors.AdminShutdown("terminating connection due to administrator command"),
], ids=["sqlite locked", "sqlite busy", "admin shutdown", "crash shutdown", "cannot connect now", "connection failure",
        "connection closed", "interface error", "raw connection lost", "raw admin shutdown"])
def test_a_lost_or_busy_database_is_transient(error):
    assert is_transient_database_error(error)


def test_an_invalidated_connection_is_transient():
    error = wrapped(Exception("the driver's own words"))
    error.connection_invalidated = True

    assert is_transient_database_error(error)


@pytest.mark.parametrize("error", [
    wrapped(sqlite3.OperationalError("no such column: colour")),
    wrapped(sqlite3.OperationalError("unable to open database file")),
    wrapped(sqlite3.InterfaceError("bad parameter or other API misuse"), InterfaceError),
    wrapped(pg_errors.QueryCanceled("canceling statement due to statement timeout")),
    wrapped(pg_errors.DiskFull("could not extend file")),
    wrapped(pg_errors.UndefinedTable('relation "no_such_table" does not exist'), ProgrammingError),
    pg_errors.UniqueViolation("duplicate key value violates unique constraint"),
    RuntimeError("not a database error"),
], ids=["sqlite no such column", "sqlite cannot open", "sqlite interface error", "statement timeout", "disk full",
        "undefined table", "raw unique violation", "not a database error"])
def test_an_error_of_the_work_itself_is_not_transient(error):
    assert not is_transient_database_error(error)


@job_kind("test_meets_a_missing_table")
def _meets_a_missing_table(job):
    raise sqlite_error("SELECT * FROM no_such_table")


def test_a_job_meeting_a_missing_table_fails_instead_of_retrying_for_ever(factory):
    job = Job(id="job-missing-table", kind="test_meets_a_missing_table", client_id=factory.client().id,
              requested_by="lead", results=[])
    db.session.add(job)
    db.session.commit()

    run_job.apply(args=[job.id]).get()  # no Retry raised

    db.session.expire_all()
    job = db.session.get(Job, "job-missing-table")
    assert (job.state, job.attempts, job.lease_expires_at) == ("failed", 1, None)
    assert job.error == "The job failed unexpectedly. Nothing more was applied; please try again."


@pytest.fixture
def queued_mail(factory):
    email = mail_service.queue_email("event:transient", "someone@example.com", "Subject", "Body")
    db.session.commit()
    return email.id


def test_a_mail_meeting_an_unreachable_database_is_sent_again_later_not_dropped(app, queued_mail, monkeypatch):
    deliver, again = mail_service.deliver, []

    def database_down(email_id):
        raise connection_refused()

    monkeypatch.setattr(mail_service, "deliver", database_down)
    monkeypatch.setattr(mail_tasks.deliver_email, "apply_async", lambda args, countdown: again.append((args, countdown)))
    mail_tasks.deliver_email.apply(args=[queued_mail]).get()  # neither failed nor a Retry that spends the mail server's

    assert again == [((queued_mail,), mail_tasks.DATABASE_WAIT_SECONDS)]
    monkeypatch.setattr(mail_service, "deliver", deliver)
    mail_tasks.deliver_email.apply(args=[queued_mail]).get()
    db.session.expire_all()
    email = db.session.get(OutboundEmail, queued_mail)
    assert (email.sent_at is not None, email.last_error, email.failed_at) == (True, None, None)


def test_a_mail_meeting_a_missing_table_fails_instead_of_waiting_for_ever(queued_mail, monkeypatch):
    def broken(email_id):
        raise sqlite_error("SELECT * FROM no_such_table")

    monkeypatch.setattr(mail_service, "deliver", broken)
    monkeypatch.setattr(mail_tasks.deliver_email, "apply_async", lambda *args, **kwargs: pytest.fail("sent again"))
    with pytest.raises(OperationalError):
        mail_tasks.deliver_email.apply(args=[queued_mail]).get()
