"""A shipment as its client reads it (GET /api/v4/shipments/{id}): every field of the answer, its sets
seen from the shipment, its files and EDI details, the checklist of spec part 3 section 5 with the
items lacking customs fields, the actions the caller may take; another client's shipment is not found."""
from datetime import date, datetime
from decimal import Decimal

import pytest
from sqlalchemy import select

from api.extensions import db
from api.orders.models import FulfillmentRequest, Shipment
from api.shipments.models import CUSTOM_LABEL, DOCUMENT, ShipmentDetails, ShipmentFile
from api.shipping.models import Carrier, ShipProfile
from tests.api.helpers import assert_error
from tests.orders.test_address_fix import WRONG_CITY
from tests.orders.test_allocation import create

CUSTOMS_STATES = ("PR", "AA", "AE", "AP", "GU", "VI", "CM", "AS", "TT", "UM", "MP")
EVERY_ACTION = ["cancel", "edit_quantities", "edit_sets", "edit_method", "edit_address", "add_documents",
                "delete_documents", "add_custom_label", "delete_custom_label", "edit_details", "comment"]


def url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}"


def read(client, headers, shipment_id):
    answer = client.get(url(shipment_id), headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def checks(shipment):
    return {check["check"]: check for check in shipment["checklist"]}


def add_file(shipment_id, kind, name, fmt, copies=1):
    shipment = db.session.get(Shipment, shipment_id)
    stored = ShipmentFile(client_id=shipment.client_id, shipment_id=shipment_id, kind=kind, stored_name=f"f-{name}",
                          name=name, format=fmt, content_type="application/pdf", copies=copies, size=3,
                          content=b"abc", created_by_username="test")
    db.session.add(stored)
    db.session.commit()
    return stored.id


def moved_to(shipment_id, country, state):
    request = db.session.get(Shipment, shipment_id).request
    request.to_country, request.to_state = country, state
    db.session.commit()


def test_a_shipment_answers_every_field(client, manager, catalogue, stock, profiles, acme):
    stock(catalogue["tent"], NJ01=5)
    stock(catalogue["stove"], NJ01=5)
    request = create(client, manager, reference="FR-77", order_id="ORD-77", warehouse_id="NJ01",
                     ship_profile_id=profiles["UPS"], ship_method="UPS_GROUND",
                     items=[("TENT", 2), ("CAMP-SET", 1)])
    [shipment] = request["shipments"]
    stored = db.session.get(Shipment, shipment["id"])
    stored.tracking_number, stored.tracking_url, stored.carrier = "1Z999", "https://track.example/1Z999", "UPS"
    stored.weight, stored.master_tracking_id = Decimal("3.25"), "M-1"
    db.session.add(ShipmentDetails(client_id=acme.id, shipment_id=stored.id, retailer="Target",
                                   cancel_date=date(2026, 12, 24), po_number="PO-1", updated_by_username="test"))
    db.session.commit()
    label = add_file(stored.id, CUSTOM_LABEL, "label.zpl", "zpl")
    document = add_file(stored.id, DOCUMENT, "invoice.pdf", "pdf", copies=2)
    details_id = db.session.scalars(select(ShipmentDetails.id)).one()

    body = read(client, manager, shipment["id"])

    [request_set] = db.session.get(FulfillmentRequest, request["id"]).sets
    tent_line, bundle_line, bundle_tent, bundle_stove = request_set.items
    assert label and body == {
        "id": shipment["id"], "status": "ready_to_process", "request_id": request["id"], "fulfillment_request_id": "FR-77",
        "order_id": "ORD-77", "warehouse_id": "NJ01", "ship_profile_id": profiles["UPS"], "ship_method": "UPS_GROUND",
        "carrier": "UPS", "fill_type": "partial", "inventory_allocated": True, "shipment_group_id": None,
        "shipment_details_id": details_id, "tracking_number": "1Z999", "tracking_url": "https://track.example/1Z999",
        "master_tracking_id": "M-1", "weight": "3.25", "shipped_at": None, "delivered_at": None,
        "exception_reason": None, "created_at": body["created_at"], "updated_at": body["updated_at"],
        "validated_customs_information": True, "has_custom_label": True, "custom_label_name": "label.zpl",
        "to_address": {"name": "Pat Doe", "company": None, "address_1": "75 LIVINGSTON ST", "address_2": None,
                       "address_3": None, "city": "BROOKLYN", "state": "NY", "postal_code": "11201", "country": "US",
                       "phone": "718 555 0100", "email": "pat@example.com", "validation_status": "validated",
                       "validation_error": None},
        "sets": [{"id": request_set.id, "type": "default_set_type", "gift_note": None, "items": [
            {"id": line.id, "item_type_id": item.id, "upc": item.upc, "name": item.name, "tariff_code": None,
             "customs_description": None, "customs_origin": None, "quantity_desired": units,
             "quantity_allocated": units, "quantity_requested": units}
            for line, item, units in ((tent_line, catalogue["tent"], 2), (bundle_tent, catalogue["tent"], 1),
                                      (bundle_stove, catalogue["stove"], 2))]}],
        "documents": [{"id": document, "name": "invoice.pdf", "copies": 2, "format": "pdf"}],
        "checklist": [{"check": "inventory", "ok": True, "message": None, "items": []},
                      {"check": "address", "ok": True, "message": None, "items": []}],
        "allowed_actions": EVERY_ACTION,
    }
    assert bundle_line.picked is False  # the bundle's own line is not sent: its children are
    assert datetime.fromisoformat(body["created_at"]) == stored.created_at


def test_a_waiting_shipment_lacks_inventory(client, manager, catalogue):
    [shipment] = create(client, manager, warehouse_id="NJ01", fill_type="complete")["shipments"]

    body = read(client, manager, shipment["id"])

    assert (body["status"], body["inventory_allocated"]) == ("validating", False)
    assert checks(body)["inventory"] == {"check": "inventory", "ok": False, "message": "Inventory is not allocated yet.",
                                         "items": []}
    assert body["sets"][0]["items"][0]["quantity_allocated"] == 0


def test_an_invalid_address_is_checked_with_its_error(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01", to_address=WRONG_CITY)["shipments"]

    body = read(client, manager, shipment["id"])

    error = body["to_address"]["validation_error"]
    assert error and body["to_address"]["validation_status"] == "invalid"
    assert checks(body)["address"] == {"check": "address", "ok": False, "message": error, "items": []}


def test_an_address_stored_without_validation_is_skipped_and_keeps_its_error(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01", to_address=WRONG_CITY)["shipments"]
    request = db.session.get(Shipment, shipment["id"]).request
    request.address_validated = True  # as a skip_validation edit stores it, the error kept beside it
    db.session.commit()

    body = read(client, manager, shipment["id"])

    assert body["to_address"]["validation_status"] == "skipped"
    assert checks(body)["address"] == {"check": "address", "ok": True, "message": request.address_validation_error,
                                       "items": []}


def test_an_ltl_shipment_has_no_address_check_and_waits_for_approval(client, manager, catalogue, stock, profiles):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01", to_address=WRONG_CITY, ship_profile_id=profiles["LTL"],
                        ship_method="LTL_STANDARD")["shipments"]

    body = read(client, manager, shipment["id"])

    assert [check["check"] for check in body["checklist"]] == ["inventory", "approval"]
    assert checks(body)["approval"] == {"check": "approval", "ok": False, "message": "The request needs approval.",
                                        "items": []}


def test_a_custom_ship_method_needs_a_custom_label(client, manager, catalogue, stock, acme):
    stock(catalogue["tent"], NJ01=1)
    custom = ShipProfile(client_id=acme.id, name="Own labels", carrier=db.session.scalars(
        select(Carrier).filter_by(name="Custom")).one())
    db.session.add(custom)
    db.session.commit()
    [shipment] = create(client, manager, warehouse_id="NJ01", ship_profile_id=custom.id,
                        ship_method="CUSTOM_GROUND")["shipments"]

    before = read(client, manager, shipment["id"])
    add_file(shipment["id"], CUSTOM_LABEL, "mine.png", "png")
    after = read(client, manager, shipment["id"])

    assert checks(before)["custom_label"] == {"check": "custom_label", "ok": False, "items": [],
                                              "message": "Ship method CUSTOM_GROUND needs a custom label."}
    assert (before["has_custom_label"], before["custom_label_name"]) == (False, None)
    assert checks(after)["custom_label"]["ok"] is True
    assert (after["has_custom_label"], after["custom_label_name"]) == (True, "mine.png")


def test_other_methods_have_no_custom_label_check(client, manager, catalogue, stock, profiles):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01", ship_profile_id=profiles["USPS"],
                        ship_method="USPS_GROUND_ADVANTAGE")["shipments"]

    assert "custom_label" not in checks(read(client, manager, shipment["id"]))


@pytest.mark.parametrize("country, state", [("CA", "ON"), ("MX", None), *(("US", state) for state in CUSTOMS_STATES)])
def test_customs_information_is_needed_abroad_and_in_the_territories(client, manager, catalogue, stock, country, state):
    stock(catalogue["tent"], NJ01=1)
    stock(catalogue["stove"], NJ01=2)
    catalogue["stove"].tariff_code, catalogue["stove"].customs_origin = "7321.11", "CN"
    db.session.commit()
    [shipment] = create(client, manager, warehouse_id="NJ01", items=[("CAMP-SET", 1)])["shipments"]
    moved_to(shipment["id"], country, state)

    body = read(client, manager, shipment["id"])

    assert body["validated_customs_information"] is False
    assert checks(body)["customs"] == {"check": "customs", "ok": False, "message": "Customs information is missing for 2 items.",
                                       "items": [
        {"upc": "TENT", "name": "Tent", "missing": ["tariff_code", "customs_description", "customs_origin"]},
        {"upc": "STOVE", "name": "Stove", "missing": ["customs_description"]}]}


def test_customs_information_complete_is_met(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    tent = catalogue["tent"]
    tent.tariff_code, tent.customs_description, tent.customs_origin = "6306.22", "Camping tent", "VN"
    db.session.commit()
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]
    moved_to(shipment["id"], "CA", "ON")

    body = read(client, manager, shipment["id"])

    assert body["validated_customs_information"] is True
    assert checks(body)["customs"] == {"check": "customs", "ok": True, "message": None, "items": []}


@pytest.mark.parametrize("state", ["NY", "CA", "HI", "AK"])
def test_the_states_need_no_customs_information(client, manager, catalogue, stock, state):
    stock(catalogue["tent"], NJ01=1)
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]
    moved_to(shipment["id"], "US", state)

    body = read(client, manager, shipment["id"])

    assert body["validated_customs_information"] is True and "customs" not in checks(body)


