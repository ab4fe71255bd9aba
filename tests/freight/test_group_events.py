"""The warehouse's events of a shipment group: processing, then shipped under one master tracking id, each
moving the group through its lifecycle and every live shipment through the shipments' events (history,
tracking, the units leaving the ledger); a repeated event answered as the first time and applied once,
also when two deliveries meet; an event out of the lifecycle or out of time, or one a shipment refuses,
refused with nothing written; another client's group not found; callers without the staff grant and
clients below version 2 refused."""
import threading
from datetime import datetime

import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.freight.models import ShipmentGroupEvent, ShipmentGroupStatusChange
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders.models import Shipment, ShipmentGroup, ShipmentStatusChange
from api.shipments.models import ShipmentEvent
from tests.api.helpers import assert_error
from tests.conftest import BACKEND
from tests.freight.test_group_list import make_group
from tests.orders.test_allocation import level

pytestmark = pytest.mark.backend_sensitive  # locks the group and its shipments, upserts the events

MASTER = "PRO-0048213377"
SHIPPED = {"master_tracking_id": MASTER, "carrier": "Old Dominion",
           "tracking_url": "https://www.odfl.com/trace/?pro=0048213377"}


def url(group_id):
    return f"/api/v4/shipment_groups/{group_id}/events"


def event(event_id, status, at="2026-03-02T10:00:00Z", **fields):
    return {"event_id": event_id, "status": status, "occurred_at": at, **fields}


@pytest.fixture
def staff(factory, acme):
    """A warehouse system's staff token, acting for Acme."""
    return factory.headers(factory.user("admin", username="warehouse.system"), acme)


@pytest.fixture
def ready(client, manager, catalogue, stock, place):
    """A group of two LTL requests to one destination, placed, approved and given its generated bill of lading,
    so ready to process with its two shipments: two tents and a stove bound at NJ01, one tent more free there.
    (group id, [shipment ids])."""
    stock(catalogue["tent"], NJ01=1)
    shipments = [place(reference, items)["shipments"][0]["id"]
                 for reference, items in (("FR-A", [("TENT", 2)]), ("FR-B", [("STOVE", 1)]))]
    [group_id] = {db.session.get(Shipment, shipment_id).shipment_group_id for shipment_id in shipments}
    for call in ("approve", "bol/generate"):
        method = client.put if call == "approve" else client.post
        answer = method(f"/api/v4/shipment_groups/{group_id}/{call}", headers=manager)
        assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "ready_to_process"
    assert level(catalogue["tent"], "NJ01") == (1, 2)
    return group_id, shipments


def post(client, headers, group_id, body, status=200):
    answer = client.post(url(group_id), headers=headers, json=body)
    assert answer.status_code == status, answer.get_json()
    return answer


def written(group_id):
    """What group events may write: the group's row and history, the shipments' rows and history, the
    events recorded and the ledger's rows."""
    db.session.expire_all()
    group = db.session.get(ShipmentGroup, group_id)
    shipments = db.session.scalars(select(Shipment).filter_by(shipment_group_id=group_id).order_by(Shipment.id))
    return ((group.status, group.master_tracking_id, group.shipped_at),
            [(s.status, s.tracking_number, s.master_tracking_id, s.carrier, s.shipped_at) for s in shipments],
            group_history(group_id),
            db.session.scalar(select(func.count()).select_from(ShipmentStatusChange)),
            db.session.scalar(select(func.count()).select_from(ShipmentGroupEvent)),
            db.session.scalar(select(func.count()).select_from(ShipmentEvent)),
            db.session.scalar(select(func.count()).select_from(InventoryMovement)))


def group_history(group_id):
    return [(row.from_status, row.to_status, row.reason, row.actor) for row in db.session.scalars(
        select(ShipmentGroupStatusChange).filter_by(shipment_group_id=group_id).order_by(ShipmentGroupStatusChange.id))]


