"""A request's breadcrumb log: each business event in words, with who did it, for admins only."""
from api.extensions import db
from api.orders import allocation
from tests.api.helpers import assert_error
from tests.orders.test_fulfillment_requests import BROOKLYN, URL, new_request


def breadcrumbs(client, headers, request_id):
    answer = client.get(f"/api/v4/logs/breadcrumbs/fulfillment_request/{request_id}", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return [(crumb["message"], crumb["username"]) for crumb in reversed(answer.get_json()["breadcrumbs"])]


def test_every_event_of_a_request_is_told_in_its_breadcrumbs(client, factory, acme, manager, catalogue, stock, profiles):
    admin = factory.headers(factory.user("admin", None, username="ops.admin"), acme)
    username = client.get("/api/v4/me", headers=manager).get_json()["username"]
    stock(catalogue["tent"], NJ01=1)
    created = client.post(URL, headers=manager, json=new_request(
        items=[("TENT", 2)], to_address={**BROOKLYN, "city": "Albany"}, ship_profile_id=profiles["LTL"])).get_json()
    first, rest = (shipment["id"] for shipment in created["shipments"])
    request_id, set_id = created["id"], created["sets"][0]["id"]

    stock(catalogue["tent"], NJ01=1)
    allocation.allocate_waiting(acme.id, "allocation-sweep")
    db.session.commit()
    client.put(f"{URL}/{request_id}", headers=manager, json={"fill_type": "complete", "reference1": "PO 7"})
    client.put(f"{URL}/{request_id}", headers=manager, json={"fill_type": "complete"})  # no change: no breadcrumb
    client.put(f"{URL}/{request_id}/sets/{set_id}", headers=manager, json={"type": "gift_note", "gift_note": "Enjoy"})
    client.put(f"{URL}/{request_id}/to_address", headers=manager, json=BROOKLYN)
    client.put(f"{URL}/{request_id}/approve", headers=admin)

    assert breadcrumbs(client, admin, request_id) == [
        ("Created; address invalid: City 'ALBANY' is not served by Postal Code 11201 (Brooklyn, NY); "
         f"shipment {first} allocated at NJ01; shipment {rest} waits for stock at NJ01.", username),
        (f"Shipment {rest} allocated at NJ01 as stock arrived.", "allocation-sweep"),
        ("Changed fill_type from 'partial' to 'complete', reference1 from nothing to 'PO 7'.", username),
        (f"Set {set_id}: changed type from 'default_set_type' to 'gift_note', gift_note from nothing to 'Enjoy'.", username),
        ("Address fixed: 75 LIVINGSTON ST, BROOKLYN, NY 11201, US.", username),
        ("Approved.", "ops.admin"),
    ]


def test_a_return_label_and_an_address_stored_unvalidated_are_told(client, factory, acme, manager, catalogue, stock, profiles):
    admin = factory.headers(factory.user("admin", None), acme)
    stock(catalogue["tent"], NJ01=1)
    created = client.post(URL, headers=manager, json=new_request(to_address={**BROOKLYN, "city": "Albany"})).get_json()

    client.put(f"{URL}/{created['id']}/to_address", headers=manager, json={**BROOKLYN, "city": "Downtown"},
               query_string={"skip_validation": "true"})
    label = client.post("/api/v2/request/get_return_label", headers=manager, json={
        "fr_id": created["id"], "ship_profile_id": profiles["UPS"], "ship_method": "UPS_GROUND",
        "length": 10, "width": 8, "height": 4, "weight": 1.5})
    assert label.status_code == 200

    messages = [message for message, _ in breadcrumbs(client, admin, created["id"])]
    tracking = client.get(f"{URL}/{created['id']}", headers=manager).get_json()["return_labels"][0]["tracking_number"]
    assert messages[1:] == [
        "Address stored without validation: 75 LIVINGSTON ST, DOWNTOWN, NY 11201, US "
        "(City 'DOWNTOWN' is not served by Postal Code 11201 (Brooklyn, NY).).",
        f"Return label {tracking} (UPS UPS_GROUND) back to NJ01.",
    ]


def test_clients_do_not_read_the_breadcrumbs(client, manager, catalogue):
    created = client.post(URL, headers=manager, json=new_request()).get_json()

    assert_error(client.get(f"/api/v4/logs/breadcrumbs/fulfillment_request/{created['id']}", headers=manager), 403)
