"""jobs.lease_expires_at: a running job's claim, so a job whose worker died is taken over, never run twice at once

Revision ID: 0005_job_lease
Revises: 0004_reports
Create Date: 2026-11-22 16:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005_job_lease'
down_revision = '0004_reports'
branch_labels = None
depends_on = None

UNFINISHED = sa.text("state IN ('queued', 'running')")


def upgrade():
    with op.batch_alter_table('jobs') as batch_op:
        batch_op.add_column(sa.Column('lease_expires_at', sa.DateTime(), nullable=True))
        batch_op.create_index('ix_jobs_unfinished', ['state'], unique=False, postgresql_where=UNFINISHED, sqlite_where=UNFINISHED)


def downgrade():
    with op.batch_alter_table('jobs') as batch_op:
        batch_op.drop_index('ix_jobs_unfinished')
        batch_op.drop_column('lease_expires_at')
