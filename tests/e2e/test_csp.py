"""Every built area under the portal's Content-Security-Policy in Chromium: the browser reports no
violation and no request leaves the portal's origin."""
import base64
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import log_in
from tests.factories import PASSWORD

# Runs before the page's own scripts in every document; the browser fires the event for each blocked load.
RECORD_VIOLATIONS = """
window.cspViolations = [];
window.addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
}, true);
"""
PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


@pytest.fixture
def watched_page(page, live_api):
    """The page, with CSP violations recorded on its window and requests to other origins kept in ``left_origin``."""
    page.add_init_script(RECORD_VIOLATIONS)
    page.left_origin = []
    page.on("request", lambda request: page.left_origin.append(request.url) if not same_origin(request.url, live_api) else None)
    return page


def same_origin(url, base_url):
    return url.startswith((base_url + "/", "data:", "blob:")) or url == base_url


def violations(page):
    page.wait_for_load_state("networkidle")
    return page.evaluate("window.cspViolations")


def test_every_area_runs_under_the_policy_without_violations_or_outside_requests(factory, live_api, watched_page):
    acme = factory.client("Acme Outdoor", version=2, logo=base64.b64decode(PNG_1X1))
    mug = factory.item(acme, name="Trail Mug Blue")
    factory.user("admin", username="csp.admin")
    areas = [
        (f"/{acme.id}", page_heading("Orders Dashboard")),
        (f"/{acme.id}/dashboards/shipments", page_heading("Shipments Dashboard")),
        (f"/{acme.id}/fulfillment_requests", page_heading("Fulfillment Requests")),
        (f"/{acme.id}/item_types", page_heading("Products")),
        (f"/{acme.id}/item_types/{mug.upc}", page_heading(re.compile("Trail Mug Blue"))),
        (f"/{acme.id}/item_types/new", page_heading("Add New Product")),
        (f"/{acme.id}/item_types/new_bulk", page_heading("Bulk Create / Update Items")),
        (f"/{acme.id}/asns/list", page_heading("View ASNs")),
        (f"/{acme.id}/asns/upload", page_heading("Upload Inbound Inventory")),
        (f"/{acme.id}/rmas/upload", page_heading("Upload RMAs")),
        (f"/{acme.id}/reports", page_heading("Reports")),
        (f"/{acme.id}/users", page_heading("Users")),
        (f"/{acme.id}/shopify", page_heading("Shopify")),
        ("/api_reference", lambda page: page.get_by_text("Fulfilment Client Portal API").first),
    ]

    log_in(watched_page, live_api, "csp.admin", PASSWORD)
    expect(watched_page.get_by_role("heading", name="Choose a client")).to_be_visible()
    seen = {"/": violations(watched_page)}
    for path, landmark in areas:
        watched_page.goto(live_api + path)
        expect(landmark(watched_page)).to_be_visible()
        seen[path] = violations(watched_page)

    assert {path: found for path, found in seen.items() if found} == {}
    assert watched_page.left_origin == []


def page_heading(name):
    return lambda page: page.get_by_role("main").get_by_role("heading", name=name).first


def test_the_recorder_sees_an_inline_script_refused(live_api, watched_page):
    watched_page.goto(live_api)
    expect(watched_page.get_by_role("button", name="Log In")).to_be_visible()

    watched_page.evaluate("""() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.head.append(script);
    }""")

    watched_page.wait_for_function("window.cspViolations.length > 0")
    assert watched_page.evaluate("window.cspViolations")[0].startswith("script-src-elem blocked inline")
    assert watched_page.evaluate("window.inlineScriptRan") is None
