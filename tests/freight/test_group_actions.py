"""What a client does to a shipment group: approve it (it and its shipments go on once every check holds),
cancel it (its shipments' stock goes back), change its carrier method (admins) or address, move a shipment
into another group or take one out of freight; each move of its status in its history."""
import pytest
from sqlalchemy import select

from api.extensions import db
from api.inventory.models import InventoryLevel
from api.orders.models import FulfillmentRequest, Shipment
from api.orders.service import allocate_all_waiting
from tests.freight.conftest import add_bol, group_url, history_of, shipment_statuses
from tests.orders.test_fulfillment_requests import BROOKLYN, TORONTO

ELSEWHERE = {**BROOKLYN, "address_1": "80 Livingston St"}
# Cancels and allocation move stock through the ledger's locks and upserts.
pytestmark = pytest.mark.backend_sensitive


def act(client, headers, method, url, **body):
    answer = getattr(client, method)(url, headers=headers, **({"json": body} if body else {}))
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def made_for(request_body):
    """The first history row of a group made for the request's first shipment."""
    return None, "validating", f"Made for LTL shipment {request_body['shipments'][0]['id']}."


def request_of(body):
    db.session.expire_all()
    return db.session.get(FulfillmentRequest, body["id"])


def test_approving_lets_the_group_and_its_shipments_go_on_once_every_check_holds(client, manager, factory, acme, place):
    first, second = place("FR-1"), place("FR-2")
    group_id = first["shipment_group_id"]

    approved = act(client, manager, "put", group_url(group_id, "/approve"))

    assert (approved["approved"], approved["approved_by_username"], approved["status"]) == (True, "client.1", "validating")
    assert approved["approved_at"] is not None and approved["can_approve"] is False
    assert [(check["check"], check["ok"]) for check in approved["checklist"]] == [
        ("address", True), ("inventory", True), ("bol", False)]
    assert approved["checklist"][-1]["message"] == "BOL required to complete processing."
    assert request_of(first).requires_approval is False and request_of(second).requires_approval is False
    notes = client.get(f"/api/v4/fulfillment_requests/{first['id']}/history", headers=manager).get_json()
    assert notes["breadcrumbs"][0]["message"] == f"Approved with shipment group {group_id}."
    # Its shipments wait for the group, not for their requests any more.
    shipment = client.get(f"/api/v4/shipments/{first['shipments'][0]['id']}", headers=manager).get_json()
    assert (shipment["status"], [check["message"] for check in shipment["checklist"] if not check["ok"]]) == (
        "validating", [f"Shipment group {group_id} is not approved and ready to process yet."])

    add_bol(group_id)
    admin = factory.headers(factory.user("admin"), acme)
    ready = act(client, admin, "put", group_url(group_id, "/ship_method"),  # a change the group is checked again after
                ship_profile_id=approved["ship_profile_id"], ship_method="LTL_GUARANTEED")
    assert ready["status"] == "ready_to_process"
    assert shipment_statuses(ready, client, manager) == ["ready_to_process", "ready_to_process"]


def test_an_approved_group_with_its_bill_of_lading_is_ready_with_its_shipments(client, manager, place):
    first, second = place("FR-1"), place("FR-2")
    group_id = first["shipment_group_id"]
    add_bol(group_id)

    approved = act(client, manager, "put", group_url(group_id, "/approve"))

    assert approved["status"] == "ready_to_process" and all(check["ok"] for check in approved["checklist"])
    assert shipment_statuses(approved, client, manager) == ["ready_to_process", "ready_to_process"]
    assert history_of(client, manager, group_id) == [made_for(first), ("validating", "ready_to_process",
                                                                       "Approved and every check holds.")]
    assert approved["allowed_actions"] == ["cancel", "edit_address", "upload_bol", "generate_bol", "comment"]


def test_stock_arriving_later_lets_an_approved_group_go_on(client, manager, place, catalogue, stock):
    waiting = place("FR-1", stocked=False)
    group_id = waiting["shipment_group_id"]
    add_bol(group_id)
    approved = act(client, manager, "put", group_url(group_id, "/approve"))
    assert (approved["status"], approved["inventory_allocated"]) == ("validating", False)
    assert approved["checklist"][1] == {"check": "inventory", "ok": False, "items": [],
                                        "message": "Inventory is not allocated for all shipments."}

    stock(catalogue["tent"], NJ01=1)
    assert allocate_all_waiting("test") == 1

    group = act(client, manager, "get", group_url(group_id))
    assert (group["status"], group["inventory_allocated"]) == ("ready_to_process", True)
    assert shipment_statuses(group, client, manager) == ["ready_to_process"]


