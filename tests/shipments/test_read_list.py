"""The shipment list (GET /api/v4/shipments): newest first through a cursor, each filter alone and
together, rows without the detail's parts, only the acting client's shipments; and a shipment's
history of status moves (GET /api/v4/shipments/{id}/history), newest first."""
from datetime import datetime

import pytest

from api.extensions import db
from api.orders import lifecycle
from api.orders.models import Shipment, ShipmentStatusChange
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create

URL = "/api/v4/shipments"


def listed(client, headers, **query):
    answer = client.get(URL, headers=headers, query_string=query)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def ids(client, headers, **query):
    return [row["id"] for row in listed(client, headers, **query)["shipments"]]


def changed(shipment_id, **values):
    shipment = db.session.get(Shipment, shipment_id)
    for name, value in values.items():
        setattr(shipment, name, value)
    db.session.commit()


@pytest.fixture
def three(client, manager, catalogue, stock):
    """Three shipments of three requests, oldest first: at NJ01, TX01 and NJ01."""
    stock(catalogue["tent"], NJ01=5, TX01=5)
    made = [create(client, manager, reference=f"FR-{n}", order_id=f"ORD-{n}", warehouse_id=warehouse)["shipments"][0]["id"]
            for n, warehouse in enumerate(("NJ01", "TX01", "NJ01"), start=1)]
    return made


def test_the_list_is_newest_first_through_a_cursor(client, manager, three):
    first = listed(client, manager, limit=2)
    rest = listed(client, manager, limit=2, cursor=first["cursor"])

    assert [row["id"] for row in first["shipments"]] == three[:0:-1]
    assert ([row["id"] for row in rest["shipments"]], rest["cursor"]) == ([three[0]], None)
    assert listed(client, manager)["cursor"] is None
    assert_error(client.get(URL, headers=manager, query_string={"cursor": "nonsense"}), 400, "invalid_cursor")


def test_a_row_is_the_shipment_without_its_sets_documents_and_checklist(client, manager, three):
    [row] = [row for row in listed(client, manager)["shipments"] if row["id"] == three[0]]
    detail = client.get(f"{URL}/{three[0]}", headers=manager).get_json()

    assert row == {name: value for name, value in detail.items() if name not in ("sets", "documents", "checklist")}
    assert (row["fulfillment_request_id"], row["order_id"], row["status"]) == ("FR-1", "ORD-1", "ready_to_process")


def test_each_filter(client, manager, three):
    oldest, middle, newest = three
    changed(middle, status="shipped", shipped_at=datetime(2026, 3, 5, 3, 0), shipment_group_id=None)
    changed(newest, status="shipped", shipped_at=datetime(2026, 3, 9, 12, 0), shipment_group_id=42)

    assert ids(client, manager, status="shipped") == [newest, middle]
    assert ids(client, manager, status="ready_to_process") == [oldest]
    assert ids(client, manager, status="exception") == []
    assert ids(client, manager, orderId="ORD-2") == [middle]
    assert ids(client, manager, fulfillmentRequestId="FR-3") == [newest]
    assert ids(client, manager, fulfillmentRequestId="FR-") == []  # the whole reference, not a prefix
    assert ids(client, manager, shipmentGroupId=42) == [newest]
    assert ids(client, manager, warehouse="NJ01") == [newest, oldest]
    assert ids(client, manager, shippedFrom="2026-03-05") == [newest, middle]
    assert ids(client, manager, shippedFrom="2026-03-06", shippedTo="2026-03-09") == [newest]
    assert ids(client, manager, shippedTo="2026-03-05") == [middle]
    # 03:00 UTC on the 5th is still the 4th in New York
    assert ids(client, manager, shippedTo="2026-03-04", timeZone="America/New_York") == [middle]
    assert ids(client, manager, status="shipped", warehouse="NJ01") == [newest]


@pytest.mark.parametrize("query, field", [({"status": "lost"}, "status"), ({"shippedFrom": "yesterday"}, "shippedFrom"),
                                          ({"shipmentGroupId": "x"}, "shipmentGroupId"), ({"limit": 501}, "limit"),
                                          ({"timeZone": "Mars/Olympus"}, "timeZone")])
def test_bad_filters_are_refused_naming_the_field(client, manager, query, field):
    body = assert_error(client.get(URL, headers=manager, query_string=query), 422)
    assert field in str(body), body


def test_only_the_acting_clients_shipments_are_listed(client, factory, manager, three, acme, globex):
    stranger = factory.headers(factory.user("client", globex))
    admin = factory.user("admin")

    assert ids(client, stranger) == []
    assert ids(client, stranger, orderId="ORD-1") == []
    assert ids(client, factory.headers(admin, globex)) == []
    assert len(ids(client, factory.headers(admin, acme))) == 3
    assert_error(client.get(URL, headers=factory.headers(admin)), 400, "client_required")


def test_the_history_is_newest_first_through_a_cursor(client, manager, three, acme):
    shipment = db.session.get(Shipment, three[0])
    placed = db.session.query(ShipmentStatusChange).filter_by(shipment_id=shipment.id).count()
    lifecycle.move(shipment, "processing", reason="Picking began.", actor="warehouse.system")
    db.session.commit()
    lifecycle.move(shipment, "exception", reason="Damaged in packing.", actor="staff.pat")
    db.session.commit()

    whole = client.get(f"{URL}/{shipment.id}/history", headers=manager).get_json()
    paged, cursor = [], None
    while True:
        page = client.get(f"{URL}/{shipment.id}/history", headers=manager,
                          query_string={"limit": 1, **({"cursor": cursor} if cursor else {})}).get_json()
        paged += page["history"]
        cursor = page["cursor"]
        if cursor is None:
            break

    newest, before = whole["history"][:2]
    assert {**newest, "created_at": None} == {"from_status": "processing", "to_status": "exception",
                                             "reason": "Damaged in packing.", "actor": "staff.pat", "created_at": None}
    assert (before["from_status"], before["to_status"], before["actor"]) == ("ready_to_process", "processing",
                                                                              "warehouse.system")
    assert len(whole["history"]) == placed + 2 and whole["cursor"] is None
    assert paged == whole["history"]
    other = client.get(f"{URL}/{three[1]}/history", headers=manager).get_json()
    assert all(entry["reason"] != "Damaged in packing." for entry in other["history"])


def test_filtered_by_shipping_days_the_newest_shipped_come_first(client, manager, three):
    oldest, middle, newest = three
    changed(oldest, status="delivered", shipped_at=datetime(2026, 3, 10, 9, 0))
    changed(middle, status="shipped", shipped_at=datetime(2026, 3, 1, 9, 0))
    changed(newest, status="shipped", shipped_at=datetime(2026, 3, 5, 9, 0))

    first = listed(client, manager, shippedFrom="2026-03-01", limit=2)
    rest = listed(client, manager, shippedFrom="2026-03-01", limit=2, cursor=first["cursor"])

    assert [row["id"] for row in first["shipments"]] == [oldest, newest]
    assert ([row["id"] for row in rest["shipments"]], rest["cursor"]) == ([middle], None)
    assert ids(client, manager, shippedTo="2026-03-05") == [newest, middle]


def test_the_order_page_takes_an_orders_shipments_9999_to_a_page(client, manager, three):
    assert ids(client, manager, orderId="ORD-2", limit=9999) == [three[1]]
    assert "limit" in str(assert_error(client.get(URL, headers=manager, query_string={"limit": 9999}), 422))
    assert_error(client.get(URL, headers=manager, query_string={"orderId": "ORD-2", "limit": 10000}), 422)
