"""Fixtures of the API tests: two tenants (Acme, the acting one, and Globex), an admin and a client user."""
import pytest


@pytest.fixture
def admin(factory):
    return factory.user("admin", username="ops.admin")


@pytest.fixture
def acme_manager(factory, acme):
    return factory.user("client", acme, username="acme.manager")