def test_a_cancelled_shipment_has_no_checklist_and_no_action_but_comment(client, manager, catalogue):
    [shipment] = create(client, manager, warehouse_id="NJ01", fill_type="complete")["shipments"]
    client.post(f"{url(shipment['id'])}/cancel", headers=manager)

    body = read(client, manager, shipment["id"])

    assert (body["status"], body["checklist"], body["allowed_actions"]) == ("canceled", [], ["comment"])


def test_a_reader_may_take_no_action(client, factory, acme, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    writer = factory.headers(factory.user("client", acme))
    [shipment] = create(client, writer, warehouse_id="NJ01")["shipments"]

    body = read(client, factory.headers(factory.user("client_read_only", acme)), shipment["id"])

    assert body["allowed_actions"] == []


def test_another_clients_shipment_is_not_found(client, factory, manager, catalogue, globex):
    [shipment] = create(client, manager, warehouse_id="NJ01")["shipments"]
    stranger = factory.headers(factory.user("client", globex))
    admin_for_globex = factory.headers(factory.user("admin"), globex)

    for headers in (stranger, admin_for_globex):
        assert_error(client.get(url(shipment["id"]), headers=headers), 404)
        assert_error(client.get(f"{url(shipment['id'])}/history", headers=headers), 404)
    assert_error(client.get(url(2**31 - 1), headers=manager), 404)
