"""Case packs, conversion to a case pack and virtual bundles: every rule and message of spec section 5,
and what bundles can be built from their children's stock."""
import pytest

from api.extensions import db
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.inventory.models import InventoryLevel
from api.products.models import ItemComponent, ItemType
from tests.api.helpers import assert_error


def case_pack(children, **fields):
    return {"upc": "CP-1", "sku": "CP-SKU", "name": "Case of tents", **fields, "children": children}


def invalid(response):
    return assert_error(response, 422, "invalid_item")["description"]


def test_case_pack_of_one_child(client, factory, acme, as_manager):
    factory.item(acme, upc="TENT", name="Tent")

    response = client.post("/api/v4/case_packs", json=case_pack([{"upc": "TENT", "quantity": 12}]), headers=as_manager)

    assert response.status_code == 201, response.get_json()
    item = response.get_json()
    assert (item["composite_type"], item["composite_type_name"]) == (1, "CASE PACK")
    assert [(c["upc"], c["name"], c["quantity"]) for c in item["children"]] == [("TENT", "Tent", 12)]
    parents = client.get("/api/v4/items/TENT", headers=as_manager).get_json()["composite_parents"]
    assert [(p["upc"], p["composite_type_name"], p["quantity"]) for p in parents] == [("CP-1", "CASE PACK", 12)]


@pytest.mark.parametrize("children, message", [
    ([], "Case Pack must have a child item."),
    ([{"upc": "TENT", "quantity": 1}, {"upc": "STOVE", "quantity": 1}], "Case Pack cannot have more than one child item."),
    ([{"upc": "CP-1", "quantity": 1}], "Child item cannot be the same as the parent."),
    ([{"upc": "NOPE", "quantity": 1}], "Item not found."),
])
def test_case_pack_rules(client, factory, acme, as_manager, children, message):
    factory.item(acme, upc="TENT")
    factory.item(acme, upc="STOVE")

    assert invalid(client.post("/api/v4/case_packs", json=case_pack(children), headers=as_manager)) == message
    assert db.session.scalars(db.select(ItemType).filter_by(upc="CP-1")).first() is None


@pytest.mark.parametrize("quantity", [0, 1001, 2.5, "many"])
def test_case_pack_quantity_is_1_to_1000(client, factory, acme, as_manager, quantity):
    factory.item(acme, upc="TENT")

    assert_error(client.post("/api/v4/case_packs", json=case_pack([{"upc": "TENT", "quantity": quantity}]), headers=as_manager), 422)


