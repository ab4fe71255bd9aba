"""Chromium (Debian's, driven by Playwright) against the built frontend served by the real API.

Screenshots of every screen land in test-artifacts/screenshots/ to be looked at. axe-core checks each
screen shot and every portal page a test leaves open against WCAG 2.1 A and AA: a violation fails the test.
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
# An assertion waits for its condition as long as an action may (page.set_default_timeout below):
# Playwright's 5 s is a guess of how fast a screen answers on a quiet machine (the condition still
# ends the wait the moment it holds, so a passing test takes no longer).
expect.set_options(timeout=15_000)
AXE_SCRIPT = PROJECT_ROOT / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
# The contexts a test opened, for the check of its pages when it ends.
_CONTEXTS = pytest.StashKey[list]()


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
def new_page(browser, request):
    """Open pages in fresh browser contexts (separate storage, like separate people)."""
    contexts = request.node.stash.setdefault(_CONTEXTS, [])

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

    def take(page, name, full_page=True):
        """``full_page=False`` for a page too tall to shoot whole in time on a busy machine (axe still reads all of it)."""
        test = re.sub(r"\W+", "_", request.node.name)
        page.screenshot(path=str(SCREENSHOTS / f"{test}-{name}.png"), full_page=full_page, animations="disabled")
        if _is_portal(page):
            assert_accessible(page, f"screen '{name}'")

    return take


def accessibility_violations(page):
    """axe-core's WCAG 2.1 A and AA violations on the page as it is now. Evaluated through the
    debugging protocol, so the portal's Content-Security-Policy (no inline scripts) does not refuse it."""
    page.wait_for_load_state()
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate("() => {\n" + AXE_SCRIPT.read_text(encoding="utf-8") + "\n}")
    # Reduced motion ends Bootstrap's fades at once, so axe never meets an alert half faded in.
    page.emulate_media(reduced_motion="reduce")
    try:
        return page.evaluate("(options) => axe.run(document, options).then((result) => result.violations)", AXE_OPTIONS)
    finally:
        page.emulate_media(reduced_motion="no-preference")


def describe_violations(violations, nodes_per_rule=5):
    """One line per rule (its id, impact and help), one per element (its selector and what is wrong)."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} ({len(violation['nodes'])} elements)")
        for node in violation["nodes"][:nodes_per_rule]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"  {' '.join(map(str, node['target']))}: {summary}")
        if len(violation["nodes"]) > nodes_per_rule:
            lines.append(f"  and {len(violation['nodes']) - nodes_per_rule} more")
    return "\n".join(lines)


def assert_accessible(page, what):
    violations = accessibility_violations(page)
    if violations:
        raise AssertionError(f"axe-core finds WCAG violations on {what} ({page.url}):\n{describe_violations(violations)}")


def _is_portal(page):
    """Whether the page shows the portal, not a blank page, a download or a stand-in for the shop platform."""
    return not page.is_closed() and page.url.startswith("http") and page.query_selector("#root") is not None


def _portal_pages(contexts):
    return [page for context in contexts for page in context.pages if _is_portal(page)]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Every screen a test ends on is checked too, whether or not the test took its picture."""
    result = yield
    for page in _portal_pages(item.stash.get(_CONTEXTS, [])):
        assert_accessible(page, "the page the test ended on")
    return result


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
