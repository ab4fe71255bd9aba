"""Creating fulfilment requests: every rule of the new-request form enforced with a message naming
the field and nothing written when one fails; the address checked; the request placed."""
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import FulfillmentRequest, Shipment
from tests.api.helpers import assert_error

URL = "/api/v4/fulfillment_requests"
BROOKLYN = {"name": "Pat Doe", "address_1": "75 livingston street", "city": "Brooklyn", "state": "NY",
            "postal_code": "11201", "country": "US", "phone": "718 555 0100", "email": "pat@example.com"}
TORONTO = {"name": "Sam Roy", "address_1": "100 Queen St W", "city": "Toronto", "state": "ON",
           "postal_code": "M5H 2N2", "country": "CA", "phone": "+1 416 555 0100"}


def new_request(reference="FR-1", items=(("TENT", 1),), **fields):
    return {"fulfillment_request_id": reference, "to_address": BROOKLYN,
            "sets": [{"items": [{"upc": upc, "quantity": quantity} for upc, quantity in items]}], **fields}


def request_count():
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(FulfillmentRequest))


def test_a_request_is_created_with_its_defaults_address_checked_and_placed(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=5, CA01=5)

    response = client.post(URL, headers=manager, json=new_request(order_id="ORD-7", reference1="PO 12"))

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert (body["fill_type"], body["shipment_type"], body["warehouse_id"]) == ("partial", "default_shipment_type", "NJ01")
    assert body["desired_ship_date"] == utcnow().date().isoformat()
    assert body["to_address"]["address_1"] == "75 LIVINGSTON ST" and body["to_address"]["validation_status"] == "validated"
    [shipment] = body["shipments"]
    assert (shipment["status"], shipment["inventory_allocated"], shipment["checklist"]) == ("ready_to_process", True, {})
    [line] = body["sets"][0]["items"]
    assert (line["upc"], line["quantity"], line["quantity_allocated"]) == ("TENT", 1, 1)
    assert client.get(f"{URL}/{body['id']}", headers=manager).get_json() == body


def test_a_bundle_expands_to_its_children(client, manager, catalogue, stock):
    stock(catalogue["tent"], TX01=3)
    stock(catalogue["stove"], TX01=6)

    body = client.post(URL, headers=manager, json=new_request(items=[("CAMP-SET", 3)])).get_json()

    [bundle] = body["sets"][0]["items"]
    assert (bundle["upc"], bundle["quantity"], bundle["quantity_allocated"]) == ("CAMP-SET", 3, 3)
    assert [(child["upc"], child["quantity"], child["quantity_allocated"]) for child in bundle["children"]] == [
        ("TENT", 3, 3), ("STOVE", 6, 6)]
    assert body["warehouse_id"] == "TX01"


def test_an_invalid_address_is_kept_and_listed_under_invalid_address(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=5)

    body = client.post(URL, headers=manager, json=new_request(to_address={**BROOKLYN, "city": "Albany"})).get_json()
    invalid = client.get(URL, headers=manager, query_string={"invalidToAddress": "true"}).get_json()

    assert body["to_address"]["validation_status"] == "invalid"
    assert body["to_address"]["validation_error"] == "City 'ALBANY' is not served by Postal Code 11201 (Brooklyn, NY)."
    assert body["shipments"][0]["status"] == "validating" and "address" in body["shipments"][0]["checklist"]
    assert [row["id"] for row in invalid["fulfillment_requests"]] == [body["id"]]


def test_a_state_given_by_name_is_checked_against_the_zip_code(client, manager, catalogue):
    named = client.post(URL, headers=manager, json=new_request(to_address={**BROOKLYN, "state": "New York"}))
    wrong = client.post(URL, headers=manager, json=new_request("FR-2", to_address={**BROOKLYN, "state": "New Jersey"}))

    assert named.status_code == 201, named.get_json()
    assert named.get_json()["to_address"]["state"] == "NY"
    assert assert_error(wrong, 422)["description"] == "Postal Code 11201 is in NY, not in New Jersey."


