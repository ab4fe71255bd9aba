"""Address checks and ZIP lookups from the bundled postal data: USPS forms, the postal code against
its city and state, candidates when they disagree, countries and regions abroad, phones."""
import pytest

from tests.api.helpers import assert_error

URL = "/api/v4/address_validation"
EMPIRE_STATE = {"name": "Ann Lee", "address_1": "350 fifth avenue", "address_2": "suite 3300", "city": "new york",
                "state": "ny", "postal_code": "10118", "country": "USA", "phone": "212-555-0100"}


@pytest.fixture
def headers(factory, acme):
    return factory.headers(factory.user("client_read_only", acme))


def check(client, headers, **changes):
    response = client.post(URL, headers=headers, json={**EMPIRE_STATE, **changes})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_us_address_is_normalised_to_usps_forms(client, headers):
    result = check(client, headers)

    assert (result["is_valid"], result["validation_status"], result["validation_error"]) == (True, "validated", None)
    assert result["candidates"] == []
    address = result["updated_address"]
    assert (address["address_1"], address["address_2"], address["city"], address["state"], address["postal_code"],
            address["country"]) == ("350 FIFTH AVE", "STE 3300", "NEW YORK", "NY", "10118", "US")


def test_state_names_po_boxes_and_zip_plus_four_are_understood(client, headers):
    address = check(client, headers, address_1="P.O. Box 12", address_2=None, city="Austin", state="Texas",
                    postal_code="787011234", phone="512 555 0100")["updated_address"]

    assert (address["address_1"], address["city"], address["state"], address["postal_code"]) == (
        "PO BOX 12", "AUSTIN", "TX", "78701-1234")


def test_a_postal_code_in_another_state_is_invalid_with_the_right_state_as_candidate(client, headers):
    result = check(client, headers, state="NJ")

    assert result["is_valid"] is False and result["validation_status"] == "invalid"
    assert result["validation_error"] == "Postal Code 10118 is in NY, not in NJ."
    assert [(c["city"], c["state"], c["postal_code"]) for c in result["candidates"]] == [("NEW YORK", "NY", "10118")]


def test_a_city_the_postal_code_does_not_serve_offers_the_cities_it_does(client, headers):
    result = check(client, headers, city="Boston")

    assert result["validation_error"] == "City 'BOSTON' is not served by Postal Code 10118 (New York, NY)."
    assert {candidate["city"] for candidate in result["candidates"]} == {"NEW YORK"}
    assert all(candidate["address_1"] == "350 FIFTH AVE" for candidate in result["candidates"])


def test_a_city_the_postal_code_also_accepts_is_valid(client, headers):
    import zipcodes
    record = next(r for r in zipcodes.list_all() if r["active"] and r["acceptable_cities"] and r["state"] == "CA")

    result = check(client, headers, city=record["acceptable_cities"][0], state="CA", postal_code=record["zip_code"],
                   phone="415 555 0100")

    assert result["is_valid"] is True, result["validation_error"]


@pytest.mark.parametrize("changes, error", [
    ({"postal_code": "99999"}, "Postal Code 99999 does not exist."),
    ({"postal_code": "1011"}, "Postal Code '1011' is not a US ZIP code (12345 or 12345-6789)."),
    ({"state": "ZZ"}, "State 'ZZ' is not a US state or territory."),
    ({"country": "Atlantis"}, "Country 'Atlantis' is not a country."),
    ({"phone": "12"}, "Phone '12' is not a phone number."),
    ({"address_1": "just some words"}, "Address 1 'just some words' cannot be read as a street address."),
    ({"name": None, "phone": ""}, "Missing Name, Phone."),
])
def test_what_is_wrong_is_named(client, headers, changes, error):
    result = check(client, headers, **changes)

    assert (result["is_valid"], result["validation_error"]) == (False, error)


def test_territories_use_us_postal_codes(client, headers):
    result = check(client, headers, address_1="1 Calle Fortaleza", address_2=None, city="San Juan", state=None,
                   postal_code="00901", country="PR", phone="787 555 0100")

    assert result["is_valid"] is True, result["validation_error"]
    assert (result["updated_address"]["state"], result["updated_address"]["country"]) == ("PR", "US")


def test_canadian_addresses_check_province_and_postal_code(client, headers):
    vancouver = {"address_1": "800 Robson St", "address_2": None, "city": "Vancouver", "state": "British Columbia",
                 "postal_code": "v6z3b7", "country": "Canada", "phone": "+1 604 555 0100"}

    valid = check(client, headers, **vancouver)
    wrong_province = check(client, headers, **{**vancouver, "state": "ON"})

    assert valid["is_valid"] is True, valid["validation_error"]
    assert (valid["updated_address"]["state"], valid["updated_address"]["postal_code"], valid["updated_address"]["country"]) == (
        "BC", "V6Z 3B7", "CA")
    assert wrong_province["validation_error"] == "Postal Code V6Z 3B7 is not in ON."


def test_wrong_types_and_oversized_fields_are_refused(client, headers):
    assert_error(client.post(URL, headers=headers, json={**EMPIRE_STATE, "postal_code": 10118}), 422)
    assert_error(client.post(URL, headers=headers, json={**EMPIRE_STATE, "city": "x" * 101}), 422)
    assert_error(client.post(URL, headers=headers, json=["not", "an", "address"]), 422)


def test_zip_lookup_answers_the_city_and_state(client, headers):
    response = client.get(f"{URL}/zip_lookup", headers=headers, query_string={"zip": "10118"})

    assert response.status_code == 200
    assert response.get_json() == {"default_city": "NEW YORK", "default_state": "NY",
                                   "cities": [{"city": "NEW YORK", "state": "NY"}],
                                   "latitude": 40.749, "longitude": -73.9865}


@pytest.mark.parametrize("zip_code", ["99999", "V6Z3B7", "123"])
def test_zip_lookup_of_an_unknown_code_fails_as_the_screen_says(client, headers, zip_code):
    body = assert_error(client.get(f"{URL}/zip_lookup", headers=headers, query_string={"zip": zip_code}), 404,
                        "zip_lookup_failed")

    assert body["description"] == "USPS zip code lookup failed"


def test_signed_out_callers_cannot_check_addresses(client):
    assert_error(client.post(URL, json=EMPIRE_STATE), 401)
