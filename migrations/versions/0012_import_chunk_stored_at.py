"""import_chunks: when a chunk was stored, so the chunks of an upload abandoned before its job started are swept

Revision ID: 0012_import_chunk_stored_at
Revises: 0011_job_sent_at
Create Date: 2026-11-23 19:20:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0012_import_chunk_stored_at'
down_revision = '0011_job_sent_at'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('import_chunks') as batch_op:
        batch_op.add_column(sa.Column('stored_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('import_chunks') as batch_op:
        batch_op.drop_column('stored_at')
