"""The shipments dashboard over the trailing 30 days: zones from the warehouse's ZIP prefix to the
destination's, average weight and days in transit, shipments per destination state; older shipments,
unshipped ones and another client's never counted."""
from datetime import timedelta
from decimal import Decimal

import pytest

from api.dashboards.service import shipments_dashboard
from api.dashboards.zones import miles_between, zip3_centres, zone_for_miles
from api.extensions import db
from tests.dashboards.rows import NOW, add_request, add_shipment

URL = "/api/v4/dashboards/shipments"


@pytest.mark.parametrize(("miles", "zone"), [(0, 1), (50, 1), (50.1, 2), (150, 2), (300, 3), (600, 4), (1000, 5),
                                             (1400, 6), (1800, 7), (1800.1, 8), (5000, 8)])
def test_zones_are_the_carriers_distance_bands(miles, zone):
    assert zone_for_miles(miles) == zone


def test_zip_prefix_centres_lie_where_their_cities_are():
    centres = zip3_centres()
    assert 1350 < miles_between(centres["752"], centres["100"]) < 1420  # Dallas to Manhattan
    assert 50 < miles_between(centres["900"], centres["917"]) < 60  # Los Angeles to Ontario, California: zone 2


def shipped(client, to, days_ago, weight=None, transit_days=None, warehouse="TX01"):
    at = NOW - timedelta(days=days_ago)
    delivered = at + timedelta(days=transit_days) if transit_days is not None else None
    return add_shipment(client, warehouse, status="delivered" if delivered else "shipped",
                        request=add_request(client, to=to), shipped_at=at, delivered_at=delivered,
                        weight=Decimal(weight) if weight else None)


def test_figures_over_the_last_30_days(acme, globex):
    shipped(acme, "TX", 1, weight="2.00", transit_days=1)  # zone 1
    shipped(acme, "TX", 29, weight="4.00", transit_days=2)  # zone 1
    shipped(acme, "NY", 3, weight="9.00", transit_days=4.5)  # zone 6
    shipped(acme, "CA", 5)  # zone 6, not weighed, not delivered yet
    shipped(acme, "ON", 2, weight="6.00")  # abroad: weighed, but neither zoned nor in a state
    shipped(acme, "NY", 31, weight="99.00", transit_days=9)  # before the window
    add_shipment(acme, status="processing", request=add_request(acme, to="NY"))  # not shipped
    shipped(globex, "NY", 1, weight="50.00", transit_days=8)
    db.session.commit()

    answer = shipments_dashboard(acme.id, NOW)

    statistics = answer["shipments_aggregate_statistics"]
    assert statistics["zones"] == [{"zone": zone, "shipments": {1: 2, 6: 2}.get(zone, 0)} for zone in range(1, 9)]
    assert statistics["average_zones"] == 3.5
    assert statistics["average_weight"] == 5.25
    assert statistics["average_transit_time"] == 2.5
    assert answer["shipments_by_destination_state"] == [
        {"state": "TX", "shipments": 2}, {"state": "CA", "shipments": 1}, {"state": "NY", "shipments": 1}]


def test_zones_start_from_the_shipping_warehouse(acme):
    shipped(acme, "CA", 1, warehouse="CA01")  # Ontario to Los Angeles: zone 2
    shipped(acme, "NY", 1, warehouse="CA01")  # across the country: zone 8
    shipped(acme, "NY", 1, warehouse="NJ01")  # Edison to Manhattan: zone 1
    db.session.commit()

    zones = shipments_dashboard(acme.id, NOW)["shipments_aggregate_statistics"]["zones"]

    assert {row["zone"]: row["shipments"] for row in zones if row["shipments"]} == {1: 1, 2: 1, 8: 1}


def test_nothing_shipped_answers_empty_figures(acme):
    assert shipments_dashboard(acme.id, NOW) == {
        "shipments_aggregate_statistics": {"average_zones": None, "zones": [{"zone": zone, "shipments": 0}
                                                                           for zone in range(1, 9)],
                                           "average_weight": None, "average_transit_time": None},
        "shipments_by_destination_state": [],
    }


def test_the_call_answers_the_acting_clients_shipments_only(client, factory, acme, globex):
    recently = NOW.__class__.utcnow() - timedelta(days=1)
    for _ in range(2):
        add_shipment(acme, status="shipped", request=add_request(acme, to="NY"), shipped_at=recently, weight=Decimal(3))
    add_shipment(globex, status="shipped", request=add_request(globex, to="CA"), shipped_at=recently, weight=Decimal(70))
    db.session.commit()

    answer = client.get(URL, headers=factory.headers(factory.user("client", client=acme)))

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["shipments_by_destination_state"] == [{"state": "NY", "shipments": 2}]
    assert body["shipments_aggregate_statistics"]["average_weight"] == 3.0
    assert body["shipments_aggregate_statistics"]["average_zones"] == 6.0
