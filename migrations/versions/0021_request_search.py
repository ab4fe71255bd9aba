"""fulfilment requests: found by any part of their id, order id, name, e-mail, city or postal code
through a trigram index; and the bulk upload that created a request, to list what an upload made

Revision ID: 0021_request_search
Revises: 0020_idempotency_key_lease
Create Date: 2026-11-27 17:20:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0021_request_search'
down_revision = '0020_idempotency_key_lease'
branch_labels = None
depends_on = None

# api.orders.listing.SEARCH_KEY: the expression must be the same for the planner to use the index.
SEARCHED = ('fulfillment_request_id', 'order_id', 'to_name', 'to_email', 'to_city', 'to_postal_code')
SEARCH_KEY = "lower(" + " || E'\\n' || ".join(f"coalesce({name}, '')" for name in SEARCHED) + ")"


def upgrade():
    with op.batch_alter_table('fulfillment_requests') as batch_op:
        batch_op.add_column(sa.Column('created_by_job_id', sa.String(length=36), nullable=True))
    op.create_index('ix_fulfillment_requests_created_by_job', 'fulfillment_requests', ['created_by_job_id'],
                    postgresql_where=sa.text('created_by_job_id IS NOT NULL'),
                    sqlite_where=sa.text('created_by_job_id IS NOT NULL'))
    if op.get_bind().dialect.name == 'postgresql':
        op.execute(f'CREATE INDEX ix_fulfillment_requests_search_trgm ON fulfillment_requests '
                   f'USING gin (({SEARCH_KEY}) gin_trgm_ops)')
        # Whether to walk the newest requests or gather a term's matches from this index turns on how
        # many hold the term: the default sample cannot tell a term in a few hundred of a million
        # requests from one in tens of thousands.
        op.execute('ALTER INDEX ix_fulfillment_requests_search_trgm ALTER COLUMN 1 SET STATISTICS 1000')
        op.execute('ANALYZE fulfillment_requests')


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        op.drop_index('ix_fulfillment_requests_search_trgm', table_name='fulfillment_requests')
    op.drop_index('ix_fulfillment_requests_created_by_job', table_name='fulfillment_requests')
    with op.batch_alter_table('fulfillment_requests') as batch_op:
        batch_op.drop_column('created_by_job_id')
