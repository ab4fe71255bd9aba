"""import chunks: the cells of their rows as sent, apart from the cleaned rows, read only when a row
fails so the result mail can list it as it was sent

Revision ID: 0019_import_chunk_source
Revises: 0018_request_prefix_statistics
Create Date: 2026-11-26 13:30:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0019_import_chunk_source'
down_revision = '0018_request_prefix_statistics'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('import_chunks') as batch_op:
        batch_op.add_column(sa.Column('source', sa.LargeBinary(), nullable=True))


def downgrade():
    with op.batch_alter_table('import_chunks') as batch_op:
        batch_op.drop_column('source')
