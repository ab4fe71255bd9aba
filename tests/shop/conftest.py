"""Fixtures of the shop tests: Acme and Globex with a user each, and the local shop platform."""
import pytest

from tests import shop_platform


@pytest.fixture
def platform(app):
    platform = shop_platform.connect(app)
    platform.refuse_exchange = None
    yield platform
    platform.refuse_exchange = None


@pytest.fixture
def manager(factory, acme):
    return factory.user("client", acme, username="acme.manager")


@pytest.fixture
def admin(factory):
    return factory.user("admin", username="ops.admin")
