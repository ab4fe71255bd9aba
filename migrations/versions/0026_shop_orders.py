"""shop orders: imported shop orders keyed by shop order id, webhook deliveries seen, fulfillments pushed back

Revision ID: 0026_shop_orders
Revises: 0025_shipment_groups
Create Date: 2026-11-28 02:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0026_shop_orders'
down_revision = '0025_shipment_groups'
branch_labels = None
depends_on = None

PENDING = "status = 'pending'"


def upgrade():
    op.create_table(
        'shop_order_imports',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('client_id', sa.Integer(), sa.ForeignKey('clients.id'), nullable=False),
        sa.Column('shop_order_id', sa.String(64), nullable=False),
        sa.Column('shop_order_name', sa.String(64), nullable=True),
        sa.Column('request_id', sa.Integer(), sa.ForeignKey('fulfillment_requests.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('source', sa.String(10), nullable=False),
        sa.Column('imported_by', sa.String(150), nullable=False),
        sa.Column('imported_at', sa.DateTime(), nullable=False),
        sa.UniqueConstraint('client_id', 'shop_order_id', name='uq_shop_order_imports_client_order'),
    )
    op.create_index('ix_shop_order_imports_request', 'shop_order_imports', ['request_id'], unique=True)
    op.create_table(
        'shop_webhook_deliveries',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('webhook_id', sa.String(100), nullable=False, unique=True),
        sa.Column('shop_domain', sa.String(255), nullable=False),
        sa.Column('topic', sa.String(60), nullable=False),
        sa.Column('received_at', sa.DateTime(), nullable=False),
    )
    op.create_index('ix_shop_webhook_deliveries_received_at', 'shop_webhook_deliveries', ['received_at'])
    op.create_table(
        'shop_fulfillments',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('client_id', sa.Integer(), sa.ForeignKey('clients.id'), nullable=False),
        sa.Column('shipment_id', sa.Integer(), sa.ForeignKey('shipments.id', ondelete='CASCADE'), nullable=False,
                  unique=True),
        sa.Column('shop_order_import_id', sa.Integer(), sa.ForeignKey('shop_order_imports.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('status', sa.String(10), nullable=False),
        sa.Column('shop_fulfillment_id', sa.String(100), nullable=True),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('last_error', sa.String(500), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('pushed_at', sa.DateTime(), nullable=True),
    )
    op.create_index('ix_shop_fulfillments_pending', 'shop_fulfillments', ['status', 'id'],
                    postgresql_where=sa.text(PENDING), sqlite_where=sa.text(PENDING))


def downgrade():
    op.drop_index('ix_shop_fulfillments_pending', table_name='shop_fulfillments')
    op.drop_table('shop_fulfillments')
    op.drop_index('ix_shop_webhook_deliveries_received_at', table_name='shop_webhook_deliveries')
    op.drop_table('shop_webhook_deliveries')
    op.drop_index('ix_shop_order_imports_request', table_name='shop_order_imports')
    op.drop_table('shop_order_imports')
