"""Warehouses: seeded with their addresses, listed for everyone, their addresses edited by staff and
kept valid."""
from api.extensions import db
from api.warehouses.locations import LOCATIONS
from api.warehouses.models import Warehouse
from tests.api.helpers import assert_error

URL = "/api/v4/warehouses"
EDISON = {"name": "Edison North", "address_1": "100 raritan center parkway", "city": "Edison", "state": "NJ",
          "postal_code": "08837", "country": "US", "phone": "+1 732 555 0199"}


def test_every_warehouse_code_is_listed_with_a_valid_address(client, factory, acme):
    headers = factory.headers(factory.user("client_read_only", acme))

    body = client.get(URL, headers=headers).get_json()

    assert sorted(w["code"] for w in body["warehouses"]) == sorted(LOCATIONS) and body["cursor"] is None
    delta = next(w for w in body["warehouses"] if w["code"] == "BC01")
    assert (delta["city"], delta["state"], delta["country"]) == ("Delta", "BC", "CA")
    for warehouse in body["warehouses"]:
        checked = client.post("/api/v4/address_validation", headers=headers, json={
            key: warehouse[key] for key in ("name", "address_1", "city", "state", "postal_code", "country", "phone")})
        assert checked.get_json()["is_valid"], (warehouse["code"], checked.get_json()["validation_error"])


def test_the_list_pages_by_cursor(client, factory, acme):
    headers = factory.headers(factory.user("client", acme))

    first = client.get(URL, headers=headers, query_string={"limit": 5}).get_json()
    rest = client.get(URL, headers=headers, query_string={"limit": 5, "cursor": first["cursor"]}).get_json()

    assert [w["code"] for w in first["warehouses"] + rest["warehouses"]] == sorted(LOCATIONS)
    assert rest["cursor"] is None


def test_staff_change_an_address_which_is_normalised_and_placed_at_its_zip_code(client, factory):
    staff = factory.headers(factory.user("admin_client_account_manager"))

    response = client.put(f"{URL}/NJ01", headers=staff, json={**EDISON, "postal_code": "08817"})

    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert (body["name"], body["address_1"], body["city"], body["postal_code"]) == (
        "Edison North", "100 RARITAN CENTER PKWY", "EDISON", "08817")
    assert (body["latitude"], body["longitude"]) == (40.5171, -74.3973)  # 08817 in the bundled ZIP data


def test_an_invalid_address_or_a_foreign_one_without_coordinates_changes_nothing(client, factory):
    staff = factory.headers(factory.user("admin"))
    abroad = {**EDISON, "address_1": "800 Robson St", "city": "Vancouver", "state": "BC", "postal_code": "V6Z 3B7",
              "country": "CA"}

    wrong_state = client.put(f"{URL}/NJ01", headers=staff, json={**EDISON, "state": "NY"})
    no_place = client.put(f"{URL}/BC01", headers=staff, json=abroad)
    placed = client.put(f"{URL}/BC01", headers=staff, json={**abroad, "latitude": 49.28, "longitude": -123.12})

    assert assert_error(wrong_state, 400, "invalid_address")["description"] == "Postal Code 08837 is in NJ, not in NY."
    assert assert_error(no_place, 400)["description"] == "latitude and longitude are needed for a warehouse outside the US."
    assert placed.status_code == 200 and placed.get_json()["city"] == "Vancouver"
    db.session.expire_all()
    assert db.session.get(Warehouse, "NJ01").address_1 == "300 RARITAN CENTER PKWY"


def test_an_unknown_warehouse_is_not_found_and_clients_may_not_edit(client, factory, acme):
    assert_error(client.put(f"{URL}/ZZ99", headers=factory.headers(factory.user("admin")), json=EDISON), 404)
    assert_error(client.put(f"{URL}/NJ01", headers=factory.headers(factory.user("client", acme)), json=EDISON), 403)
