"""The warehouse's events: each status move through the lifecycle with its history, tracking kept,
the shipped units leaving the ledger, delivery and the warning state with its recovery; events out of
the lifecycle or out of time refused with nothing written; a repeated event answered as the first time
and applied once, also when two deliveries meet; another client's shipment not found; batches with
per-event results; bad input and callers without the staff grant refused."""
import threading
from datetime import date

import pytest
from marshmallow import ValidationError
from sqlalchemy import event as sqlalchemy_event
from sqlalchemy import func, select

from api.extensions import db
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders import allocation
from api.orders.models import Shipment, ShipmentStatusChange
from api.shipments import events, schemas
from api.shipments.models import ShipmentEvent
from api.shipments.schemas import BatchEventIn, BatchEventResult, ShipmentEventBatch
from tests.api.helpers import assert_error
from tests.conftest import BACKEND
from tests.orders.test_allocation import create, level
from tests.stock import add_stock

pytestmark = pytest.mark.backend_sensitive  # locks shipments and levels, upserts the events
BATCH_URL = "/api/v4/shipment_events"


def url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/events"


@pytest.fixture
def staff(factory, acme):
    """A warehouse system's staff token, acting for Acme."""
    return factory.headers(factory.user("admin", username="warehouse.system"), acme)


@pytest.fixture
def ready(client, manager, catalogue, stock):
    """A ready_to_process shipment of two tents bound at NJ01 (three more unbound there): its id."""
    stock(catalogue["tent"], NJ01=5)
    [shipment] = create(client, manager, reference="FR-EV", warehouse_id="NJ01", items=[("TENT", 2)])["shipments"]
    assert (shipment["status"], level(catalogue["tent"], "NJ01")) == ("ready_to_process", (3, 2))
    return shipment["id"]


def event(event_id, status, at="2026-03-02T10:00:00Z", **fields):
    return {"event_id": event_id, "status": status, "occurred_at": at, **fields}


SHIPPED = {"tracking_number": "1Z999AA10123456784", "carrier": "UPS", "weight": 3.25,
           "tracking_url": "https://www.ups.com/track?tracknum=1Z999AA10123456784"}