def test_events_take_a_group_and_its_shipments_to_shipped_under_one_master_tracking_id(
        client, manager, staff, catalogue, ready):
    group_id, shipments = ready

    loading = post(client, staff, group_id, event("G-1", "processing", "2026-03-02T09:00:00Z")).get_json()

    assert loading["status"] == "processing"
    assert {s["id"]: s["status"] for s in loading["shipments"]} == dict.fromkeys(shipments, "processing")
    assert level(catalogue["tent"], "NJ01") == (1, 2)

    answer = post(client, staff, group_id, event("G-2", "shipped", "2026-03-02T16:45:10+02:00", **SHIPPED))

    group = answer.get_json()
    assert (group["status"], group["master_tracking_id"], group["shipped_at"]) == (
        "shipped", MASTER, "2026-03-02T14:45:10")
    assert group == client.get(f"/api/v4/shipment_groups/{group_id}", headers=staff).get_json()
    assert "Idempotent-Replayed" not in answer.headers
    for shipment_id in shipments:
        shipment = client.get(f"/api/v4/shipments/{shipment_id}", headers=manager).get_json()
        assert (shipment["status"], shipment["tracking_number"], shipment["master_tracking_id"], shipment["carrier"],
                shipment["tracking_url"]) == ("shipped", MASTER, MASTER, "Old Dominion", SHIPPED["tracking_url"])
    assert (level(catalogue["tent"], "NJ01"), level(catalogue["stove"], "NJ01")) == ((1, 0), (0, 0))
    shipped = db.session.scalars(select(InventoryMovement).filter_by(reason="shipment").order_by(InventoryMovement.id))
    assert sorted((m.bound_delta, m.reference, m.actor) for m in shipped) == [
        (-2, f"shipment:{shipments[0]}", "warehouse.system"), (-1, f"shipment:{shipments[1]}", "warehouse.system")]
    assert ledger_drift() == []
    assert group_history(group_id)[-2:] == [
        ("ready_to_process", "processing", "Warehouse event G-1", "warehouse.system"),
        ("processing", "shipped", "Warehouse event G-2", "warehouse.system")]
    recorded = db.session.scalars(select(ShipmentEvent.event_id).order_by(ShipmentEvent.event_id)).all()
    assert recorded == sorted(f"{event_id}:{shipment_id}" for event_id in ("G-1", "G-2") for shipment_id in shipments)
    moved = db.session.scalars(select(ShipmentStatusChange.reason).filter_by(
        shipment_id=shipments[0], to_status="shipped")).all()
    assert moved == [f"Warehouse event G-2:{shipments[0]}"]


def test_a_repeated_event_changes_nothing_and_is_answered_as_the_first_time(client, staff, ready):
    group_id, _ = ready
    post(client, staff, group_id, event("G-1", "processing", "2026-03-02T09:00:00Z"))
    first = post(client, staff, group_id, event("G-2", "shipped", **SHIPPED)).get_json()
    before = written(group_id)

    again = post(client, staff, group_id, event("G-2", "shipped", **SHIPPED))

    assert again.get_json() == first and again.headers["Idempotent-Replayed"] == "true"
    assert written(group_id) == before


@pytest.mark.parametrize("reused", ["same group, another status", "another group", "another client's group"])
def test_an_event_id_used_for_another_group_or_status_is_refused(client, factory, staff, acme, ready, reused):
    group_id, _ = ready
    post(client, staff, group_id, event("G-1", "processing"))
    if reused == "same group, another status":
        target, headers, body = group_id, staff, event("G-1", "shipped", "2026-03-02T11:00:00Z", **SHIPPED)
    elif reused == "another group":
        target, headers = make_group(acme, datetime(2026, 3, 2, 9, 0), status="ready_to_process", approved=True), staff
        body = event("G-1", "processing")
    else:
        globex = factory.client("Globex", version=2)
        target = make_group(globex, datetime(2026, 3, 2, 9, 0), status="ready_to_process", approved=True)
        headers, body = factory.headers(factory.user("admin"), globex), event("G-1", "processing")
    before, target_before = written(group_id), written(target)

    refusal = assert_error(client.post(url(target), headers=headers, json=body), 422, "event_id_reused")

    if reused == "another client's group":
        assert refusal["description"] == "Event ID G-1 was already used for another shipment group."
    else:
        assert refusal["description"] == f"Event ID G-1 was already used for shipment group {group_id} (Processing)."
    assert (written(group_id), written(target)) == (before, target_before)


@pytest.mark.parametrize("status, body", [
    ("ready_to_process", event("X-1", "shipped", **SHIPPED)),
    ("validating", event("X-1", "processing")),
    ("shipped", event("X-1", "processing")),
    ("canceled", event("X-1", "processing")),
])
def test_an_event_the_groups_lifecycle_does_not_allow_is_refused_with_nothing_written(
        client, staff, ready, status, body):
    group_id, _ = ready
    db.session.get(ShipmentGroup, group_id).status = status
    db.session.commit()
    before = written(group_id)

    refusal = assert_error(client.post(url(group_id), headers=staff, json=body), 409, "invalid_transition")

    assert f"Shipment group {group_id} cannot go from" in refusal["description"]
    assert written(group_id) == before


def test_an_event_older_than_the_groups_latest_is_refused(client, staff, ready):
    group_id, _ = ready
    post(client, staff, group_id, event("G-1", "processing", "2026-03-02T09:00:00Z"))
    before = written(group_id)

    refusal = assert_error(client.post(url(group_id), headers=staff, json=event(
        "G-2", "shipped", "2026-03-02T08:59:59Z", **SHIPPED)), 409, "event_out_of_order")

    assert refusal["description"] == (f"Event G-2 happened at 2026-03-02T08:59:59Z, before the latest event of "
                                      f"shipment group {group_id} (2026-03-02T09:00:00Z).")
    assert written(group_id) == before
    post(client, staff, group_id, event("G-2", "shipped", "2026-03-02T09:30:00Z", **SHIPPED))  # sent again once it fits


