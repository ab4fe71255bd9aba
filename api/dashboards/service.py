"""The two dashboards of spec part 3 section 2: what the client's warehouses have to ship today and
what needs the client's attention (orders), and where the last 30 days' parcels went (shipments).

Each warehouse counts its own local day (api.dashboards.zones.warehouse_time_zone): 'today' at a
warehouse in Dallas ends at midnight in Dallas, whoever looks. Both read shipments alone, a request's
desired ship date and destination from the shipment's copies of them (migration 0028)."""
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import and_, case, func, literal_column, select, text

from api.common.tenancy import owned_by
from api.common.timeutil import day_start_utc, utcnow
from api.dashboards.zones import ZONES, warehouse_origin, warehouse_time_zone, zone_between
from api.extensions import db, on_postgresql
from api.orders.listing import filtered_requests
from api.orders.models import (
    CANCELED, OPEN_GROUP, VALIDATING, FulfillmentRequest, Shipment, ShipmentGroup,
)
from api.orders.schemas import RequestFilters
from api.warehouses.models import Warehouse

# An alert counts up to this many and then says only "more" (ALERT_CAP + 1): a client with thousands of
# requests to look at needs the list, not the exact figure, and counting stops early.
ALERT_CAP = 1000
# The trailing window of the shipments dashboard and of the status chart's finished shipments.
WINDOW = timedelta(days=30)
SECONDS_PER_DAY = 86400
# What PostgreSQL may hold to count the shipments dashboard's window by destination (see _room_to_hash_groups).
DESTINATION_GROUPING_MEMORY = "32MB"

# Each alert counts the requests of the list its link opens (spec part 3 section 2's table).
REQUEST_ALERTS = {
    "invalid_address": {"invalidToAddress": True, "shipmentStatus": VALIDATING},
    "fraud_approval_required": {"fraud": True, "requiresApproval": True},
    "missing_customs_info": {"missingCustomsInfo": True},
    "shipments_missing_inventory": {"unallocatedInventory": True},
}


def _warehouses():
    return {warehouse.code: warehouse for warehouse in db.session.scalars(select(Warehouse))}


def _local_days(warehouses, now):
    """{code: (its local date, the naive UTC start of that day, of the next)} at ``now`` (naive UTC)."""
    days = {}
    for code, warehouse in warehouses.items():
        zone = warehouse_time_zone(warehouse)
        today = now.replace(tzinfo=UTC).astimezone(ZoneInfo(zone)).date()
        days[code] = (today, day_start_utc(today, zone), day_start_utc(today + timedelta(days=1), zone))
    return days


def orders_dashboard(client_id, now=None):
    """The orders dashboard of ``client_id`` at ``now`` (naive UTC, default the present)."""
    now = now or utcnow()
    warehouses = _warehouses()
    days = _local_days(warehouses, now)
    summary = {}

    def row(code):
        return summary.setdefault(code, {"warehouse": code, "pending": 0, "will_ship_today": 0, "shipped_today": 0})

    unfilled = db.session.execute(
        select(Shipment.warehouse_id, Shipment.desired_ship_date, func.count())
        .where(_unfilled(client_id))
        .group_by(Shipment.warehouse_id, Shipment.desired_ship_date))
    for code, desired, count in unfilled:
        row(code)["pending"] += count
        if code not in days or desired <= days[code][0]:
            row(code)["will_ship_today"] += count
    if days:
        starts = {code: start for code, (_, start, _) in days.items()}
        ends = {code: end for code, (_, _, end) in days.items()}
        shipped = db.session.execute(
            select(Shipment.warehouse_id, func.count())
            .where(owned_by(Shipment, client_id), Shipment.shipped_at.is_not(None),
                   Shipment.shipped_at >= min(starts.values()), Shipment.shipped_at < max(ends.values()),
                   Shipment.shipped_at >= case(starts, value=Shipment.warehouse_id),
                   Shipment.shipped_at < case(ends, value=Shipment.warehouse_id))
            .group_by(Shipment.warehouse_id))
        for code, count in shipped:
            row(code)["shipped_today"] = count
    return {
        "orders_per_warehouse_summary": [summary[code] for code in sorted(summary)],
        "order_alerts": order_alerts(client_id),
        "orders_status_per_warehouse": _status_counts(client_id, now - WINDOW),
    }


