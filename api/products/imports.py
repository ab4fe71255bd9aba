"""Bulk items and bulk case packs: import kinds on the upload framework (api/imports).

Rows arrive as objects keyed by CSV header, every value a string ("" is null). Validation cleans
each cell with the field table's cleaners (fields.py) and checks the whole file against the
client's items with a few set-based queries; applying writes a chunk with one INSERT and one UPDATE
statement (executemany), never item by item.

Items CSV: the headers are field names (plus ``id``). A row with an ``id`` updates that item; a row
without one updates the item with its ``upc`` if the client has one, and creates an item otherwise.
Case packs CSV: the item fields plus ``child_upc`` and ``child_quantity``; a row without an ``id``
creates a case pack, a row with one converts that (simple) item into a case pack.
"""
from decimal import Decimal
from itertools import chain
from operator import itemgetter

from psycopg.errors import UniqueViolation
from sqlalchemy import any_, bindparam, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.dialects.postgresql import ARRAY

from api.common.errors import Forbidden
from api.common.tenancy import acting_client_id
from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.imports.registry import Validated, register_import
from api.imports.service import InvalidUpload, submit_import
from api.products.fields import (
    ADMIN_ALWAYS, ANYONE, BOOLEAN_FIELDS, CELL_CLEANERS, DECIMAL, ITEM_FIELDS, CellError, admin_only_changes,
    admin_only_message, clean_column, clean_quantity_cell,
)
from api.products.models import CASE_PACK, SIMPLE, ItemComponent, ItemType
from api.products.service import (
    CASE_PACK_CHILD_NOT_SIMPLE, CHILD_IS_PARENT, ITEM_NOT_FOUND, LOCKED_ON_CONVERSION, ONLY_SIMPLE_CONVERTS,
    UPC_FIXED, already_a_child,
)

IMPORT_ITEMS = "import_items"
IMPORT_CASE_PACKS = "import_case_packs"
ITEM_COLUMNS = ("id",) + tuple(spec.name for spec in ITEM_FIELDS)
CASE_PACK_COLUMNS = ITEM_COLUMNS + ("child_upc", "child_quantity")
DECIMAL_FIELDS = frozenset(spec.name for spec in ITEM_FIELDS if spec.kind == DECIMAL)
ADMIN_COMPARED = tuple(spec.name for spec in ITEM_FIELDS if spec.who != ANYONE)
ADMIN_ALWAYS_FIELDS = tuple(spec.name for spec in ITEM_FIELDS if spec.who == ADMIN_ALWAYS)
LOOKUP_COLUMNS = (ItemType.id, ItemType.upc, ItemType.sku, ItemType.name, ItemType.composite_type) + tuple(
    getattr(ItemType, name) for name in ADMIN_COMPARED
)
# Files with at least this many values may read a small catalogue whole instead of looking values up.
READ_WHOLE_CATALOGUE_FROM = 2000
# Bound parameters per IN list on SQLite (at most 32766 per statement).
LOOKUP_BATCH = 5000
NEEDS_UPDATE_PERMISSION = "Updating existing items needs the update:items permission."


def _batches(values):
    values = list(values)
    if on_postgresql():
        yield values  # sent as one array parameter (see _among)
        return
    for start in range(0, len(values), LOOKUP_BATCH):
        yield values[start:start + LOOKUP_BATCH]


def _among(column, values):
    """``column IN values``: one array parameter on PostgreSQL (no statement with thousands of
    parameters to build and parse), a parameter list elsewhere."""
    if on_postgresql():
        return column == any_(bindparam(None, list(values), type_=ARRAY(column.type)))
    return column.in_(values)


def _existing(client_id, column, values):
    """The client's items whose ``column`` is one of ``values``, as {value: row}."""
    found = {}
    for batch in _batches(values):
        rows = db.session.execute(select(*LOOKUP_COLUMNS).where(ItemType.client_id == client_id, _among(column, batch)))
        for row in rows:
            found[getattr(row, column.key)] = row
    return found


def _catalogue_smaller_than(client_id, count):
    counted = select(ItemType.id).where(ItemType.client_id == client_id).limit(count).subquery()
    return db.session.scalar(select(func.count()).select_from(counted)) < count


