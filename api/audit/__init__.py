from api.audit.routes import blp

__all__ = ["blp"]
