"""report schedules: when someone switched a schedule off, so runs claimed before then are skipped

Revision ID: 0010_schedule_switched_off
Revises: 0009_scheduler_heartbeats
Create Date: 2026-11-23 16:40:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0010_schedule_switched_off'
down_revision = '0009_scheduler_heartbeats'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('report_schedules') as batch_op:
        batch_op.add_column(sa.Column('switched_off_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('report_schedules') as batch_op:
        batch_op.drop_column('switched_off_at')
