"""Query conditions that work alike on PostgreSQL and SQLite."""
from sqlalchemy import select

from api.common.queries import among
from api.extensions import db
from api.products.models import ItemType


def test_among_matches_exactly_the_values_given_however_many(app, factory, acme):
    with app.app_context():
        made = {factory.item(acme, upc=upc).id: upc for upc in ("A-1", "B-2", "C'3")}

        def upcs_of(values):
            return sorted(db.session.scalars(select(ItemType.upc).where(among(ItemType.upc, values))))

        assert upcs_of(["C'3", "A-1", "NOT-THERE"]) == ["A-1", "C'3"]
        assert upcs_of([]) == []
        assert upcs_of(f"U-{n}" for n in range(5000)) == []  # a bulk chunk's worth
        assert upcs_of([*(f"U-{n}" for n in range(5000)), "B-2"]) == ["B-2"]
        assert sorted(db.session.scalars(select(ItemType.id).where(among(ItemType.id, list(made))))) == sorted(made)
