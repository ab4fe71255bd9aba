"""return labels: the Idempotency-Key of the call that made each, so a second click answers the same label

Revision ID: 0022_return_label_idempotency
Revises: 0021_request_search
Create Date: 2026-11-27 17:10:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0022_return_label_idempotency'
down_revision = '0021_request_search'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('return_labels') as batch_op:
        batch_op.add_column(sa.Column('idempotency_key', sa.String(length=200), nullable=True))
        batch_op.create_unique_constraint('uq_return_labels_idempotency_key', ['client_id', 'idempotency_key'])


def downgrade():
    with op.batch_alter_table('return_labels') as batch_op:
        batch_op.drop_constraint('uq_return_labels_idempotency_key', type_='unique')
        batch_op.drop_column('idempotency_key')
