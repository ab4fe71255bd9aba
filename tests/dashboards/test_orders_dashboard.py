"""The orders dashboard: unfilled, due and shipped shipments per warehouse in each warehouse's own
day, the five alerts counting what their lists show, the status chart's counts, and another client's
rows never counted."""
from datetime import date, datetime, timedelta

import pytest

from api.dashboards.service import orders_dashboard
from api.extensions import db
from tests.dashboards.rows import NOW, add_group, add_item_line, add_request, add_shipment

URL = "/api/v4/dashboards/orders"


@pytest.fixture
def viewer(factory, acme):
    return factory.headers(factory.user("client_read_only", client=acme))


def summary_of(answer):
    return {row["warehouse"]: (row["pending"], row["will_ship_today"], row["shipped_today"])
            for row in answer["orders_per_warehouse_summary"]}


def test_pending_counts_every_open_shipment_and_ship_today_those_due_by_the_warehouses_day(acme):
    for desired in (date(2026, 3, 9), date(2026, 3, 10), date(2026, 3, 11)):
        add_shipment(acme, "TX01", request=add_request(acme, desired=desired))
    add_shipment(acme, "TX01", status="exception", exception_reason="Crushed")
    add_shipment(acme, "TX01", status="canceled")
    add_shipment(acme, "TX01", status="shipped", shipped_at=NOW - timedelta(days=3))
    add_shipment(acme, "NJ01", status="validating", request=add_request(acme, desired=date(2026, 3, 12)))
    db.session.commit()

    assert summary_of(orders_dashboard(acme.id, NOW)) == {"TX01": (4, 3, 0), "NJ01": (1, 0, 0)}


def test_shipped_today_ends_at_each_warehouses_local_midnight(acme):
    # 06:30 UTC on the 10th is still the 9th in Dallas (UTC-5 in March) and in Ontario, California (UTC-7).
    add_shipment(acme, "TX01", status="shipped", shipped_at=datetime(2026, 3, 10, 4, 59))  # 23:59 on the 9th
    add_shipment(acme, "TX01", status="shipped", shipped_at=datetime(2026, 3, 10, 5, 0))  # midnight, the 10th
    add_shipment(acme, "TX01", status="delivered", shipped_at=datetime(2026, 3, 10, 16, 0),
                 delivered_at=datetime(2026, 3, 10, 17, 0))
    add_shipment(acme, "CA01", status="shipped", shipped_at=datetime(2026, 3, 10, 6, 30))  # 23:30 on the 9th
    add_shipment(acme, "CA01", status="shipped", shipped_at=datetime(2026, 3, 10, 7, 0))  # midnight, the 10th
    add_shipment(acme, "CA01", status="shipped", shipped_at=datetime(2026, 3, 11, 6, 59))  # 23:59 on the 10th
    add_shipment(acme, "CA01", status="shipped", shipped_at=datetime(2026, 3, 11, 7, 0))  # the 11th
    db.session.commit()

    late_on_the_10th_in_california = datetime(2026, 3, 11, 6, 30)
    assert summary_of(orders_dashboard(acme.id, late_on_the_10th_in_california))["CA01"] == (0, 0, 2)
    assert summary_of(orders_dashboard(acme.id, NOW)) == {"TX01": (0, 0, 2), "CA01": (0, 0, 2)}


def test_each_alert_counts_the_requests_of_the_list_it_links_to(acme, factory):
    tent = factory.item(acme, sku="TENT", upc="100000000001", name="Tent")
    invalid = add_request(acme, address_validated=False, address_validation_error="No such street")
    add_shipment(acme, status="validating", request=invalid)
    fixed_later = add_request(acme, address_validated=False)  # its shipment went on: no longer an alert
    add_shipment(acme, status="processing", request=fixed_later)
    add_shipment(acme, status="validating", request=add_request(acme, fraud=True, requires_approval=True,
                                                                  requires_approval_reason="fraud"))
    add_shipment(acme, request=add_request(acme, fraud=True))  # approved already
    abroad = add_request(acme, to="ON")
    add_item_line(abroad, tent)
    add_shipment(acme, "BC01", status="validating", request=abroad)
    valued = add_request(acme, to="ON")
    add_item_line(valued, tent, customs_value=20)
    for _ in range(2):
        add_shipment(acme, status="validating", inventory_allocated=False)
    add_shipment(acme, status="canceled", inventory_allocated=False)
    add_group(acme)
    add_group(acme, approved=True)
    add_group(acme, approval_required=False)
    add_group(acme, status="shipped")
    db.session.commit()

    alerts = orders_dashboard(acme.id, NOW)["order_alerts"]

    # The abroad request's shipment is validating and allocated; the two unallocated ones are their own.
    assert alerts == {"invalid_address": 1, "fraud_approval_required": 1, "groups_require_approval": 1,
                      "missing_customs_info": 1, "shipments_missing_inventory": 2}


