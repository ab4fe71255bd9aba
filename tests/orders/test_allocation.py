"""The allocation engine: the warehouse chosen for optimal, the fill types, waiting shipments taking
stock as it arrives (oldest request first), releasing on cancel; the ledger explains every unit."""
from sqlalchemy import func, select

from api.extensions import db
from api.inventory.models import InventoryLevel, InventoryMovement
from api.orders import allocation
from api.orders.models import Shipment
from tests.orders.test_fulfillment_requests import BROOKLYN, URL, new_request

LOS_ANGELES = {**BROOKLYN, "address_1": "200 N Spring St", "city": "Los Angeles", "state": "CA", "postal_code": "90012"}
CHICAGO = {**BROOKLYN, "address_1": "121 N LaSalle St", "city": "Chicago", "state": "IL", "postal_code": "60602"}


def create(client, headers, **fields):
    response = client.post(URL, headers=headers, json=new_request(**fields))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def level(item, location):
    db.session.expire_all()
    row = db.session.scalars(select(InventoryLevel).filter_by(item_type_id=item.id, location=location)).first()
    return (row.unbound, row.bound) if row else (0, 0)


def shipments_of(body):
    return [(s["warehouse_id"], s["status"], s["inventory_allocated"], [(l["upc"], l["quantity_desired"]) for l in s["lines"]])
            for s in body["shipments"]]


def test_optimal_picks_the_nearest_warehouse_that_can_ship_everything(client, manager, catalogue, stock):
    stock(catalogue["tent"], CA01=2, CA02=2, NJ01=2, IL01=2)

    west = create(client, manager, reference="W", to_address=LOS_ANGELES)
    east = create(client, manager, reference="E")
    middle = create(client, manager, reference="M", to_address=CHICAGO)
    big = create(client, manager, reference="B", items=[("TENT", 2)])  # only CA02 still holds 2: far, but whole

    assert (west["warehouse_id"], east["warehouse_id"], middle["warehouse_id"], big["warehouse_id"]) == (
        "CA01", "NJ01", "IL01", "CA02")


def test_optimal_without_a_whole_warehouse_takes_the_one_shipping_most(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1, TX01=3)

    body = create(client, manager, items=[("TENT", 4)])

    assert shipments_of(body) == [("TX01", "ready_to_process", True, [("TENT", 3)]),
                                  ("TX01", "validating", False, [("TENT", 1)])]


def test_fill_types(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=2)
    stock(catalogue["stove"], NJ01=1)
    items = [("TENT", 1), ("STOVE", 3)]

    complete = create(client, manager, reference="C", fill_type="complete", warehouse_id="NJ01", items=items)
    kill = create(client, manager, reference="K", fill_type="kill", warehouse_id="NJ01", items=items)
    partial_kill = create(client, manager, reference="PK", fill_type="partial_kill", warehouse_id="NJ01", items=items)

    assert shipments_of(complete) == [("NJ01", "validating", False, [("TENT", 1), ("STOVE", 3)])]
    assert shipments_of(kill) == [("NJ01", "canceled", False, [("TENT", 1), ("STOVE", 3)])]
    assert shipments_of(partial_kill) == [("NJ01", "ready_to_process", True, [("TENT", 1), ("STOVE", 1)]),
                                          ("NJ01", "canceled", False, [("STOVE", 2)])]
    assert level(catalogue["tent"], "NJ01") == (1, 1) and level(catalogue["stove"], "NJ01") == (0, 1)


def test_ship_together_keeps_one_shipment(client, manager, catalogue, stock):
    stock(catalogue["tent"], TX01=1)

    body = create(client, manager, items=[("TENT", 2)], ship_together=True, fill_type="complete", warehouse_id="TX01")

    assert shipments_of(body) == [("TX01", "validating", False, [("TENT", 2)])]


def test_waiting_shipments_take_arriving_stock_oldest_request_first(client, manager, catalogue, stock, acme):
    older = create(client, manager, reference="OLD", warehouse_id="NJ01", fill_type="complete", items=[("TENT", 2)])
    newer = create(client, manager, reference="NEW", warehouse_id="NJ01", fill_type="complete", items=[("TENT", 1)])
    stock(catalogue["tent"], NJ01=2)

    assert allocation.allocate_waiting(acme.id, "test") == 1
    db.session.commit()
    assert allocation.allocate_waiting(acme.id, "test") == 0  # the newer one waits: nothing is left

    statuses = {body["fulfillment_request_id"]: client.get(f"{URL}/{body['id']}", headers=manager).get_json()["shipments"][0]
                for body in (older, newer)}
    assert (statuses["OLD"]["status"], statuses["OLD"]["inventory_allocated"]) == ("ready_to_process", True)
    assert statuses["NEW"]["inventory_allocated"] is False
    assert level(catalogue["tent"], "NJ01") == (0, 2)