def level(catalogue):
    db.session.expire_all()
    row = db.session.scalars(select(InventoryLevel).filter_by(item_type_id=catalogue["tent"].id, location="NJ01")).one()
    return row.unbound, row.bound


def test_cancelling_cancels_every_shipment_and_gives_their_stock_back(client, manager, place, catalogue):
    first = place("FR-1", items=(("TENT", 2),))
    place("FR-2", items=(("TENT", 3),))
    group_id = first["shipment_group_id"]
    assert level(catalogue) == (0, 5)

    canceled = act(client, manager, "put", group_url(group_id, "/cancel"))

    assert (canceled["status"], canceled["shipment_ids"], canceled["allowed_actions"]) == ("canceled", [], ["comment"])
    assert level(catalogue) == (5, 0)
    statuses = db.session.scalars(select(Shipment.status).where(Shipment.shipment_group_id == group_id)).all()
    assert statuses == ["canceled", "canceled"]
    assert history_of(client, manager, group_id) == [made_for(first), ("validating", "canceled",
                                                                       "Canceled with its shipments.")]


def test_an_admin_changes_the_carrier_method_of_the_group_and_its_shipments(client, manager, factory, acme, place,
                                                                            profiles):
    first, second = place("FR-1"), place("FR-2")
    admin = factory.headers(factory.user("admin"), acme)

    changed = act(client, admin, "put", group_url(first["shipment_group_id"], "/ship_method"),
                  ship_profile_id=profiles["LTL"], ship_method="LTL_GUARANTEED")

    assert changed["ship_method"] == "LTL_GUARANTEED" and "edit_method" in changed["allowed_actions"]
    db.session.expire_all()
    assert db.session.scalars(select(Shipment.ship_method).order_by(Shipment.id)).all() == ["LTL_GUARANTEED"] * 2


def test_moving_shipments_into_another_group_then_the_last_one_cancels_the_source(client, manager, place):
    first, second = place("FR-1"), place("FR-2")
    target = place("FR-3", to_address=ELSEWHERE)
    source_id, target_id = first["shipment_group_id"], target["shipment_group_id"]
    moving = first["shipments"][0]["id"]

    moved = act(client, manager, "post", group_url(target_id, "/shipments"), shipmentId=moving)

    assert moved["id"] == target_id and moved["shipment_ids"] == [moving, target["shipments"][0]["id"]]
    assert [shipment["id"] for shipment in moved["shipments"]] == moved["shipment_ids"]
    assert request_of(first).to_address_1 == "80 LIVINGSTON ST" and request_of(first).shipment_group_id == target_id
    source = act(client, manager, "get", group_url(source_id))
    assert (source["status"], source["shipment_ids"]) == ("validating", [second["shipments"][0]["id"]])

    act(client, manager, "post", group_url(target_id, "/shipments"), shipmentId=second["shipments"][0]["id"])

    assert act(client, manager, "get", group_url(source_id))["status"] == "canceled"
    assert history_of(client, manager, source_id) == [
        made_for(first), ("validating", "canceled", f"Its last shipment moved to group {target_id}.")]


def test_removing_a_shipment_sends_it_by_parcel_and_an_emptied_group_is_canceled(client, manager, place, profiles):
    first, second = place("FR-1"), place("FR-2")
    group_id = first["shipment_group_id"]
    removing = first["shipments"][0]["id"]

    left = act(client, manager, "post", group_url(group_id, f"/shipments/{removing}/remove"),
               ship_profile_id=profiles["UPS"], ship_method="UPS_GROUND", billing_type="third_party",
               billing_account="A-1", billing_postal_code="07001")

    assert left["shipment_ids"] == [second["shipments"][0]["id"]] and left["status"] == "validating"
    shipment = client.get(f"/api/v4/shipments/{removing}", headers=manager).get_json()
    # Allocated, its address validated and its request no longer waiting: a parcel ready to process.
    assert (shipment["shipment_group_id"], shipment["ship_profile_id"], shipment["ship_method"], shipment["status"]) == (
        None, profiles["UPS"], "UPS_GROUND", "ready_to_process")
    request = request_of(first)
    assert (request.shipment_group_id, request.requires_approval, request.billing_type, request.billing_account,
            request.billing_postal_code) == (None, False, "third_party", "A-1", "07001")

    emptied = act(client, manager, "post", group_url(group_id, f"/shipments/{second['shipments'][0]['id']}/remove"),
                  ship_profile_id=profiles["USPS"], ship_method="USPS_PRIORITY_MAIL")

    assert (emptied["status"], emptied["shipments_count"]) == ("canceled", 0)
    assert request_of(second).billing_type == "sender"
    assert history_of(client, manager, group_id) == [made_for(first), ("validating", "canceled",
                                                                       "Its last shipment was removed from it.")]


