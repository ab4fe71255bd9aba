"""The freight tests build on the request tests' catalogue, stock, ship profiles and client user, for a
client on version 2 (LTL freight is for version 2 and up)."""
import pytest

from tests.orders.conftest import catalogue, manager, profiles, stock  # noqa: F401 (fixtures)


@pytest.fixture
def acme(factory):
    return factory.client("Acme", version=2)