def _headers(rows, allowed):
    if not all(isinstance(row, dict) for row in rows):
        raise InvalidUpload("Every row must be an object of column names and values.", code="invalid_rows",
                            errors=[{"line": 1, "error": "Rows must be objects keyed by column name."}])
    headers = set().union(*rows)
    unknown = sorted(headers - set(allowed))
    if unknown:
        message = ("Unknown column" + ("s" if len(unknown) > 1 else "") + ": " + ", ".join(unknown)
                   + ". Column headers must be field names: " + ", ".join(allowed) + ".")
        raise InvalidUpload(message, code="invalid_headers", errors=[{"line": 1, "error": message}])
    return [name for name in allowed if name in headers]


def _cell(row, name):
    value = row.get(name)
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


_ABSENT = object()  # a cell the row leaves out: the item keeps its value
ID_PROBLEM = "id must be an item id (a whole number)."


def _as_text(cell):
    if cell is _ABSENT or type(cell) is str:
        return cell
    return "" if cell is None else str(cell)


def _clean_id(cell):
    text = cell.strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and int(text) <= 2**31 - 1:
        return int(text)
    return CellError(ID_PROBLEM)


def _raw_columns(rows, names):
    """The rows' cells column by column, as text, and whether some row leaves a column out (its
    cells are _ABSENT there)."""
    try:
        # One more name than needed keeps itemgetter answering tuples even for a single column.
        columns = list(zip(*map(itemgetter(*names, names[0]), rows)))[:len(names)]
        gaps = False
    except KeyError:
        columns, gaps = [[row.get(name, _ABSENT) for row in rows] for name in names], True
    return [column if {str} >= set(map(type, column)) else list(map(_as_text, column)) for column in columns], gaps


def _cleaned(name, cells):
    if name == "id":
        return [_clean_id(cell) for cell in cells]
    return clean_column(name, cells)


def _clean_rows(rows):
    """[(values, id, problems)]: each row's typed field values, its id and its cell errors.

    Cleaned column by column (fields.clean_column), then put back together row by row. A column
    the row leaves out keeps the item's value; an empty cell is null."""
    names = [name for name in dict.fromkeys(chain.from_iterable(rows)) if name == "id" or name in CELL_CLEANERS]
    if not names:
        return [({}, None, []) for _ in rows]
    raw, gaps = _raw_columns(rows, names)
    if gaps:
        columns = [
            [_ABSENT if cell is _ABSENT else value
             for cell, value in zip(cells, _cleaned(name, ["" if cell is _ABSENT else cell for cell in cells]))]
            for name, cells in zip(names, raw)
        ]
    else:
        columns = [_cleaned(name, cells) for name, cells in zip(names, raw)]
    if not gaps and not any(CellError in set(map(type, column)) for column in columns):
        # The usual file: every cell present and valid.
        ids = columns[names.index("id")] if "id" in names else [None] * len(rows)
        field_names = [name for name in names if name != "id"]
        field_columns = [column for name, column in zip(names, columns) if name != "id"]
        typed_rows = zip(*field_columns) if field_columns else [()] * len(rows)
        return [(dict(zip(field_names, typed)), item_id, []) for typed, item_id in zip(typed_rows, ids)]
    cleaned = []
    for typed in zip(*columns):
        values = {name: value for name, value in zip(names, typed) if value is not _ABSENT and type(value) is not CellError}
        problems = [str(value) for value in typed if type(value) is CellError]
        cleaned.append((values, values.pop("id", None), problems))
    return cleaned


def _typed(row):
    """Decimals are stored as their text, which COPY on PostgreSQL reads as it is; SQLite's driver needs Decimal."""
    return {name: (Decimal(value) if name in DECIMAL_FIELDS and value is not None else value) for name, value in row.items()}


def _current(row):
    return {name: getattr(row, name) for name in ADMIN_COMPARED}


class _Seen:
    """Values already used by earlier rows of the file, for 'appears more than once' errors."""

    def __init__(self):
        self.lines = {}

    def clash(self, kind, value, line):
        if value is None:
            return None
        first = self.lines.setdefault((kind, value), line)
        if first != line:
            return f"{kind.upper()} '{value}' appears more than once in the file (first on line {first})."
        return None


