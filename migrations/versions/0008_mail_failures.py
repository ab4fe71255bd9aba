"""e-mail: the last error of a mail that could not be sent, and when the portal stopped retrying it

Revision ID: 0008_mail_failures
Revises: 0007_item_created_by_job
Create Date: 2026-11-23 16:15:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0008_mail_failures'
down_revision = '0007_item_created_by_job'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outbound_emails') as batch_op:
        batch_op.add_column(sa.Column('last_error', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('failed_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('outbound_emails') as batch_op:
        batch_op.drop_column('failed_at')
        batch_op.drop_column('last_error')
