"""outbound_emails: when an attempt to send a mail is next due, so the sweep sends again a mail nobody is sending

Revision ID: 0013_mail_next_attempt
Revises: 0012_import_chunk_stored_at
Create Date: 2026-11-23 20:15:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0013_mail_next_attempt'
down_revision = '0012_import_chunk_stored_at'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outbound_emails') as batch_op:
        batch_op.add_column(sa.Column('next_attempt_at', sa.DateTime(), nullable=True))
    # Mails still waiting are due now: those a lost message stranded are sent by the first sweep.
    op.execute("UPDATE outbound_emails SET next_attempt_at = created_at WHERE sent_at IS NULL AND failed_at IS NULL")


def downgrade():
    with op.batch_alter_table('outbound_emails') as batch_op:
        batch_op.drop_column('next_attempt_at')
