"""Refusals of the group calls: each a clear 4xx in the error shape, and nothing written. Moving into another
client's group, another warehouse's or one past validating; removing to LTL or Custom; approving without
approve:ltl; any LTL call of a client below version 2; another client's ids."""
from datetime import date

import pytest
from sqlalchemy import select

from api.extensions import db
from api.freight.models import ShipmentGroupStatusChange
from api.inventory.models import InventoryLevel
from api.orders.models import FulfillmentRequest, Shipment, ShipmentGroup
from api.shipping.models import Carrier, ShipProfile
from tests.api.helpers import assert_error
from tests.freight.conftest import GROUPS, group_url
from tests.orders.test_fulfillment_requests import BROOKLYN


def snapshot():
    """Every row a group call could write, as it is."""
    db.session.expire_all()

    def rows(*columns):
        return [tuple(row) for row in db.session.execute(select(*columns).order_by(columns[0]))]

    return (rows(ShipmentGroup.id, ShipmentGroup.status, ShipmentGroup.approved, ShipmentGroup.ship_method,
                 ShipmentGroup.to_address_1, ShipmentGroup.address_key),
            rows(Shipment.id, Shipment.status, Shipment.shipment_group_id, Shipment.ship_profile_id,
                 Shipment.ship_method, Shipment.inventory_allocated),
            rows(FulfillmentRequest.id, FulfillmentRequest.shipment_group_id, FulfillmentRequest.requires_approval,
                 FulfillmentRequest.to_address_1, FulfillmentRequest.billing_type),
            rows(ShipmentGroupStatusChange.id), rows(InventoryLevel.id, InventoryLevel.unbound, InventoryLevel.bound))


@pytest.fixture
def unchanged():
    """unchanged(call): the call's answer, asserting it wrote nothing."""

    def called(call):
        before = snapshot()
        answer = call()
        assert snapshot() == before
        return answer

    return called


@pytest.fixture
def two(place):
    """Two requests of Acme in one group at NJ01: (first answer, second answer)."""
    return place("FR-1"), place("FR-2")


def other_group(client_row, warehouse="NJ01", status="validating", approved=False):
    group = ShipmentGroup(client_id=client_row.id, warehouse_id=warehouse, desired_ship_date=date(2026, 12, 1),
                          address_key=f"{client_row.id}-{warehouse}-{status}-{approved}", status=status,
                          approved=approved, to_address_1="1 Distribution Way", to_country="US", address_validated=True)
    db.session.add(group)
    db.session.commit()
    return group.id


def test_moving_into_another_clients_group_is_not_found(client, manager, factory, two, unchanged):
    globex = factory.client("Globex", version=2)
    theirs = other_group(globex)

    answer = unchanged(lambda: client.post(group_url(theirs, "/shipments"), headers=manager,
                                           json={"shipmentId": two[0]["shipments"][0]["id"]}))

    assert_error(answer, 404, "not_found")


def test_moving_into_another_warehouses_group_is_refused(client, manager, acme, two, unchanged):
    elsewhere = other_group(acme, warehouse="CA01")

    answer = unchanged(lambda: client.post(group_url(elsewhere, "/shipments"), headers=manager,
                                           json={"shipmentId": two[0]["shipments"][0]["id"]}))

    body = assert_error(answer, 409, "invalid_group")
    assert body["description"] == (f"Shipment {two[0]['shipments'][0]['id']} ships from NJ01 and shipment group "
                                   f"{elsewhere} from CA01: a group travels from one warehouse.")


@pytest.mark.parametrize("status, approved", [("validating", True), ("ready_to_process", True), ("shipped", True),
                                              ("canceled", False)])
def test_moving_into_a_group_past_validating_or_approved_is_refused(client, manager, acme, two, unchanged, status,
                                                                    approved):
    target = other_group(acme, status=status, approved=approved)

    answer = unchanged(lambda: client.post(group_url(target, "/shipments"), headers=manager,
                                           json={"shipmentId": two[0]["shipments"][0]["id"]}))

    assert "a shipment moves only into a group in validating" in assert_error(answer, 409, "invalid_group")["description"]


def test_moving_out_of_an_approved_group_is_refused(client, manager, acme, two, unchanged):
    group_id = two[0]["shipment_group_id"]
    assert client.put(group_url(group_id, "/approve"), headers=manager).status_code == 200
    target = other_group(acme)

    answer = unchanged(lambda: client.post(group_url(target, "/shipments"), headers=manager,
                                           json={"shipmentId": two[0]["shipments"][0]["id"]}))

    assert assert_error(answer, 409, "invalid_status")["description"] == (
        f"Moving shipments is not possible: shipment group {group_id} is approved.")