def test_a_cancelled_shipment_gives_its_units_back_to_the_next_in_line(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    first = create(client, manager, reference="FIRST", warehouse_id="NJ01", items=[("TENT", 1)])
    second = create(client, manager, reference="SECOND", warehouse_id="NJ01", fill_type="complete", items=[("TENT", 1)])

    cancel = client.post(f"/api/v4/shipments/{first['shipments'][0]['id']}/cancel", headers=manager)

    assert cancel.status_code == 200, cancel.get_json()
    db.session.expire_all()
    shipment = db.session.get(Shipment, second["shipments"][0]["id"])
    assert (shipment.inventory_allocated, shipment.status) == (True, "ready_to_process")
    assert level(catalogue["tent"], "NJ01") == (0, 1)


def test_the_ledger_explains_every_bound_unit(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=3, TX01=2)
    stock(catalogue["stove"], NJ01=4)
    for n, items in enumerate([[("TENT", 2)], [("CAMP-SET", 1)], [("TENT", 3), ("STOVE", 1)]]):
        create(client, manager, reference=f"R{n}", items=items)

    db.session.expire_all()
    for row in db.session.scalars(select(InventoryLevel)):
        moved = db.session.execute(select(func.sum(InventoryMovement.unbound_delta), func.sum(InventoryMovement.bound_delta))
                                   .filter_by(item_type_id=row.item_type_id, location=row.location)).one()
        assert (row.unbound, row.bound) == tuple(moved)
        assert row.unbound >= 0 and row.bound >= 0


def test_the_sweep_task_allocates_waiting_shipments_of_every_client(client, factory, manager, catalogue, stock, globex):
    from api.orders.tasks import allocate_waiting_shipments

    globex_tent = factory.item(globex, upc="TENT")
    waiting = create(client, manager, warehouse_id="NJ01", fill_type="complete")
    client.post(URL, headers=factory.headers(factory.user("client", globex)), json=new_request(warehouse_id="NJ01"))
    stock(catalogue["tent"], NJ01=1)
    stock(globex_tent, NJ01=1)

    assert allocate_waiting_shipments.delay().get() == 2
    assert allocate_waiting_shipments.delay().get() == 0
    assert db.session.get(Shipment, waiting["shipments"][0]["id"]).inventory_allocated is True


def test_a_received_asn_allocates_the_shipments_waiting_for_it(client, factory, manager, catalogue, acme):
    waiting = create(client, manager, warehouse_id="NJ01", fill_type="complete", items=[("TENT", 2)])
    lines = [{"Warehouse ID": "NJ01", "ASN ID": "PO-1", "UPC": "TENT", "Quantity": "2"}]
    assert client.post("/api/v2/inbound/client_upload", json={"lines": lines}, headers=manager).status_code == 202
    asn_id = client.get("/api/v4/asns", headers=manager).get_json()["asns"][0]["id"]
    staff = factory.headers(factory.user("admin"), acme)

    assert client.post(f"/api/v4/asns/{asn_id}/receive", headers=staff).status_code == 200

    shipment = client.get(f"{URL}/{waiting['id']}", headers=manager).get_json()["shipments"][0]
    assert (shipment["status"], shipment["inventory_allocated"]) == ("ready_to_process", True)
    assert level(catalogue["tent"], "NJ01") == (0, 2)


def test_units_freed_from_a_reservation_go_to_the_waiting_shipments(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=3)
    reserve = {"locations": [{"location": "NJ01", "reserved": 3}]}
    assert client.put("/api/v4/inventory/TENT", json=reserve, headers=manager).status_code == 200
    waiting = create(client, manager, warehouse_id="NJ01", fill_type="complete", items=[("TENT", 2)])
    assert waiting["shipments"][0]["inventory_allocated"] is False

    release = {"locations": [{"location": "NJ01", "reserved": 1}]}
    assert client.put("/api/v4/inventory/TENT", json=release, headers=manager).status_code == 200

    shipment = client.get(f"{URL}/{waiting['id']}", headers=manager).get_json()["shipments"][0]
    assert shipment["inventory_allocated"] is True
    assert level(catalogue["tent"], "NJ01") == (0, 2)


def test_waiting_shipments_beyond_one_batch_are_allocated_in_request_order(client, manager, catalogue, stock, acme):
    waiting = [create(client, manager, reference=f"W{n}", warehouse_id="NJ01", fill_type="complete")
               for n in range(5)]
    stock(catalogue["tent"], NJ01=4)

    assert allocation.allocate_waiting(acme.id, "test", batch=2) == 4
    db.session.commit()

    allocated = [db.session.get(Shipment, body["shipments"][0]["id"]).inventory_allocated for body in waiting]
    assert allocated == [True, True, True, True, False]


def test_a_batch_placed_together_allocates_in_its_order_against_stock_read_once(app, acme, catalogue, stock):
    """A bulk chunk: the earlier request takes the free units first; a bundle's child and a line of the
    same item draw on one level; the ledger explains every unit bound."""
    from api.inventory.service import ledger_drift
    from api.orders.placement import add_requests
    from api.orders.rules import check_requests
    from api.orders.schemas import RequestWrite

    stock(catalogue["tent"], NJ01=3)
    stock(catalogue["stove"], NJ01=2)
    batch = [RequestWrite().load(new_request(reference, items, warehouse_id="NJ01", fill_type=fill_type))
             for reference, items, fill_type in (
                 ("FIRST", [("CAMP-SET", 1), ("TENT", 1)], "partial"),  # tents 1 + 1, stoves 2: all there
                 ("SECOND", [("TENT", 2)], "partial"),  # one tent left: 1 now, 1 waits
                 ("THIRD", [("STOVE", 1)], "kill"))]  # no stove left: cancelled whole

    checked = check_requests(acme.id, batch)
    stored = add_requests(acme.id, "bulk.test", checked)
    db.session.commit()

    assert sorted(stored) == ["FIRST", "SECOND", "THIRD"] and stored["FIRST"] < stored["SECOND"] < stored["THIRD"]
    placed = {reference: sorted((s.status, s.inventory_allocated, sorted((l.item_type.upc, l.quantity_desired) for l in s.lines))
                                for s in db.session.scalars(select(Shipment).filter_by(request_id=request_id)))
              for reference, request_id in stored.items()}
    assert placed == {
        "FIRST": [("ready_to_process", True, [("STOVE", 2), ("TENT", 1), ("TENT", 1)])],
        "SECOND": [("ready_to_process", True, [("TENT", 1)]), ("validating", False, [("TENT", 1)])],
        "THIRD": [("canceled", False, [("STOVE", 1)])],
    }
    assert level(catalogue["tent"], "NJ01") == (0, 3) and level(catalogue["stove"], "NJ01") == (0, 2)
    assert ledger_drift() == []


def test_a_request_id_taken_since_the_check_is_left_out_of_the_batch_and_nothing_of_it_is_written(
        client, manager, acme, catalogue, stock):
    from api.orders.placement import add_requests
    from api.orders.rules import check_requests
    from api.orders.schemas import RequestWrite

    stock(catalogue["tent"], NJ01=1)
    checked = check_requests(acme.id, [RequestWrite().load(new_request(reference, warehouse_id="NJ01"))
                                       for reference in ("TAKEN", "FREE")])
    create(client, manager, reference="TAKEN", items=[("STOVE", 1)])  # after the check: waits for stock

    stored = add_requests(acme.id, "bulk.test", checked)
    db.session.commit()

    assert list(stored) == ["FREE"]
    [free] = db.session.scalars(select(Shipment).filter_by(request_id=stored["FREE"])).all()
    assert free.inventory_allocated  # the unit the taken request would have had goes to the next
    assert db.session.scalar(select(func.count()).select_from(Shipment)) == 2


def abroad(reference, **address):
    """A new request of one tent to ``address`` outside the US (its customs value given)."""
    place = {"name": "Sam Roy", "address_1": "100 Main St", **address}
    return {
        "fulfillment_request_id": reference, "to_address": place,
        "sets": [{"items": [{"upc": "TENT", "quantity": 1, "customs_value": "120.00"}]}]}


def test_optimal_abroad_measures_from_the_city_or_else_the_capital(client, manager, catalogue, stock):
    stock(catalogue["tent"], CA01=4, NJ01=4, BC01=4, TX02=4)
    destinations = {
        "TORONTO": abroad("TORONTO", city="Toronto", state="ON", postal_code="M5H 2N2", country="CA", phone="+1 416 555 0100"),
        "VANCOUVER": abroad("VANCOUVER", city="Vancouver", state="BC", postal_code="V6B 1A1", country="CA",
                            phone="+1 604 555 0100"),
        "MONTERREY": abroad("MONTERREY", city="Monterrey", state="NLE", postal_code="64000", country="MX",
                            phone="+52 81 1234 5678"),
        # Not among the cities of 15,000 people: measured from Berlin.
        "KLEINORT": abroad("KLEINORT", city="Kleinort", state="BY", postal_code="80331", country="DE",
                           phone="+49 89 1234567"),
    }

    chosen = {}
    for reference, payload in destinations.items():
        response = client.post(URL, headers=manager, json=payload)
        assert response.status_code == 201, response.get_json()
        chosen[reference] = response.get_json()["warehouse_id"]

    assert chosen == {"TORONTO": "NJ01", "VANCOUVER": "BC01", "MONTERREY": "TX02", "KLEINORT": "NJ01"}
