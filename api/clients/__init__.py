from api.clients.routes import blp

__all__ = ["blp"]