def test_no_alerts_answer_zero(acme):
    assert set(orders_dashboard(acme.id, NOW)["order_alerts"].values()) == {0}


def test_status_chart_counts_the_last_30_days_and_older_shipments_still_to_ship(acme):
    recent = NOW - timedelta(days=2)
    old = NOW - timedelta(days=45)
    add_shipment(acme, "TX01", status="delivered", created_at=recent)
    add_shipment(acme, "TX01", status="delivered", created_at=recent)
    add_shipment(acme, "TX01", status="processing", created_at=recent)
    add_shipment(acme, "TX01", status="processing", created_at=old)
    add_shipment(acme, "TX01", status="delivered", created_at=old, shipped_at=old)  # long done: not on the chart
    add_shipment(acme, "TX01", status="canceled", created_at=old)
    add_shipment(acme, "NJ01", status="exception", created_at=old)
    db.session.commit()

    assert orders_dashboard(acme.id, NOW)["orders_status_per_warehouse"] == [
        {"warehouse": "NJ01", "status": "exception", "count": 1},
        {"warehouse": "TX01", "status": "delivered", "count": 2},
        {"warehouse": "TX01", "status": "processing", "count": 2},
    ]


def test_the_call_answers_the_acting_clients_figures_only(client, acme, globex, factory, viewer):
    add_shipment(acme, "TX01", status="validating", inventory_allocated=False,
                 request=add_request(acme, address_validated=False, desired=date.today() - timedelta(days=1)))
    for _ in range(3):
        add_shipment(globex, "TX01", status="validating", inventory_allocated=False,
                     request=add_request(globex, address_validated=False, fraud=True, requires_approval=True))
    add_shipment(globex, "NJ01", status="shipped", shipped_at=datetime.utcnow())
    add_group(globex)
    db.session.commit()

    answer = client.get(URL, headers=viewer)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert summary_of(body) == {"TX01": (1, 1, 0)}
    assert body["order_alerts"] == {"invalid_address": 1, "fraud_approval_required": 0, "groups_require_approval": 0,
                                    "missing_customs_info": 0, "shipments_missing_inventory": 1}
    assert body["orders_status_per_warehouse"] == [{"warehouse": "TX01", "status": "validating", "count": 1}]

    staff = factory.headers(factory.user("admin_read_only"), globex)
    globex_body = client.get(URL, headers=staff).get_json()
    assert globex_body["order_alerts"]["groups_require_approval"] == 1
    assert summary_of(globex_body) == {"TX01": (3, 3, 0), "NJ01": (0, 0, 1)}


def test_a_client_user_naming_another_client_is_refused(client, acme, globex, viewer):
    answer = client.get(URL, headers={**viewer, "X-Client-Id": str(globex.id)})
    assert answer.status_code == 403
    assert answer.get_json()["error"]


def test_an_alert_counts_up_to_its_cap_and_then_says_more(acme, monkeypatch):
    monkeypatch.setattr("api.dashboards.service.ALERT_CAP", 2)
    for _ in range(4):
        add_shipment(acme, status="validating", inventory_allocated=False)
    add_shipment(acme, status="validating", inventory_allocated=False,
                 request=add_request(acme, address_validated=False))
    db.session.commit()

    alerts = orders_dashboard(acme.id, NOW)["order_alerts"]

    assert (alerts["shipments_missing_inventory"], alerts["invalid_address"]) == (3, 1)
