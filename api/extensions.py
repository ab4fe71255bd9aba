"""Extensions, created unbound and initialised by ``create_app``."""
from flask_migrate import Migrate
from flask_smorest import Api
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase

from api.common.errors import Error


class Base(DeclarativeBase):
    pass


class PortalApi(Api):
    """flask-smorest documents its default error body; ours is api.common.errors.Error."""

    ERROR_SCHEMA = Error


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
api = PortalApi()


def on_postgresql():
    """Whether the portal's database is PostgreSQL (else the embedded SQLite)."""
    return db.engine.dialect.name == "postgresql"
