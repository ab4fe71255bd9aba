"""idempotency keys: a lease their request renews while it runs, so a key whose request is gone
(its clean-up met the database down) is taken over by a retry instead of refused for good

Revision ID: 0020_idempotency_key_lease
Revises: 0019_import_chunk_source
Create Date: 2026-11-27 17:10:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0020_idempotency_key_lease'
down_revision = '0019_import_chunk_source'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('idempotency_keys') as batch_op:
        batch_op.add_column(sa.Column('lease_expires_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('idempotency_keys') as batch_op:
        batch_op.drop_column('lease_expires_at')
