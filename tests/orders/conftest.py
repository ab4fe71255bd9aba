import pytest

from api.extensions import db
from api.products.models import BUNDLE
from api.shipping.models import Carrier, ShipProfile
from tests.stock import add_stock


@pytest.fixture
def stock(factory):
    """stock(item, **{location: units}): units received as unbound at those locations."""

    def receive(item, **units):
        for location, quantity in units.items():
            add_stock(item, location, unbound=quantity, reason="receipt", reference="test", actor="test")
        db.session.commit()

    return receive


@pytest.fixture
def catalogue(factory, acme):
    """Two simple items and a bundle of one of each."""
    tent = factory.item(acme, upc="TENT", name="Tent")
    stove = factory.item(acme, upc="STOVE", name="Stove")
    bundle = factory.item(acme, upc="CAMP-SET", name="Camp set", composite_type=BUNDLE, children=[(tent, 1), (stove, 2)])
    return {"tent": tent, "stove": stove, "bundle": bundle}


@pytest.fixture
def profiles(acme):
    def profile(carrier):
        made = ShipProfile(client_id=acme.id, name=f"{carrier} profile",
                           carrier=db.session.query(Carrier).filter_by(name=carrier).one())
        db.session.add(made)
        db.session.commit()
        return made.id

    return {carrier: profile(carrier) for carrier in ("UPS", "USPS", "LTL", "DHL")}


@pytest.fixture
def manager(factory, acme):
    return factory.headers(factory.user("client", acme))
