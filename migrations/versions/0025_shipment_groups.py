"""freight: LTL shipment groups (one open group per client, warehouse, destination and desired ship date),
their bills of lading, status history, comments and warehouse events

Revision ID: 0025_shipment_groups
Revises: 0024_shipment_list
Create Date: 2026-11-28 01:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0025_shipment_groups'
down_revision = '0024_shipment_list'
branch_labels = None
depends_on = None

OPEN_GROUP = "status = 'validating' AND NOT approved"
ADDRESS_COLUMNS = (
    ('to_name', 200), ('to_company', 200), ('to_address_1', 200), ('to_address_2', 200), ('to_address_3', 200),
    ('to_city', 100), ('to_state', 100), ('to_postal_code', 20), ('to_country', 2), ('to_phone', 40),
    ('to_email', 254),
)


def _owned_by_group():
    return (sa.Column('id', sa.Integer(), primary_key=True),
            sa.Column('client_id', sa.Integer(), sa.ForeignKey('clients.id'), nullable=False),
            sa.Column('shipment_group_id', sa.Integer(), sa.ForeignKey('shipment_groups.id', ondelete='CASCADE'),
                      nullable=False))


def upgrade():
    op.create_table(
        'shipment_groups',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('client_id', sa.Integer(), sa.ForeignKey('clients.id'), nullable=False),
        sa.Column('warehouse_id', sa.String(length=8), nullable=False),
        sa.Column('desired_ship_date', sa.Date(), nullable=False),
        sa.Column('address_key', sa.String(length=64), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('approval_required', sa.Boolean(), nullable=False),
        sa.Column('approved', sa.Boolean(), nullable=False),
        sa.Column('approved_by_username', sa.String(length=150)),
        sa.Column('approved_at', sa.DateTime()),
        sa.Column('ship_profile_id', sa.Integer(), sa.ForeignKey('ship_profiles.id')),
        sa.Column('ship_method', sa.String(length=60)),
        *(sa.Column(name, sa.String(length=length)) for name, length in ADDRESS_COLUMNS),
        sa.Column('address_validated', sa.Boolean(), nullable=False),
        sa.Column('address_validation_error', sa.String(length=500)),
        sa.Column('master_tracking_id', sa.String(length=100)),
        sa.Column('shipped_at', sa.DateTime()),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
    )
    open_group = sa.text(OPEN_GROUP)
    op.create_index('uq_shipment_groups_open_key', 'shipment_groups',
                    ['client_id', 'warehouse_id', 'desired_ship_date', 'address_key'], unique=True,
                    postgresql_where=open_group, sqlite_where=open_group)
    op.create_index('ix_shipment_groups_client_created', 'shipment_groups', ['client_id', 'created_at', 'id'])
    op.create_index('ix_shipment_groups_client_status', 'shipment_groups', ['client_id', 'status', 'created_at', 'id'])
    needs_approval = sa.text(f'approval_required AND {OPEN_GROUP}')
    op.create_index('ix_shipment_groups_client_needs_approval', 'shipment_groups', ['client_id', 'created_at', 'id'],
                    postgresql_where=needs_approval, sqlite_where=needs_approval)

    op.create_table(
        'bills_of_lading', *_owned_by_group(),
        sa.Column('bol_number', sa.String(length=40), nullable=False),
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('external_id', sa.String(length=100)),
        sa.Column('format', sa.String(length=10), nullable=False),
        sa.Column('generated', sa.Boolean(), nullable=False),
        sa.Column('size', sa.Integer(), nullable=False),
        sa.Column('content', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('created_by_username', sa.String(length=150), nullable=False),
        sa.UniqueConstraint('shipment_group_id', name='uq_bills_of_lading_group'),
    )
    op.create_table(
        'shipment_group_status_changes', *_owned_by_group(),
        sa.Column('from_status', sa.String(length=20)),
        sa.Column('to_status', sa.String(length=20), nullable=False),
        sa.Column('reason', sa.String(length=500), nullable=False),
        sa.Column('actor', sa.String(length=150), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
    )
    op.create_index('ix_shipment_group_status_changes_group', 'shipment_group_status_changes',
                    ['shipment_group_id', 'id'])
    op.create_table(
        'shipment_group_comments', *_owned_by_group(),
        sa.Column('body', sa.String(length=2000), nullable=False),
        sa.Column('author_username', sa.String(length=150), nullable=False),
        sa.Column('author_name', sa.String(length=200)),
        sa.Column('created_at', sa.DateTime(), nullable=False),
    )
    op.create_index('ix_shipment_group_comments_group', 'shipment_group_comments', ['shipment_group_id', 'id'])
    op.create_table(
        'shipment_group_events', *_owned_by_group(),
        sa.Column('event_id', sa.String(length=100), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('occurred_at', sa.DateTime(), nullable=False),
        sa.Column('payload', sa.JSON(), nullable=False),
        sa.Column('answer', sa.JSON()),
        sa.Column('received_at', sa.DateTime(), nullable=False),
        sa.Column('actor', sa.String(length=150), nullable=False),
        sa.UniqueConstraint('event_id', name='uq_shipment_group_events_event_id'),
    )
    op.create_index('ix_shipment_group_events_group', 'shipment_group_events', ['shipment_group_id', 'id'])


def downgrade():
    op.drop_index('ix_shipment_group_events_group', table_name='shipment_group_events')
    op.drop_table('shipment_group_events')
    op.drop_index('ix_shipment_group_comments_group', table_name='shipment_group_comments')
    op.drop_table('shipment_group_comments')
    op.drop_index('ix_shipment_group_status_changes_group', table_name='shipment_group_status_changes')
    op.drop_table('shipment_group_status_changes')
    op.drop_table('bills_of_lading')
    for name in ('ix_shipment_groups_client_needs_approval', 'ix_shipment_groups_client_status',
                 'ix_shipment_groups_client_created', 'uq_shipment_groups_open_key'):
        op.drop_index(name, table_name='shipment_groups')
    op.drop_table('shipment_groups')
