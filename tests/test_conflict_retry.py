"""A transaction PostgreSQL undid for a deadlock or a serialization failure is done again; any other
database error is not."""
import psycopg
import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from api.extensions import CONFLICT_ATTEMPTS, is_conflict, retried_on_conflict


def undone(driver_error):
    return OperationalError("SELECT … FOR UPDATE", {}, driver_error)


def failing(errors):
    """A function raising ``errors`` one per call, then answering how many calls it took."""
    calls = []

    def work():
        calls.append(1)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return len(calls)

    return work


@pytest.mark.parametrize("driver_error", [psycopg.errors.DeadlockDetected("deadlock detected"),
                                          psycopg.errors.SerializationFailure("could not serialize")])
def test_a_conflict_is_done_again(app, driver_error):
    with app.app_context():
        assert is_conflict(undone(driver_error))
        assert retried_on_conflict(failing([undone(driver_error)] * (CONFLICT_ATTEMPTS - 1)))() == CONFLICT_ATTEMPTS


def test_a_conflict_every_time_is_raised_after_the_last_attempt(app):
    work = failing([undone(psycopg.errors.DeadlockDetected("deadlock detected"))] * CONFLICT_ATTEMPTS)
    with app.app_context(), pytest.raises(OperationalError):
        retried_on_conflict(work)()


@pytest.mark.parametrize("error", [
    IntegrityError("INSERT", {}, psycopg.errors.UniqueViolation("duplicate key")),
    undone(psycopg.errors.AdminShutdown("terminating connection")),
])
def test_other_database_errors_are_not_done_again(app, error):
    work = failing([error])
    with app.app_context(), pytest.raises(type(error)):
        retried_on_conflict(work)()
    assert not is_conflict(error)
