"""Carriers with their ship methods, shipment types, and the clients' ship profiles."""
from sqlalchemy import func, select

from api.extensions import db
from api.shipping.models import ShipProfile
from tests.api.helpers import assert_error


def test_carriers_list_their_ground_and_express_methods(client, factory, acme):
    body = client.get("/api/v4/carriers", headers=factory.headers(factory.user("client", acme))).get_json()

    carriers = {carrier["name"]: carrier for carrier in body["carriers"]}
    assert list(carriers) == ["UPS", "FedEx", "USPS", "DHL", "LTL", "Custom"]
    for carrier in carriers.values():
        assert {method["service"] for method in carrier["ship_methods"]} == {"ground", "express"}, carrier["name"]
    assert carriers["UPS"]["ship_methods"][0] == {
        "id": carriers["UPS"]["ship_methods"][0]["id"], "code": "UPS_GROUND", "name": "UPS Ground", "service": "ground"}


def test_shipment_types_name_the_default(client, factory, acme):
    body = client.get("/api/v4/shipment_types", headers=factory.headers(factory.user("client", acme))).get_json()

    assert body["default_shipment_type"] == "default_shipment_type"
    assert [t["name"] for t in body["shipment_types"]] == ["default_shipment_type", "retail", "wholesale", "ltl"]


def test_staff_add_ship_profiles_that_only_their_client_sees(client, factory, acme, globex):
    staff = factory.user("admin")
    created = client.post("/api/v4/ship_profiles", headers=factory.headers(staff, acme),
                          json={"name": "Own FedEx", "carrier_name": "fedex", "account_number": "740561073"})
    client.post("/api/v4/ship_profiles", headers=factory.headers(staff, globex), json={"name": "Globex UPS", "carrier_name": "UPS"})

    acme_view = client.get("/api/v4/ship_profiles", headers=factory.headers(factory.user("client_read_only", acme))).get_json()

    assert created.status_code == 201
    assert acme_view["ship_profiles"] == [{"id": created.get_json()["id"], "name": "Own FedEx",
                                           "carrier_account": {"carrier_name": "FedEx", "account_number": "740561073"}}]


def test_a_profile_is_changed_only_within_its_client(client, factory, acme, globex):
    staff = factory.user("admin")
    profile_id = client.post("/api/v4/ship_profiles", headers=factory.headers(staff, acme),
                             json={"name": "Parcels", "carrier_name": "USPS"}).get_json()["id"]

    changed = client.put(f"/api/v4/ship_profiles/{profile_id}", headers=factory.headers(staff, acme),
                         json={"name": "Freight", "carrier_name": "LTL"})
    elsewhere = client.put(f"/api/v4/ship_profiles/{profile_id}", headers=factory.headers(staff, globex),
                           json={"name": "Taken", "carrier_name": "UPS"})

    assert changed.get_json()["carrier_account"] == {"carrier_name": "LTL", "account_number": None}
    assert_error(elsewhere, 404)
    db.session.expire_all()
    assert db.session.get(ShipProfile, profile_id).name == "Freight"


def test_an_unknown_carrier_is_named_and_nothing_is_written(client, factory, acme):
    response = client.post("/api/v4/ship_profiles", headers=factory.headers(factory.user("admin"), acme),
                           json={"name": "Pigeon post", "carrier_name": "Pigeon"})

    body = assert_error(response, 400)
    assert body["description"] == "carrier_name 'Pigeon' is not a carrier; use one of UPS, FedEx, USPS, DHL, LTL, Custom."
    assert db.session.scalar(select(func.count()).select_from(ShipProfile)) == 0


def test_clients_cannot_add_ship_profiles(client, factory, acme):
    response = client.post("/api/v4/ship_profiles", headers=factory.headers(factory.user("client", acme)),
                           json={"name": "Mine", "carrier_name": "UPS"})

    assert_error(response, 403)
