"""The browser navigations that start the shop app install; they redirect to the shop platform."""
from flask import Blueprint, current_app, redirect, request

from api.shop import service

pages = Blueprint("install_pages", __name__)

# The browser that starts an install keeps its nonce; only the callback call reads it.
NONCE_COOKIE = "shop_install_nonce"
NONCE_COOKIE_PATH = "/api/v4/shopify/auth_callback"


def _start_install():
    base_url = current_app.config["PORTAL_BASE_URL"] or request.url_root
    location, nonce = service.start_install(request.args.get("shop"), list(request.args.items(multi=True)), base_url)
    response = redirect(location, 302)
    response.set_cookie(
        NONCE_COOKIE, nonce, max_age=current_app.config["SHOPIFY_STATE_MAX_AGE"], path=NONCE_COOKIE_PATH,
        secure=request.is_secure or base_url.startswith("https://"), httponly=True, samesite="Lax",
    )
    return response


# Both start the same OAuth authorization: /install from the shop platform's app store,
# /authorize from the portal's 'Reauthenticate' button.
pages.add_url_rule("/shopify/install", "install", _start_install)
pages.add_url_rule("/shopify/authorize", "authorize", _start_install)
