"""return labels: the parcels the warehouses expect back for a request, with their tracking numbers

Revision ID: 0016_return_labels
Revises: 0015_fulfillment_requests
Create Date: 2026-11-24 10:30:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0016_return_labels'
down_revision = '0015_fulfillment_requests'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'return_labels',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('client_id', sa.Integer(), nullable=False),
        sa.Column('request_id', sa.Integer(), nullable=False),
        sa.Column('ship_profile_id', sa.Integer(), nullable=False),
        sa.Column('carrier', sa.String(length=50), nullable=False),
        sa.Column('ship_method', sa.String(length=60), nullable=False),
        sa.Column('warehouse_id', sa.String(length=8), nullable=False),
        sa.Column('tracking_number', sa.String(length=40), nullable=True),
        sa.Column('length', sa.Numeric(8, 2), nullable=False),
        sa.Column('width', sa.Numeric(8, 2), nullable=False),
        sa.Column('height', sa.Numeric(8, 2), nullable=False),
        sa.Column('weight', sa.Numeric(8, 2), nullable=False),
        sa.Column('received_at', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('created_by_username', sa.String(length=150), nullable=False),
        sa.ForeignKeyConstraint(['client_id'], ['clients.id']),
        sa.ForeignKeyConstraint(['request_id'], ['fulfillment_requests.id']),
        sa.ForeignKeyConstraint(['ship_profile_id'], ['ship_profiles.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tracking_number', name='uq_return_labels_tracking_number'),
    )
    op.create_index('ix_return_labels_request_id', 'return_labels', ['request_id'])


def downgrade():
    op.drop_index('ix_return_labels_request_id', table_name='return_labels')
    op.drop_table('return_labels')
