"""GET/PUT /api/v4/notification_settings: the addresses, edited as one comma-separated string."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.shop.models import NotificationSetting
from tests.api.helpers import assert_error

PATH = "/api/v4/notification_settings"


def put(client, headers, text):
    return client.put(PATH, json={"email_addresses": text}, headers=headers)


def test_no_addresses_at_first(client, factory, manager):
    assert client.get(PATH, headers=factory.headers(manager)).get_json() == {"email_addresses": []}


def test_a_comma_separated_list_is_saved_as_addresses(client, factory, manager):
    headers = factory.headers(manager)

    response = put(client, headers, " ops@acme.com,shipping@acme.com , ,OPS@acme.com,")

    assert response.status_code == 200
    assert response.get_json() == {"email_addresses": ["ops@acme.com", "shipping@acme.com"]}
    assert client.get(PATH, headers=headers).get_json() == {"email_addresses": ["ops@acme.com", "shipping@acme.com"]}


def test_an_empty_string_removes_every_address(client, factory, manager):
    headers = factory.headers(manager)
    put(client, headers, "ops@acme.com")

    assert put(client, headers, "").get_json() == {"email_addresses": []}


@pytest.mark.parametrize("bad", ["not-an-address", "ops@", "@acme.com", "two words@acme.com", "ops@acme.com;b@acme.com",
                                 "a" * 250 + "@acme.com", "ops@acme..com"])
def test_each_address_is_checked_and_nothing_is_saved(client, factory, manager, bad):
    headers = factory.headers(manager)
    put(client, headers, "kept@acme.com")

    body = assert_error(put(client, headers, f"new@acme.com, {bad}"), 422, "invalid_email_address")

    assert body["description"] == f"'{bad}' is not a valid e-mail address."
    assert client.get(PATH, headers=headers).get_json() == {"email_addresses": ["kept@acme.com"]}


def test_a_list_of_addresses_is_not_accepted_as_an_array(client, factory, manager):
    response = client.put(PATH, json={"email_addresses": ["ops@acme.com"]}, headers=factory.headers(manager))

    assert_error(response, 422, "validation_error")


def test_too_many_addresses_are_refused(client, factory, manager):
    text = ",".join(f"user{n}@acme.com" for n in range(51))

    assert_error(put(client, factory.headers(manager), text), 422, "too_many_addresses")


def test_read_only_users_read_but_do_not_write(client, factory, acme):
    viewer = factory.user("client_read_only", acme)
    headers = factory.headers(viewer)

    assert client.get(PATH, headers=headers).status_code == 200
    assert_error(put(client, headers, "ops@acme.com"), 403)
    assert db.session.scalars(select(NotificationSetting)).all() == []


def test_each_client_has_its_own_addresses(client, factory, manager, globex, admin):
    put(client, factory.headers(manager), "ops@acme.com")

    assert client.get(PATH, headers=factory.headers(admin, globex)).get_json() == {"email_addresses": []}
    put(client, factory.headers(admin, globex), "ops@globex.com")
    assert client.get(PATH, headers=factory.headers(manager)).get_json() == {"email_addresses": ["ops@acme.com"]}