def post(client, headers, shipment_id, body, status=200):
    answer = client.post(url(shipment_id), headers=headers, json=body)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def run_together(work, arguments):
    """Run ``work`` with each of ``arguments`` in a thread of its own, all at once; wait for them all."""
    threads = [threading.Thread(target=work, args=(argument,)) for argument in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def history(shipment_id):
    return [(row.from_status, row.to_status, row.reason, row.actor) for row in db.session.scalars(
        select(ShipmentStatusChange).filter_by(shipment_id=shipment_id).order_by(ShipmentStatusChange.id))]


def written(shipment_id):
    """What events may write about a shipment: its row, history, event records and ledger rows."""
    db.session.expire_all()
    shipment = db.session.get(Shipment, shipment_id)
    return ({name: getattr(shipment, name) for name in (
                "status", "tracking_number", "carrier", "weight", "shipped_at", "delivered_at", "exception_reason")},
            history(shipment_id), db.session.scalar(select(func.count()).select_from(ShipmentEvent)),
            db.session.scalar(select(func.count()).select_from(InventoryMovement)), shipment.request.actual_ship_date)


def test_events_move_a_shipment_to_shipped_and_delivered_and_its_units_leave_stock(
        client, manager, staff, catalogue, ready):
    started = post(client, staff, ready, event("E-1", "processing", "2026-03-02T09:00:00Z"))
    assert started["shipment"]["status"] == "processing"
    post(client, staff, ready, event("E-2", "pending_ship_label", "2026-03-02T09:30:00Z"))
    assert level(catalogue["tent"], "NJ01") == (3, 2)

    answer = post(client, staff, ready, event("E-3", "shipped", "2026-03-02T16:45:10+02:00", **SHIPPED))

    assert answer == {"event_id": "E-3", "shipment_id": ready, "status": "applied", "shipment": {
        "id": ready, "status": "shipped", "tracking_number": SHIPPED["tracking_number"],
        "tracking_url": SHIPPED["tracking_url"], "carrier": "UPS", "weight": "3.25",
        "shipped_at": "2026-03-02T14:45:10Z", "delivered_at": None, "exception_reason": None}}
    assert level(catalogue["tent"], "NJ01") == (3, 0)
    shipped = db.session.scalars(select(InventoryMovement).filter_by(reason="shipment")).all()
    assert [(m.unbound_delta, m.bound_delta, m.reference, m.actor) for m in shipped] == [
        (0, -2, f"shipment:{ready}", "warehouse.system")]
    assert ledger_drift() == []
    [request] = client.get("/api/v4/fulfillment_requests", headers=manager).get_json()["fulfillment_requests"]
    assert (request["actual_ship_date"], request["progress"]) == ("2026-03-02", "Shipped")

    delivered = post(client, staff, ready, event("E-4", "delivered", "2026-03-04T11:00:00Z"))

    assert (delivered["shipment"]["status"], delivered["shipment"]["delivered_at"]) == (
        "delivered", "2026-03-04T11:00:00Z")
    assert delivered["shipment"]["shipped_at"] == "2026-03-02T14:45:10Z"
    assert level(catalogue["tent"], "NJ01") == (3, 0)
    assert history(ready)[1:] == [
        ("ready_to_process", "processing", "Warehouse event E-1", "warehouse.system"),
        ("processing", "pending_ship_label", "Warehouse event E-2", "warehouse.system"),
        ("pending_ship_label", "shipped", "Warehouse event E-3", "warehouse.system"),
        ("shipped", "delivered", "Warehouse event E-4", "warehouse.system")]
    [request] = client.get("/api/v4/fulfillment_requests", headers=manager).get_json()["fulfillment_requests"]
    assert request["progress"] == "Shipped"  # delivered counts as shipped on the list


def test_the_first_shipment_to_ship_sets_the_request_ship_date(client, manager, staff, catalogue, stock, acme):
    stock(catalogue["tent"], NJ01=1)
    first, second = create(client, manager, warehouse_id="NJ01", items=[("TENT", 2)])["shipments"]
    stock(catalogue["tent"], NJ01=1)
    allocation.allocate_waiting(acme.id, "test")  # the rest takes the unit that arrived
    db.session.commit()
    for shipment, day in ((first, "05"), (second, "03")):
        post(client, staff, shipment["id"], event(f"P-{day}", "processing", f"2026-03-{day}T08:00:00Z"))
    # The shipment of the 5th reports first; the one of the 3rd, reported later, shipped first.
    post(client, staff, first["id"], event("S-1", "shipped", "2026-03-05T12:00:00Z", **SHIPPED))
    assert written(first["id"])[4] == date(2026, 3, 5)

    post(client, staff, second["id"], event("S-2", "shipped", "2026-03-03T12:00:00Z", **SHIPPED))

    assert written(first["id"])[4] == date(2026, 3, 3)
    assert level(catalogue["tent"], "NJ01") == (0, 0)


def test_an_exception_keeps_its_reason_and_the_shipment_recovers(client, staff, catalogue, ready):
    post(client, staff, ready, event("X-1", "processing", "2026-03-02T09:00:00Z"))

    troubled = post(client, staff, ready, event("X-2", "exception", "2026-03-02T10:00:00Z", reason="Box crushed"))

    assert (troubled["shipment"]["status"], troubled["shipment"]["exception_reason"]) == ("exception", "Box crushed")
    assert history(ready)[-1] == ("processing", "exception", "Warehouse event X-2: Box crushed", "warehouse.system")
    assert level(catalogue["tent"], "NJ01") == (3, 2)

    recovered = post(client, staff, ready, event("X-3", "processing", "2026-03-02T11:00:00Z"))
    assert (recovered["shipment"]["status"], recovered["shipment"]["exception_reason"]) == ("processing", None)
    post(client, staff, ready, event("X-4", "shipped", "2026-03-02T12:00:00Z", **SHIPPED))
    post(client, staff, ready, event("X-5", "exception", "2026-03-03T12:00:00Z", reason="Lost in transit"))
    found = post(client, staff, ready, event("X-6", "delivered", "2026-03-05T12:00:00Z"))

    assert found["shipment"]["status"] == "delivered"
    assert level(catalogue["tent"], "NJ01") == (3, 0)  # shipped once, whatever came after
    assert [m.bound_delta for m in db.session.scalars(select(InventoryMovement).filter_by(reason="shipment"))] == [-2]
    assert ledger_drift() == []


@pytest.mark.parametrize("first, refused, words", [
    (None, event("O-2", "shipped", **SHIPPED), "cannot go from Ready To Process to Shipped"),
    (None, event("O-2", "delivered"), "cannot go from Ready To Process to Delivered"),
    ("processing", event("O-2", "processing", "2026-03-02T09:59:59Z"), "before the latest event"),
])
def test_an_event_out_of_order_is_refused_with_nothing_written(client, staff, catalogue, ready, first, refused, words):
    if first:
        post(client, staff, ready, event("O-1", first, "2026-03-02T10:00:00Z"))
    before = written(ready)

    answer = client.post(url(ready), headers=staff, json=refused)

    body = assert_error(answer, 409, "event_out_of_order" if first else "invalid_transition")
    assert words in body["description"] and f"{ready}" in body["description"]
    assert written(ready) == before
    assert level(catalogue["tent"], "NJ01") == (3, 2)


def test_a_shipment_without_stock_cannot_ship(client, manager, staff, catalogue, stock):
    [waiting] = create(client, manager, warehouse_id="NJ01", fill_type="complete")["shipments"]
    post(client, staff, waiting["id"], event("W-1", "exception", reason="Stock damaged"))
    before = written(waiting["id"])

    body = assert_error(client.post(url(waiting["id"]), headers=staff, json=event("W-2", "shipped", **SHIPPED)),
                        409, "not_allocated")

    assert "no stock is allocated" in body["description"]
    assert written(waiting["id"]) == before


def test_a_repeated_event_is_answered_as_the_first_time_and_changes_nothing(client, staff, catalogue, ready):
    post(client, staff, ready, event("R-1", "processing", "2026-03-02T09:00:00Z"))
    first = client.post(url(ready), headers=staff, json=event("R-2", "shipped", **SHIPPED))
    post(client, staff, ready, event("R-3", "delivered", "2026-03-04T09:00:00Z"))
    before = written(ready)

    again = client.post(url(ready), headers=staff, json=event("R-2", "shipped", **SHIPPED))

    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert again.get_json()["shipment"]["status"] == "shipped"  # as the first time, not as now
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert written(ready) == before
    assert level(catalogue["tent"], "NJ01") == (3, 0)


def test_an_event_id_used_for_another_shipment_or_status_is_refused(client, manager, staff, catalogue, stock, ready):
    other = create(client, manager, reference="FR-OTHER", warehouse_id="NJ01")["shipments"][0]["id"]
    post(client, staff, ready, event("U-1", "processing"))
    before = written(other)

    for shipment_id, body in ((other, event("U-1", "processing")), (ready, event("U-1", "exception", reason="Wet"))):
        refusal = assert_error(client.post(url(shipment_id), headers=staff, json=body), 422, "event_id_reused")
        assert refusal["description"] == f"Event ID U-1 was already used for shipment {ready} (Processing)."
    assert written(other) == before
    assert written(ready)[0]["status"] == "processing"


def test_an_event_for_another_clients_shipment_is_not_found(client, factory, staff, catalogue):
    globex = factory.client("Globex")
    theirs = factory.item(globex, upc="TENT")
    add_stock(theirs, "NJ01", unbound=1)
    db.session.commit()
    globex_manager = factory.headers(factory.user("client", globex))
    [shipment] = create(client, globex_manager, warehouse_id="NJ01")["shipments"]
    post(client, factory.headers(factory.user("admin"), globex), shipment["id"], event("G-1", "processing"))
    before = written(shipment["id"])

    assert_error(client.post(url(shipment["id"]), headers=staff, json=event("G-2", "shipped", **SHIPPED)), 404)
    batch = client.post(BATCH_URL, headers=staff, json={"events": [
        {**event("G-3", "shipped", **SHIPPED), "shipment_id": shipment["id"]}]}).get_json()
    assert [(entry["status"], entry["error"]["error"]) for entry in batch["events"]] == [("refused", "not_found")]
    # An event ID another client's shipment used is not theirs to read.
    reused = assert_error(client.post(url(shipment["id"]), headers=staff, json=event("G-1", "processing")), 404)
    assert "G-1" not in reused["description"]
    assert written(shipment["id"]) == before


def test_a_batch_applies_its_events_in_order_answering_each(client, manager, staff, catalogue, stock, ready):
    stuck = create(client, manager, reference="FR-STUCK", warehouse_id="NJ01")["shipments"][0]["id"]
    post(client, staff, ready, event("B-0", "processing", "2026-03-01T09:00:00Z"))
    batch = [
        {**event("B-1", "pending_ship_label", "2026-03-02T08:00:00Z"), "shipment_id": ready},
        {**event("B-2", "shipped", "2026-03-02T09:00:00Z", **SHIPPED), "shipment_id": ready},
        {**event("B-3", "delivered"), "shipment_id": stuck},  # still ready_to_process
        {**event("B-0", "processing", "2026-03-01T09:00:00Z"), "shipment_id": ready},  # sent before
        {**event("B-1", "pending_ship_label", "2026-03-02T08:00:00Z"), "shipment_id": ready},  # twice in the batch
        {**event("B-4", "processing"), "shipment_id": 2_000_000_000},
        {**event("B-5", "processing"), "shipment_id": stuck},
    ]

    answer = client.post(BATCH_URL, headers=staff, json={"events": batch})

    assert answer.status_code == 200, answer.get_json()
    results = [(entry["event_id"], entry["shipment_id"], entry["status"], entry["error"] and entry["error"]["error"])
               for entry in answer.get_json()["events"]]
    assert results == [("B-1", ready, "applied", None), ("B-2", ready, "applied", None),
                       ("B-3", stuck, "refused", "invalid_transition"), ("B-0", ready, "duplicate", None),
                       ("B-1", ready, "duplicate", None), ("B-4", 2_000_000_000, "refused", "not_found"),
                       ("B-5", stuck, "applied", None)]
    assert BatchEventResult(many=True).dump(answer.get_json()["events"]) == answer.get_json()["events"]  # its shape
    refusal = answer.get_json()["events"][2]["error"]["description"]
    assert refusal == f"Shipment {stuck} cannot go from Ready To Process to Delivered."
    assert (written(ready)[0]["status"], written(stuck)[0]["status"]) == ("shipped", "processing")
    assert level(catalogue["tent"], "NJ01") == (2, 1)  # the stuck one's unit still bound
    assert db.session.scalar(select(func.count()).select_from(ShipmentEvent)) == 4
    single = client.post(url(ready), headers=staff, json=event("B-2", "shipped", "2026-03-02T09:00:00Z", **SHIPPED))
    assert single.get_json()["shipment"]["tracking_number"] == SHIPPED["tracking_number"]
    assert ledger_drift() == []


def test_a_batch_refuses_only_the_event_whose_units_the_ledger_lacks(client, manager, staff, catalogue, stock, ready):
    stock(catalogue["stove"], NJ01=1)
    [stove] = create(client, manager, reference="FR-STOVE", warehouse_id="NJ01", items=[("STOVE", 1)])["shipments"]
    stove = stove["id"]
    add_stock(catalogue["tent"], "NJ01", unbound=2, bound=-2, reason="adjustment")  # the tents' bound units gone astray
    db.session.commit()
    for shipment_id in (ready, stove):
        post(client, staff, shipment_id, event(f"P-{shipment_id}", "processing", "2026-03-01T09:00:00Z"))

    answer = client.post(BATCH_URL, headers=staff, json={"events": [
        {**event("L-1", "shipped", **SHIPPED), "shipment_id": ready},
        {**event("L-2", "shipped", **SHIPPED), "shipment_id": stove}]}).get_json()

    assert [(entry["status"], entry["error"] and entry["error"]["error"]) for entry in answer["events"]] == [
        ("refused", "invalid_inventory"), ("applied", None)]
    assert (written(ready)[0]["status"], written(stove)[0]["status"]) == ("processing", "shipped")
    assert level(catalogue["stove"], "NJ01") == (0, 0) and level(catalogue["tent"], "NJ01") == (5, 0)
    assert set(db.session.scalars(select(ShipmentEvent.event_id))) == {f"P-{ready}", f"P-{stove}", "L-2"}


def test_a_batch_over_a_thousand_events_is_refused_whole(client, staff, ready):
    too_many = [{**event(f"M-{n}", "processing"), "shipment_id": ready} for n in range(1001)]
    before = written(ready)

    body = assert_error(client.post(BATCH_URL, headers=staff, json={"events": too_many}), 422, "validation_error")

    assert "A batch holds 1 to 1000 events." in body["description"]
    assert_error(client.post(BATCH_URL, headers=staff, json={"events": []}), 422, "validation_error")
    assert written(ready) == before


@pytest.mark.parametrize("body, field, words", [
    ({"status": "processing", "occurred_at": "2026-03-02T10:00:00Z"}, "event_id", "Event ID"),
    ({"event_id": "V-1", "status": "processing"}, "occurred_at", "Occurred at"),
    ({"event_id": "V-1", "status": "lost", "occurred_at": "2026-03-02T10:00:00Z"}, "status", "Status"),
    (event("V-1", "shipped", carrier="UPS"), "tracking_number",
     "Tracking number: Required when the status is Shipped."),
    (event("V-1", "shipped", **{**SHIPPED, "tracking_url": "javascript:alert(1)"}), "tracking_url", "Tracking URL"),
    (event("V-1", "shipped", **{**SHIPPED, "weight": -1}), "weight", "Weight"),
    (event("V-1", "exception"), "reason", "Reason: Required when the status is Exception."),
    (event("V-1", "processing", "yesterday"), "occurred_at", "Occurred at"),
])
def test_an_event_missing_or_with_a_wrong_field_is_refused(client, staff, ready, body, field, words):
    before = written(ready)

    refusal = assert_error(client.post(url(ready), headers=staff, json=body), 422, "validation_error")

    assert refusal["field"] == field and words in refusal["description"]
    batch = assert_error(client.post(BATCH_URL, headers=staff, json={"events": [{**body, "shipment_id": ready}]}), 422)
    assert batch["field"] == f"events[0].{field}"
    assert written(ready) == before


@pytest.mark.parametrize("role", ["client", "admin_read_only"])
def test_only_staff_who_may_write_report_events(client, factory, acme, ready, role):
    user = factory.user(role, acme if role == "client" else None)
    headers = factory.headers(user, None if role == "client" else acme)
    before = written(ready)

    assert_error(client.post(url(ready), headers=headers, json=event("N-1", "processing")), 403)
    assert_error(client.post(BATCH_URL, headers=headers, json={"events": [
        {**event("N-1", "processing"), "shipment_id": ready}]}), 403)
    assert written(ready) == before


@pytest.mark.skipif(BACKEND != "services", reason="two transactions at once need PostgreSQL")
def test_two_deliveries_of_one_event_at_once_apply_it_once(app, staff, catalogue, ready):
    post(app.test_client(), staff, ready, event("C-0", "processing", "2026-03-02T09:00:00Z"))
    start, answers = threading.Barrier(2), []

    def deliver(in_a_batch):
        with app.app_context():
            start.wait()
            if in_a_batch:
                answer = app.test_client().post(BATCH_URL, headers=staff, json={"events": [
                    {**event("C-1", "shipped", **SHIPPED), "shipment_id": ready}]})
                answers.append(("batch", answer.status_code, answer.get_json()["events"][0]["status"]))
            else:
                answer = app.test_client().post(url(ready), headers=staff, json=event("C-1", "shipped", **SHIPPED))
                answers.append(("single", answer.status_code, answer.get_json()["status"]))
            db.session.remove()

    run_together(deliver, [False, True])

    assert sorted(answers) in ([("batch", 200, "applied"), ("single", 200, "applied")],
                               [("batch", 200, "duplicate"), ("single", 200, "applied")])
    assert [m.bound_delta for m in db.session.scalars(select(InventoryMovement).filter_by(reason="shipment"))] == [-2]
    assert [row[1] for row in history(ready)].count("shipped") == 1
    assert db.session.scalar(select(func.count()).select_from(ShipmentEvent).filter_by(event_id="C-1")) == 1
    assert level(catalogue["tent"], "NJ01") == (3, 0)


@pytest.mark.skipif(BACKEND != "services", reason="two transactions at once need PostgreSQL")
def test_one_event_id_sent_for_two_shipments_at_once_is_applied_to_one(
        app, client, manager, staff, catalogue, ready, monkeypatch):
    other = create(client, manager, reference="FR-TWIN", warehouse_id="NJ01")["shipments"][0]["id"]
    both_applied, waits = threading.Barrier(2), threading.local()
    record = events._record_applied

    def record_once_both_have_applied(*args, **kwargs):
        # Both transactions reach the unique event_id with their shipments moved: the race itself.
        if not getattr(waits, "done", False):
            waits.done = True
            both_applied.wait(timeout=10)
        return record(*args, **kwargs)

    monkeypatch.setattr(events, "_record_applied", record_once_both_have_applied)
    answers = {}

    def deliver(shipment_id):
        with app.app_context():
            answer = app.test_client().post(url(shipment_id), headers=staff, json=event("T-1", "processing"))
            answers[shipment_id] = (answer.status_code, answer.get_json().get("error"))
            db.session.remove()

    run_together(deliver, [ready, other])

    assert sorted(answers.values(), key=str) == [(200, None), (422, "event_id_reused")]
    [applied] = [shipment_id for shipment_id, (status, _) in answers.items() if status == 200]
    [(shipment_id,)] = db.session.execute(select(ShipmentEvent.shipment_id).filter_by(event_id="T-1")).all()
    assert shipment_id == applied
    assert {written(ready)[0]["status"], written(other)[0]["status"]} == {"processing", "ready_to_process"}
    assert [row[1] for row in history(ready) + history(other)].count("processing") == 1


PLAIN_EVENTS = [
    {}, {"occurred_at": "2026-03-02T16:45:10+02:00"}, {"occurred_at": "2026-03-02T16:45:10"},
    {"weight": None, "tracking_url": None}, {"weight": "2.50"}, {"status": "exception", "reason": "Wet"},
    {"status": "processing", "tracking_number": None, "carrier": None}]


@pytest.mark.parametrize("changed", [
    *PLAIN_EVENTS, {"weight": 1.234}, {"weight": True}, {"tracking_url": "ftp://example.com"}, {"tracking_number": ""},
    {"tracking_number": "x" * 101}, {"event_id": ""}, {"event_id": 7}, {"shipment_id": "7"}, {"shipment_id": 0},
    {"shipment_id": True}, {"status": "lost"}, {"occurred_at": "2026-03-02"}, {"occurred_at": "yesterday"},
    {"isAdmin": True}, {"status": "exception"},
])
def test_a_batch_loads_as_its_documented_schema_loads_each_event(changed):
    sent = [{**event("P-1", "shipped", **SHIPPED), "shipment_id": 7},
            {**event("P-2", "shipped", **SHIPPED), "shipment_id": 7, **changed}]
    try:
        expected = {"events": BatchEventIn(many=True).load(sent)}
    except ValidationError as refusal:
        expected = {"events": refusal.messages}

    try:
        loaded = ShipmentEventBatch().load({"events": sent})
    except ValidationError as refusal:
        loaded = refusal.messages

    assert loaded == expected
    if changed in PLAIN_EVENTS:  # loaded by the prepared check, not the schema
        assert schemas._plainly_valid_events(sent) == expected["events"]
        assert [list(event) for event in loaded["events"]] == [list(event) for event in expected["events"]]


# Read the shipment, the events seen; record the event, write the shipment and its history; a shipped one
# also reads its lines, moves stock (read, write the ledger and the level), dates its request and looks
# whether it owes the shop a fulfillment (api.shop_orders.fulfillments).
@pytest.mark.parametrize("status, fields, most", [("processing", {}, 5), ("shipped", SHIPPED, 11)])
def test_an_event_is_applied_with_a_few_statements_and_no_savepoint(app, acme, ready, status, fields, most):
    statements, client_id = [], acme.id

    def count(connection, cursor, statement, *args):
        statements.append(statement)

    if status == "shipped":
        events.report_event(client_id, "warehouse.system", ready, {**ShipmentEventBatch().load(
            {"events": [{**event("F-0", "processing", "2026-03-02T09:00:00Z"), "shipment_id": ready}]})["events"][0]})
    sent = ShipmentEventBatch().load({"events": [{**event("F-1", status, **fields), "shipment_id": ready}]})
    sqlalchemy_event.listen(db.engine, "before_cursor_execute", count)
    try:
        answer, replayed = events.report_event(client_id, "warehouse.system", ready, sent["events"][0])
    finally:
        sqlalchemy_event.remove(db.engine, "before_cursor_execute", count)

    assert (answer["shipment"]["status"], replayed) == (status, False)
    assert len(statements) <= most and not any("SAVEPOINT" in statement for statement in statements), statements
