"""seed-demo shows the version 2 demo client's LTL groups: two waiting for approval (one of two requests
to the same distribution centre), one approved with a generated bill of lading, and one shipped by the
warehouse's group events under one master tracking id (its units gone from the ledger); running it again
changes nothing. The version 1 client gets none."""
import pytest
from sqlalchemy import func, select

from api.clients.models import Client
from api.extensions import db
from api.freight.demo import MASTER_TRACKING_ID
from api.freight.models import BillOfLading, ShipmentGroupEvent
from api.inventory.models import InventoryMovement
from api.inventory.service import ledger_drift
from api.orders.models import ShipmentGroup

pytestmark = pytest.mark.backend_sensitive  # the demo's events lock and upsert as the warehouse's do

URL = "/api/v4/shipment_groups"


def written():
    """What the freight demo writes: groups, bills of lading, group events and ledger rows."""
    return tuple(db.session.scalar(select(func.count()).select_from(model))
                 for model in (ShipmentGroup, BillOfLading, ShipmentGroupEvent, InventoryMovement))


def test_seed_demo_shows_ltl_groups_waiting_approved_and_shipped(app, client, factory):
    runner = app.test_cli_runner()
    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    first = written()
    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    assert written() == first

    acme = db.session.scalars(select(Client).filter_by(name="Acme Outdoor Supply")).one()
    headers = factory.headers(factory.user("client", acme))
    groups = client.get(URL, headers=headers).get_json()["shipment_groups"]
    assert len(groups) == 4
    waiting = client.get(URL, headers=headers, query_string={"needsApproval": "true"}).get_json()["shipment_groups"]
    assert sorted(group["shipments_count"] for group in waiting) == [1, 2]
    assert all(group["can_approve"] and group["bol"] is None for group in waiting)
    [approved] = client.get(URL, headers=headers, query_string={"status": "ready_to_process"}).get_json()[
        "shipment_groups"]
    assert approved["approved"] and approved["bol"]["generated"] and approved["bol"]["name"].endswith(".pdf")
    assert client.get(f"{URL}/{approved['id']}/bol", headers=headers).data.startswith(b"%PDF-")
    [shipped] = client.get(URL, headers=headers, query_string={"status": "shipped"}).get_json()["shipment_groups"]
    assert (shipped["master_tracking_id"], shipped["shipments_count"]) == (MASTER_TRACKING_ID, 2)
    for shipment_id in shipped["shipment_ids"]:
        shipment = client.get(f"/api/v4/shipments/{shipment_id}", headers=headers).get_json()
        assert (shipment["status"], shipment["tracking_number"], shipment["master_tracking_id"]) == (
            "shipped", MASTER_TRACKING_ID, MASTER_TRACKING_ID)
    history = client.get(f"{URL}/{shipped['id']}/history", headers=headers).get_json()["history"]
    assert [row["to_status"] for row in history][-2:] == ["processing", "shipped"]
    shipped_units = db.session.scalars(select(InventoryMovement.bound_delta).where(
        InventoryMovement.reason == "shipment", InventoryMovement.reference.in_(
            [f"shipment:{shipment_id}" for shipment_id in shipped["shipment_ids"]]))).all()
    assert sorted(shipped_units) == [-30, -24]
    assert ledger_drift() == []

    bluebird = db.session.scalars(select(Client).filter_by(name="Bluebird Tea Company")).one()
    assert db.session.scalar(select(func.count()).select_from(ShipmentGroup).filter_by(client_id=bluebird.id)) == 0
