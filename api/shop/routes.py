from flask import Blueprint as FlaskBlueprint, current_app, g, jsonify, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import INCLUDE

from api.common.auth import requires
from api.common.tenancy import acting_client_id
from api.shop import service
from api.shop.install_pages import NONCE_COOKIE, pages
from api.shop.schemas import (
    InstallCallbackArgs, InstallResult, NotificationSettings, NotificationSettingsUpdate, ShopAlreadyLinkedError,
    ShopConnection,
)

# No url_prefix: the browser navigations of the install (/shopify/...) are nested in this blueprint,
# registered the plain Flask way because they are pages, not API operations to document.
blp = Blueprint("shop", __name__, description="The client's shop connection and notification addresses")
FlaskBlueprint.register_blueprint(blp, pages)


@blp.errorhandler(service.ShopAlreadyLinked)
def _already_linked(error):
    """The callback page tells this case apart by the flag, as the shop callback response defines it."""
    response = jsonify({"error": error.code, "description": error.description, "client_already_linked_to_shop": True})
    response.status_code = error.status
    return response


@blp.route("/api/v4/shopify/auth_callback")
class ShopInstallCallback(MethodView):
    @requires("write:users", logs=("shop", "shopify_shop_name"))
    @blp.arguments(InstallCallbackArgs, location="query", unknown=INCLUDE)
    @blp.response(200, InstallResult)
    @blp.alt_response(409, schema=ShopAlreadyLinkedError, description="The shop is linked to another client")
    def get(self, query):
        """Complete the shop app install: check the platform's signed callback and link the shop."""
        return service.complete_install(g.identity, acting_client_id(), query, request.cookies.get(NONCE_COOKIE),
                                        current_app.config["PORTAL_BASE_URL"] or request.url_root)


@blp.route("/api/v4/shopify/connection")
class ShopConnectionStatus(MethodView):
    @requires()
    @blp.response(200, ShopConnection)
    def get(self):
        """Get the client's shop connection."""
        return service.connection_status(acting_client_id())


@blp.route("/api/v4/notification_settings")
class NotificationSettingsResource(MethodView):
    @requires()
    @blp.response(200, NotificationSettings)
    def get(self):
        """Get the addresses the client's notifications go to."""
        return service.notification_settings(acting_client_id())

    @requires("write:users")
    @blp.arguments(NotificationSettingsUpdate)
    @blp.response(200, NotificationSettings)
    def put(self, fields):
        """Replace the notification addresses with a comma-separated list."""
        return service.update_notification_settings(acting_client_id(), fields["email_addresses"])