def _resolve_items(cleaned, lookups):
    """Find each cleaned row's target item (by id, else by UPC)."""
    by_id, by_upc, by_sku = lookups
    resolved = []
    for index, (values, item_id, problems) in enumerate(cleaned):
        line = index + 2
        target = None
        if item_id is not None:
            target = by_id.get(item_id)
            if target is None:
                problems.append(ITEM_NOT_FOUND)
            elif values.get("upc") is not None and values["upc"] != target.upc:
                problems.append(UPC_FIXED)
            values.pop("upc", None)
        elif values.get("upc") is not None:
            target = by_upc.get(values["upc"])
        resolved.append((line, values, target, problems))
    return resolved


def _lookups(client_id, cleaned, columns):
    """The client's items the cleaned rows name: (by id, by UPC, by SKU)."""
    ids = {item_id for _, item_id, _ in cleaned} - {None}
    upcs = {values.get("upc") for values, _, _ in cleaned} - {None} if "upc" in columns else set()
    skus = {values.get("sku") for values, _, _ in cleaned} - {None} if "sku" in columns else set()
    named = max(len(ids), len(upcs), len(skus))
    if named >= READ_WHOLE_CATALOGUE_FROM and _catalogue_smaller_than(client_id, named // 4):
        # A large file for a small catalogue (a new client's first upload): reading the catalogue
        # once costs less than sending every value of the file to be looked up.
        items = db.session.execute(select(*LOOKUP_COLUMNS).where(ItemType.client_id == client_id)).all()
        return tuple(
            {getattr(item, key): item for item in items if getattr(item, key) in wanted}
            for key, wanted in (("id", ids), ("upc", upcs), ("sku", skus))
        )
    return tuple(
        _existing(client_id, column, wanted) if wanted else {}
        for column, wanted in ((ItemType.id, ids), (ItemType.upc, upcs), (ItemType.sku, skus))
    )


def _admin_columns(columns):
    """The admin-only columns worth comparing: (when creating, when updating)."""
    return [name for name in columns if name in ADMIN_ALWAYS_FIELDS], [name for name in columns if name in ADMIN_COMPARED]


def _check_item_row(line, values, target, problems, ctx, seen, by_sku, admin_columns):
    for name in ("upc", "sku", "name"):
        if values.get(name) is None and (target is None or name in values):
            problems.append(f"{name} is required.")
    for kind in ("upc", "sku"):
        value = values.get(kind) if kind in values or kind == "sku" or target is None else target.upc
        problem = seen.clash(kind, value, line)
        if problem:
            problems.append(problem)
    sku = values.get("sku")
    if sku is not None:
        owner = by_sku.get(sku)
        if owner is not None and (target is None or owner.id != target.id):
            problems.append(f"An item with SKU '{sku}' already exists.")
    compared = admin_columns[0] if target is None else admin_columns[1]
    if not ctx.is_admin and compared:
        given = {name: values[name] for name in compared if name in values}
        refused = admin_only_changes(given, _current(target) if target is not None else None, creating=target is None)
        if refused:
            problems.append(admin_only_message(refused))


def validate_items(rows, ctx):
    columns = _headers(rows, ITEM_COLUMNS)
    cleaned = _clean_rows(rows)
    by_id, by_upc, by_sku = _lookups(ctx.client_id, cleaned, columns)
    seen, admin_columns = _Seen(), _admin_columns(columns)
    result = Validated()
    for line, values, target, problems in _resolve_items(cleaned, (by_id, by_upc, by_sku)):
        if not problems:
            _check_item_row(line, values, target, problems, ctx, seen, by_sku, admin_columns)
        if problems:
            result.errors.append((line, " ".join(problems)))
            continue
        if target is None:
            result.would_create += 1
        else:
            result.would_update += 1
        result.rows.append((line, {"id": target.id if target is not None else None, "values": values}))
    return result


def _item_defaults():
    defaults = {spec.name: None for spec in ITEM_FIELDS}
    defaults.update({name: False for name in BOOLEAN_FIELDS})
    return defaults


def _conflicts(client_id, creates, updates):
    """Rows whose UPC or SKU another item took after validation, as {line: error}."""
    upcs = {values["upc"] for _, values in creates}
    skus = {values["sku"] for _, values in creates} | {
        values["sku"] for _, _, values in updates if values.get("sku") is not None
    }
    taken_upc = _existing(client_id, ItemType.upc, upcs) if upcs else {}
    taken_sku = _existing(client_id, ItemType.sku, skus) if skus else {}
    errors = {}
    for line, values in creates:
        if values["upc"] in taken_upc:
            errors[line] = f"An item with UPC '{values['upc']}' already exists."
        elif values["sku"] in taken_sku:
            errors[line] = f"An item with SKU '{values['sku']}' already exists."
    for line, item_id, values in updates:
        owner = taken_sku.get(values.get("sku"))
        if owner is not None and owner.id != item_id:
            errors[line] = f"An item with SKU '{values['sku']}' already exists."
    return errors


def _missing_items(client_id, ids):
    found = set()
    for batch in _batches(ids):
        found.update(db.session.scalars(select(ItemType.id).where(ItemType.client_id == client_id, _among(ItemType.id, batch))))
    return set(ids) - found


def _write_items(client_id, creates, updates, composite_type=SIMPLE, want_ids=False):
    """Insert the new items and update the changed ones, set-based; answers the new items' ids by
    UPC when asked."""
    now = utcnow()
    if creates:
        defaults = _item_defaults()
        _insert_rows([
            {**defaults, **values, "client_id": client_id, "composite_type": composite_type,
             "created_at": now, "updated_at": now}
            for _, values in creates
        ])
    groups = {}
    for _, item_id, values in updates:
        groups.setdefault(tuple(values), []).append({**values, "id": item_id, "updated_at": now})
    for rows in groups.values():
        _update_rows(client_id, rows)
    if not (creates and want_ids):
        return {}
    upcs = [values["upc"] for _, values in creates]
    return {upc: row_id for upc, row_id in _ids_by_upc(client_id, upcs)}


def _copy(cursor, table, columns, rows):
    values_of = itemgetter(*columns)
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(values_of(row))


def _insert_rows(rows):
    """INSERT on SQLite (executemany in process is fast); COPY on PostgreSQL, in the session's
    transaction, because executemany there costs a round trip per row."""
    if not on_postgresql():
        db.session.execute(insert(ItemType), [_typed(row) for row in rows])
        return
    with db.session.connection().connection.driver_connection.cursor() as cursor:
        _copy(cursor, ItemType.__tablename__, list(rows[0]), rows)


def _update_rows(client_id, rows):
    """One UPDATE per column set: by primary key on SQLite; on PostgreSQL from a temporary table
    filled with COPY, so the whole set is one statement."""
    if not on_postgresql():
        db.session.execute(update(ItemType), [_typed(row) for row in rows])  # the ORM's bulk UPDATE by primary key
        return
    columns = list(rows[0])
    changed = [name for name in columns if name != "id"]
    with db.session.connection().connection.driver_connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TEMPORARY TABLE item_type_updates ON COMMIT DROP AS "
            f"SELECT {', '.join(columns)} FROM item_types WITH NO DATA"
        )
        _copy(cursor, "item_type_updates", columns, rows)
        cursor.execute(
            f"UPDATE item_types SET {', '.join(f'{name} = u.{name}' for name in changed)} "
            f"FROM item_type_updates u WHERE item_types.id = u.id AND item_types.client_id = %s",
            (client_id,),
        )
        cursor.execute("DROP TABLE item_type_updates")


