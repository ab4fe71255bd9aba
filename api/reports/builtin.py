"""The reports every portal starts with, over its own tables; admins may edit them afterwards.

Their SQL runs unchanged on PostgreSQL and SQLite (months are cut from the timestamp's text form).
"""
import click
from flask.cli import with_appcontext
from sqlalchemy import select

from api.extensions import db
from api.reports.models import Report
from api.reports.parameters import declared_parameters

SEEDED_BY = "system"

BUILTIN_REPORTS = (
    {
        # The ASN view runs this id; it kept its old name although it is a client report.
        "id": "R_FMS_5458", "name": "Display ASNs", "report_type": "client", "category": "Receive", "sub_category": "ASNs",
        "query": """SELECT a.id AS "id", a.external_id AS "ASN ID", a.warehouse_id AS "Warehouse",
       a.expected_arrival_date AS "Expected Arrival", a.received_at AS "Received",
       COUNT(DISTINCT i.item_type_id) AS "Items", COALESCE(SUM(i.quantity), 0) AS "Quantity",
       COALESCE(SUM(i.received_quantity), 0) AS "Received Quantity"
FROM asns a
LEFT JOIN expected_inbound_shipments s ON s.asn_id = a.id
LEFT JOIN expected_inbound_shipment_items i ON i.shipment_id = s.id
WHERE a.client_id = :client_id
GROUP BY a.id, a.external_id, a.warehouse_id, a.expected_arrival_date, a.received_at
ORDER BY a.id DESC""",
    },
    {
        "id": "R_CLIENT_5459", "name": "Received Items", "report_type": "client", "category": "Receive",
        "sub_category": "Receipts",
        "query": """SELECT a.external_id AS "ASN ID", a.warehouse_id AS "Warehouse", t.sku AS "SKU", t.upc AS "UPC",
       t.name AS "Item", i.quantity AS "Expected", i.received_quantity AS "Received", i.received_at AS "Received At"
FROM expected_inbound_shipment_items i
JOIN expected_inbound_shipments s ON s.id = i.shipment_id
JOIN asns a ON a.id = s.asn_id
JOIN item_types t ON t.id = i.item_type_id
WHERE a.client_id = :client_id AND i.received_at >= :received_since
ORDER BY i.received_at DESC, i.id DESC""",
    },
    {
        "id": "R_CLIENT_5460", "name": "Expected Returns", "report_type": "client", "category": "Customer Returns",
        "sub_category": "RMAs",
        "query": """SELECT r.rma_id AS "RMA ID", r.warehouse_id AS "Warehouse", r.order_id AS "Order ID",
       r.reason AS "Reason", r.created_at AS "Created", COUNT(DISTINCT ri.item_type_id) AS "Items",
       COALESCE(SUM(ri.quantity), 0) AS "Quantity"
FROM rmas r
LEFT JOIN rma_shipments s ON s.rma_id = r.id
LEFT JOIN rma_items ri ON ri.shipment_id = s.id
WHERE r.client_id = :client_id
GROUP BY r.id, r.rma_id, r.warehouse_id, r.order_id, r.reason, r.created_at
ORDER BY r.created_at DESC, r.id DESC""",
    },
    {
        "id": "R_CLIENT_5461", "name": "Stock Movements by Month", "report_type": "client", "category": "Invoices",
        "sub_category": "Storage",
        "query": """SELECT substr(CAST(m.created_at AS TEXT), 1, 7) AS "Month", m.reason AS "Reason",
       COUNT(*) AS "Movements",
       SUM(CASE WHEN m.unbound_delta > 0 THEN m.unbound_delta ELSE 0 END) AS "Units In",
       SUM(CASE WHEN m.unbound_delta < 0 THEN -m.unbound_delta ELSE 0 END) AS "Units Out"
FROM inventory_movements m
WHERE m.client_id = :client_id
GROUP BY substr(CAST(m.created_at AS TEXT), 1, 7), m.reason
ORDER BY 1 DESC, 2""",
    },
    {
        "id": "R_CLIENT_5462", "name": "Inventory on Hand", "report_type": "client", "category": "Inventory",
        "sub_category": "Stock",
        "query": """SELECT t.sku AS "SKU", t.upc AS "UPC", t.name AS "Item", l.location AS "Warehouse",
       l.unbound AS "Available", l.reserved AS "Reserved", l.bound AS "Allocated",
       l.unbound + l.reserved + l.bound AS "On Hand"
FROM inventory_levels l
JOIN item_types t ON t.id = l.item_type_id
WHERE l.client_id = :client_id
ORDER BY t.sku, l.location""",
    },
    {
        "id": "R_FMS_5463", "name": "Clients Overview", "report_type": "fms", "category": "Clients",
        "sub_category": "Accounts",
        "query": """SELECT c.id AS "Client ID", c.name AS "Client",
       (SELECT COUNT(*) FROM users u WHERE u.client_id = c.id AND u.active) AS "Active Users",
       (SELECT COUNT(*) FROM item_types t WHERE t.client_id = c.id) AS "Items",
       (SELECT COUNT(*) FROM asns a WHERE a.client_id = c.id) AS "ASNs",
       (SELECT COUNT(*) FROM rmas r WHERE r.client_id = c.id) AS "RMAs"
FROM clients c
ORDER BY c.name, c.id""",
    },
    {
        "id": "R_WMS_5464", "name": "Stock by Warehouse", "report_type": "wms", "category": "Inventory",
        "sub_category": "Warehouses",
        "query": """SELECT l.location AS "Warehouse", c.name AS "Client", COUNT(*) AS "Item Types",
       SUM(l.unbound) AS "Available", SUM(l.reserved) AS "Reserved", SUM(l.bound) AS "Allocated"
FROM inventory_levels l
JOIN clients c ON c.id = l.client_id
WHERE l.location = :warehouse_id OR :warehouse_id IS NULL
GROUP BY l.location, c.name
ORDER BY l.location, c.name""",
    },
)


def seed_builtin_reports():
    """Add the built-in reports that are missing; ones already there (perhaps edited) stay as they are."""
    existing = set(db.session.scalars(select(Report.id).where(Report.id.in_([r["id"] for r in BUILTIN_REPORTS]))))
    added = []
    for fields in BUILTIN_REPORTS:
        if fields["id"] in existing:
            continue
        db.session.add(Report(**fields, parameters=declared_parameters(fields["query"]), created_by_username=SEEDED_BY))
        added.append(fields["id"])
    db.session.commit()
    return added


@click.command("seed-reports")
@with_appcontext
def seed_reports():
    """Add the built-in reports (Display ASNs and the rest) that are missing."""
    added = seed_builtin_reports()
    click.echo(f"Added {len(added)} built-in reports." if added else "The built-in reports are there already.")
