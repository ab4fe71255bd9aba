"""The dashboards' answers (spec part 3 section 3, 'Dashboard responses'): field names are the contract."""
from marshmallow import Schema, fields


def _count(description):
    return fields.Integer(required=True, metadata={"description": description})


def _average(description):
    return fields.Float(required=True, allow_none=True, metadata={"description": f"{description}; null when none"})


class WarehouseSummary(Schema):
    warehouse = fields.String(required=True, metadata={"description": "The warehouse's code"})
    pending = _count("Shipments not shipped nor cancelled (All Unfilled Shipments)")
    will_ship_today = _count("Of those, the ones whose desired ship date is the warehouse's today or "
                             "earlier (Unfulfilled Shipments - Ship Today)")
    shipped_today = _count("Shipments that shipped on the warehouse's today, in its time zone")


def _alert(description):
    return _count(f"{description}; counted up to 1,000, and 1001 for more")


class OrderAlerts(Schema):
    invalid_address = _alert("Requests whose address did not validate with a shipment in validating")
    fraud_approval_required = _alert("Requests flagged as fraud that wait for approval")
    groups_require_approval = _alert("LTL groups that wait for approval")
    missing_customs_info = _alert("Requests abroad with an item lacking its customs value")
    shipments_missing_inventory = _alert("Requests with an open shipment whose stock is not allocated")


class StatusCount(Schema):
    warehouse = fields.String(required=True)
    status = fields.String(required=True)
    count = _count("Shipments made in the last 30 days, and older ones still open, in this status now")


class OrdersDashboard(Schema):
    orders_per_warehouse_summary = fields.List(fields.Nested(WarehouseSummary), required=True)
    order_alerts = fields.Nested(OrderAlerts, required=True)
    orders_status_per_warehouse = fields.List(fields.Nested(StatusCount), required=True)


class ZoneCount(Schema):
    zone = fields.Integer(required=True, metadata={"description": "1 to 8, the carriers' distance bands"})
    shipments = _count("Shipments to US destinations in this zone")


class AggregateStatistics(Schema):
    average_zones = _average("The mean zone of the shipments to US destinations")
    zones = fields.List(fields.Nested(ZoneCount), required=True)
    average_weight = _average("The mean weight in pounds of the shipments the warehouse weighed")
    average_transit_time = _average("The mean days from shipped to delivered of the delivered shipments")


class StateCount(Schema):
    state = fields.String(required=True, metadata={"description": "The USPS code of the destination's state"})
    shipments = _count("Shipments to the state")


class ShipmentsDashboard(Schema):
    shipments_aggregate_statistics = fields.Nested(AggregateStatistics, required=True)
    shipments_by_destination_state = fields.List(fields.Nested(StateCount), required=True)