def _ids_by_upc(client_id, upcs):
    for batch in _batches(upcs):
        yield from db.session.execute(select(ItemType.upc, ItemType.id).where(ItemType.client_id == client_id, _among(ItemType.upc, batch)))


def _refresh_statistics():
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


def _written_as_validated(write):
    """Run ``write`` in a savepoint on PostgreSQL; False when a UPC or SKU it writes was taken after
    validation (the savepoint is rolled back, nothing of the chunk is written).

    Such a race is rare, so the chunk is written first and its conflicts looked up only when one
    happened: the lookups, and the fresh statistics they need, cost more than the write itself.
    Elsewhere (SQLite) the caller looks conflicts up first."""
    if not on_postgresql():
        return False
    try:
        with db.session.begin_nested():
            write()
    except (IntegrityError, UniqueViolation):
        return False
    return True


def apply_items(chunk, ctx):
    creates, updates = [], []
    for line, row in chunk:
        values = row["values"]
        if row["id"] is None:
            creates.append((line, values))
        else:
            updates.append((line, row["id"], values))
    errors = {}
    if updates:
        for missing in _missing_items(ctx.client_id, [item_id for _, item_id, _ in updates]):
            errors.update({line: ITEM_NOT_FOUND for line, item_id, _ in updates if item_id == missing})
        updates = [(line, item_id, values) for line, item_id, values in updates if line not in errors]
    if _written_as_validated(lambda: _write_items(ctx.client_id, creates, updates)):
        return sorted(errors.items())
    _refresh_statistics()
    errors.update(_conflicts(ctx.client_id, creates, updates))
    _write_items(
        ctx.client_id,
        [(line, values) for line, values in creates if line not in errors],
        [(line, item_id, values) for line, item_id, values in updates if line not in errors],
    )
    return sorted(errors.items())


