from flask import current_app, g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.auth import service
from api.auth.schemas import Credentials, CurrentUser, Token, UiSettings
from api.clients.service import client_for_current_user
from api.common.auth import public, requires
from api.common.errors import error_response

blp = Blueprint("auth", __name__, url_prefix="/api/v4", description="Login, the current user and UI settings")


@blp.errorhandler(service.LoginThrottled)
def _login_throttled(error):
    """The error shape plus Retry-After, so a client knows when the window has room again."""
    return error_response(error.status, error.code, error.description, headers={"Retry-After": str(error.retry_after_seconds)})


@blp.route("/auth/token")
class TokenResource(MethodView):
    @public
    @blp.doc(security=[])
    @blp.arguments(Credentials)
    @blp.response(200, Token)
    def post(self, credentials):
        """Log in with username and password; answers a bearer token."""
        # REMOTE_ADDR is optional in WSGI (absent behind some proxies and test clients).
        address = request.remote_addr or "unknown"
        return service.login(current_app.config, credentials["username"], credentials["password"], address)


@blp.route("/me")
class Me(MethodView):
    @requires(client_scoped=False)
    @blp.response(200, CurrentUser)
    def get(self):
        """The signed-in user, their roles, their client and what they may do."""
        identity = g.identity
        return {
            "username": identity.username,
            "name": identity.name,
            "email": identity.email,
            "roles": list(identity.roles),
            "clientId": identity.client_id,
            "isAdmin": identity.is_admin,
            "client": client_for_current_user(identity),
            "permissions": sorted(identity.permissions),
        }


@blp.route("/settings/ui")
class UiSettingsResource(MethodView):
    @public
    @blp.doc(security=[])
    @blp.response(200, UiSettings)
    def get(self):
        """Settings the browser needs before login (idle logout timing)."""
        return {"idle_timeout_ms": current_app.config["IDLE_TIMEOUT_MS"], "idle_warning_ms": current_app.config["IDLE_WARNING_MS"]}