def test_a_child_of_another_composite_is_refused(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT", name="Tent")
    factory.item(acme, upc="OLD", name="Old case", composite_type=1, children=[(tent, 6)])

    message = invalid(client.post("/api/v4/case_packs", json=case_pack([{"upc": "TENT", "quantity": 2}]), headers=as_manager))

    assert message == "Item 'Tent' is already a child of item 'Old case'"


def test_another_clients_item_is_not_a_child(client, factory, globex, as_manager):
    factory.item(globex, upc="TENT")

    assert invalid(client.post("/api/v4/case_packs", json=case_pack([{"upc": "TENT", "quantity": 2}]), headers=as_manager)) == "Item not found."


def test_case_pack_child_must_be_simple(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT")
    factory.item(acme, upc="BUNDLE", composite_type=2, children=[(tent, 1)])

    message = invalid(client.post("/api/v4/case_packs", json=case_pack([{"upc": "BUNDLE", "quantity": 2}]), headers=as_manager))

    assert message == "A Case Pack's child item must be a simple item."


def test_case_pack_update_changes_child_and_quantity(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT")
    factory.item(acme, upc="STOVE", name="Stove")
    factory.item(acme, upc="CP-1", name="Case", composite_type=1, children=[(tent, 6)])

    response = client.put("/api/v4/case_packs/CP-1", json={"name": "Case of stoves", "children": [{"upc": "STOVE", "quantity": 4}]}, headers=as_manager)
    same_child = client.put("/api/v4/case_packs/CP-1", json={"children": [{"upc": "STOVE", "quantity": 8}]}, headers=as_manager)

    assert response.status_code == 200, response.get_json()
    assert [(c["upc"], c["quantity"]) for c in response.get_json()["children"]] == [("STOVE", 4)]
    assert [(c["upc"], c["quantity"]) for c in same_child.get_json()["children"]] == [("STOVE", 8)]
    assert db.session.scalars(db.select(ItemComponent.child_id)).all() != [tent.id]


def test_simple_items_and_case_packs_use_their_own_update(client, factory, acme, as_manager):
    factory.item(acme, upc="TENT")
    factory.item(acme, upc="CP-1", composite_type=1)

    assert invalid(client.put("/api/v4/items/CP-1", json={"name": "x"}, headers=as_manager)) == (
        "Only simple items are updated here; use the Case Pack form for case packs.")
    assert invalid(client.put("/api/v4/case_packs/TENT", json={"children": [{"upc": "CP-1", "quantity": 1}]}, headers=as_manager)) == (
        "This item is not a Case Pack.")


def test_convert_to_case_pack_keeps_sku_and_name(client, factory, acme, as_manager):
    factory.item(acme, upc="BOX", sku="BOX-SKU", name="Box of tents")
    factory.item(acme, upc="TENT", name="Tent")

    locked = client.put("/api/v4/items/BOX/convert_to_case_pack", json={"name": "Other", "children": [{"upc": "TENT", "quantity": 4}]}, headers=as_manager)
    converted = client.put("/api/v4/items/BOX/convert_to_case_pack", json={"sku": "BOX-SKU", "name": "Box of tents", "category": "Packs", "children": [{"upc": "TENT", "quantity": 4}]}, headers=as_manager)

    assert invalid(locked) == "SKU and name cannot be changed when converting to a Case Pack."
    assert converted.status_code == 200, converted.get_json()
    item = converted.get_json()
    assert (item["composite_type"], item["sku"], item["name"], item["category"]) == (1, "BOX-SKU", "Box of tents", "Packs")
    assert [(c["upc"], c["quantity"]) for c in item["children"]] == [("TENT", 4)]


def test_only_a_simple_item_without_parents_converts(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT")
    factory.item(acme, upc="STOVE")
    factory.item(acme, upc="BUNDLE", composite_type=2, children=[(tent, 1)])
    body = {"children": [{"upc": "STOVE", "quantity": 2}]}

    part_of_bundle = client.put("/api/v4/items/TENT/convert_to_case_pack", json=body, headers=as_manager)
    bundle = client.put("/api/v4/items/BUNDLE/convert_to_case_pack", json=body, headers=as_manager)

    message = "Only a simple item that is not part of a case pack or bundle can be converted to a Case Pack."
    assert invalid(part_of_bundle) == message and invalid(bundle) == message
    assert db.session.get(ItemType, tent.id).composite_type == 0


def test_convert_needs_a_child_that_is_not_the_item(client, factory, acme, as_manager):
    factory.item(acme, upc="BOX")

    assert invalid(client.put("/api/v4/items/BOX/convert_to_case_pack", json={"children": []}, headers=as_manager)) == "Case Pack must have a child item."
    assert invalid(client.put("/api/v4/items/BOX/convert_to_case_pack", json={"children": [{"upc": "BOX", "quantity": 2}]}, headers=as_manager)) == (
        "Child item cannot be the same as the parent.")


def test_read_only_users_cannot_convert(client, factory, acme, as_viewer):
    factory.item(acme, upc="BOX")
    factory.item(acme, upc="TENT")

    assert_error(client.put("/api/v4/items/BOX/convert_to_case_pack", json={"children": [{"upc": "TENT", "quantity": 2}]}, headers=as_viewer), 403)


# --- virtual bundles -----------------------------------------------------------------------------

def bundle(children, **fields):
    return {"upc": "KIT-1", "sku": "KIT-SKU", "name": "Camp kit", **fields, "children": children}


def test_bundle_ignores_a_repeated_child(client, factory, acme, as_manager):
    factory.item(acme, upc="TENT", name="Tent")
    factory.item(acme, upc="STOVE", name="Stove")

    response = client.post("/api/v4/virtual_bundles", json=bundle([
        {"upc": "TENT", "quantity": 1}, {"upc": "STOVE", "quantity": 2}, {"upc": "TENT", "quantity": 5},
    ]), headers=as_manager)

    assert response.status_code == 201, response.get_json()
    item = response.get_json()
    assert (item["composite_type"], item["composite_type_name"]) == (2, "BUNDLE")
    assert [(c["upc"], c["quantity"]) for c in item["children"]] == [("TENT", 1), ("STOVE", 2)]


@pytest.mark.parametrize("children, message", [
    ([], "Virtual Bundle must have at least one child item."),
    ([{"upc": "NOPE", "quantity": 1}], "Item not found."),
    ([{"upc": "KIT-1", "quantity": 1}], "Child item cannot be the same as the parent."),
])
def test_bundle_rules(client, factory, acme, as_manager, children, message):
    assert invalid(client.post("/api/v4/virtual_bundles", json=bundle(children), headers=as_manager)) == message


def stock(item, location, unbound, reserved=0, bound=0):
    db.session.add(InventoryLevel(client_id=item.client_id, item_type_id=item.id, location=location, unbound=unbound, reserved=reserved, bound=bound))
    db.session.commit()


def test_bundle_availability_is_what_its_children_build(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT", name="Tent")
    stove = factory.item(acme, upc="STOVE", name="Stove")
    factory.item(acme, upc="KIT-1", name="Kit", composite_type=2, children=[(tent, 1), (stove, 2)])
    stock(tent, "CA01", 10, reserved=4)
    stock(stove, "CA01", 7, bound=3)
    stock(tent, "NJ01", 1)
    stock(stove, "NJ01", 100)

    rows = {row["location"]: row for row in client.get("/api/v4/items/KIT-1", headers=as_manager).get_json()["inventory"]}

    assert (rows["CA01"]["available"], rows["CA01"]["limiting_child"]) == (3, {"upc": "STOVE", "name": "Stove"})
    assert (rows["NJ01"]["available"], rows["NJ01"]["limiting_child"]) == (1, {"upc": "TENT", "name": "Tent"})
    assert rows["TX01"]["available"] == 0 and rows["TX01"]["limiting_child"]["upc"] == "TENT"
    assert all(row["unbound"] == row["reserved"] == row["bound"] == 0 for row in rows.values())


def test_simple_item_inventory_per_location(client, factory, acme, as_manager):
    tent = factory.item(acme, upc="TENT")
    stock(tent, "TX02", 5, reserved=2, bound=1)

    rows = {row["location"]: row for row in client.get("/api/v4/items/TENT", headers=as_manager).get_json()["inventory"]}

    assert rows["TX02"] == {"location": "TX02", "unbound": 5, "reserved": 2, "bound": 1, "available": 5, "limiting_child": None}
    assert rows["CA01"]["available"] == 0


def test_open_asns_show_only_this_items_outstanding_lines(client, factory, acme, globex, as_manager):
    tent = factory.item(acme, upc="TENT")
    stove = factory.item(acme, upc="STOVE")
    open_asn = Asn(client_id=acme.id, warehouse_id="CA01", external_id="ASN-1", created_by="x")
    shipment = ExpectedInboundShipment(tracking_id="1Z")
    shipment.expected_inbound_shipment_items = [
        ExpectedInboundShipmentItem(item_type_id=tent.id, quantity=10, received_quantity=4),
        ExpectedInboundShipmentItem(item_type_id=stove.id, quantity=3, received_quantity=0),
    ]
    open_asn.expected_inbound_shipments = [shipment]
    done = Asn(client_id=acme.id, warehouse_id="CA01", external_id="ASN-2", created_by="x")
    done_shipment = ExpectedInboundShipment()
    done_shipment.expected_inbound_shipment_items = [ExpectedInboundShipmentItem(item_type_id=tent.id, quantity=5, received_quantity=5)]
    done.expected_inbound_shipments = [done_shipment]
    db.session.add_all([open_asn, done])
    db.session.commit()

    asns = client.get("/api/v4/items/TENT?openAsns=true&openShipments=true", headers=as_manager).get_json()
    without = client.get("/api/v4/items/TENT", headers=as_manager).get_json()

    assert [asn["external_id"] for asn in asns["open_asns"]] == ["ASN-1"]
    [line] = asns["open_asns"][0]["expected_inbound_shipments"][0]["expected_inbound_shipment_items"]
    assert (line["upc"], line["quantity"], line["received_quantity"]) == ("TENT", 10, 4)
    assert asns["open_shipments"] == [] and without["open_asns"] == []