def tomorrow():
    return (utcnow().date() + timedelta(days=1)).isoformat()


@pytest.mark.parametrize("changes, field, message", [
    ({"items": [("NOPE", 1)]}, "sets[0].items[0].upc", "UPC NOPE is not in the catalogue."),
    ({"items": [("TENT", 1), ("TENT", 2)]}, "sets[0].items[1].upc",
     "UPC TENT is in the request more than once; give one line per UPC."),
    ({"items": [("EMPTY-KIT", 1)]}, "sets[0].items[0].upc", "UPC EMPTY-KIT is a bundle or kit without children."),
    ({"desired_ship_date": "2020-01-01"}, "desired_ship_date", "Desired Ship Date 2020-01-01 is before today"),
    ({"ship_together": True}, "ship_together", "Ship together needs a warehouse_id (not optimal) and fill_type complete."),
    ({"billing_type": "third_party", "billing_account": "A1"}, "billing_type",
     "Billing third_party needs billing_account and billing_postal_code."),
    ({"shipment_type": "pallet"}, "shipment_type", "Shipment Type 'pallet' is not a shipment type."),
    ({"to_address": {**BROOKLYN, "state": "NJ"}}, "to_address.postal_code", "Postal Code 11201 is in NY, not in NJ."),
    ({"to_address": {**BROOKLYN, "country": "Atlantis"}}, "to_address.country", "Country 'Atlantis' is not a country."),
    ({"to_address": TORONTO}, "sets[0].items[0].customs_value",
     "Customs Value is needed outside the US (missing for UPC TENT)."),
    ({"ship_profile_id": 999999}, "ship_profile_id", "Ship Profile 999999 is not one of this client's ship profiles."),
])
def test_each_rule_names_its_field_by_its_label_and_nothing_is_written(client, manager, factory, acme, catalogue, changes,
                                                                        field, message):
    factory.item(acme, upc="EMPTY-KIT", composite_type=3)
    fields = new_request(items=changes.pop("items", (("TENT", 1),)), **changes)

    body = assert_error(client.post(URL, headers=manager, json=fields), 422, "invalid_fulfillment_request")

    assert body["description"].startswith(message), body["description"]
    assert body["field"] == field
    assert request_count() == 0


@pytest.mark.parametrize("changes, field, label", [
    ({"quantity": 0}, "quantity", "Quantity"), ({"quantity": 1001}, "quantity", "Quantity"),
    ({"customs_value": -1}, "customs_value", "Customs Value"),
])
def test_item_bounds_name_the_item_by_set_position_and_upc(client, manager, catalogue, changes, field, label):
    fields = new_request()
    fields["sets"][0]["items"][0].update(changes)

    body = assert_error(client.post(URL, headers=manager, json=fields), 422)

    assert body["description"].startswith(f"Set 1, item 1 (UPC TENT), {label}: "), body["description"]
    assert body["field"] == f"sets[0].items[0].{field}"
    assert body["fields"] == [{"field": body["field"], "description": body["description"]}]
    assert request_count() == 0


def test_every_field_of_a_validation_error_is_given_with_its_own_text(client, manager, catalogue):
    fields = new_request(to_address={**BROOKLYN, "postal_code": ""}, desired_ship_date="soon")

    body = assert_error(client.post(URL, headers=manager, json=fields), 422)

    by_field = {entry["field"]: entry["description"] for entry in body["fields"]}
    assert by_field.keys() == {"desired_ship_date", "to_address.postal_code"}
    assert by_field["desired_ship_date"].startswith("Desired Ship Date: ")
    assert by_field["to_address.postal_code"].startswith("Postal Code: ")
    assert body["description"] == "; ".join(entry["description"] for entry in body["fields"])