def test_moving_into_its_own_group_is_refused(client, manager, two, unchanged):
    answer = unchanged(lambda: client.post(group_url(two[0]["shipment_group_id"], "/shipments"), headers=manager,
                                           json={"shipmentId": two[0]["shipments"][0]["id"]}))

    assert_error(answer, 409, "invalid_group")


@pytest.mark.parametrize("carrier, method", [("LTL", "LTL_STANDARD"), ("Custom", None)])
def test_removing_to_ltl_or_custom_is_refused(client, manager, acme, two, unchanged, carrier, method):
    profile = ShipProfile(client_id=acme.id, name=f"{carrier} too",
                          carrier=db.session.scalars(select(Carrier).filter_by(name=carrier)).one())
    db.session.add(profile)
    db.session.commit()
    method = method or profile.carrier.ship_methods[0].code

    answer = unchanged(lambda: client.post(
        group_url(two[0]["shipment_group_id"], f"/shipments/{two[0]['shipments'][0]['id']}/remove"), headers=manager,
        json={"ship_profile_id": profile.id, "ship_method": method}))

    body = assert_error(answer, 422, "carrier_not_allowed")
    assert (body["field"], body["description"]) == (
        "ship_profile_id", f"Ship Profile {profile.id} ships by {carrier}: a shipment leaving its group ships by parcel, "
                           "neither LTL nor Custom.")


@pytest.mark.parametrize("body, field", [
    ({"ship_method": "UPS_GROUND"}, "ship_profile_id"),
    ({"ship_profile_id": "UPS", "ship_method": "FEDEX_2_DAY"}, "ship_method"),
    ({"ship_profile_id": "UPS", "ship_method": "UPS_GROUND", "billing_type": "third_party"}, "billing_account"),
    ({"ship_profile_id": "UPS", "ship_method": "UPS_GROUND", "billing_type": "cash"}, "billing_type"),
])
def test_removing_without_a_parcel_method_or_billing_is_refused(client, manager, profiles, two, unchanged, body, field):
    if "ship_profile_id" in body:
        body = {**body, "ship_profile_id": profiles[body["ship_profile_id"]]}

    answer = unchanged(lambda: client.post(
        group_url(two[0]["shipment_group_id"], f"/shipments/{two[0]['shipments'][0]['id']}/remove"), headers=manager,
        json=body))

    assert assert_error(answer, 422)["field"] == field


def test_approving_without_approve_ltl_is_forbidden(client, factory, acme, two, unchanged):
    updater = factory.headers(factory.user("client_custom", acme, permissions=["update:ltl"]))

    answer = unchanged(lambda: client.put(group_url(two[0]["shipment_group_id"], "/approve"), headers=updater))

    assert_error(answer, 403)


@pytest.mark.parametrize("tail, method", [("/cancel", "put"), ("/to_address", "post")])
def test_changing_without_update_ltl_is_forbidden(client, factory, acme, two, unchanged, tail, method):
    approver = factory.headers(factory.user("client_custom", acme, permissions=["approve:ltl"]))

    answer = unchanged(lambda: getattr(client, method)(group_url(two[0]["shipment_group_id"], tail), headers=approver,
                                                       json=BROOKLYN))

    assert_error(answer, 403)


def test_the_carrier_method_is_for_admins_only(client, manager, profiles, two, unchanged):
    answer = unchanged(lambda: client.put(group_url(two[0]["shipment_group_id"], "/ship_method"), headers=manager,
                                          json={"ship_profile_id": profiles["LTL"], "ship_method": "LTL_GUARANTEED"}))

    assert assert_error(answer, 403)["description"] == "Changing the carrier method of a shipment group is for admins only."


def test_a_parcel_carrier_method_for_the_group_is_refused(client, factory, acme, profiles, two, unchanged):
    admin = factory.headers(factory.user("admin"), acme)

    answer = unchanged(lambda: client.put(group_url(two[0]["shipment_group_id"], "/ship_method"), headers=admin,
                                          json={"ship_profile_id": profiles["UPS"], "ship_method": "UPS_GROUND"}))

    assert assert_error(answer, 422, "carrier_not_allowed")["field"] == "ship_profile_id"


