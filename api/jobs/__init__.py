from api.jobs.routes import blp

__all__ = ["blp"]