@pytest.mark.parametrize("edi, field", [
    ({"cancel_date": "2099-01-01", "po_number": "PO1"}, "retailer"),
    ({"retailer": "target", "po_number": "PO1"}, "cancel_date"),
    ({"retailer": "target", "cancel_date": "2099-01-01"}, "po_number"),
    ({"retailer": "corner-shop", "cancel_date": "2099-01-01", "po_number": "PO1"}, "retailer"),
])
def test_edi_needs_retailer_cancel_date_and_po_number(client, manager, catalogue, edi, field):
    body = assert_error(client.post(URL, headers=manager, json=new_request(edi=edi)), 422)

    assert field.replace("_", " ") in body["description"].lower()
    assert request_count() == 0


def test_required_fields_and_unknown_warehouses_are_refused(client, manager, catalogue):
    without_id = new_request()
    del without_id["fulfillment_request_id"]

    def refusal(fields):
        return assert_error(client.post(URL, headers=manager, json=fields), 422)["description"].lower()

    assert "fulfillment request id" in refusal(without_id)
    assert "warehouse" in refusal(new_request(warehouse_id="ZZ01"))
    assert "phone" in refusal(new_request(to_address={key: value for key, value in BROOKLYN.items() if key != "phone"}))
    assert request_count() == 0


def test_a_request_id_is_unique_per_client(client, factory, manager, acme, globex, catalogue):
    factory.item(globex, upc="TENT")
    globex_manager = factory.headers(factory.user("client", globex))

    first = client.post(URL, headers=manager, json=new_request())
    again = client.post(URL, headers=manager, json=new_request())
    other_client = client.post(URL, headers=globex_manager, json=new_request())

    assert first.status_code == 201 and other_client.status_code == 201
    assert_error(again, 409, "duplicate_fulfillment_request_id")
    assert request_count() == 2


def test_another_clients_items_profiles_and_requests_are_not_reachable(client, factory, manager, acme, globex, profiles):
    factory.item(globex, upc="GLOBEX-ONLY")
    created = client.post(URL, headers=factory.headers(factory.user("client", globex)),
                          json=new_request(items=[("GLOBEX-ONLY", 1)])).get_json()

    assert_error(client.post(URL, headers=manager, json=new_request(items=[("GLOBEX-ONLY", 1)])), 422)
    assert_error(client.get(f"{URL}/{created['id']}", headers=manager), 404)
    assert_error(client.put(f"{URL}/{created['id']}/approve", headers=manager), 404)
    assert client.get(URL, headers=manager).get_json()["fulfillment_requests"] == []


def test_ship_methods_follow_the_profile_and_saturday_delivery_only_ups_or_fedex_express(client, manager, catalogue, profiles):
    def create(reference, **fields):
        return client.post(URL, headers=manager, json=new_request(reference, ship_profile_id=profiles[fields.pop("carrier")], **fields))

    assert create("A", carrier="UPS", ship_method="UPS_NEXT_DAY_AIR", saturday_delivery=True).status_code == 201
    wrong_method = create("B", carrier="UPS", ship_method="FEDEX_2_DAY")
    ground = create("C", carrier="UPS", ship_method="UPS_GROUND", saturday_delivery=True)
    usps = create("D", carrier="USPS", ship_method="USPS_PRIORITY_MAIL_EXPRESS", saturday_delivery=True)

    assert assert_error(wrong_method, 422)["description"] == "Ship Method 'FEDEX_2_DAY' is not a UPS ship method."
    for refused in (ground, usps):
        assert assert_error(refused, 422)["description"] == "Saturday Delivery is only for UPS and FedEx express ship methods."


def test_an_ltl_request_waits_for_approval(client, manager, catalogue, stock, profiles):
    stock(catalogue["tent"], NJ01=1)
    body = client.post(URL, headers=manager, json=new_request(ship_profile_id=profiles["LTL"])).get_json()

    approved = client.put(f"{URL}/{body['id']}/approve", headers=manager)
    again = client.put(f"{URL}/{body['id']}/approve", headers=manager)

    assert (body["requires_approval"], body["requires_approval_reason"]) == (True, "ltl")
    assert body["shipments"][0]["status"] == "validating" and "approval" in body["shipments"][0]["checklist"]
    assert approved.status_code == 200
    assert approved.get_json()["requires_approval"] is False
    assert approved.get_json()["shipments"][0]["status"] == "ready_to_process"
    assert_error(again, 400, "not_awaiting_approval")


