"""The freight tests build on the request tests' catalogue, stock, ship profiles and client user, for a
client on version 2 (LTL freight is for version 2 and up)."""
import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.freight.models import BillOfLading
from api.orders.models import ShipmentGroup
from tests.orders.conftest import catalogue, manager, profiles, stock  # noqa: F401 (fixtures)
from tests.orders.test_fulfillment_requests import URL, new_request

GROUPS = "/api/v4/shipment_groups"


@pytest.fixture
def acme(factory):
    return factory.client("Acme", version=2)


@pytest.fixture
def place(client, manager, catalogue, stock, profiles):
    """place(reference, items=..., stocked=True, **fields): an LTL request placed at NJ01 through the new-request
    call (its units received first unless ``stocked`` is false); its answer."""

    def placed(reference, items=(("TENT", 1),), stocked=True, **fields):
        if stocked:
            for upc, quantity in items:
                stock(catalogue[upc.lower()], NJ01=quantity)
        body = new_request(reference, items, **{"warehouse_id": "NJ01", "ship_profile_id": profiles["LTL"],
                                                "ship_method": "LTL_STANDARD", **fields})
        answer = client.post(URL, headers=manager, json=body)
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    return placed


def group_url(group_id, tail=""):
    return f"{GROUPS}/{group_id}{tail}"


def group_count():
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(ShipmentGroup))


def add_bol(group_id):
    """A bill of lading on the group, as the bol calls store one (their checks are tested with them)."""
    group = db.session.get(ShipmentGroup, group_id)
    db.session.add(BillOfLading(client_id=group.client_id, shipment_group_id=group_id, bol_number=f"BOL-{group_id}",
                                name=f"BOL-{group_id}.pdf", size=8, content=b"%PDF-1.4", created_by_username="test"))
    db.session.commit()


def history_of(client, headers, group_id):
    answer = client.get(group_url(group_id, "/history"), headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return [(row["from_status"], row["to_status"], row["reason"]) for row in answer.get_json()["history"]]


def shipment_statuses(group_body, client, headers):
    return [client.get(f"/api/v4/shipments/{shipment_id}", headers=headers).get_json()["status"]
            for shipment_id in group_body["shipment_ids"]]