def order_alerts(client_id):
    """How many requests (LTL groups for groups_require_approval) each alert's list holds."""
    alerts = {name: _capped_count(filtered_requests(client_id, _filters(flags)).with_only_columns(FulfillmentRequest.id))
              for name, flags in REQUEST_ALERTS.items()}
    alerts["groups_require_approval"] = _capped_count(
        select(ShipmentGroup.id).where(owned_by(ShipmentGroup, client_id), ShipmentGroup.approval_required,
                                       db.text(OPEN_GROUP)))
    return {name: alerts[name] for name in ("invalid_address", "fraud_approval_required", "groups_require_approval",
                                            "missing_customs_info", "shipments_missing_inventory")}


def _filters(flags):
    return {**RequestFilters().load({}), **flags}


def _capped_count(query):
    return db.session.scalar(select(func.count()).select_from(query.limit(ALERT_CAP + 1).subquery()))


def _unfilled(client_id):
    """The client's shipments still to ship (migration 0027 indexes exactly these)."""
    return and_(owned_by(Shipment, client_id), Shipment.shipped_at.is_(None), Shipment.status != CANCELED)


def _status_counts(client_id, since):
    """Shipments by warehouse and status now: those made since ``since`` and older ones still to ship."""
    counts = {}
    recent = (select(Shipment.warehouse_id, Shipment.status, func.count())
              .where(owned_by(Shipment, client_id), Shipment.created_at >= since)
              .group_by(Shipment.warehouse_id, Shipment.status))
    still_open = (select(Shipment.warehouse_id, Shipment.status, func.count())
                  .where(_unfilled(client_id), Shipment.created_at < since)
                  .group_by(Shipment.warehouse_id, Shipment.status))
    for query in (recent, still_open):
        for code, status, count in db.session.execute(query):
            counts[(code, status)] = counts.get((code, status), 0) + count
    return [{"warehouse": code, "status": status, "count": count} for (code, status), count in sorted(counts.items())]


def _transit_seconds():
    if on_postgresql():
        return func.extract("epoch", Shipment.delivered_at - Shipment.shipped_at)
    return (func.julianday(Shipment.delivered_at) - func.julianday(Shipment.shipped_at)) * SECONDS_PER_DAY


def shipments_dashboard(client_id, now=None):
    """The shipments dashboard of ``client_id``: the shipments shipped in the 30 days before ``now``."""
    now = now or utcnow()
    warehouses = _warehouses()
    origins = {code: warehouse_origin(warehouse) for code, warehouse in warehouses.items()}
    # Literal constants, so that PostgreSQL sees the grouped expressions and the selected ones as the same.
    _room_to_hash_groups()
    us_destination = Shipment.to_country == literal_column("'US'")
    zip3 = func.substr(Shipment.to_postal_code, literal_column("1"), literal_column("3"))
    rows = db.session.execute(
        select(Shipment.warehouse_id, us_destination, zip3,
               Shipment.to_state, func.count(), func.sum(Shipment.weight), func.count(Shipment.weight),
               func.sum(_transit_seconds()), func.count(Shipment.delivered_at))
        .where(owned_by(Shipment, client_id), Shipment.shipped_at.is_not(None), Shipment.shipped_at >= now - WINDOW)
        .group_by(Shipment.warehouse_id, us_destination, zip3, Shipment.to_state))
    zones = dict.fromkeys(ZONES, 0)
    states = {}
    weight = weighed = transit = delivered = 0
    for code, in_us, prefix, state, count, weight_sum, weight_count, transit_sum, delivered_count in rows:
        weight += weight_sum or 0
        weighed += weight_count
        transit += transit_sum or 0
        delivered += delivered_count
        if not in_us:
            continue
        states[state] = states.get(state, 0) + count
        zone = zone_between(origins[code], prefix) if code in origins else None
        if zone:
            zones[zone] += count
    zoned = sum(zones.values())
    return {
        "shipments_aggregate_statistics": {
            "average_zones": _rounded(sum(zone * count for zone, count in zones.items()), zoned),
            "zones": [{"zone": zone, "shipments": count} for zone, count in zones.items()],
            "average_weight": _rounded(weight, weighed),
            "average_transit_time": _rounded(transit / SECONDS_PER_DAY, delivered),
        },
        "shipments_by_destination_state": [{"state": state, "shipments": count}
                                           for state, count in sorted(states.items(), key=lambda item: (-item[1], item[0]))],
    }


def _room_to_hash_groups():
    """Let PostgreSQL count the window's shipments by destination in a hash table for the rest of this
    transaction: it expects as many destinations as shipments (tens of thousands) and, in the default
    4 MB, sorted them on disk instead, which took four times as long."""
    if on_postgresql():
        db.session.execute(text(f"SET LOCAL work_mem = '{DESTINATION_GROUPING_MEMORY}'"))


def _rounded(total, count):
    return round(float(total) / count, 2) if count else None
