"""What a client fixes on a placed request: its items' customs values and quantities (PUT …/sets/{set}
with items), re-checked and re-allocated through the ledger, and the whole request cancelled
(PUT …/cancel); refused in the house error shape while its shipments do not allow it, with nothing changed."""
from decimal import Decimal

import pytest
from sqlalchemy import select

from api.extensions import db
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders.models import Shipment
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create, level
from tests.orders.test_fulfillment_requests import TORONTO, URL


def set_url(request):
    return f"{URL}/{request['id']}/sets/{request['sets'][0]['id']}"


def change(client, headers, request, *items, **fields):
    return client.put(set_url(request), headers=headers, json={**fields, "items": list(items)})


def item_id(request, position=0):
    return request["sets"][0]["items"][position]["id"]


def with_status(request, status):
    for shipment in request["shipments"]:
        db.session.get(Shipment, shipment["id"]).status = status
    db.session.commit()


def missing_customs(client, headers):
    """A request to Toronto whose customs value never came (as from a shop), held in validating."""
    request = create(client, headers, to_address=TORONTO, warehouse_id="NJ01", sets=[
        {"items": [{"upc": "TENT", "quantity": 2, "customs_value": 10}]}])
    db.session.execute(db.text("UPDATE fulfillment_request_set_items SET customs_value = NULL"))
    with_status(request, "validating")
    return client.get(f"{URL}/{request['id']}", headers=headers).get_json()


def test_a_request_under_missing_customs_is_fixed_by_entering_the_values(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    request = missing_customs(client, manager)
    assert request["shipments"][0]["checklist"] == {"customs": "Customs values are missing."}
    tab = client.get(URL, headers=manager, query_string={"missingCustomsInfo": "true"}).get_json()
    assert [listed["id"] for listed in tab["fulfillment_requests"]] == [request["id"]]

    answer = change(client, manager, request, {"id": item_id(request), "customs_value": 24.5})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["sets"][0]["items"][0]["customs_value"] == "24.50"
    assert [(s["status"], s["checklist"]) for s in body["shipments"]] == [("ready_to_process", {})]
    tab = client.get(URL, headers=manager, query_string={"missingCustomsInfo": "true"}).get_json()
    assert tab["fulfillment_requests"] == []
    history = client.get(f"{URL}/{request['id']}/history", headers=manager).get_json()["breadcrumbs"]
    assert history[0]["message"] == f"Set {request['sets'][0]['id']}: changed TENT customs value from nothing to 24.50."


def test_lowering_a_quantity_gives_the_units_back_through_the_ledger(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=5)
    stock(catalogue["stove"], NJ01=5)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 3), ("STOVE", 2)])
    assert level(catalogue["tent"], "NJ01") == (2, 3)

    answer = change(client, manager, request, {"id": item_id(request), "quantity": 1})

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert [(i["upc"], i["quantity"], i["quantity_allocated"]) for i in body["sets"][0]["items"]] == [
        ("TENT", 1, 1), ("STOVE", 2, 2)]
    assert [(line["upc"], line["quantity_desired"]) for line in body["shipments"][0]["lines"]] == [("TENT", 1), ("STOVE", 2)]
    assert body["shipments"][0]["status"] == "ready_to_process"
    assert level(catalogue["tent"], "NJ01") == (4, 1)
    released = db.session.scalars(select(InventoryMovement).filter_by(reason="release")).all()
    assert [(m.unbound_delta, m.bound_delta) for m in released] == [(2, -2)]
    assert ledger_drift() == []


def test_lowering_a_waiting_shipment_to_what_is_in_stock_allocates_it(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    request = create(client, manager, warehouse_id="NJ01", fill_type="complete", items=[("TENT", 3)])
    assert [(s["status"], s["inventory_allocated"]) for s in request["shipments"]] == [("validating", False)]

    answer = change(client, manager, request, {"id": item_id(request), "quantity": 2})

    assert answer.status_code == 200, answer.get_json()
    detail = client.get(f"{URL}/{request['id']}", headers=manager).get_json()
    assert [(s["status"], s["inventory_allocated"]) for s in detail["shipments"]] == [("ready_to_process", True)]
    assert level(catalogue["tent"], "NJ01") == (0, 2)
    assert ledger_drift() == []


def test_units_come_out_of_the_waiting_shipment_first(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 3)])  # partial: 1 now, 2 wait

    body = change(client, manager, request, {"id": item_id(request), "quantity": 1}).get_json()

    assert [(s["status"], s["inventory_allocated"]) for s in body["shipments"]] == [
        ("ready_to_process", True), ("canceled", False)]
    assert level(catalogue["tent"], "NJ01") == (0, 1)


