"""seed-demo's month of history: requests over 30 days in every status the warehouse's events move them
to, deliveries to most states, both dashboards full; seeded once, in seconds."""
import time

from sqlalchemy import func, select

from api.clients.models import Client
from api.extensions import db
from api.inventory.service import ledger_drift
from api.orders.models import FulfillmentRequest, Shipment
from api.shipments.history_demo import PREFIX, destinations, seed_demo_history
from api.shipments.models import ShipmentEvent


def history_shipments(client_id):
    return db.session.execute(
        select(Shipment.status, FulfillmentRequest.to_state, Shipment.shipped_at, Shipment.delivered_at)
        .join(FulfillmentRequest, FulfillmentRequest.id == Shipment.request_id)
        .where(Shipment.client_id == client_id, FulfillmentRequest.fulfillment_request_id.startswith(PREFIX))).all()


def test_seed_demo_adds_a_month_of_history_once(app, client, factory):
    runner = app.test_cli_runner()
    started = time.perf_counter()
    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    seconds = time.perf_counter() - started
    acme = db.session.scalars(select(Client).filter_by(name="Acme Outdoor Supply")).one()
    events = db.session.scalar(select(func.count()).select_from(ShipmentEvent))
    shipments = history_shipments(acme.id)

    assert seconds < 60
    statuses = {}
    for status, *_ in shipments:
        statuses[status] = statuses.get(status, 0) + 1
    assert {"ready_to_process", "processing", "pending_ship_label", "shipped", "delivered", "exception"} <= set(statuses)
    assert statuses["delivered"] > len(shipments) / 2, statuses
    delivered_states = {state for status, state, *_ in shipments if status == "delivered"}
    assert len(delivered_states) >= 40 and len(delivered_states) >= 0.8 * len(destinations())
    assert all(shipped < delivered for status, _, shipped, delivered in shipments if status == "delivered")
    assert ledger_drift() == []

    headers = factory.headers(factory.user("client", acme))
    orders = client.get("/api/v4/dashboards/orders", headers=headers).get_json()
    assert sum(row["pending"] for row in orders["orders_per_warehouse_summary"]) > 0
    assert sum(row["shipped_today"] for row in orders["orders_per_warehouse_summary"]) >= 0
    assert len({row["warehouse"] for row in orders["orders_status_per_warehouse"]}) >= 3
    assert all(orders["order_alerts"][name] > 0 for name in ("invalid_address", "fraud_approval_required",
                                                             "missing_customs_info", "shipments_missing_inventory"))
    dashboard = client.get("/api/v4/dashboards/shipments", headers=headers).get_json()
    assert len(dashboard["shipments_by_destination_state"]) >= 40
    statistics = dashboard["shipments_aggregate_statistics"]
    assert statistics["average_zones"] > 2 and statistics["average_weight"] > 1 and statistics["average_transit_time"] > 1

    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    seed_demo_history(acme.id)
    assert len(history_shipments(acme.id)) == len(shipments)
    assert db.session.scalar(select(func.count()).select_from(ShipmentEvent)) == events
