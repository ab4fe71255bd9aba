from api.inbound.routes import blp

__all__ = ["blp"]
