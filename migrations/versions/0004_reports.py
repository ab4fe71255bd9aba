"""reports, report schedules, schedule runs; on PostgreSQL the read-only role reports run under

Revision ID: 0004_reports
Revises: 0003_imports
Create Date: 2026-11-22 02:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004_reports'
down_revision = '0003_imports'
branch_labels = None
depends_on = None

# Kept equal to api.reports.runner.REPORT_READER_ROLE. A role belongs to the whole cluster, so
# several databases (one per test run, say) share it: created only when missing, dropped only
# when no other database still grants it anything.
READER_ROLE = 'portal_report_reader'
# Kept equal to api.reports.runner.SECRET_COLUMNS: columns no report may read.
SECRET_COLUMNS = {"users": "password_hash", "shop_connections": "access_token_encrypted"}


def upgrade():
    op.create_table('reports',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('report_type', sa.String(length=10), nullable=False),
    sa.Column('category', sa.String(length=100), nullable=False),
    sa.Column('sub_category', sa.String(length=100), nullable=False),
    sa.Column('query', sa.Text(), nullable=False),
    sa.Column('parameters', sa.JSON(), nullable=False),
    sa.Column('created_by_username', sa.String(length=150), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('report_schedules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('report_id', sa.String(length=40), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('crontab', sa.String(length=200), nullable=False),
    sa.Column('time_zone', sa.String(length=64), nullable=False),
    sa.Column('context', sa.String(length=64), nullable=False),
    sa.Column('email_addresses_string', sa.Text(), nullable=False),
    sa.Column('email_text', sa.Text(), nullable=False),
    sa.Column('suppress_on_empty', sa.Boolean(), nullable=False),
    sa.Column('created_by_username', sa.String(length=150), nullable=False),
    sa.Column('next_fire_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['report_id'], ['reports.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('report_schedules', schema=None) as batch_op:
        batch_op.create_index('ix_report_schedules_report_id', ['report_id'], unique=False)
        batch_op.create_index('ix_report_schedules_next_fire_at', ['next_fire_at'], unique=False)

    op.create_table('schedule_runs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('schedule_id', sa.Integer(), nullable=False),
    sa.Column('due_at', sa.DateTime(), nullable=False),
    sa.Column('missed_count', sa.Integer(), nullable=False),
    sa.Column('state', sa.String(length=20), nullable=False),
    sa.Column('row_count', sa.Integer(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('claimed_at', sa.DateTime(), nullable=False),
    sa.Column('requeued_at', sa.DateTime(), nullable=True),
    sa.Column('started_at', sa.DateTime(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['schedule_id'], ['report_schedules.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('schedule_id', 'due_at', name='uq_schedule_runs_schedule_due')
    )
    with op.batch_alter_table('schedule_runs', schema=None) as batch_op:
        batch_op.create_index('ix_schedule_runs_state_claimed', ['state', 'claimed_at'], unique=False)

    if op.get_bind().dialect.name == 'postgresql':
        _create_reader_role()


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        _drop_reader_role()
    with op.batch_alter_table('schedule_runs', schema=None) as batch_op:
        batch_op.drop_index('ix_schedule_runs_state_claimed')
    op.drop_table('schedule_runs')
    with op.batch_alter_table('report_schedules', schema=None) as batch_op:
        batch_op.drop_index('ix_report_schedules_next_fire_at')
        batch_op.drop_index('ix_report_schedules_report_id')
    op.drop_table('report_schedules')
    op.drop_table('reports')


def _create_reader_role():
    op.execute(f"""
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{READER_ROLE}') THEN
                CREATE ROLE {READER_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
            END IF;
        EXCEPTION WHEN duplicate_object THEN
            NULL;  -- another database's migration created it at the same moment
        END
        $$
    """)
    # The portal's own database user switches to the role for each report (SET LOCAL ROLE).
    op.execute(f"""
        DO $$
        BEGIN
            IF NOT pg_has_role(current_user, '{READER_ROLE}', 'MEMBER') THEN
                EXECUTE format('GRANT {READER_ROLE} TO %I', current_user);
            END IF;
        END
        $$
    """)
    op.execute(f"GRANT USAGE ON SCHEMA public TO {READER_ROLE}")
    op.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {READER_ROLE}")
    # A table-wide grant covers every column, so tables with a secret are granted column by column.
    inspector = sa.inspect(op.get_bind())
    for table, secret in SECRET_COLUMNS.items():
        readable = ", ".join(c["name"] for c in inspector.get_columns(table) if c["name"] != secret)
        op.execute(f"REVOKE SELECT ON {table} FROM {READER_ROLE}")
        op.execute(f"GRANT SELECT ({readable}) ON {table} TO {READER_ROLE}")
    # Tables later migrations create are readable by reports too.
    op.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO {READER_ROLE}")


def _drop_reader_role():
    op.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT ON TABLES FROM {READER_ROLE}")
    op.execute(f"REVOKE SELECT ON ALL TABLES IN SCHEMA public FROM {READER_ROLE}")
    for table in SECRET_COLUMNS:
        readable = ", ".join(c["name"] for c in sa.inspect(op.get_bind()).get_columns(table))
        op.execute(f"REVOKE SELECT ({readable}) ON {table} FROM {READER_ROLE}")
    op.execute(f"REVOKE USAGE ON SCHEMA public FROM {READER_ROLE}")
    op.execute(f"""
        DO $$
        BEGIN
            DROP ROLE IF EXISTS {READER_ROLE};
        EXCEPTION WHEN dependent_objects_still_exist THEN
            NULL;  -- another database still grants it: it stays for that one
        END
        $$
    """)

