"""The client's items an upload names, looked up in batches (or read whole for a small catalogue)."""
from sqlalchemy import func, select, text

from api.common.queries import among
from api.common.tenancy import owned_by
from api.extensions import db, on_postgresql
from api.products.models import ItemType
from api.products.upload_cells import ADMIN_COMPARED, texts

LOOKUP_COLUMNS = (ItemType.id, ItemType.upc, ItemType.sku, ItemType.name, ItemType.composite_type) + tuple(
    getattr(ItemType, name) for name in ADMIN_COMPARED
)
# Files with at least this many values may read a small catalogue whole instead of looking values up.
READ_WHOLE_CATALOGUE_FROM = 2000
# Bound parameters per IN list on SQLite (at most 32766 per statement).
LOOKUP_BATCH = 5000


def batches(values):
    values = list(values)
    if on_postgresql():
        yield values  # sent as one array parameter (see among)
        return
    for start in range(0, len(values), LOOKUP_BATCH):
        yield values[start:start + LOOKUP_BATCH]


def existing(client_id, column, values):
    """The client's items whose ``column`` is one of ``values``, as {value: row}."""
    found = {}
    for batch in batches(values):
        rows = db.session.execute(select(*LOOKUP_COLUMNS).where(owned_by(ItemType, client_id), among(column, batch)))
        for row in rows:
            found[getattr(row, column.key)] = row
    return found


def _catalogue_smaller_than(client_id, count):
    counted = select(ItemType.id).where(owned_by(ItemType, client_id)).limit(count).subquery()
    return db.session.scalar(select(func.count()).select_from(counted)) < count


def named_items(client_id, ids, upcs, skus):
    """The client's items the file names: (by id, by UPC, by SKU)."""
    named = max(len(ids), len(upcs), len(skus))
    if named >= READ_WHOLE_CATALOGUE_FROM and _catalogue_smaller_than(client_id, named // 4):
        # A large file for a small catalogue (a new client's first upload): reading the catalogue
        # once costs less than sending every value of the file to be looked up.
        items = db.session.execute(select(*LOOKUP_COLUMNS).where(owned_by(ItemType, client_id))).all()
        return tuple(
            {getattr(item, key): item for item in items if getattr(item, key) in wanted}
            for key, wanted in (("id", ids), ("upc", upcs), ("sku", skus))
        )
    return tuple(
        existing(client_id, column, wanted) if wanted else {}
        for column, wanted in ((ItemType.id, ids), (ItemType.upc, upcs), (ItemType.sku, skus))
    )


def conflicts(client_id, creates, updates):
    """Rows whose UPC or SKU another item took after validation, as {line: error}."""
    upcs = texts(creates.column("upc"))
    skus = texts(creates.column("sku")) | texts(updates.column("sku"))
    taken_upc = existing(client_id, ItemType.upc, upcs) if upcs else {}
    taken_sku = existing(client_id, ItemType.sku, skus) if skus else {}
    errors = {}
    for line, upc, sku in zip(creates.lines, creates.column("upc"), creates.column("sku")):
        if upc in taken_upc:
            errors[line] = f"An item with UPC '{upc}' already exists."
        elif sku in taken_sku:
            errors[line] = f"An item with SKU '{sku}' already exists."
    for line, item_id, sku in zip(updates.lines, updates.ids, updates.column("sku")):
        owner = taken_sku.get(sku) if type(sku) is str else None
        if owner is not None and owner.id != item_id:
            errors[line] = f"An item with SKU '{sku}' already exists."
    return errors


def missing_items(client_id, ids):
    found = set()
    for batch in batches(ids):
        found.update(db.session.scalars(select(ItemType.id).where(owned_by(ItemType, client_id), among(ItemType.id, batch))))
    return set(ids) - found


def ids_by_upc(client_id, upcs):
    for batch in batches(upcs):
        yield from db.session.execute(select(ItemType.upc, ItemType.id).where(owned_by(ItemType, client_id), among(ItemType.upc, batch)))


def refresh_statistics():
    """ANALYZE item_types on PostgreSQL when a large import has outgrown its statistics.

    Autovacuum catches up only after a while; until then the planner believes the client has a few
    rows and filters all of them against each chunk's UPCs and SKUs instead of probing the unique
    indexes, which makes every chunk slower than the one before."""
    if not on_postgresql():
        return
    stale = db.session.scalar(text(
        "SELECT s.n_mod_since_analyze > 1000 + 0.2 * greatest(c.reltuples, 0) "
        "FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'item_types'"
    ))
    if stale:
        db.session.execute(text("ANALYZE item_types"))
