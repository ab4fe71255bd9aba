"""Which client a call acts for: the header for admins, the token for client users."""
import pytest

from tests.api.helpers import assert_error

USERS = "/api/v4/users"


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "²"])
def test_a_client_header_that_is_not_an_id_is_refused(client, factory, admin, value):
    response = client.get(USERS, headers={**factory.headers(admin), "X-Client-Id": value})

    assert_error(response, 400, "invalid_client_id")


@pytest.mark.parametrize("value", ["999999", str(2**40)], ids=["unknown", "beyond any id"])
def test_an_admin_naming_a_client_that_does_not_exist_gets_404(client, factory, admin, value):
    response = client.get(USERS, headers={**factory.headers(admin), "X-Client-Id": value})

    assert assert_error(response, 404, "not_found")["description"] == "Client not found."


def test_a_client_role_account_without_a_client_acts_for_none(client, factory):
    orphan = factory.user("client", None, username="no.client")

    response = client.get(USERS, headers=factory.headers(orphan))

    assert assert_error(response, 403, "not_authorized")["description"] == "This account is not linked to a client."


def test_a_client_user_naming_their_own_client_is_served(client, factory, acme, acme_manager):
    response = client.get(USERS, headers=factory.headers(acme_manager, acme))

    assert response.status_code == 200
    assert [user["username"] for user in response.get_json()["users"]] == ["acme.manager"]
