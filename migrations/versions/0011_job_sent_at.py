"""jobs: when a job's message was last sent, so a periodic sweep sends again the jobs nobody runs

Revision ID: 0011_job_sent_at
Revises: 0010_schedule_switched_off
Create Date: 2026-11-23 16:45:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0011_job_sent_at'
down_revision = '0010_schedule_switched_off'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('jobs') as batch_op:
        batch_op.add_column(sa.Column('sent_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('jobs') as batch_op:
        batch_op.drop_column('sent_at')
