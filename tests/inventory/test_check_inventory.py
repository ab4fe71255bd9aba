"""``flask check-inventory``: the levels rebuilt from the ledger, drift reported and repaired."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.inventory.models import InventoryLevel
from tests.stock import add_stock


@pytest.fixture
def tent(factory, acme):
    item = factory.item(acme, upc="300000000001")
    add_stock(item, "CA01", unbound=10, reason="receipt", reference="asn:1", actor="ops")
    add_stock(item, "CA01", unbound=-4, reserved=4, reason="reservation", reference="item:300000000001", actor="ops")
    db.session.commit()
    return item


def check(app, *args):
    return app.test_cli_runner().invoke(args=["check-inventory", *args])


def test_levels_matching_the_ledger_pass(app, tent):
    result = check(app)

    assert result.exit_code == 0, result.output
    assert "match the ledger" in result.output


def test_drift_is_reported_with_exit_1_and_repaired_on_request(app, tent):
    level = db.session.scalars(select(InventoryLevel)).one()
    level.unbound = 99
    db.session.add(InventoryLevel(client_id=tent.client_id, item_type_id=tent.id, location="TX02", bound=2))
    db.session.commit()

    result = check(app)
    assert result.exit_code == 1
    assert f"item type {tent.id} at CA01: level unbound/reserved/bound 99/4/0, ledger 6/4/0" in result.output
    assert f"item type {tent.id} at TX02: level unbound/reserved/bound 0/0/2, ledger 0/0/0" in result.output

    repaired = check(app, "--repair")
    assert repaired.exit_code == 0 and "Repaired 2 levels" in repaired.output
    db.session.expire_all()
    assert {(l.location, l.unbound, l.reserved, l.bound) for l in db.session.scalars(select(InventoryLevel))} == {
        ("CA01", 6, 4, 0), ("TX02", 0, 0, 0),
    }
    assert check(app).exit_code == 0


def test_a_level_lost_altogether_is_rebuilt(app, tent):
    db.session.delete(db.session.scalars(select(InventoryLevel)).one())
    db.session.commit()

    assert check(app).exit_code == 1
    assert check(app, "--repair").exit_code == 0
    db.session.expire_all()
    assert db.session.scalars(select(InventoryLevel.unbound)).one() == 6
