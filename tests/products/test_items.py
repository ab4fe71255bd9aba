"""Items through the API: create, read, update, list and search, admin-only fields, tenancy."""
import pytest

from api.audit.models import RequestLog
from api.extensions import db
from api.warehouses.locations import LOCATIONS
from api.common.errors import field_label
from api.products.models import ItemType
from tests.api.helpers import assert_error


def new_item(**fields):
    return {"upc": "000111222333", "sku": "TENT-1", "name": "Trail Tent", **fields}


def test_create_item_answers_the_full_item_as_simple(client, as_manager):
    response = client.post("/api/v4/items", json=new_item(cost=12.5, value="20.00", composite_type=3, category="Tents"), headers=as_manager)

    assert response.status_code == 201, response.get_json()
    item = response.get_json()
    assert (item["upc"], item["sku"], item["name"], item["category"]) == ("000111222333", "TENT-1", "Trail Tent", "Tents")
    assert (item["composite_type"], item["composite_type_name"]) == (0, "SIMPLE")
    assert item["cost"] == 12.5 and item["value"] == 20.0 and item["weight"] is None
    assert [row["location"] for row in item["inventory"]] == list(LOCATIONS)
    assert all(row["unbound"] == row["reserved"] == row["bound"] == row["available"] == 0 for row in item["inventory"])
    assert item["children"] == [] and item["composite_parents"] == [] and item["open_asns"] == [] and item["open_shipments"] == []


@pytest.mark.parametrize("missing", ["upc", "sku", "name"])
def test_upc_sku_and_name_are_required(client, as_manager, missing):
    body = new_item()
    del body[missing]

    body_error = assert_error(client.post("/api/v4/items", json=body, headers=as_manager), 422, "validation_error")

    assert body_error["description"] == f"{field_label(missing)}: Missing data for required field."


@pytest.mark.parametrize("field, value, message", [
    ("cost", 0, "cost must be at least 0.01."),
    ("value", -5, "value must be at least 0.01."),
    ("cost", "1.234", "cost must have at most 2 decimal places."),
    ("weight", "abc", "Not a valid number."),
    ("customs_origin", "USA", "customs_origin must be at most 2 characters."),
    ("name", "   ", "name is required."),
])
def test_field_rules(client, as_manager, field, value, message):
    body = assert_error(client.post("/api/v4/items", json=new_item(**{field: value}), headers=as_manager), 422, "validation_error")

    assert message in body["description"]
    assert db.session.scalars(db.select(ItemType)).first() is None


def test_upc_and_sku_are_unique_per_client(client, factory, acme, globex, as_manager):
    factory.item(acme, upc="U1", sku="S1")
    factory.item(globex, upc="U2", sku="S2")

    upc = assert_error(client.post("/api/v4/items", json=new_item(upc="U1", sku="S9"), headers=as_manager), 409, "duplicate_upc")
    sku = assert_error(client.post("/api/v4/items", json=new_item(upc="U9", sku="S1"), headers=as_manager), 409, "duplicate_sku")
    other_client = client.post("/api/v4/items", json=new_item(upc="U2", sku="S2"), headers=as_manager)

    assert upc["description"] == "An item with UPC 'U1' already exists."
    assert sku["description"] == "An item with SKU 'S1' already exists."
    assert other_client.status_code == 201


def test_another_clients_item_is_not_found(client, factory, globex, as_manager):
    factory.item(globex, upc="GLOBEX-1")

    body = assert_error(client.get("/api/v4/items/GLOBEX-1", headers=as_manager), 404)
    assert_error(client.put("/api/v4/items/GLOBEX-1", json={"name": "Mine"}, headers=as_manager), 404)

    assert body["description"] == "Item not found."
    assert db.session.scalars(db.select(ItemType.name)).one() != "Mine"


