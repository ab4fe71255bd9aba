"""schedulers and schedule_runs.claimed_by: runs claimed ahead by a scheduler that died are taken over by the others

Revision ID: 0009_scheduler_heartbeats
Revises: 0008_mail_failures
Create Date: 2026-11-24 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009_scheduler_heartbeats'
down_revision = '0008_mail_failures'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'schedulers',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('heartbeat_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('schedule_runs') as batch_op:
        batch_op.add_column(sa.Column('claimed_by', sa.String(length=32), nullable=True))
        batch_op.create_index('ix_schedule_runs_state_claimed_by', ['state', 'claimed_by'], unique=False)


def downgrade():
    with op.batch_alter_table('schedule_runs') as batch_op:
        batch_op.drop_index('ix_schedule_runs_state_claimed_by')
        batch_op.drop_column('claimed_by')
    op.drop_table('schedulers')