def test_fill_type_date_and_references_can_be_changed(client, manager, catalogue):
    created = client.post(URL, headers=manager, json=new_request()).get_json()

    changed = client.put(f"{URL}/{created['id']}", headers=manager,
                         json={"fill_type": "complete", "desired_ship_date": tomorrow(), "reference2": "R2"})
    past = client.put(f"{URL}/{created['id']}", headers=manager, json={"desired_ship_date": "2020-01-01"})

    assert changed.status_code == 200
    assert (changed.get_json()["fill_type"], changed.get_json()["desired_ship_date"], changed.get_json()["reference2"]) == (
        "complete", tomorrow(), "R2")
    refused = assert_error(past, 422, "invalid_fulfillment_request")
    assert (refused["description"], refused["field"]) == ("Desired Ship Date 2020-01-01 is before today.", "desired_ship_date")


def test_a_change_keeps_the_fields_it_leaves_out(client, manager, catalogue):
    created = client.post(URL, headers=manager, json=new_request(reference1="PO 12", reference3="R3")).get_json()

    changed = client.put(f"{URL}/{created['id']}", headers=manager, json={"fill_type": "kill"}).get_json()
    cleared = client.put(f"{URL}/{created['id']}", headers=manager, json={"reference3": None}).get_json()

    assert (changed["fill_type"], changed["reference1"], changed["reference3"]) == ("kill", "PO 12", "R3")
    assert (cleared["reference1"], cleared["reference3"]) == ("PO 12", None)


def test_a_set_type_and_gift_note_can_be_changed_until_the_shipment_is_past_processing(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    created = client.post(URL, headers=manager, json=new_request()).get_json()
    set_url = f"{URL}/{created['id']}/sets/{created['sets'][0]['id']}"

    changed = client.put(set_url, headers=manager, json={"type": "gift_note", "gift_note": "Happy birthday!"})
    assert changed.status_code == 200, changed.get_json()
    assert (changed.get_json()["sets"][0]["type"], changed.get_json()["sets"][0]["gift_note"]) == ("gift_note", "Happy birthday!")
    assert_error(client.put(set_url, headers=manager, json={"type": "gift_box"}), 422, "validation_error")
    assert_error(client.put(set_url, headers=manager, json={"gift_note": "x" * 501}), 422, "validation_error")
    assert_error(client.put(f"{URL}/{created['id']}/sets/999999", headers=manager, json={"gift_note": "Hi"}), 404)

    db.session.get(Shipment, created["shipments"][0]["id"]).status = "shipped"
    db.session.commit()
    late = client.put(set_url, headers=manager, json={"gift_note": "Too late"})
    assert "is Shipped" in assert_error(late, 409, "set_not_editable")["description"]
    assert client.get(f"{URL}/{created['id']}", headers=manager).get_json()["sets"][0]["gift_note"] == "Happy birthday!"


def test_another_clients_set_is_not_found(client, factory, manager, catalogue, globex):
    created = client.post(URL, headers=manager, json=new_request()).get_json()
    other = factory.headers(factory.user("client", globex))

    answer = client.put(f"{URL}/{created['id']}/sets/{created['sets'][0]['id']}", headers=other, json={"gift_note": "Hi"})

    assert_error(answer, 404)


def test_read_only_users_cannot_create(client, factory, acme, catalogue):
    response = client.post(URL, headers=factory.headers(factory.user("client_read_only", acme)), json=new_request())

    assert_error(response, 403)
    assert request_count() == 0


def test_a_repeated_idempotency_key_answers_the_first_request(client, manager, catalogue):
    headers = {**manager, "Idempotency-Key": "create-fr-1"}

    first = client.post(URL, headers=headers, json=new_request())
    second = client.post(URL, headers=headers, json=new_request())

    assert first.status_code == second.status_code == 201
    assert first.get_json()["id"] == second.get_json()["id"]
    assert request_count() == 1
    assert db.session.scalar(select(func.count()).select_from(Shipment)) == 1