def test_update_keeps_absent_fields_and_refuses_a_new_upc(client, factory, acme, as_manager):
    factory.item(acme, upc="U1", sku="S1", name="Old", category="Tents", cost=5)

    updated = client.put("/api/v4/items/U1", json={"name": "New", "category": ""}, headers=as_manager)
    upc = assert_error(client.put("/api/v4/items/U1", json={"upc": "U2"}, headers=as_manager), 422, "invalid_item")

    assert updated.status_code == 200
    assert (updated.get_json()["name"], updated.get_json()["category"], updated.get_json()["cost"]) == ("New", None, 5.0)
    assert upc["description"] == "UPC cannot be changed."


def test_update_to_another_items_sku_is_a_conflict(client, factory, acme, as_manager):
    factory.item(acme, upc="U1", sku="S1")
    factory.item(acme, upc="U2", sku="S2")

    assert_error(client.put("/api/v4/items/U2", json={"sku": "S1"}, headers=as_manager), 409, "duplicate_sku")


def test_read_only_users_write_nothing(client, as_viewer, factory, acme):
    factory.item(acme, upc="U1", name="Kept")

    assert_error(client.post("/api/v4/items", json=new_item(), headers=as_viewer), 403)
    assert_error(client.put("/api/v4/items/U1", json={"name": "Changed"}, headers=as_viewer), 403)
    assert client.get("/api/v4/items/U1", headers=as_viewer).status_code == 200

    assert db.session.scalars(db.select(ItemType.name)).all() == ["Kept"]


ADMIN_ONLY_ON_CREATE = {"ships_in_own_container": True, "is_package": True}
ADMIN_ONLY_AFTER_CREATE = {"short_name": "Tent", "length": 10, "width": 5, "height": 2, "weight": 1.5, "requires_expiration": True}


@pytest.mark.parametrize("who", ["as_manager", "as_custom"])
def test_clients_may_not_set_admin_only_fields(client, request, who):
    headers = request.getfixturevalue(who)

    body = assert_error(client.post("/api/v4/items", json=new_item(**ADMIN_ONLY_ON_CREATE), headers=headers), 403, "admin_only_field")

    assert body["description"] == "Only provider staff may set: ships_in_own_container, is_package."
    assert db.session.scalars(db.select(ItemType)).first() is None


@pytest.mark.parametrize("who", ["as_manager", "as_custom"])
def test_clients_set_dimensions_only_when_creating(client, request, who):
    headers = request.getfixturevalue(who)

    created = client.post("/api/v4/items", json=new_item(**ADMIN_ONLY_AFTER_CREATE), headers=headers)
    unchanged = client.put("/api/v4/items/000111222333", json={**ADMIN_ONLY_AFTER_CREATE, "name": "Renamed"}, headers=headers)
    changed = client.put("/api/v4/items/000111222333", json={"weight": 2, "short_name": "Other"}, headers=headers)

    assert created.status_code == 201 and created.get_json()["weight"] == 1.5
    assert unchanged.status_code == 200 and unchanged.get_json()["name"] == "Renamed"
    body = assert_error(changed, 403, "admin_only_field")
    assert body["description"] == "Only provider staff may set: short_name, weight."


def test_admins_set_every_field(client, as_admin, factory, acme):
    created = client.post("/api/v4/items", json=new_item(**ADMIN_ONLY_ON_CREATE, **ADMIN_ONLY_AFTER_CREATE), headers=as_admin)
    updated = client.put("/api/v4/items/000111222333", json={"weight": 3, "is_package": False}, headers=as_admin)

    assert created.status_code == 201 and created.get_json()["ships_in_own_container"] is True
    assert updated.status_code == 200 and (updated.get_json()["weight"], updated.get_json()["is_package"]) == (3.0, False)


def test_writes_are_in_the_items_request_log(client, as_manager):
    client.post("/api/v4/items", json=new_item(), headers=as_manager)
    client.put("/api/v4/items/000111222333", json={"name": "Renamed"}, headers=as_manager)

    logs = client.get("/api/v4/logs/requests/item_type/000111222333", headers=as_manager).get_json()["requests"]

    assert sorted(log["http_method"] for log in logs) == ["POST", "PUT"]
    assert db.session.scalars(db.select(RequestLog.object_type).where(RequestLog.http_method == "POST")).all() == ["item_type"]