def test_zero_on_the_only_item_cancels_the_shipment(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 2)])

    body = change(client, manager, request, {"id": item_id(request), "quantity": 0}).get_json()

    assert [(s["status"], s["inventory_allocated"]) for s in body["shipments"]] == [("canceled", False)]
    assert body["sets"][0]["items"][0]["quantity"] == 0
    assert level(catalogue["tent"], "NJ01") == (2, 0)
    assert ledger_drift() == []


def test_lowering_a_bundle_lowers_its_children(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=4)
    stock(catalogue["stove"], NJ01=8)
    request = create(client, manager, warehouse_id="NJ01", items=[("CAMP-SET", 3)])

    body = change(client, manager, request, {"id": item_id(request), "quantity": 1}).get_json()

    [bundle] = body["sets"][0]["items"]
    assert (bundle["quantity"], bundle["quantity_allocated"]) == (1, 1)
    assert [(child["upc"], child["quantity"]) for child in bundle["children"]] == [("TENT", 1), ("STOVE", 2)]
    assert level(catalogue["tent"], "NJ01") == (3, 1)
    assert level(catalogue["stove"], "NJ01") == (6, 2)


@pytest.mark.parametrize("items, message, field", [
    ([{"id": "ITEM", "quantity": 3}], "Item 1 (UPC TENT): Quantity 3 is above the 2 asked for", "items[0].quantity"),
    ([{"id": 2**31 - 1, "quantity": 1}], f"Item 1: Item ID {2**31 - 1} is not an item of set", "items[0].id"),
    ([{"id": "CHILD", "quantity": 1}], "is part of a bundle or kit", "items[0].id"),
    ([{"id": "ITEM", "quantity": 1}, {"id": "ITEM", "quantity": 0}], "is given more than once", "items"),
])
def test_impossible_item_changes_are_refused_naming_the_field(client, manager, catalogue, stock, items, message, field):
    stock(catalogue["tent"], NJ01=5)
    stock(catalogue["stove"], NJ01=5)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 2), ("CAMP-SET", 1)])
    ids = {"ITEM": item_id(request), "CHILD": request["sets"][0]["items"][1]["children"][0]["id"]}

    answer = change(client, manager, request, *({**item, "id": ids.get(item["id"], item["id"])} for item in items))

    body = assert_error(answer, 422, "invalid_fulfillment_request")
    assert message in body["description"] and body["field"] == field
    assert level(catalogue["tent"], "NJ01") == (2, 3)


