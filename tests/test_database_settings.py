"""Settings every connection of the app's engine gets, whichever database it runs on."""
from sqlalchemy import text

from api.extensions import db


def test_each_statement_is_planned_for_its_own_values(app, backend):
    """On PostgreSQL a statement psycopg prepared is still planned for the values it runs with (a
    plan kept for any client and any limit made the request list slow); SQLite plans each anyway."""
    with app.app_context():
        if backend == "services":
            for _ in range(6):  # past psycopg's prepare threshold
                mode = db.session.scalar(text("SHOW plan_cache_mode"))
            assert mode == "force_custom_plan"
        else:
            assert db.engine.dialect.name == "sqlite"
            assert db.session.scalar(text("PRAGMA journal_mode")) == "wal"
