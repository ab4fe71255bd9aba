"""A shipment's copies of its request's desired ship date and destination, which the dashboards count
(migration 0028's triggers): taken when the shipment is written, however it is written, and changed with
the request's own, however the request is changed."""
from datetime import timedelta

from sqlalchemy import select, text

from api.common.timeutil import utcnow
from api.extensions import db
from api.orders.models import FulfillmentRequest, Shipment
from tests.orders.test_address_fix import WRONG_CITY, invalid_request
from tests.orders.test_fulfillment_requests import BROOKLYN, TORONTO, URL, new_request

COPIES = (Shipment.desired_ship_date, Shipment.to_country, Shipment.to_postal_code, Shipment.to_state)


def abroad(reference="FR-1", quantity=1, **fields):
    return {**new_request(reference, to_address=TORONTO, **fields),
            "sets": [{"items": [{"upc": "TENT", "quantity": quantity, "customs_value": 120}]}]}


def copies_of(request_id):
    """{shipment id: (desired ship date, country, postal code, state)} as stored."""
    db.session.expire_all()
    return {shipment_id: tuple(copies) for shipment_id, *copies in db.session.execute(
        select(Shipment.id, *COPIES).where(Shipment.request_id == request_id))}


def request_values(request_id):
    request = db.session.get(FulfillmentRequest, request_id)
    return request.desired_ship_date, request.to_country, request.to_postal_code, request.to_state


def test_a_placed_requests_shipments_take_its_date_and_destination(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    later = (utcnow() + timedelta(days=3)).date()

    body = client.post(URL, headers=manager, json=abroad(desired_ship_date=later.isoformat(), quantity=2)).get_json()

    copies = copies_of(body["id"])
    assert len(copies) == 2  # one shipment with the stock there is, one waiting for the rest
    assert set(copies.values()) == {(later, "CA", "M5H 2N2", "ON")}


def test_a_changed_date_or_address_reaches_every_shipment_of_the_request(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    created = invalid_request(client, manager)
    later = (utcnow() + timedelta(days=5)).date()

    moved = client.put(f"{URL}/{created['id']}", headers=manager, json={"desired_ship_date": later.isoformat()})
    fixed = client.put(f"{URL}/{created['id']}/to_address", headers=manager,
                       json={**WRONG_CITY, "city": "brooklyn", "postal_code": "11201"})

    assert (moved.status_code, fixed.status_code) == (200, 200), (moved.get_json(), fixed.get_json())
    assert set(copies_of(created["id"]).values()) == {(later, "US", "11201", "NY")} == {request_values(created["id"])}


def test_shipments_written_by_hand_take_the_copies_and_follow_their_request(client, manager, catalogue, acme):
    """What neither the ORM nor a bulk placement wrote (a bench's seed, a fix in SQL) is kept as well."""
    first = client.post(URL, headers=manager, json=new_request("FR-1")).get_json()
    second = client.post(URL, headers=manager, json=abroad("FR-2")).get_json()
    db.session.execute(text("INSERT INTO shipments (client_id, request_id, warehouse_id, status, inventory_allocated, "
                            "created_at, updated_at) VALUES (:client, :request, 'NJ01', 'validating', false, "
                            ":now, :now)"), {"client": acme.id, "request": first["id"], "now": utcnow()})
    db.session.execute(text("UPDATE fulfillment_requests SET to_state = 'NJ', to_postal_code = '07102' WHERE id = :id"),
                       {"id": first["id"]})
    db.session.commit()

    assert len(copies_of(first["id"])) == 2
    assert set(copies_of(first["id"]).values()) == {request_values(first["id"])}
    assert request_values(first["id"])[1:] == ("US", "07102", "NJ")
    assert set(copies_of(second["id"]).values()) == {request_values(second["id"])}

    [moved] = copies_of(second["id"])
    db.session.execute(text("UPDATE shipments SET request_id = :request WHERE id = :id"),
                       {"request": first["id"], "id": moved})
    db.session.commit()
    assert copies_of(first["id"])[moved] == request_values(first["id"])


def test_a_request_change_that_leaves_the_copied_values_alone_writes_no_shipment(client, manager, catalogue, acme):
    created = client.post(URL, headers=manager, json=new_request(to_address=BROOKLYN)).get_json()
    [shipment_id] = copies_of(created["id"])
    db.session.execute(text("UPDATE shipments SET to_state = 'XX' WHERE id = :id"), {"id": shipment_id})
    db.session.execute(text("UPDATE fulfillment_requests SET to_state = to_state, to_name = 'Someone Else' "
                            "WHERE id = :id"), {"id": created["id"]})
    db.session.commit()

    # Unchanged values pass nothing on: the shipment keeps what it was given by hand.
    assert copies_of(created["id"])[shipment_id][3] == "XX"