# --- case packs ----------------------------------------------------------------------------------

def _parents_of(client_id, child_ids):
    """{child id: name of a composite holding it} for the given children."""
    parents = {}
    for batch in _batches(child_ids):
        rows = db.session.execute(
            select(ItemComponent.child_id, ItemType.name)
            .join(ItemType, ItemType.id == ItemComponent.parent_id)
            .where(ItemComponent.client_id == client_id, _among(ItemComponent.child_id, batch))
            .order_by(ItemComponent.id)
        )
        for child_id, name in rows:
            parents.setdefault(child_id, name)
    return parents


def _check_case_pack_row(line, row, values, target, problems, ctx, lookups, children, parents, seen, used_children):
    by_id, by_upc, by_sku = lookups
    if target is None:
        for name in ("upc", "sku", "name"):
            if values.get(name) is None:
                problems.append(f"{name} is required.")
        if values.get("upc") in by_upc:
            problems.append(f"An item with UPC '{values['upc']}' already exists.")
    else:
        for name in ("upc", "sku", "name"):
            if values.get(name) is None:
                values.pop(name, None)
        for name in ("sku", "name"):
            if name in values and values[name] != getattr(target, name):
                problems.append(LOCKED_ON_CONVERSION)
                break
        if target.composite_type != SIMPLE or target.id in parents:
            problems.append(ONLY_SIMPLE_CONVERTS)
    child_upc = _cell(row, "child_upc").strip()
    quantity = None
    try:
        quantity = clean_quantity_cell(_cell(row, "child_quantity"), "child_quantity")
    except CellError as error:
        problems.append(str(error))
    parent_upc = values.get("upc") or (target.upc if target is not None else None)
    if not child_upc:
        problems.append("Case Pack must have a child item.")
        return None
    if child_upc == parent_upc:
        problems.append(CHILD_IS_PARENT)
        return None
    child = children.get(child_upc)
    if child is None:
        problems.append(ITEM_NOT_FOUND)
        return None
    if child.composite_type != SIMPLE:
        problems.append(CASE_PACK_CHILD_NOT_SIMPLE)
    holder = parents.get(child.id) or used_children.get(child.id)
    if holder is not None:
        problems.append(already_a_child(child.name, holder))
    elif not problems:
        used_children[child.id] = values.get("name") or target.name
    for kind in ("upc", "sku"):
        problem = seen.clash(kind, values.get(kind) or (getattr(target, kind) if target is not None else None), line)
        if problem:
            problems.append(problem)
    sku = values.get("sku")
    owner = by_sku.get(sku) if sku is not None else None
    if owner is not None and (target is None or owner.id != target.id):
        problems.append(f"An item with SKU '{sku}' already exists.")
    if not ctx.is_admin:
        refused = admin_only_changes(values, _current(target) if target is not None else None, creating=target is None)
        if refused:
            problems.append(admin_only_message(refused))
    return child.id, quantity


def validate_case_packs(rows, ctx):
    columns = _headers(rows, CASE_PACK_COLUMNS)
    cleaned = _clean_rows(rows)
    lookups = _lookups(ctx.client_id, cleaned, columns)
    children = _existing(ctx.client_id, ItemType.upc, {_cell(row, "child_upc").strip() for row in rows} - {""})
    target_ids = {row.id for row in lookups[0].values()}
    parents = _parents_of(ctx.client_id, {child.id for child in children.values()} | target_ids)
    seen, used_children, result = _Seen(), {}, Validated()
    for index, (row, (values, item_id, problems)) in enumerate(zip(rows, cleaned)):
        line = index + 2
        target = None
        if item_id is not None:
            target = lookups[0].get(item_id)
            if target is None:
                problems.append(ITEM_NOT_FOUND)
            elif values.get("upc") is not None and values["upc"] != target.upc:
                problems.append(UPC_FIXED)
        child = None
        if not problems:
            child = _check_case_pack_row(line, row, values, target, problems, ctx, lookups, children, parents, seen, used_children)
        if problems:
            result.errors.append((line, " ".join(dict.fromkeys(problems))))
            continue
        child_id, quantity = child
        if target is None:
            result.would_create += 1
        else:
            result.would_update += 1
        result.rows.append((line, {
            "id": target.id if target is not None else None, "values": values,
            "child_id": child_id, "quantity": quantity,
        }))
    return result


