"""A shipment's retail EDI details: those its request carried until they are saved for it, saved whole with
the retailer, cancel date and PO number required (each refusal naming its field by the form's label), only
while the shipment's status allows it, and never another client's."""
import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.orders.models import Shipment
from api.shipments.models import ShipmentDetails
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create
from tests.shipments.test_documents import set_status, shipment_id  # noqa: F401 (fixture)

OPTIONAL = ("store_number", "store_name", "store_address1", "store_address2", "store_city", "store_state",
            "store_postalcode", "department_number", "division_number", "dc_number", "group_number", "vendor_number",
            "product_description", "product_type")
EVERY_FIELD = {
    "retailer": "target", "cancel_date": "2031-03-01", "po_number": "PO-4410",
    **{name: f"{name} value" for name in OPTIONAL}, "store_postalcode": "55403",
}


def details_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/details"


def saved_count():
    return db.session.scalar(select(func.count()).select_from(ShipmentDetails))


def test_details_are_saved_read_back_and_shown_on_the_shipment(client, manager, shipment_id):
    answer = client.put(details_url(shipment_id), headers=manager, json=EVERY_FIELD)

    assert answer.status_code == 200, answer.get_json()
    saved = answer.get_json()
    details_id = db.session.scalars(select(ShipmentDetails.id)).one()
    assert saved == {**EVERY_FIELD, "id": details_id, "shipment_id": shipment_id, "updated_at": saved["updated_at"],
                     "updated_by_username": saved["updated_by_username"]}
    assert saved["updated_by_username"].startswith("client.") and saved["updated_at"]
    assert client.get(details_url(shipment_id), headers=manager).get_json() == saved
    shipment = client.get(f"/api/v4/shipments/{shipment_id}", headers=manager).get_json()
    assert shipment["shipment_details_id"] == details_id


def test_saving_again_replaces_every_field(client, manager, shipment_id):
    client.put(details_url(shipment_id), headers=manager, json=EVERY_FIELD)

    answer = client.put(details_url(shipment_id), headers=manager,
                        json={"retailer": "walmart", "cancel_date": "2031-04-02", "po_number": "PO-2", "store_city": "Bentonville"})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert {name: body[name] for name in EVERY_FIELD} == {
        **{name: None for name in OPTIONAL}, "retailer": "walmart", "cancel_date": "2031-04-02", "po_number": "PO-2",
        "store_city": "Bentonville"}
    assert saved_count() == 1


def test_a_shipment_carries_its_requests_details_until_its_own_are_saved(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    edi = {"retailer": "nordstrom", "cancel_date": "2031-05-06", "po_number": "NPO-9", "store_number": "118",
           "edi_reference_1": "kept with the request"}
    [shipment] = create(client, manager, warehouse_id="NJ01", edi=edi)["shipments"]

    carried = client.get(details_url(shipment["id"]), headers=manager)

    assert carried.status_code == 200, carried.get_json()
    assert carried.get_json() == {
        **{name: None for name in OPTIONAL}, "id": None, "shipment_id": shipment["id"], "retailer": "nordstrom",
        "cancel_date": "2031-05-06", "po_number": "NPO-9", "store_number": "118", "updated_at": None,
        "updated_by_username": None}
    saved = client.put(details_url(shipment["id"]), headers=manager, json={**EVERY_FIELD, "retailer": "rei"})
    assert client.get(details_url(shipment["id"]), headers=manager).get_json() == saved.get_json()
    assert saved.get_json()["retailer"] == "rei"


def test_a_shipment_without_details_has_none_to_read(client, manager, shipment_id):
    body = assert_error(client.get(details_url(shipment_id), headers=manager), 404, "not_found")

    assert body["description"] == f"Shipment {shipment_id} has no retail EDI details."


@pytest.mark.parametrize("field, label", [("retailer", "Retailer"), ("cancel_date", "Cancel Date"),
                                          ("po_number", "PO Number")])
@pytest.mark.parametrize("how", ["left out", "null", "empty"])
def test_each_required_field_is_named_by_its_label(client, manager, shipment_id, field, label, how):
    sent = {name: value for name, value in EVERY_FIELD.items() if name != field}
    if how != "left out":
        sent[field] = None if how == "null" else ""

    answer = client.put(details_url(shipment_id), headers=manager, json=sent)

    body = assert_error(answer, 422, "validation_error")
    assert body["field"] == field and body["description"].startswith(f"{label}: "), body
    if how == "empty" and field == "po_number":  # text: empty reads as left out
        assert body["description"] == f"{label}: Missing data for required field."
    assert saved_count() == 0


def test_a_retailer_outside_the_forms_list_is_refused(client, manager, shipment_id):
    answer = client.put(details_url(shipment_id), headers=manager, json={**EVERY_FIELD, "retailer": "Corner Shop"})

    body = assert_error(answer, 422, "validation_error")
    assert body["field"] == "retailer" and body["description"].startswith("Retailer: Must be one of: amazon, ")
    assert saved_count() == 0


@pytest.mark.parametrize("field, size, message", [
    ("store_name", 101, "Store Name: Longer than maximum length 100."),
    ("store_postalcode", 21, "Store Postal Code: Longer than maximum length 20."),
    ("po_number", 61, "PO Number: Longer than maximum length 60."),
])
def test_a_field_longer_than_it_may_be_is_refused(client, manager, shipment_id, field, size, message):
    answer = client.put(details_url(shipment_id), headers=manager, json={**EVERY_FIELD, field: "x" * size})

    body = assert_error(answer, 422, "validation_error")
    assert (body["field"], body["description"]) == (field, message)
    assert saved_count() == 0


@pytest.mark.parametrize("status", ["pending_ship_label", "shipped", "delivered", "canceled", "exception"])
def test_details_change_only_until_the_label_is_due(client, manager, shipment_id, status):
    client.put(details_url(shipment_id), headers=manager, json=EVERY_FIELD)
    set_status(shipment_id, status)

    answer = client.put(details_url(shipment_id), headers=manager, json={**EVERY_FIELD, "po_number": "CHANGED"})

    assert f"while shipment {shipment_id} is " in assert_error(answer, 409, "invalid_status")["description"]
    assert client.get(details_url(shipment_id), headers=manager).get_json()["po_number"] == "PO-4410"


@pytest.mark.parametrize("status", ["validating", "processing"])
def test_details_change_while_editable(client, manager, shipment_id, status):
    set_status(shipment_id, status)

    assert client.put(details_url(shipment_id), headers=manager, json=EVERY_FIELD).status_code == 200


def test_another_clients_shipment_is_not_found(client, factory, manager, shipment_id, globex):
    client.put(details_url(shipment_id), headers=manager, json=EVERY_FIELD)
    stranger = factory.headers(factory.user("client", globex))

    assert_error(client.get(details_url(shipment_id), headers=stranger), 404)
    assert_error(client.put(details_url(shipment_id), headers=stranger, json={**EVERY_FIELD, "po_number": "X"}), 404)
    db.session.expire_all()
    assert db.session.scalars(select(ShipmentDetails.po_number)).all() == ["PO-4410"]
    assert db.session.get(Shipment, shipment_id).client_id != globex.id
