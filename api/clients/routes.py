from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.clients import service
from api.clients.schemas import Client, ClientList, ClientListArgs, ClientWrite
from api.common.auth import MANAGE_CLIENTS, requires
from api.common.idempotency import idempotent

blp = Blueprint("clients", __name__, url_prefix="/api/v4/clients", description="Clients of the fulfilment provider")


@blp.route("")
class Clients(MethodView):
    @requires(client_scoped=False)
    @blp.arguments(ClientListArgs, location="query")
    @blp.response(200, ClientList)
    def get(self, args):
        """List clients: all for admins, their own for client users."""
        clients, cursor = service.list_clients(g.identity, args["limit"], args["cursor"])
        return {"clients": clients, "cursor": cursor}

    @idempotent
    @requires(MANAGE_CLIENTS, client_scoped=False, logs=("client", "id"))
    @blp.arguments(ClientWrite)
    @blp.response(201, Client)
    def post(self, fields):
        """Create a client (admins only)."""
        return service.create_client(fields)


@blp.route("/<int:client_id>")
class ClientById(MethodView):
    @requires(client_scoped=False, logs=("client", "client_id"))
    @blp.response(200, Client)
    def get(self, client_id):
        """Get a client with its logo."""
        return service.get_client(g.identity, client_id)

    @requires(MANAGE_CLIENTS, client_scoped=False, logs=("client", "client_id"))
    @blp.arguments(ClientWrite)
    @blp.response(200, Client)
    def put(self, fields, client_id):
        """Update a client (admins only)."""
        return service.update_client(client_id, fields)
