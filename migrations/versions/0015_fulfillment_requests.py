"""fulfilment requests with their sets and items, and the shipments they become

Revision ID: 0015_fulfillment_requests
Revises: 0014_reference_data
Create Date: 2026-11-24 10:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0015_fulfillment_requests'
down_revision = '0014_reference_data'
branch_labels = None
depends_on = None


def _text(name, size, nullable=True):
    return sa.Column(name, sa.String(length=size), nullable=nullable)


def upgrade():
    op.create_table(
        'fulfillment_requests',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('client_id', sa.Integer(), nullable=False),
        _text('fulfillment_request_id', 100, nullable=False),
        _text('order_id', 100),
        _text('warehouse_id', 8, nullable=False),
        _text('fill_type', 20, nullable=False),
        sa.Column('ship_together', sa.Boolean(), nullable=False),
        sa.Column('ship_profile_id', sa.Integer(), nullable=True),
        _text('ship_method', 60),
        _text('shipment_type', 60, nullable=False),
        sa.Column('desired_ship_date', sa.Date(), nullable=False),
        sa.Column('actual_ship_date', sa.Date(), nullable=True),
        sa.Column('shipment_group_id', sa.Integer(), nullable=True),
        _text('reference1', 100), _text('reference2', 100), _text('reference3', 100),
        _text('billing_type', 20, nullable=False),
        _text('billing_account', 60),
        _text('billing_postal_code', 20),
        _text('incoterm', 3),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('edi', sa.JSON(), nullable=True),
        sa.Column('requires_approval', sa.Boolean(), nullable=False),
        _text('requires_approval_reason', 20),
        sa.Column('fraud', sa.Boolean(), nullable=False),
        sa.Column('shopify_risk_score', sa.Float(), nullable=True),
        _text('shopify_risk_recommendation', 20),
        _text('to_name', 200), _text('to_company', 200), _text('to_address_1', 200), _text('to_address_2', 200),
        _text('to_address_3', 200), _text('to_city', 100), _text('to_state', 100), _text('to_postal_code', 20),
        _text('to_country', 2), _text('to_phone', 40), _text('to_email', 254),
        sa.Column('address_validated', sa.Boolean(), nullable=False),
        _text('address_validation_error', 500),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        _text('created_by_username', 150, nullable=False),
        sa.ForeignKeyConstraint(['client_id'], ['clients.id']),
        sa.ForeignKeyConstraint(['ship_profile_id'], ['ship_profiles.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('client_id', 'fulfillment_request_id', name='uq_fulfillment_requests_client_reference'),
    )
    op.create_index('ix_fulfillment_requests_client_created', 'fulfillment_requests', ['client_id', 'created_at', 'id'])
    op.create_table(
        'fulfillment_request_sets',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('request_id', sa.Integer(), nullable=False),
        _text('type', 20, nullable=False),
        _text('gift_note', 500),
        sa.ForeignKeyConstraint(['request_id'], ['fulfillment_requests.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_fulfillment_request_sets_request_id', 'fulfillment_request_sets', ['request_id'])
    op.create_table(
        'fulfillment_request_set_items',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('set_id', sa.Integer(), nullable=False),
        sa.Column('parent_id', sa.Integer(), nullable=True),
        sa.Column('item_type_id', sa.Integer(), nullable=False),
        _text('upc', 64, nullable=False),
        _text('name', 255, nullable=False),
        sa.Column('quantity', sa.Integer(), nullable=False),
        sa.Column('picked', sa.Boolean(), nullable=False),
        sa.Column('customs_value', sa.Numeric(10, 2), nullable=True),
        sa.Column('details', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['set_id'], ['fulfillment_request_sets.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['parent_id'], ['fulfillment_request_set_items.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['item_type_id'], ['item_types.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_fulfillment_request_set_items_set_id', 'fulfillment_request_set_items', ['set_id'])
    op.create_table(
        'shipments',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('client_id', sa.Integer(), nullable=False),
        sa.Column('request_id', sa.Integer(), nullable=False),
        _text('warehouse_id', 8, nullable=False),
        _text('status', 20, nullable=False),
        sa.Column('inventory_allocated', sa.Boolean(), nullable=False),
        sa.Column('ship_profile_id', sa.Integer(), nullable=True),
        _text('ship_method', 60),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['client_id'], ['clients.id']),
        sa.ForeignKeyConstraint(['request_id'], ['fulfillment_requests.id']),
        sa.ForeignKeyConstraint(['ship_profile_id'], ['ship_profiles.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_shipments_client_id', 'shipments', ['client_id'])
    op.create_index('ix_shipments_request_id', 'shipments', ['request_id'])
    op.create_index('ix_shipments_waiting', 'shipments', ['inventory_allocated', 'status', 'id'])
    op.create_table(
        'shipment_lines',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('shipment_id', sa.Integer(), nullable=False),
        sa.Column('set_item_id', sa.Integer(), nullable=False),
        sa.Column('item_type_id', sa.Integer(), nullable=False),
        sa.Column('quantity_desired', sa.Integer(), nullable=False),
        sa.Column('quantity_allocated', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['shipment_id'], ['shipments.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['set_item_id'], ['fulfillment_request_set_items.id']),
        sa.ForeignKeyConstraint(['item_type_id'], ['item_types.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_shipment_lines_shipment_id', 'shipment_lines', ['shipment_id'])


def downgrade():
    op.drop_table('shipment_lines')
    op.drop_table('shipments')
    op.drop_table('fulfillment_request_set_items')
    op.drop_table('fulfillment_request_sets')
    op.drop_table('fulfillment_requests')