# --- list ----------------------------------------------------------------------------------------

def names(response):
    assert response.status_code == 200, response.get_json()
    return [row["name"] for row in response.get_json()["items"]]


def test_list_is_ordered_by_name_and_pages_with_a_cursor(client, factory, acme, globex, as_manager):
    for name in ["Delta", "alpha", "Charlie", "Bravo", "Alpha"]:
        factory.item(acme, name=name)
    factory.item(globex, name="Aardvark")

    first = client.get("/api/v4/items?limit=2", headers=as_manager)
    second = client.get(f"/api/v4/items?limit=2&cursor={first.get_json()['cursor']}", headers=as_manager)
    third = client.get(f"/api/v4/items?limit=2&cursor={second.get_json()['cursor']}", headers=as_manager)

    seen = names(first) + names(second) + names(third)
    assert sorted(seen) == sorted(["Delta", "alpha", "Charlie", "Bravo", "Alpha"]) and len(seen) == 5
    assert third.get_json()["cursor"] is None
    assert set(first.get_json()["items"][0]) == {"id", "upc", "sku", "name", "category", "composite_type", "composite_type_name"}


def test_search_finds_a_name_holding_the_term_or_a_sku_or_upc_starting_with_it(client, factory, acme, globex, as_manager):
    factory.item(acme, name="Blue Trail Tent", sku="BT-1", upc="111")
    factory.item(acme, name="Sleeping Bag", sku="sb-trail", upc="222")
    factory.item(acme, name="Stove", sku="ST-1", upc="999TRAIL")
    factory.item(acme, name="Lantern", sku="TRAIL-9", upc="333")
    factory.item(globex, name="Trail Mix", sku="TM", upc="444")

    assert names(client.get("/api/v4/items?searchTerm=TRAIL", headers=as_manager)) == ["Blue Trail Tent", "Lantern"]
    assert names(client.get("/api/v4/items?searchTerm=SB-T", headers=as_manager)) == ["Sleeping Bag"]
    assert names(client.get("/api/v4/items?searchTerm=999tr", headers=as_manager)) == ["Stove"]
    assert names(client.get("/api/v4/items?searchTerm=%25", headers=as_manager)) == []


def test_a_term_of_several_words_finds_them_together_and_in_order(client, factory, acme, as_manager):
    for name in ["Summit Ridge Tent", "Summit  Ridge Mug", "Ridge Summit Pack", "SummitRidge Stove",
                 "Summit-Ridge Lamp", "Green Summit Ridge", "Summit Trail Ridge"]:
        factory.item(acme, name=name)

    assert names(client.get("/api/v4/items?searchTerm=summit%20ridge", headers=as_manager)) == [
        "Green Summit Ridge", "Summit Ridge Tent",
    ]
    assert names(client.get("/api/v4/items?searchTerm=mit-Rid", headers=as_manager)) == ["Summit-Ridge Lamp"]


@pytest.mark.parametrize("narrow_prefix, prefix_walk", [(5000, 5000), (3, 5000), (3, 2)], ids=[
    "few prefix matches, sorted", "many, found walking the names", "many, sorted when the walk finds too few",
])
def test_search_pages_through_the_union_of_its_matches(client, factory, acme, as_manager, monkeypatch, narrow_prefix, prefix_walk):
    from api.products import search

    monkeypatch.setattr(search, "NARROW_PREFIX", narrow_prefix)
    monkeypatch.setattr(search, "PREFIX_WALK", prefix_walk)
    for n in range(7):
        factory.item(acme, name=f"Pole {n}", sku=f"P-{n}")
        factory.item(acme, name=f"Alpha {n}", sku=f"POLE-{n}")

    pages, cursor = [], ""
    while cursor is not None:
        body = client.get(f"/api/v4/items?searchTerm=pole&limit=3&cursor={cursor}", headers=as_manager).get_json()
        pages.append([row["name"] for row in body["items"]])
        cursor = body["cursor"]

    assert [name for page in pages for name in page] == [f"Alpha {n}" for n in range(7)] + [f"Pole {n}" for n in range(7)]
    assert all(len(page) == 3 for page in pages[:-1])


