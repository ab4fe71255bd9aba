"""Requests and shipments written straight to the tables, so that each dashboard figure is checked on
data whose answer is known."""
from datetime import date, datetime

from api.extensions import db
from api.orders.models import FulfillmentRequest, RequestSet, SetItem, Shipment, ShipmentGroup

NOW = datetime(2026, 3, 10, 18, 0)  # naive UTC: 13:00 in Dallas, 10:00 in Ontario (California)
ADDRESSES = {
    "TX": {"to_city": "DALLAS", "to_state": "TX", "to_postal_code": "75201", "to_country": "US"},
    "NY": {"to_city": "NEW YORK", "to_state": "NY", "to_postal_code": "10001", "to_country": "US"},
    "CA": {"to_city": "LOS ANGELES", "to_state": "CA", "to_postal_code": "90012", "to_country": "US"},
    "ON": {"to_city": "TORONTO", "to_state": "ON", "to_postal_code": "M5H 2N2", "to_country": "CA"},
}
_references = iter(range(1, 1_000_000))


def add_request(client, to="TX", desired=date(2026, 3, 10), **fields):
    request = FulfillmentRequest(
        client_id=client.id, fulfillment_request_id=f"FR-{next(_references)}", warehouse_id="optimal",
        fill_type="partial", shipment_type="default_shipment_type", desired_ship_date=desired,
        created_by_username="test", to_name="Someone", **{"address_validated": True, **ADDRESSES[to], **fields})
    db.session.add(request)
    db.session.flush()
    return request


def add_shipment(client, warehouse="TX01", status="ready_to_process", request=None, created_at=NOW, **fields):
    """A shipment (with its own request unless given) of ``client`` at ``warehouse``."""
    request = request or add_request(client)
    shipment = Shipment(client_id=client.id, request_id=request.id, warehouse_id=warehouse, status=status,
                        created_at=created_at, **{"inventory_allocated": True, **fields})
    db.session.add(shipment)
    db.session.flush()
    return shipment


def add_item_line(request, item, customs_value=None):
    request.sets.append(RequestSet(items=[SetItem(item_type_id=item.id, upc=item.upc, name=item.name, quantity=1,
                                                  customs_value=customs_value)]))
    db.session.flush()


def add_group(client, **fields):
    group = ShipmentGroup(client_id=client.id, warehouse_id="TX01", desired_ship_date=date(2026, 3, 10),
                          address_key=f"key-{next(_references)}", **fields)
    db.session.add(group)
    db.session.flush()
    return group