def test_a_shipment_refusing_the_event_holds_back_the_group_and_every_shipment(client, staff, catalogue, ready):
    group_id, shipments = ready
    post(client, staff, group_id, event("G-1", "processing", "2026-03-02T09:00:00Z"))
    # The second shipment lost its stock meanwhile: it cannot ship, so neither can the group nor the first one.
    db.session.get(Shipment, shipments[1]).inventory_allocated = False
    db.session.commit()
    before = written(group_id)

    refusal = assert_error(client.post(url(group_id), headers=staff, json=event("G-2", "shipped", **SHIPPED)), 409,
                           "not_allocated")

    assert refusal["description"] == (f"Shipment {shipments[1]} of group {group_id}: Shipment {shipments[1]} cannot "
                                      f"ship: no stock is allocated to it.")
    assert written(group_id) == before
    assert level(catalogue["tent"], "NJ01") == (1, 2)


def test_cancelled_shipments_stay_behind(client, manager, staff, ready):
    group_id, shipments = ready
    assert client.post(f"/api/v4/shipments/{shipments[1]}/cancel", headers=manager).status_code == 200

    group = post(client, staff, group_id, event("G-1", "processing")).get_json()

    assert [s["id"] for s in group["shipments"]] == [shipments[0]]
    assert db.session.get(Shipment, shipments[1]).status == "canceled"
    assert db.session.scalars(select(ShipmentEvent.event_id)).all() == [f"G-1:{shipments[0]}"]


@pytest.mark.parametrize("body, field", [
    (event("V-1", "shipped", carrier="Old Dominion"), "master_tracking_id"),
    (event("V-1", "shipped", master_tracking_id=MASTER), "carrier"),
    (event("V-1", "delivered"), "status"),
    (event("V-1", "processing", "yesterday"), "occurred_at"),
    (event("", "processing"), "event_id"),
    (event("x" * 90, "processing"), "event_id"),
    (event("V-1", "shipped", tracking_url="ftp://example.com", **{k: SHIPPED[k] for k in ("master_tracking_id",
                                                                                          "carrier")}), "tracking_url"),
])
def test_bad_input_is_refused_naming_the_field(client, staff, ready, body, field):
    group_id, _ = ready
    before = written(group_id)

    refusal = assert_error(client.post(url(group_id), headers=staff, json=body), 422, "validation_error")

    assert field in str(refusal), refusal
    assert written(group_id) == before


def test_only_staff_with_the_grant_report_events_and_only_for_the_acting_clients_groups(client, factory, acme, manager,
                                                                                       ready):
    group_id, _ = ready
    before = written(group_id)
    read_only_staff = factory.headers(factory.user("admin_read_only"), acme)
    globex = factory.client("Globex", version=2)
    other_staff = factory.headers(factory.user("admin"), globex)

    assert_error(client.post(url(group_id), headers=manager, json=event("N-1", "processing")), 403)
    assert_error(client.post(url(group_id), headers=read_only_staff, json=event("N-1", "processing")), 403)
    assert_error(client.post(url(group_id), headers=other_staff, json=event("N-1", "processing")), 404)
    assert written(group_id) == before


def test_a_client_below_version_2_gets_the_reason(client, factory):
    old = factory.client("Oldco", version=1)
    group_id = make_group(old, datetime(2026, 3, 1, 9, 0), status="ready_to_process", approved=True)
    staff = factory.headers(factory.user("admin"), old)

    assert_error(client.post(url(group_id), headers=staff, json=event("O-1", "processing")), 403, "ltl_not_available")
    assert db.session.get(ShipmentGroup, group_id).status == "ready_to_process"


@pytest.mark.skipif(BACKEND != "services", reason="two transactions at once need PostgreSQL")
def test_two_deliveries_of_one_event_at_once_apply_it_once(app, staff, catalogue, ready):
    group_id, _ = ready
    start, answers = threading.Barrier(2), []

    def deliver(_):
        with app.app_context():
            start.wait()
            answer = app.test_client().post(url(group_id), headers=staff, json=event("C-1", "processing"))
            answers.append((answer.status_code, answer.headers.get("Idempotent-Replayed"), answer.get_json()))
            db.session.remove()

    threads = [threading.Thread(target=deliver, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted((status, replayed or "") for status, replayed, _ in answers) == [(200, ""), (200, "true")]
    assert answers[0][2] == answers[1][2]
    assert [row[1] for row in group_history(group_id)].count("processing") == 1
    assert db.session.scalar(select(func.count()).select_from(ShipmentGroupEvent)) == 1
    assert db.session.scalar(select(func.count()).select_from(ShipmentEvent)) == 2
