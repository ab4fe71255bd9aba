from api.returns.routes import blp

__all__ = ["blp"]
