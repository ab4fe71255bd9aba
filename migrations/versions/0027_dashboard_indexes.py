"""dashboards: indexes that hold what the dashboards read, so that both answer from indexes alone on an
account with a million shipments

Revision ID: 0027_dashboard_indexes
Revises: 0026_shop_orders
Create Date: 2026-11-28 01:20:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0027_dashboard_indexes'
down_revision = '0026_shop_orders'
branch_labels = None
depends_on = None

UNFILLED = sa.text("shipped_at IS NULL AND status <> 'canceled'")
SHIPPED = sa.text('shipped_at IS NOT NULL')
UNALLOCATED = sa.text("inventory_allocated IS false AND status <> 'canceled'")
# The countries whose postal codes are US ones (api.addresses.service.US_POSTAL_AREAS): a request to any
# other needs customs values, and only those few are the Missing customs info alert's to look at.
ABROAD = sa.text("to_country NOT IN ('AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'UM', 'US', 'VI')")


def upgrade():
    # Each warehouse's shipments still to ship, with their status, age and request (the totals, the
    # chart's older open shipments and the desired ship dates).
    op.create_index('ix_shipments_client_unfilled', 'shipments', ['client_id'],
                    postgresql_include=['warehouse_id', 'status', 'created_at', 'request_id'],
                    postgresql_where=UNFILLED, sqlite_where=UNFILLED)
    # The chart's last 30 days by status and warehouse.
    op.create_index('ix_shipments_client_created_status', 'shipments', ['client_id', 'created_at'],
                    postgresql_include=['warehouse_id', 'status'])
    # The shipments dashboard's window: everything it sums but the destination.
    op.create_index('ix_shipments_client_shipped_figures', 'shipments', ['client_id', 'shipped_at'],
                    postgresql_include=['warehouse_id', 'request_id', 'weight', 'delivered_at'],
                    postgresql_where=SHIPPED, sqlite_where=SHIPPED)
    op.create_index('ix_shipments_client_unallocated', 'shipments', ['client_id', 'request_id'],
                    postgresql_where=UNALLOCATED, sqlite_where=UNALLOCATED)
    op.create_index('ix_fulfillment_requests_client_abroad', 'fulfillment_requests', ['client_id', 'id'],
                    postgresql_where=ABROAD, sqlite_where=ABROAD)


def downgrade():
    op.drop_index('ix_fulfillment_requests_client_abroad', table_name='fulfillment_requests')
    for name in ('ix_shipments_client_unallocated', 'ix_shipments_client_shipped_figures',
                 'ix_shipments_client_created_status', 'ix_shipments_client_unfilled'):
        op.drop_index(name, table_name='shipments')
