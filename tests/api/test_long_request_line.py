"""A request line longer than gunicorn takes (4094 bytes) is refused by gunicorn before the app sees
it: the refusal comes in the API's error shape (api.gunicorn_config), not gunicorn's HTML page, and
an address just under the limit gets the app's own JSON answer."""
import pytest
import requests


@pytest.fixture
def as_client(factory):
    acme = factory.client("Acme")
    return factory.headers(factory.user("client", acme, username="acme.lines"))


@pytest.mark.parametrize("address", [
    "/api/v4/" + "a" * 10_000,
    "/api/v4/fulfillment_requests/" + "9" * 5_000,
    "/api/v4/fulfillment_requests?limit=" + "9" * 5_000,
], ids=["10,000-character path", "5,000-digit id", "5,000-digit limit"])
def test_a_request_line_over_the_servers_limit_is_refused_in_the_api_error_shape(live_api, as_client, address):
    answer = requests.get(live_api + address, headers=as_client, timeout=30)

    assert answer.status_code == 414
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json() == {
        "error": "request_uri_too_long",
        "description": "The length of the requested URL exceeds the capacity limit for this server. The request cannot be processed.",
    }


@pytest.mark.parametrize("address, status", [
    ("/api/v4/fulfillment_requests/" + "9" * 4_000, 404),
    ("/api/v4/fulfillment_requests?limit=" + "9" * 4_000, 422),
], ids=["4,000-digit id", "4,000-digit limit"])
def test_a_long_address_the_server_takes_gets_the_apps_answer(live_api, as_client, address, status):
    answer = requests.get(live_api + address, headers=as_client, timeout=30)

    assert answer.status_code == status, answer.text[:500]
    assert set(answer.json()) >= {"error", "description"}
