"""import chunks: validated upload rows waiting for their job; the upload job behind ASNs and RMAs

Revision ID: 0003_imports
Revises: 0002_catalogue
Create Date: 2026-11-22 02:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003_imports'
down_revision = '0002_catalogue'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('import_chunks',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('upload_id', sa.String(length=36), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('rows', sa.LargeBinary(), nullable=True),
    sa.Column('applied', sa.Boolean(), nullable=False),
    sa.Column('failures', sa.JSON(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('upload_id', 'seq', name='uq_import_chunks_upload_seq')
    )
    for table in ('asns', 'rmas'):
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column('import_job_id', sa.String(length=36), nullable=True))


def downgrade():
    for table in ('rmas', 'asns'):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column('import_job_id')
    op.drop_table('import_chunks')
