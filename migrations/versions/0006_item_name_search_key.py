"""item search: names are found through trigrams of their search key (lower case, letters and digits only)

Revision ID: 0006_item_name_search_key
Revises: 0005_job_lease
Create Date: 2026-11-22 16:20:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0006_item_name_search_key'
down_revision = '0005_job_lease'
branch_labels = None
depends_on = None

# api.products.models.search_key(name): the expression must be the same for the planner to use the index.
NAME_KEY = "regexp_replace(lower(name), '[^[:alnum:]]+', '', 'g')"


def upgrade():
    # A name's own trigrams stop at its spaces, so a term of several words matched every name holding
    # its words in any order (thousands on a large catalogue, each read and rechecked); the key's
    # trigrams span the words and leave a few hundred.
    op.drop_index('ix_item_types_name_trgm', table_name='item_types')
    if op.get_bind().dialect.name == 'postgresql':
        op.execute(f'CREATE INDEX ix_item_types_name_key_trgm ON item_types USING gin (({NAME_KEY}) gin_trgm_ops)')
        # Whether to walk the names in order or gather a term's few matches from this index turns on
        # how many keys hold the term; the default sample of keys was too coarse to tell a rare pair of
        # words (a few hundred in a million) from a common one, and the planner then walked a third of
        # the catalogue. Statistics of the new key are wanted at once, not after autovacuum's next visit.
        op.execute('ALTER INDEX ix_item_types_name_key_trgm ALTER COLUMN 1 SET STATISTICS 1000')
        op.execute('ANALYZE item_types')


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        op.drop_index('ix_item_types_name_key_trgm', table_name='item_types')
        op.execute('CREATE INDEX ix_item_types_name_trgm ON item_types USING gin (name gin_trgm_ops)')
    else:
        op.create_index('ix_item_types_name_trgm', 'item_types', ['name'], unique=False)
