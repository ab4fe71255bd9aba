"""The shipment tests build on the request tests' catalogue, stock, ship profiles and client user."""
from tests.orders.conftest import catalogue, manager, profiles, stock  # noqa: F401 (fixtures)
