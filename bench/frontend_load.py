"""Loading the browser app: bytes over the wire and time to the first screen after login.

Serves the built frontend (frontend/dist, or FRONTEND_DIST) with the API under gunicorn on a
throw-away SQLite instance, and drives Debian's Chromium through the login of a client user:
open the portal, fill in the login form, press Log In, wait for the client's shell. A cold load
starts from a fresh browser context (empty HTTP cache); a warm load logs out and does the same again
in that context, as someone coming back. Bytes are what arrived over the network (headers and
encoded bodies, from the DevTools protocol), API calls included. The link is throttled (default
20 Mbit/s, 20 ms round trip) so that the size of what travels shows in the time. Prints the median
of the rounds as cold_bytes=, cold_first_screen_ms=, warm_bytes=, warm_first_screen_ms=.

    .venv/bin/python bench/frontend_load.py [--rounds 5] [--mbps 20] [--latency-ms 20]

--mbps 0 turns throttling (and the added round trip) off.
"""
import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.live import process_env, start_api  # noqa: E402

USERNAME = "bench.manager"
PASSWORD = "bench-password-1"


def seeded_app():
    """A migrated SQLite instance with one client and its manager; answers the app's config."""
    from flask_migrate import upgrade

    from api.app import create_app
    from api.clients.models import Client
    from api.common.passwords import hash_password
    from api.extensions import db
    from api.users.models import User

    instance = Path(tempfile.mkdtemp(prefix="portal-bench-frontend-"))
    app = create_app({
        "INSTANCE_DIR": str(instance),
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'portal.db'}",
        "CELERY_BROKER_URL": "filesystem://",
        "CELERY_BROKER_FOLDER": str(instance / "broker"),
        "MAIL_FOLDER": str(instance / "mail"),
        "JWT_KEYS_DIR": str(instance / "keys"),
    })
    with app.app_context():
        upgrade()
        client = Client(name="Bench Outdoor", fulfillment_request_api_version=2)
        db.session.add(client)
        db.session.flush()
        db.session.add(User(username=USERNAME, role="client", client_id=client.id, real_name="Bench", email="bench@example.com",
                            password_hash=hash_password(PASSWORD), permissions=[], active=True))
        db.session.commit()
    return app.config, instance


class WireBytes:
    """Bytes received by one page, as Chromium's network stack counts them."""

    def __init__(self, page, mbps, latency_ms):
        self.total = 0
        self._session = page.context.new_cdp_session(page)
        self._session.on("Network.loadingFinished", lambda event: self._add(event["encodedDataLength"]))
        self._session.send("Network.enable")
        if mbps:
            throughput = mbps * 1_000_000 / 8
            self._session.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": latency_ms, "downloadThroughput": throughput, "uploadThroughput": throughput,
            })

    def _add(self, count):
        self.total += count


def load_and_log_in(page, base_url, wire):
    """Milliseconds from opening the portal to the client's shell after logging in, and the bytes it took."""
    wire.total = 0
    started = time.perf_counter()
    page.goto(base_url + "/")
    page.get_by_label("Username", exact=True).fill(USERNAME)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log In").click()
    page.get_by_role("navigation", name="Main").wait_for()
    elapsed_ms = (time.perf_counter() - started) * 1000
    page.wait_for_load_state("networkidle")
    return elapsed_ms, wire.total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--mbps", type=float, default=20)
    parser.add_argument("--latency-ms", type=float, default=20)
    args = parser.parse_args()

    config, instance = seeded_app()
    api, base_url = start_api(process_env(config), instance)
    results = {"cold": [], "warm": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.rounds):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                page.set_default_timeout(30_000)
                wire = WireBytes(page, args.mbps, args.latency_ms)
                results["cold"].append(load_and_log_in(page, base_url, wire))
                page.goto(base_url + "/logout")
                page.get_by_role("button", name="Log In").wait_for()
                results["warm"].append(load_and_log_in(page, base_url, wire))
                context.close()
            browser.close()
    finally:
        api.stop()

    link = f"mbps={args.mbps:g} latency_ms={args.latency_ms:g}" if args.mbps else "throttle=off"
    print(f"rounds={args.rounds} {link}")
    for kind, runs in results.items():
        print(f"{kind}_bytes={statistics.median(b for _, b in runs):.0f}")
        print(f"{kind}_first_screen_ms={statistics.median(ms for ms, _ in runs):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
