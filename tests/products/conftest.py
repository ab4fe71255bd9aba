"""Catalogue tests: the API tests' tenants (Acme acting, Globex beside it) and users of every kind."""
import pytest

from tests.api.conftest import acme_manager, admin  # noqa: F401 (fixtures)


@pytest.fixture
def as_manager(factory, acme_manager):
    return factory.headers(acme_manager)


@pytest.fixture
def as_admin(factory, admin, acme):
    return factory.headers(admin, acme)


@pytest.fixture
def as_custom(factory, acme):
    return factory.headers(factory.user("client_custom", acme, permissions=["create:items", "update:items"]))


@pytest.fixture
def as_viewer(factory, acme):
    return factory.headers(factory.user("client_read_only", acme))