def test_a_valid_address_is_stored_normalised_on_the_group_and_its_requests(client, manager, place):
    first = place("FR-1")
    group_id = first["shipment_group_id"]

    answer = act(client, manager, "post", group_url(group_id, "/to_address"), **{**ELSEWHERE, "name": "Dock 4"})

    result, group = answer["update_shipment_group_address_result"], answer["shipment_group"]
    assert result["is_valid"] is True and result["updated_address"]["address_1"] == "80 LIVINGSTON ST"
    assert (group["to_address"]["address_1"], group["to_address"]["name"], group["to_address"]["validation_status"]) == (
        "80 LIVINGSTON ST", "Dock 4", "validated")
    assert request_of(first).to_address_1 == "80 LIVINGSTON ST"
    # New shipments to the new address join it.
    assert place("FR-2", to_address=ELSEWHERE)["shipment_group_id"] == group_id


def test_an_invalid_address_is_stored_only_when_validation_is_skipped(client, manager, place):
    first = place("FR-1")
    group_id = first["shipment_group_id"]
    wrong = {**BROOKLYN, "postal_code": "90210"}

    refused = act(client, manager, "post", group_url(group_id, "/to_address"), **wrong)

    assert refused["update_shipment_group_address_result"]["is_valid"] is False
    assert refused["shipment_group"]["to_address"]["postal_code"] == "11201"
    assert request_of(first).to_postal_code == "11201"

    answer = client.post(group_url(group_id, "/to_address?skip_validation=true"), headers=manager, json=wrong)

    assert answer.status_code == 200, answer.get_json()
    address = answer.get_json()["shipment_group"]["to_address"]
    assert (address["postal_code"], address["validation_status"]) == ("90210", "skipped")
    assert address["validation_error"] and request_of(first).to_postal_code == "90210"


def test_a_group_whose_last_shipment_is_canceled_on_its_own_is_canceled(client, manager, place):
    first, second = place("FR-1"), place("FR-2")
    group_id = first["shipment_group_id"]

    for body in (first, second):
        canceled = client.post(f"/api/v4/shipments/{body['shipments'][0]['id']}/cancel", headers=manager)
        assert canceled.status_code == 200, canceled.get_json()
        if body is first:
            assert act(client, manager, "get", group_url(group_id))["shipment_ids"] == [second["shipments"][0]["id"]]

    group = act(client, manager, "get", group_url(group_id))
    assert (group["status"], group["shipments_count"]) == ("canceled", 0)
    assert history_of(client, manager, group_id) == [made_for(first), ("validating", "canceled",
                                                                       "Its last shipment was canceled.")]


def test_a_check_failing_again_sends_a_ready_group_and_its_shipments_back(client, manager, place):
    first = place("FR-1")
    group_id = first["shipment_group_id"]
    add_bol(group_id)
    assert act(client, manager, "put", group_url(group_id, "/approve"))["status"] == "ready_to_process"

    answer = act(client, manager, "post", group_url(group_id, "/to_address"), **TORONTO)

    group = answer["shipment_group"]
    assert answer["update_shipment_group_address_result"]["is_valid"] is True
    assert group["status"] == "validating"
    [customs] = [check for check in group["checklist"] if not check["ok"]]
    assert (customs["check"], customs["message"], [item["upc"] for item in customs["items"]]) == (
        "customs", "Customs information is missing for 1 item.", ["TENT"])
    assert shipment_statuses(group, client, manager) == ["validating"]
    assert history_of(client, manager, group_id)[-1] == ("ready_to_process", "validating", "No longer met: customs.")
