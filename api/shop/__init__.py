from api.shop.routes import blp

__all__ = ["blp"]
