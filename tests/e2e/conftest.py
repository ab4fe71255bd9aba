"""Chromium (Debian's, driven by Playwright) against the built frontend served by the real API.

Screenshots of every screen land in test-artifacts/screenshots/ to be looked at.
"""
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.live import PROJECT_ROOT, start_api

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = PROJECT_ROOT / "test-artifacts" / "screenshots"


@pytest.fixture(scope="session", autouse=True)
def _frontend_is_built(app):
    index = Path(app.config["FRONTEND_DIST"]) / "index.html"
    if not index.is_file():
        pytest.fail(f"The frontend is not built ({index} is missing): run `npm run build` in frontend/.", pytrace=False)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser):
    """Open pages in fresh browser contexts (separate storage, like separate people)."""
    contexts = []

    def open_page():
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture
def screenshot(request):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        test = re.sub(r"\W+", "_", request.node.name)
        page.screenshot(path=str(SCREENSHOTS / f"{test}-{name}.png"), full_page=True, animations="disabled")

    return take


@pytest.fixture(scope="session")
def short_idle_api(live_env, process_logs, worker):
    """A second API process whose idle logout comes after 4 s, warning for the last 3 s."""
    process, base_url = start_api({**live_env, "IDLE_TIMEOUT_MS": "4000", "IDLE_WARNING_MS": "3000"}, process_logs, name="api-short-idle")
    yield base_url
    process.stop()


def log_in(page, base_url, username, password, path="/"):
    page.goto(base_url + path)
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log In").click()
    expect(page.get_by_role("button", name="Log In")).to_have_count(0)
