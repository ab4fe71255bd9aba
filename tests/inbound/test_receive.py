"""Receiving an ASN (provider staff): stock rises at its warehouse through the ledger."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.inbound.models import Asn
from api.inventory.models import InventoryMovement
from tests.api.helpers import assert_error


@pytest.fixture
def asn_id(client, headers, factory, acme):
    factory.item(acme, upc="100000000001", name="Tent")
    factory.item(acme, upc="100000000002", name="Stove")
    lines = [
        {"Warehouse ID": "NJ01", "ASN ID": "PO-9", "UPC": "100000000001", "Quantity": "10"},
        {"Warehouse ID": "NJ01", "ASN ID": "PO-9", "UPC": "100000000002", "Quantity": "4"},
    ]
    assert client.post("/api/v2/inbound/client_upload", json={"lines": lines}, headers=headers).status_code == 202
    return db.session.scalars(select(Asn.id)).one()


def stock(client, headers, upc, location="NJ01"):
    item = client.get(f"/api/v4/items/{upc}", headers=headers).get_json()
    return next(row for row in item["inventory"] if row["location"] == location)


def received(body):
    return {i["upc"]: i["received_quantity"] for s in body["expected_inbound_shipments"] for i in s["expected_inbound_shipment_items"]}


def test_receiving_everything_raises_stock_through_the_ledger(client, headers, admin_headers, asn_id):
    answer = client.post(f"/api/v4/asns/{asn_id}/receive", headers=admin_headers)

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert received(body) == {"100000000001": 10, "100000000002": 4}
    assert body["received_at"]
    assert stock(client, headers, "100000000001")["unbound"] == 10
    movements = db.session.scalars(select(InventoryMovement).order_by(InventoryMovement.id)).all()
    assert [(m.location, m.unbound_delta, m.reason, m.reference, m.actor) for m in movements] == [
        ("NJ01", 10, "receipt", f"asn:{asn_id}", "ops.admin"), ("NJ01", 4, "receipt", f"asn:{asn_id}", "ops.admin"),
    ]

    again = client.post(f"/api/v4/asns/{asn_id}/receive", headers=admin_headers)
    assert again.status_code == 200
    assert len(db.session.scalars(select(InventoryMovement)).all()) == 2


def test_receiving_some_items(client, headers, admin_headers, asn_id):
    answer = client.post(f"/api/v4/asns/{asn_id}/receive", json={"items": [{"upc": "100000000001", "quantity": 6}]}, headers=admin_headers)

    assert received(answer.get_json()) == {"100000000001": 6, "100000000002": 0}
    assert answer.get_json()["received_at"] is None
    assert stock(client, headers, "100000000001")["unbound"] == 6
    listed = client.get("/api/v4/asns", headers=headers).get_json()["asns"]
    assert listed[0]["received_at"] is None


@pytest.mark.parametrize("items, message", [
    ([{"upc": "100000000001", "quantity": 11}], "Only 10 units of '100000000001' are outstanding on this ASN."),
    ([{"upc": "555", "quantity": 1}], "UPC '555' is not on this ASN."),
    ([{"upc": "100000000001", "quantity": 1}, {"upc": "100000000001", "quantity": 1}], "UPC '100000000001' is listed more than once."),
])
def test_a_receipt_beyond_the_asn_is_refused_and_changes_nothing(client, headers, admin_headers, asn_id, items, message):
    answer = client.post(f"/api/v4/asns/{asn_id}/receive", json={"items": items}, headers=admin_headers)

    assert assert_error(answer, 422, "invalid_receipt")["description"] == message
    assert stock(client, headers, "100000000001")["unbound"] == 0
    assert db.session.scalars(select(InventoryMovement)).all() == []


@pytest.mark.parametrize("quantity", [0, -3, 1.5, "2"])
def test_receipt_quantities_are_whole_numbers_above_zero(client, admin_headers, asn_id, quantity):
    answer = client.post(f"/api/v4/asns/{asn_id}/receive", json={"items": [{"upc": "100000000001", "quantity": quantity}]}, headers=admin_headers)

    assert_error(answer, 422, "validation_error")


def test_clients_cannot_receive_their_own_asns(client, headers, asn_id):
    assert_error(client.post(f"/api/v4/asns/{asn_id}/receive", headers=headers), 403, "not_authorized")
    assert db.session.scalars(select(InventoryMovement)).all() == []


def test_an_asn_of_another_client_cannot_be_received(client, factory, globex, asn_id):
    admin_for_globex = factory.headers(factory.user("admin", username="ops.other"), globex)

    assert_error(client.post(f"/api/v4/asns/{asn_id}/receive", headers=admin_for_globex), 404, "not_found")
