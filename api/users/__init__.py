from api.users.routes import blp

__all__ = ["blp"]