def test_list_filters_by_composite_types_and_variant(client, factory, acme, as_manager):
    child = factory.item(acme, name="Child", shopify_variant_id="777")
    factory.item(acme, name="Pack", composite_type=1, children=[(child, 6)])
    factory.item(acme, name="Bundle", composite_type=2, children=[(child, 1)])
    factory.item(acme, name="Set", composite_type=6, children=[(child, 1)])

    assert names(client.get("/api/v4/items?compositeType=1", headers=as_manager)) == ["Pack"]
    assert names(client.get("/api/v4/items?compositeType=2,6", headers=as_manager)) == ["Bundle", "Set"]
    assert names(client.get("/api/v4/items?shopifyVariantId=777", headers=as_manager)) == ["Child"]
    assert_error(client.get("/api/v4/items?compositeType=9", headers=as_manager), 422)


def test_a_picker_asks_for_each_items_free_stock_per_warehouse_and_the_list_does_not(client, factory, acme, as_manager):
    from api.extensions import db
    from tests.stock import add_stock

    tent = factory.item(acme, name="Trail Tent", upc="TR100")
    factory.item(acme, name="Trail Pack", upc="TR200", composite_type=2, children=[(tent, 2)])
    add_stock(tent, "NJ01", unbound=7, reserved=2, reason="receipt", reference="test", actor="test")
    add_stock(tent, "CA01", unbound=1, bound=4, reason="receipt", reference="test", actor="test")
    db.session.commit()

    picked = client.get("/api/v4/items?searchTerm=trail&availability=true", headers=as_manager).get_json()["items"]
    listed = client.get("/api/v4/items?searchTerm=trail", headers=as_manager).get_json()["items"]

    free = {row["upc"]: {entry["location"]: entry["available"] for entry in row["availability"] if entry["available"]}
            for row in picked}
    assert free == {"TR100": {"NJ01": 7, "CA01": 1}, "TR200": {"NJ01": 3}}
    assert set(picked[0]["availability"][0]) == {"location", "available"}
    assert all("availability" not in row for row in listed)


def test_search_keeps_to_the_composite_types_asked_for(client, factory, acme, as_manager):
    child = factory.item(acme, name="Trail Tent", sku="TR-1", upc="TR100")
    factory.item(acme, name="Trail Tent Pack", sku="TR-2", upc="TR200", composite_type=1, children=[(child, 2)])
    factory.item(acme, name="Lamp", sku="TR-3", upc="300", composite_type=1, children=[(child, 3)])

    assert names(client.get("/api/v4/items?searchTerm=tr&compositeType=1", headers=as_manager)) == ["Lamp", "Trail Tent Pack"]
    assert names(client.get("/api/v4/items?searchTerm=tr&compositeType=0", headers=as_manager)) == ["Trail Tent"]


def test_a_upc_taken_between_the_check_and_the_save_is_a_conflict_not_a_server_error(client, monkeypatch, as_manager):
    from api.products import service

    assert client.post("/api/v4/items", json={"upc": "RACE", "sku": "RACE-1", "name": "First"}, headers=as_manager).status_code == 201
    monkeypatch.setattr(service, "_check_unique", lambda *args, **kwargs: None)  # the other request's check passed first

    answer = client.post("/api/v4/items", json={"upc": "RACE", "sku": "RACE-2", "name": "Second"}, headers=as_manager)

    assert_error(answer, 409, "duplicate_item")
    assert [item.name for item in db.session.scalars(db.select(ItemType).filter_by(upc="RACE"))] == ["First"]
