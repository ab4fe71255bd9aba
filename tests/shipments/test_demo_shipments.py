"""seed-demo shows a shipment in every status, moved on by the demo warehouse's events through the
events service (history, tracking, stock gone from the ledger); running it again changes nothing."""
from sqlalchemy import func, select

from api.clients.models import Client
from api.extensions import db
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders.models import LIFECYCLE_STATUSES, ShipmentStatusChange
from api.shipments.models import ShipmentEvent


def test_seed_demo_shows_a_shipment_in_every_status(app, client, factory, monkeypatch):
    # The month of history beside these (tests/dashboards/test_demo_history.py) is left out here.
    monkeypatch.setattr("api.cli.seed_demo_history", lambda client_id: None)
    # So are the LTL groups (tests/freight/test_freight_demo.py).
    monkeypatch.setattr("api.cli.seed_demo_freight", lambda client_id: None)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    recorded = db.session.scalar(select(func.count()).select_from(ShipmentEvent))
    assert runner.invoke(args=["seed-demo"]).exit_code == 0

    acme = db.session.scalars(select(Client).filter_by(name="Acme Outdoor Supply")).one()
    headers = factory.headers(factory.user("client", acme))
    shown = {status: client.get(f"/api/v4/shipments?status={status}", headers=headers).get_json()["shipments"]
             for status in LIFECYCLE_STATUSES}
    assert all(shown.values()), {status: len(rows) for status, rows in shown.items()}
    [delivered] = shown["delivered"]
    assert delivered["tracking_url"].startswith("https://www.ups.com/") and delivered["delivered_at"]
    [troubled] = shown["exception"]
    assert troubled["exception_reason"].startswith("Carton crushed")
    assert db.session.scalar(select(func.count()).select_from(ShipmentEvent)) == recorded == 10
    moved_by_events = db.session.scalars(select(ShipmentStatusChange.to_status).filter_by(actor="demo-warehouse"))
    assert sorted(moved_by_events) == sorted(["processing"] * 5 + ["pending_ship_label", "shipped", "shipped",
                                                                  "delivered", "exception"])
    shipped_units = db.session.scalars(select(InventoryMovement.bound_delta).filter_by(reason="shipment")).all()
    assert sorted(shipped_units) == [-1, -1]
    assert ledger_drift() == []
