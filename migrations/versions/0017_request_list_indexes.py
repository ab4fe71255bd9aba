"""fulfilment requests: indexes for the list page's filters, so any one filter answers from an index
on an account with millions of requests

Revision ID: 0017_request_list_indexes
Revises: 0016_return_labels
Create Date: 2026-11-24 12:30:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0017_request_list_indexes'
down_revision = '0016_return_labels'
branch_labels = None
depends_on = None

# The list's order, newest first: filters on an equal value or a flag read their rows in this order.
LIST_ORDER = ('created_at', 'id')
# Prefix searches (LIKE 'x%') use these on PostgreSQL whatever the database's collation; they serve
# equality too.
PREFIX_COLUMNS = ('fulfillment_request_id', 'order_id', 'to_name', 'to_postal_code')
# The flags the list's tabs filter on are rare: partial indexes hold only the flagged requests.
FLAGS = {'invalid_address': sa.text('NOT address_validated'), 'requires_approval': sa.text('requires_approval'),
         'fraud': sa.text('fraud')}


def upgrade():
    for column in PREFIX_COLUMNS:
        op.create_index(f'ix_fulfillment_requests_client_{column}_prefix', 'fulfillment_requests', ['client_id', column],
                        postgresql_ops={column: 'varchar_pattern_ops'})
    op.create_index('ix_fulfillment_requests_client_state', 'fulfillment_requests', ['client_id', 'to_state', *LIST_ORDER])
    op.create_index('ix_fulfillment_requests_client_email', 'fulfillment_requests', ['client_id', 'to_email', *LIST_ORDER])
    for flag, condition in FLAGS.items():
        op.create_index(f'ix_fulfillment_requests_client_{flag}', 'fulfillment_requests', ['client_id', *LIST_ORDER],
                        postgresql_where=condition, sqlite_where=condition)


def downgrade():
    for flag in FLAGS:
        op.drop_index(f'ix_fulfillment_requests_client_{flag}', table_name='fulfillment_requests')
    op.drop_index('ix_fulfillment_requests_client_email', table_name='fulfillment_requests')
    op.drop_index('ix_fulfillment_requests_client_state', table_name='fulfillment_requests')
    for column in PREFIX_COLUMNS:
        op.drop_index(f'ix_fulfillment_requests_client_{column}_prefix', table_name='fulfillment_requests')
