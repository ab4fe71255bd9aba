from api.reports.routes import blp
from api.reports.schedules_routes import schedules_blp

__all__ = ["blp", "schedules_blp"]
