from api.inventory.routes import blp

__all__ = ["blp"]
