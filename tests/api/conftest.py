"""Fixtures of the API tests: two tenants (Acme, the acting one, and Globex), an admin and a client user."""
import pytest

from api.common.passwords import hash_password
from tests import factories
from tests.factories import PASSWORD


@pytest.fixture
def acme(factory):
    return factory.client("Acme")


@pytest.fixture
def globex(factory):
    return factory.client("Globex")


@pytest.fixture
def admin(factory):
    return factory.user("admin", username="ops.admin")


@pytest.fixture
def acme_manager(factory, acme):
    return factory.user("client", acme, username="acme.manager")


@pytest.fixture(scope="session")
def _password_hash():
    return hash_password(PASSWORD)


@pytest.fixture(autouse=True)
def _hash_the_factory_password_once(monkeypatch, _password_hash):
    """Argon2 is slow by design; factory users all share one real hash of PASSWORD (salt included)."""
    monkeypatch.setattr(factories, "hash_password", lambda password: _password_hash if password == PASSWORD else hash_password(password))
