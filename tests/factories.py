"""Builders for the rows tests need, and tokens for their users."""
from api.clients.models import Client
from api.common.passwords import hash_password
from api.common.tokens import issue_token
from api.extensions import db
from api.products.models import ItemComponent, ItemType
from api.users.models import User

PASSWORD = "correct-horse-battery"


class Factory:
    def __init__(self, app):
        self.app = app
        self._count = 0

    def _next(self):
        self._count += 1
        return self._count

    def client(self, name=None, version=1, **fields):
        client = Client(name=name or f"Client {self._next()}", fulfillment_request_api_version=version, **fields)
        db.session.add(client)
        db.session.commit()
        return client

    def user(self, role="client", client=None, permissions=(), username=None, active=True, email=None):
        username = username or f"{role}.{self._next()}"
        user = User(
            username=username, role=role, client_id=client.id if client else None,
            real_name=username.title(), email=email or f"{username}@example.com",
            password_hash=hash_password(PASSWORD), permissions=list(permissions), active=active,
        )
        db.session.add(user)
        db.session.commit()
        return user

    def item(self, client, upc=None, sku=None, name=None, composite_type=0, children=(), **fields):
        """An item type of `client`; `children` is [(child_item, quantity)] for composites."""
        number = self._next()
        item = ItemType(
            client_id=client.id, upc=upc or f"0{number:011d}", sku=sku or f"SKU-{number}",
            name=name or f"Item {number}", composite_type=composite_type, **fields,
        )
        item.components = [
            ItemComponent(client_id=client.id, child_id=child.id, quantity=quantity) for child, quantity in children
        ]
        db.session.add(item)
        db.session.commit()
        return item

    def token(self, user, **overrides):
        claims = {"sub": user.username, "username": user.username, "roles": [user.role], "client_id": user.client_id}
        claims.update(overrides)
        token, _ = issue_token(self.app.config, claims)
        return token

    def headers(self, user, client=None):
        headers = {"Authorization": f"Bearer {self.token(user)}"}
        if client is not None:
            headers["X-Client-Id"] = str(client.id)
        return headers
