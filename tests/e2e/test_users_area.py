"""The users area: list, create, edit, permissions and errors from the API."""
import re

from playwright.sync_api import expect

from api.users.models import User
from tests.e2e.conftest import log_in
from tests.factories import PASSWORD


def test_edit_user_role_and_permissions(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")
    factory.user("client_read_only", acme, username="robin.viewer")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/users")
    page.get_by_role("navigation", name="Users").get_by_role("link", name=re.compile("Robin.Viewer")).click()
    expect(page.get_by_role("heading", name="Edit User")).to_be_visible()
    expect(page.get_by_label("Username")).to_have_value("robin.viewer")
    expect(page.get_by_label("Username")).not_to_be_editable()
    expect(page.get_by_role("button", name="Select All", exact=True)).to_have_count(0)

    page.get_by_label("Role").select_option(label="Read Access + Custom Permissions")
    page.get_by_role("button", name="Select All", exact=True).click()
    for name in ("create:items", "Reserve Inventory", "write:users", "read:reports"):
        expect(page.get_by_label(name)).to_be_checked()
    page.get_by_role("button", name="Deselect All").click()
    expect(page.get_by_label("write:users")).not_to_be_checked()
    page.get_by_label("read:reports").check()
    screenshot(page, "edit-user")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_text("Saved")).to_be_visible()
    page.get_by_role("link", name="Add New User").click()
    expect(page.get_by_role("heading", name="New User")).to_be_visible()
    expect(page.get_by_text("Saved")).to_have_count(0)  # alerts are cleared on every route change
    robin = User.query.filter_by(username="robin.viewer").one()
    assert (robin.role, robin.permissions) == ("client_custom", ["read:reports"])


def submit_user_form(page, username, email, password):
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Save").click()


def test_api_errors_are_shown_and_nothing_is_created(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client", acme, username="alex.lead")

    log_in(page, live_api, "alex.lead", PASSWORD, path=f"/{acme.id}/users/new")
    submit_user_form(page, "alex.lead", "dup@acme.test", "long-enough-1")

    expect(page.get_by_role("alert")).to_contain_text("Username 'alex.lead' is already taken.")
    screenshot(page, "duplicate-username")
    submit_user_form(page, "new.person", "dup@acme.test", "short")
    expect(page.get_by_role("alert")).to_contain_text("Password must be 8 to 1000 characters.")
    assert User.query.filter_by(username="new.person").count() == 0


def test_read_only_user_sees_users_without_the_means_to_change_them(factory, live_api, page, screenshot):
    acme = factory.client("Acme Outdoor")
    factory.user("client_read_only", acme, username="robin.viewer")

    log_in(page, live_api, "robin.viewer", PASSWORD, path=f"/{acme.id}/users/new")
    expect(page.get_by_role("heading", name="Not permitted")).to_be_visible()
    expect(page.get_by_text("the permission this page needs (write:users)")).to_be_visible()
    expect(page.get_by_role("link", name="Add New User")).to_have_count(0)

    page.get_by_role("navigation", name="Users").get_by_role("link", name=re.compile("Robin.Viewer")).click()
    expect(page.get_by_role("heading", name="User", exact=True)).to_be_visible()
    expect(page.get_by_label("Email")).to_be_disabled()
    expect(page.get_by_label("Password")).to_have_count(0)
    expect(page.get_by_role("button", name="Save")).to_have_count(0)
    screenshot(page, "read-only-user")
