"""shipments: what the warehouse reports (tracking, carrier, weight, dates, the warning state's reason),
the history of every status move, and the files, EDI details, comments and events of a shipment

Revision ID: 0023_shipment_lifecycle
Revises: 0022_return_label_idempotency
Create Date: 2026-11-27 20:45:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0023_shipment_lifecycle'
down_revision = '0022_return_label_idempotency'
branch_labels = None
depends_on = None

REPORTED_COLUMNS = (
    ('tracking_number', sa.String(length=100)), ('tracking_url', sa.String(length=500)),
    ('carrier', sa.String(length=50)), ('weight', sa.Numeric(10, 2)), ('master_tracking_id', sa.String(length=100)),
    ('shipment_group_id', sa.Integer()), ('shipped_at', sa.DateTime()), ('delivered_at', sa.DateTime()),
    ('exception_reason', sa.String(length=500)),
)
EDI_TEXT_COLUMNS = (
    ('store_number', 100), ('store_name', 200), ('store_address1', 200), ('store_address2', 200), ('store_city', 100),
    ('store_state', 100), ('store_postalcode', 20), ('department_number', 100), ('division_number', 100),
    ('dc_number', 100), ('group_number', 100), ('vendor_number', 100), ('product_description', 500),
    ('product_type', 100),
)


def _owner_columns():
    return (sa.Column('id', sa.Integer(), primary_key=True),
            sa.Column('client_id', sa.Integer(), sa.ForeignKey('clients.id'), nullable=False),
            sa.Column('shipment_id', sa.Integer(), sa.ForeignKey('shipments.id', ondelete='CASCADE'), nullable=False))


def upgrade():
    with op.batch_alter_table('shipments') as batch_op:
        for name, kind in REPORTED_COLUMNS:
            batch_op.add_column(sa.Column(name, kind, nullable=True))
    op.create_table(
        'shipment_status_changes', *_owner_columns(),
        sa.Column('from_status', sa.String(length=20), nullable=True),
        sa.Column('to_status', sa.String(length=20), nullable=False),
        sa.Column('reason', sa.String(length=500), nullable=False),
        sa.Column('actor', sa.String(length=150), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
    )
    op.create_index('ix_shipment_status_changes_shipment', 'shipment_status_changes', ['shipment_id', 'id'])
    op.create_table(
        'shipment_files', *_owner_columns(),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('stored_name', sa.String(length=100), nullable=False),
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('format', sa.String(length=10), nullable=False),
        sa.Column('content_type', sa.String(length=100), nullable=False),
        sa.Column('copies', sa.Integer(), nullable=False),
        sa.Column('size', sa.Integer(), nullable=False),
        sa.Column('content', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('created_by_username', sa.String(length=150), nullable=False),
    )
    op.create_index('ix_shipment_files_shipment', 'shipment_files', ['shipment_id', 'kind', 'id'])
    op.create_table(
        'shipment_details', *_owner_columns(),
        sa.Column('retailer', sa.String(length=100), nullable=False),
        sa.Column('cancel_date', sa.Date(), nullable=False),
        sa.Column('po_number', sa.String(length=100), nullable=False),
        *(sa.Column(name, sa.String(length=length), nullable=True) for name, length in EDI_TEXT_COLUMNS),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.Column('updated_by_username', sa.String(length=150), nullable=False),
        sa.UniqueConstraint('shipment_id', name='uq_shipment_details_shipment_id'),
    )
    op.create_table(
        'shipment_comments', *_owner_columns(),
        sa.Column('body', sa.String(length=2000), nullable=False),
        sa.Column('author_username', sa.String(length=150), nullable=False),
        sa.Column('author_name', sa.String(length=200), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
    )
    op.create_index('ix_shipment_comments_shipment', 'shipment_comments', ['shipment_id', 'id'])
    op.create_table(
        'shipment_events', *_owner_columns(),
        sa.Column('event_id', sa.String(length=100), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('occurred_at', sa.DateTime(), nullable=False),
        sa.Column('payload', sa.JSON(), nullable=False),
        sa.Column('answer', sa.JSON(), nullable=True),
        sa.Column('received_at', sa.DateTime(), nullable=False),
        sa.Column('actor', sa.String(length=150), nullable=False),
        sa.UniqueConstraint('event_id', name='uq_shipment_events_event_id'),
    )
    op.create_index('ix_shipment_events_shipment', 'shipment_events', ['shipment_id', 'id'])


def downgrade():
    for table in ('shipment_events', 'shipment_comments', 'shipment_details', 'shipment_files', 'shipment_status_changes'):
        op.drop_table(table)
    with op.batch_alter_table('shipments') as batch_op:
        for name, _ in reversed(REPORTED_COLUMNS):
            batch_op.drop_column(name)
