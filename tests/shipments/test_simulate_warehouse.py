"""simulate-warehouse: rounds of new orders and of the demo warehouse's next steps, reported through the
events service; the hand-made demo left as it is, stock topped up, the ledger whole."""
import random
import re

import pytest
from sqlalchemy import select

from api.clients.models import Client
from api.extensions import db
from api.inventory.ledger import Move, apply_moves
from api.inventory.models import InventoryLevel
from api.inventory.service import ledger_drift
from api.orders.demo import DEMO_ACTOR
from api.orders.models import FulfillmentRequest, Shipment
from api.products.models import ItemType
from api.shipments.models import ShipmentEvent
from api.shipments.simulation import NEXT_STEP, RESTOCK_BELOW, SIMULATED, simulate_round

ROUND_LINE = re.compile(r"client \d+: new orders (\d+), parcels moved on (\d+), stocks topped up (\d+)")


@pytest.fixture
def demo(app, factory):
    assert app.test_cli_runner().invoke(args=["seed-demo"]).exit_code == 0
    return db.session.scalars(select(Client).filter_by(name="Acme Outdoor Supply")).one()


def statuses_of(client_id, prefix):
    db.session.expire_all()
    return dict(db.session.execute(
        select(Shipment.id, Shipment.status).join(FulfillmentRequest, FulfillmentRequest.id == Shipment.request_id)
        .where(Shipment.client_id == client_id, FulfillmentRequest.fulfillment_request_id.startswith(prefix))).all())


def test_rounds_place_orders_and_move_parcels_one_step_on(app, demo):
    hand_made = statuses_of(demo.id, "DEMO-")
    before = statuses_of(demo.id, "HIST-")

    result = app.test_cli_runner().invoke(args=["simulate-warehouse", "--rounds", "4", "--every", "0", "--seed", "7"])

    assert result.exit_code == 0, result.output
    rounds = [tuple(map(int, found.groups())) for found in ROUND_LINE.finditer(result.output)]
    assert len(rounds) == 4
    placed, moved = sum(n for n, _, _ in rounds), sum(n for _, n, _ in rounds)
    simulated = db.session.scalars(select(FulfillmentRequest).where(
        FulfillmentRequest.client_id == demo.id, FulfillmentRequest.fulfillment_request_id.startswith(SIMULATED))).all()
    assert placed > 0 and len(simulated) == placed
    assert all(request.order_id.startswith("#2") and request.shipments for request in simulated)
    events = db.session.scalars(select(ShipmentEvent).where(ShipmentEvent.event_id.startswith("simulated-"))).all()
    assert moved > 0 and len(events) == moved
    steps = {to for to, _ in NEXT_STEP.values()}
    assert {event.status for event in events} <= steps
    # A history parcel the warehouse got to moved on by one step a round, in the lifecycle's order.
    after = statuses_of(demo.id, "HIST-")
    chain = list(NEXT_STEP) + ["delivered"]
    assert all(chain.index(after[shipment]) - chain.index(status) in range(0, 5)
               for shipment, status in before.items() if status in NEXT_STEP)
    assert any(after[shipment] != status for shipment, status in before.items())
    assert statuses_of(demo.id, "DEMO-") == hand_made
    assert ledger_drift() == []


def test_a_stock_running_low_is_topped_up(demo):
    tent, location = db.session.execute(
        select(InventoryLevel.item_type_id, InventoryLevel.location).join(ItemType)
        .where(InventoryLevel.client_id == demo.id, ItemType.upc == "850001000017", InventoryLevel.location == "TX01")).one()
    level = db.session.scalars(select(InventoryLevel).filter_by(item_type_id=tent, location=location)).one()
    apply_moves(demo.id, [Move(tent, location, unbound=RESTOCK_BELOW - 1 - level.unbound, reason="adjustment")],
                DEMO_ACTOR)
    db.session.commit()

    outcome = simulate_round(demo.id, random.Random(1))

    db.session.expire_all()
    assert outcome.received >= 1
    assert db.session.get(InventoryLevel, level.id).unbound >= RESTOCK_BELOW
    assert ledger_drift() == []


def test_without_the_demo_history_there_is_nothing_to_simulate(app, factory):
    result = app.test_cli_runner().invoke(args=["simulate-warehouse", "--rounds", "1"])

    assert result.exit_code == 1
    assert "run seed-demo first" in result.output
