"""shipments: indexes for the shipment list's filters, so any one filter answers from an index on an
account with millions of shipments

Revision ID: 0024_shipment_list
Revises: 0023_shipment_lifecycle
Create Date: 2026-11-28 10:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0024_shipment_list'
down_revision = '0023_shipment_lifecycle'
branch_labels = None
depends_on = None

# The list's order, newest first: a filter on an equal value reads its rows in this order. The order and
# request filters go through the requests' indexes (0017) and ix_shipments_request_id.
LIST_ORDER = ('created_at', 'id')
EQUAL_FILTERS = {'ix_shipments_client_status': 'status', 'ix_shipments_client_warehouse': 'warehouse_id'}
# Only the shipments in a group have a group, and only those shipped a shipping time: partial indexes
# hold just those.
GROUPED = sa.text('shipment_group_id IS NOT NULL')
SHIPPED = sa.text('shipped_at IS NOT NULL')


def upgrade():
    op.create_index('ix_shipments_client_created', 'shipments', ['client_id', *LIST_ORDER])
    for name, column in EQUAL_FILTERS.items():
        op.create_index(name, 'shipments', ['client_id', column, *LIST_ORDER])
    op.create_index('ix_shipments_client_group', 'shipments', ['client_id', 'shipment_group_id', *LIST_ORDER],
                    postgresql_where=GROUPED, sqlite_where=GROUPED)
    op.create_index('ix_shipments_client_shipped', 'shipments', ['client_id', 'shipped_at', 'id'],
                    postgresql_where=SHIPPED, sqlite_where=SHIPPED)


def downgrade():
    op.drop_index('ix_shipments_client_shipped', table_name='shipments')
    op.drop_index('ix_shipments_client_group', table_name='shipments')
    for name in reversed(EQUAL_FILTERS):
        op.drop_index(name, table_name='shipments')
    op.drop_index('ix_shipments_client_created', table_name='shipments')