def apply_case_packs(chunk, ctx):
    _refresh_statistics()
    creates, converts = [], []
    for line, row in chunk:
        values = row["values"]
        if row["id"] is None:
            creates.append((line, values))
        else:
            converts.append((line, row["id"], values))
    errors = _conflicts(ctx.client_id, creates, converts)
    holders = _parents_of(ctx.client_id, {row["child_id"] for _, row in chunk} | {row["id"] for _, row in chunk if row["id"]})
    current_types = {}
    for batch in _batches([item_id for _, item_id, _ in converts]):
        current_types.update(db.session.execute(select(ItemType.id, ItemType.composite_type).where(
            ItemType.client_id == ctx.client_id, _among(ItemType.id, batch))).all())
    children = {}
    for batch in _batches({row["child_id"] for _, row in chunk}):
        children.update(db.session.execute(select(ItemType.id, ItemType.name).where(
            ItemType.client_id == ctx.client_id, _among(ItemType.id, batch))).all())
    for line, row in chunk:
        if line in errors:
            continue
        if row["child_id"] not in children:
            errors[line] = ITEM_NOT_FOUND
        elif row["child_id"] in holders:
            errors[line] = already_a_child(children[row["child_id"]], holders[row["child_id"]])
        elif row["id"] is not None and (current_types.get(row["id"]) != SIMPLE or row["id"] in holders):
            errors[line] = ONLY_SIMPLE_CONVERTS
    good_creates = [(line, values) for line, values in creates if line not in errors]
    good_converts = [(line, item_id, {**values, "composite_type": CASE_PACK}) for line, item_id, values in converts if line not in errors]
    new_ids = _write_items(ctx.client_id, good_creates, good_converts, composite_type=CASE_PACK, want_ids=True)
    rows_by_line = {line: row for line, row in chunk}
    components = [
        {"client_id": ctx.client_id, "parent_id": new_ids[values["upc"]], "child_id": rows_by_line[line]["child_id"],
         "quantity": rows_by_line[line]["quantity"]}
        for line, values in good_creates
    ] + [
        {"client_id": ctx.client_id, "parent_id": item_id, "child_id": rows_by_line[line]["child_id"],
         "quantity": rows_by_line[line]["quantity"]}
        for line, item_id, _ in good_converts
    ]
    if components:
        db.session.execute(insert(ItemComponent), components)
    return sorted(errors.items())


def submit_bulk(kind, rows, identity, args):
    """Validate and start (or report on) a bulk upload of the acting client; ``rows`` is the parsed body."""
    if not isinstance(rows, list):
        raise InvalidUpload("The body must be a JSON array of rows.")
    if kind == IMPORT_ITEMS and not identity.can("update:items") and rows:
        _refuse_updates_without_permission(rows)
    return submit_import(
        kind, rows, identity, validate_only=args["validateOnly"], valid_rows_only=args["validRowsOnly"],
    )


def _refuse_updates_without_permission(rows):
    columns = _headers(rows, ITEM_COLUMNS)
    if "id" in columns and any(_cell(row, "id").strip() for row in rows):
        raise Forbidden(NEEDS_UPDATE_PERMISSION, code="not_authorized")
    upcs = {_cell(row, "upc") for row in rows} - {""}
    if upcs and _existing(acting_client_id(), ItemType.upc, upcs):
        raise Forbidden(NEEDS_UPDATE_PERMISSION, code="not_authorized")


# Rows of one file never share a UPC, SKU or case-pack child, so their chunks can be written side by side.
register_import(IMPORT_ITEMS, validate=validate_items, apply_chunk=apply_items, noun="items", independent_chunks=True)
register_import(IMPORT_CASE_PACKS, validate=validate_case_packs, apply_chunk=apply_case_packs, noun="case packs")
