"""items: the upload job that created an item, so its request log shows the upload as its creation

Revision ID: 0007_item_created_by_job
Revises: 0006_item_name_search_key
Create Date: 2026-11-23 16:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0007_item_created_by_job'
down_revision = '0006_item_name_search_key'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('item_types') as batch_op:
        batch_op.add_column(sa.Column('created_by_job_id', sa.String(length=36), nullable=True))


def downgrade():
    with op.batch_alter_table('item_types') as batch_op:
        batch_op.drop_column('created_by_job_id')
