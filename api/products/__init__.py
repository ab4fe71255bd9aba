from api.products.routes import blp

__all__ = ["blp"]
