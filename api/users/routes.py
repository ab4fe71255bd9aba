from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.tenancy import acting_client_id
from api.common.auth import requires
from api.common.idempotency import idempotent
from api.jobs.schemas import Job
from api.users import service
from api.users.schemas import User, UserCreate, UserList, UserListArgs, UserUpdate

blp = Blueprint("users", __name__, url_prefix="/api/v4/users", description="Portal users of the acting client")


@blp.route("")
class Users(MethodView):
    @requires()
    @blp.arguments(UserListArgs, location="query")
    @blp.response(200, UserList)
    def get(self, args):
        """List the client's users, by username."""
        users, cursor = service.list_users(acting_client_id(), args)
        return {"users": users, "cursor": cursor}

    @idempotent
    @requires("write:users", logs=("user", "username"))
    @blp.arguments(UserCreate)
    @blp.response(201, User)
    def post(self, fields):
        """Create a user of the client (active, role client, unless told otherwise)."""
        return service.create_user(g.identity, acting_client_id(), fields)


@blp.route("/<string:username>")
class UserByName(MethodView):
    @requires(logs=("user", "username"))
    @blp.response(200, User)
    def get(self, username):
        """Get a user."""
        return service.get_user(acting_client_id(), username)

    @requires("write:users", logs=("user", "username"))
    @blp.arguments(UserUpdate)
    @blp.response(200, User)
    def put(self, fields, username):
        """Update a user; the username is fixed, a blank password keeps the current one."""
        return service.update_user(g.identity, acting_client_id(), username, fields)


@blp.route("/export")
class UsersExport(MethodView):
    @idempotent
    @requires(logs=("job", "id"))
    @blp.response(202, Job)
    def post(self):
        """Start a job that e-mails the requester a CSV of the client's users."""
        return service.request_export(g.identity, acting_client_id())
