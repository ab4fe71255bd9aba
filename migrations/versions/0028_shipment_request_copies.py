"""shipments: copies of their request's desired ship date and destination (country, postal code, state),
kept by triggers, so that the dashboards count a million shipments from the shipments' indexes alone

Revision ID: 0028_shipment_request_copies
Revises: 0027_dashboard_indexes
Create Date: 2026-11-28 04:40:00.000000

Joining each shipment to its request cost the dashboards 200 to 300 ms on an account with a million
shipments (30,000 still to ship, 40,000 shipped in the last 30 days): PostgreSQL read the whole request
table to join so many. The copies are the database's to keep, not the application's: a shipment takes
them from its request when it is written (by the ORM, by COPY in a bulk placement, or by hand), and a
request passes a change of any of them on to its shipments, whatever wrote it.
"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0028_shipment_request_copies'
down_revision = '0027_dashboard_indexes'
branch_labels = None
depends_on = None

COPIED = ('desired_ship_date', 'to_country', 'to_postal_code', 'to_state')
UNFILLED = sa.text("shipped_at IS NULL AND status <> 'canceled'")
SHIPPED = sa.text('shipped_at IS NOT NULL')

COLUMNS = ', '.join(COPIED)
FROM_REQUEST = f"({COLUMNS}) = (SELECT {COLUMNS} FROM fulfillment_requests WHERE fulfillment_requests.id = {{request}})"
CHANGED = ' OR '.join(f'OLD.{name} IS DISTINCT FROM NEW.{name}' for name in COPIED)
CHANGED_SQLITE = ' OR '.join(f'OLD.{name} IS NOT NEW.{name}' for name in COPIED)
PASSED_ON = f"UPDATE shipments SET {', '.join(f'{name} = NEW.{name}' for name in COPIED)} WHERE request_id = NEW.id"

POSTGRESQL = [
    f"""CREATE FUNCTION shipments_take_request_copies() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            SELECT {COLUMNS} INTO {', '.join(f'NEW.{name}' for name in COPIED)}
            FROM fulfillment_requests WHERE id = NEW.request_id;
            RETURN NEW;
        END $$""",
    """CREATE TRIGGER shipments_request_copies BEFORE INSERT OR UPDATE OF request_id ON shipments
       FOR EACH ROW EXECUTE FUNCTION shipments_take_request_copies()""",
    f"""CREATE FUNCTION requests_pass_copies_to_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            {PASSED_ON};
            RETURN NULL;
        END $$""",
    f"""CREATE TRIGGER requests_copies_to_shipments AFTER UPDATE OF {COLUMNS} ON fulfillment_requests
       FOR EACH ROW WHEN ({CHANGED}) EXECUTE FUNCTION requests_pass_copies_to_shipments()""",
]
SQLITE = [
    f"""CREATE TRIGGER shipments_request_copies AFTER INSERT ON shipments BEGIN
            UPDATE shipments SET {FROM_REQUEST.format(request='NEW.request_id')} WHERE id = NEW.id;
        END""",
    f"""CREATE TRIGGER shipments_request_moved AFTER UPDATE OF request_id ON shipments BEGIN
            UPDATE shipments SET {FROM_REQUEST.format(request='NEW.request_id')} WHERE id = NEW.id;
        END""",
    f"""CREATE TRIGGER requests_copies_to_shipments AFTER UPDATE OF {COLUMNS} ON fulfillment_requests
        WHEN {CHANGED_SQLITE} BEGIN
            {PASSED_ON};
        END""",
]


def upgrade():
    with op.batch_alter_table('shipments') as batch_op:
        batch_op.add_column(sa.Column('desired_ship_date', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('to_country', sa.String(2), nullable=True))
        batch_op.add_column(sa.Column('to_postal_code', sa.String(20), nullable=True))
        batch_op.add_column(sa.Column('to_state', sa.String(100), nullable=True))
    op.execute(f"UPDATE shipments SET {FROM_REQUEST.format(request='shipments.request_id')}")
    postgresql = op.get_bind().dialect.name == 'postgresql'
    for statement in POSTGRESQL if postgresql else SQLITE:
        op.execute(statement)
    _dashboard_indexes(unfilled=['warehouse_id', 'status', 'created_at', 'desired_ship_date'],
                       shipped=['warehouse_id', 'weight', 'delivered_at', 'to_country', 'to_postal_code', 'to_state'])


def downgrade():
    _dashboard_indexes(unfilled=['warehouse_id', 'status', 'created_at', 'request_id'],
                       shipped=['warehouse_id', 'request_id', 'weight', 'delivered_at'])
    if op.get_bind().dialect.name == 'postgresql':
        op.execute('DROP TRIGGER requests_copies_to_shipments ON fulfillment_requests')
        op.execute('DROP FUNCTION requests_pass_copies_to_shipments()')
        op.execute('DROP TRIGGER shipments_request_copies ON shipments')
        op.execute('DROP FUNCTION shipments_take_request_copies()')
    else:
        for name in ('requests_copies_to_shipments', 'shipments_request_moved', 'shipments_request_copies'):
            op.execute(f'DROP TRIGGER {name}')
    with op.batch_alter_table('shipments') as batch_op:
        for name in reversed(COPIED):
            batch_op.drop_column(name)


def _dashboard_indexes(unfilled, shipped):
    """Migration 0027's two dashboard indexes again, holding the columns given (on PostgreSQL)."""
    op.drop_index('ix_shipments_client_unfilled', table_name='shipments')
    op.drop_index('ix_shipments_client_shipped_figures', table_name='shipments')
    op.create_index('ix_shipments_client_unfilled', 'shipments', ['client_id'], postgresql_include=unfilled,
                    postgresql_where=UNFILLED, sqlite_where=UNFILLED)
    op.create_index('ix_shipments_client_shipped_figures', 'shipments', ['client_id', 'shipped_at'],
                    postgresql_include=shipped, postgresql_where=SHIPPED, sqlite_where=SHIPPED)
