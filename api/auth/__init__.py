from api.auth.routes import blp

__all__ = ["blp"]