def test_cancelling_a_shipped_group_is_refused(client, manager, acme, unchanged):
    shipped = other_group(acme, status="shipped", approved=True)

    answer = unchanged(lambda: client.put(group_url(shipped, "/cancel"), headers=manager))

    assert assert_error(answer, 409, "invalid_status")["description"] == (
        f"Cancelling is not possible while shipment group {shipped} is Shipped.")


def group_calls(app):
    """Every call under /api/v4/shipment_groups: (method, rule)."""
    return sorted((method, rule.rule) for rule in app.url_map.iter_rules() if rule.rule.startswith(GROUPS)
                  for method in rule.methods - {"HEAD", "OPTIONS"})


def filled(rule, group_id, shipment_id):
    return rule.replace("<int:group_id>", str(group_id)).replace("<int:shipment_id>", str(shipment_id))


def test_every_ltl_call_of_a_version_1_client_is_forbidden(app, client, factory, unchanged):
    old = factory.client("Old", version=1)
    group_id, shipment_id = other_group(old), 1
    admin = factory.headers(factory.user("admin"), old)  # holds every grant, so the version is what refuses
    calls = group_calls(app)
    assert len(calls) >= 14

    for method, rule in calls:
        answer = unchanged(lambda: client.open(filled(rule, group_id, shipment_id), method=method, headers=admin,
                                               json={}))
        body = assert_error(answer, 403, "ltl_not_available")
        assert body["description"] == "LTL freight is for clients on version 2 and up.", (method, rule)


def test_another_clients_group_is_not_found_by_any_call(app, client, manager, factory, two, unchanged):
    globex = factory.client("Globex", version=2)
    theirs = other_group(globex)
    mine = two[0]["shipments"][0]["id"]
    method_body = {"ship_profile_id": 1, "ship_method": "LTL_STANDARD"}
    bodies = {"/shipments": {"shipmentId": mine}, "/to_address": BROOKLYN, "/ship_method": method_body,
              "/remove": method_body, "/comments": {"body": "Dock 4"}, "/bol": {"content": "JVBERi0=", "name": "b.pdf"}}
    calls = [(method, rule) for method, rule in group_calls(app)
             if rule != GROUPS and not rule.endswith("/events")]  # the list has no id; events are the staff's
    assert len(calls) >= 12

    for method, rule in calls:
        body = next((value for tail, value in bodies.items() if rule.endswith(tail)), None) if method != "GET" else None
        answer = unchanged(lambda: client.open(filled(rule, theirs, mine), method=method, headers=manager, json=body))
        assert answer.status_code == 404, (method, rule, answer.get_json())
        assert_error(answer, 404)


def test_another_clients_shipment_is_not_found(client, manager, factory, acme, two, unchanged):
    globex = factory.client("Globex", version=2)
    theirs = ShipmentGroup(client_id=globex.id, warehouse_id="NJ01", desired_ship_date=date(2026, 12, 1),
                           address_key="theirs")
    db.session.add(theirs)
    db.session.commit()
    their_shipment = db.session.scalar(select(Shipment.id).where(Shipment.client_id == acme.id))
    db.session.execute(Shipment.__table__.update().values(client_id=globex.id).where(Shipment.id == their_shipment))
    db.session.commit()

    moved = unchanged(lambda: client.post(group_url(two[1]["shipment_group_id"], "/shipments"), headers=manager,
                                          json={"shipmentId": their_shipment}))
    removed = unchanged(lambda: client.post(
        group_url(two[1]["shipment_group_id"], f"/shipments/{their_shipment}/remove"), headers=manager,
        json={"ship_profile_id": 1, "ship_method": "UPS_GROUND"}))

    assert_error(moved, 404, "not_found")
    assert_error(removed, 404)


def test_a_grouped_request_is_approved_and_readdressed_through_its_group(client, manager, two, unchanged):
    request_id, group_id = two[0]["id"], two[0]["shipment_group_id"]

    approved = unchanged(lambda: client.put(f"/api/v4/fulfillment_requests/{request_id}/approve", headers=manager))
    readdressed = unchanged(lambda: client.put(f"/api/v4/fulfillment_requests/{request_id}/to_address", headers=manager,
                                               json={**BROOKLYN, "address_1": "80 Livingston St"}))

    assert assert_error(approved, 409, "in_shipment_group")["description"] == (
        f"Fulfillment request {request_id} travels in shipment group {group_id}. Its LTL approval is its shipment "
        "group's: approve the group.")
    assert "change the group's address" in assert_error(readdressed, 409, "in_shipment_group")["description"]