def test_values_out_of_range_are_refused_by_the_schema(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01")

    quantity = assert_error(change(client, manager, request, {"id": item_id(request), "quantity": -1}), 422)
    assert quantity["field"] == "items[0].quantity" and quantity["description"].startswith("Item 1, Quantity")
    customs = assert_error(change(client, manager, request, {"id": item_id(request), "customs_value": 1.234}), 422)
    assert customs["field"] == "items[0].customs_value"


def test_a_customs_value_cannot_be_taken_away_abroad(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    request = missing_customs(client, manager)

    answer = change(client, manager, request, {"id": item_id(request), "customs_value": None})

    body = assert_error(answer, 422)
    assert "Item 1 (UPC TENT): Customs Value is needed outside the US" in body["description"]
    assert body["field"] == "items[0].customs_value"


def test_quantities_wait_for_no_one_past_ready_to_process_but_customs_values_do(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    request = missing_customs(client, manager)
    with_status(request, "processing")
    shipment_id = request["shipments"][0]["id"]

    refused = change(client, manager, request, {"id": item_id(request), "quantity": 1, "customs_value": 5})

    body = assert_error(refused, 409, "quantity_not_editable")
    assert f"shipment {shipment_id} is Processing" in body["description"]
    db.session.expire_all()
    assert level(catalogue["tent"], "NJ01") == (0, 2)
    unchanged = client.get(f"{URL}/{request['id']}", headers=manager).get_json()["sets"][0]["items"][0]
    assert (unchanged["quantity"], unchanged["customs_value"]) == (2, None)
    allowed = change(client, manager, request, {"id": item_id(request), "customs_value": 5})
    assert allowed.status_code == 200 and allowed.get_json()["sets"][0]["items"][0]["customs_value"] == "5.00"
    with_status(request, "pending_ship_label")
    assert_error(change(client, manager, request, {"id": item_id(request), "customs_value": 6}), 409, "set_not_editable")


def test_cancelling_a_request_cancels_every_shipment_and_frees_its_stock(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 3)])  # 1 allocated, 2 waiting
    url = f"{URL}/{request['id']}/cancel"

    answer = client.put(url, headers=manager)

    assert answer.status_code == 200, answer.get_json()
    assert [s["status"] for s in answer.get_json()["shipments"]] == ["canceled", "canceled"]
    assert level(catalogue["tent"], "NJ01") == (1, 0)
    assert ledger_drift() == []
    again = client.put(url, headers=manager)
    assert again.status_code == 200 and again.get_json()["shipments"] == answer.get_json()["shipments"]
    assert len(db.session.scalars(select(InventoryMovement).filter_by(reason="release")).all()) == 1
    history = client.get(f"{URL}/{request['id']}/history", headers=manager).get_json()["breadcrumbs"]
    ids = ", ".join(str(s["id"]) for s in request["shipments"])
    assert [entry["message"] for entry in history][0] == f"Request canceled (shipment {ids})."


def test_a_request_with_a_begun_shipment_is_not_cancelled_at_all(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01", items=[("TENT", 3)])
    ready, waiting = request["shipments"]
    db.session.get(Shipment, waiting["id"]).status = "processing"
    db.session.commit()

    body = assert_error(client.put(f"{URL}/{request['id']}/cancel", headers=manager), 409, "shipment_not_cancelable")

    assert f"Shipment {waiting['id']} is Processing" in body["description"]
    db.session.expire_all()
    assert db.session.get(Shipment, ready["id"]).status == "ready_to_process"
    assert level(catalogue["tent"], "NJ01") == (0, 1)


def test_other_clients_and_readers_cannot_cancel_or_change_a_request(client, factory, manager, acme, globex, catalogue,
                                                                      stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01")
    other = factory.headers(factory.user("client", globex))
    reader = factory.headers(factory.user("client_read_only", acme))

    assert_error(client.put(f"{URL}/{request['id']}/cancel", headers=other), 404)
    assert_error(client.put(f"{URL}/{request['id']}/cancel", headers=reader), 403)
    assert_error(change(client, other, request, {"id": item_id(request), "quantity": 0}), 404)
    assert_error(client.get(f"{URL}/{request['id']}/history", headers=other), 404)
    assert level(catalogue["tent"], "NJ01") == (0, 1)
    assert client.get(f"{URL}/{request['id']}/history", headers=reader).status_code == 200


def test_an_approved_request_leaves_the_approval_tabs_and_its_history_says_who_approved_it(
        client, factory, acme, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01")
    flagged = db.session.get(Shipment, request["shipments"][0]["id"]).request
    flagged.fraud, flagged.requires_approval, flagged.requires_approval_reason = True, True, "fraud"
    db.session.commit()
    admin = factory.headers(factory.user("admin", None, username="ops.admin"), acme)

    assert client.put(f"{URL}/{request['id']}/approve", headers=admin).status_code == 200

    for tab in ("fraud", "requiresApproval"):
        assert client.get(URL, headers=manager, query_string={tab: "true"}).get_json()["fulfillment_requests"] == []
    latest = client.get(f"{URL}/{request['id']}/history", headers=manager).get_json()["breadcrumbs"][0]
    assert (latest["message"], latest["username"]) == ("Approved.", "ops.admin")
    assert latest["datetime"].endswith("Z") or "+00:00" in latest["datetime"]


def test_the_item_page_shows_its_open_shipments(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    first = create(client, manager, reference="FR-1", order_id="#1004", warehouse_id="NJ01", items=[("TENT", 3)])
    done = create(client, manager, reference="FR-2", warehouse_id="NJ01")
    client.put(f"{URL}/{done['id']}/cancel", headers=manager)

    item = client.get("/api/v4/items/TENT", headers=manager, query_string={"openShipments": "true"}).get_json()

    assert [(s["request_id"], s["order_id"], s["fulfillment_request_id"], s["status"], s["quantity_needed"],
             s["quantity_allocated"]) for s in item["open_shipments"]] == [
        (first["id"], "#1004", "FR-1", "ready_to_process", 1, 1), (first["id"], "#1004", "FR-1", "validating", 2, 0)]
    assert client.get("/api/v4/items/TENT", headers=manager).get_json()["open_shipments"] == []


def test_customs_values_compare_as_numbers(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    request = missing_customs(client, manager)
    change(client, manager, request, {"id": item_id(request), "customs_value": 7})

    again = change(client, manager, request, {"id": item_id(request), "customs_value": 7.0})

    assert again.status_code == 200
    history = client.get(f"{URL}/{request['id']}/history", headers=manager).get_json()["breadcrumbs"]
    assert [entry["message"] for entry in history].count(
        f"Set {request['sets'][0]['id']}: changed TENT customs value from nothing to 7.00.") == 1
    assert Decimal(again.get_json()["sets"][0]["items"][0]["customs_value"]) == 7
