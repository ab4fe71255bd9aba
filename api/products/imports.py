"""Bulk items and bulk case packs: import kinds on the upload framework (api/imports).

Rows arrive as objects keyed by CSV header, every value a string ("" is null). Validation cleans
the cells column by column with the field table's cleaners (fields.py) and checks the whole file
against the client's items with a few set-based queries; applying writes a chunk set-based
(item_rows.py), never item by item.

Items CSV: the headers are field names (plus ``id``). A row with an ``id`` updates that item; a row
without one updates the item with its ``upc`` if the client has one, and creates an item otherwise.
Case packs CSV: the item fields plus ``child_upc`` and ``child_quantity``; a row without an ``id``
creates a case pack, a row with one converts that (simple) item into a case pack.
"""
from operator import itemgetter

from psycopg.errors import UniqueViolation
from sqlalchemy import any_, bindparam, func, insert, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.dialects.postgresql import ARRAY

from api.common.errors import Forbidden
from api.common.stored_input import text_rows
from api.common.tenancy import acting_client_id
from api.extensions import db, on_postgresql
from api.imports.registry import Validated, register_import
from api.imports.service import InvalidUpload, submit_import
from api.products.fields import (
    ADMIN_ALWAYS, ANYONE, CELL_CLEANERS, ITEM_FIELDS, CellError, admin_only_changes, admin_only_message,
    clean_column, clean_quantity_cell,
)
from api.products.item_rows import ABSENT, ItemRows, write_items
from api.products.models import CASE_PACK, SIMPLE, ItemComponent, ItemType
from api.products.service import (
    CASE_PACK_CHILD_NOT_SIMPLE, CHILD_IS_PARENT, ITEM_NOT_FOUND, LOCKED_ON_CONVERSION, ONLY_SIMPLE_CONVERTS,
    UPC_FIXED, already_a_child,
)

IMPORT_ITEMS = "import_items"
IMPORT_CASE_PACKS = "import_case_packs"
ITEM_COLUMNS = ("id",) + tuple(spec.name for spec in ITEM_FIELDS)
CASE_PACK_COLUMNS = ITEM_COLUMNS + ("child_upc", "child_quantity")
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
    if not {dict} >= set(map(type, rows)):
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


ID_PROBLEM = "id must be an item id (a whole number)."


def _as_text(cell):
    if cell is ABSENT or type(cell) is str:
        return cell
    return "" if cell is None else str(cell)


def _clean_id(cell):
    text = cell.strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and int(text) <= 2**31 - 1:
        return int(text)
    return CellError(ID_PROBLEM)


def _file_order(rows, columns):
    """The columns in the file's order: the first row's, then any other row adds."""
    first = [name for name in rows[0] if name in columns]
    return first + [name for name in columns if name not in first]


def _raw_columns(rows, names):
    """The rows' cells column by column, as text, and whether some row leaves a column out (its
    cells are ABSENT there)."""
    try:
        # One more name than needed keeps itemgetter answering tuples even for a single column.
        columns = list(zip(*map(itemgetter(*names, names[0]), rows)))[:len(names)]
        gaps = False
    except KeyError:
        columns, gaps = [[row.get(name, ABSENT) for row in rows] for name in names], True
    if not gaps and text_rows(rows):
        return columns, gaps  # every cell is known to be text
    return [column if {str} >= set(map(type, column)) else list(map(_as_text, column)) for column in columns], gaps


def _cleaned(name, cells):
    """A column's values and whether any cell failed."""
    if name == "id":
        values = [_clean_id(cell) for cell in cells]
        return values, CellError in set(map(type, values))
    return clean_column(name, cells)


class _CleanFile:
    """A file's cells cleaned column by column (fields.clean_column): ``cells`` maps each column to
    its values, each typed, the cell's CellError, or ABSENT where the row leaves the column out (an
    empty cell is null); ``failed`` names the columns with a CellError and ``gaps`` tells whether
    some row leaves a column out."""

    def __init__(self, rows, columns):
        names = [name for name in _file_order(rows, columns) if name == "id" or name in CELL_CLEANERS]
        self.cells, self.failed, self.gaps = {}, [], False
        if not names:
            return
        raw, self.gaps = _raw_columns(rows, names)
        for name, column in zip(names, raw):
            values, failed = _cleaned(name, ["" if cell is ABSENT else cell for cell in column] if self.gaps else column)
            if self.gaps:
                values = [ABSENT if cell is ABSENT else value for cell, value in zip(column, values)]
            self.cells[name] = values
            if failed:
                self.failed.append(name)

    def problems(self):
        """{row index: [cell errors]}, in column order."""
        problems = {}
        for name in self.failed:
            for index, value in enumerate(self.cells[name]):
                if type(value) is CellError:
                    problems.setdefault(index, []).append(str(value))
        return problems


def _clean_rows(rows, columns):
    """[(values, id, problems)]: each row's typed field values (without the cells it leaves out),
    its id and its cell errors."""
    clean = _CleanFile(rows, columns)
    cells, problems = clean.cells, clean.problems()
    cleaned = []
    for index, typed in enumerate(zip(*cells.values()) if cells else [()] * len(rows)):
        values = {name: value for name, value in zip(cells, typed) if value is not ABSENT and type(value) is not CellError}
        cleaned.append((values, values.pop("id", None), problems.get(index, [])))
    return cleaned


def _texts(values):
    """A column's distinct text values (no nulls, absent cells or errors)."""
    distinct = set(values) if values is not None else set()
    distinct.discard(None)
    distinct.discard(ABSENT)
    return distinct if {str} >= set(map(type, distinct)) else {value for value in distinct if type(value) is str}


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
            return _appears_again(kind, value, first)
        return None


def _appears_again(kind, value, first_line):
    return f"{kind.upper()} '{value}' appears more than once in the file (first on line {first_line})."


def _lookups(client_id, ids, upcs, skus):
    """The client's items the file names: (by id, by UPC, by SKU)."""
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


class _ItemsFile:
    """An items file under validation, column by column: each row's cells, the item it updates
    (None for a new one) and its problems, checked a column at a time."""

    def __init__(self, rows, ctx):
        self.ctx, self.size = ctx, len(rows)
        self.given = _headers(rows, ITEM_COLUMNS)
        clean = _CleanFile(rows, self.given)
        self.cells, self.problems = clean.cells, clean.problems()
        # Where a cell can be absent: anywhere in a file with gaps, and the UPC of a row naming its item by id.
        self.may_be_absent = set(self.cells) if clean.gaps else set()
        ids = self.cells.pop("id", [None] * self.size)
        self.ids = [item_id if type(item_id) is int else None for item_id in ids]
        self.by_id, self.by_upc, self.by_sku = _lookups(
            ctx.client_id, set(self.ids) - {None}, _texts(self.cells.get("upc")), _texts(self.cells.get("sku")),
        )
        self.targets = self._targets()

    def _problem(self, index, text):
        self.problems.setdefault(index, []).append(text)

    def _targets(self):
        """The item each row updates: by id, else by UPC. A row naming its item by id cannot change
        its UPC, which then stays out of the row."""
        upcs = self.cells.get("upc")
        if any(item_id is not None for item_id in self.ids):
            targets = []
            for index, item_id in enumerate(self.ids):
                target = None
                if item_id is not None:
                    target = self.by_id.get(item_id)
                    if target is None:
                        self._problem(index, ITEM_NOT_FOUND)
                    elif upcs is not None and type(upcs[index]) is str and upcs[index] != target.upc:
                        self._problem(index, UPC_FIXED)
                    if upcs is not None:
                        upcs[index] = ABSENT
                        self.may_be_absent.add("upc")
                elif upcs is not None and type(upcs[index]) is str:
                    target = self.by_upc.get(upcs[index])
                targets.append(target)
            return targets
        if upcs is None or not self.by_upc:
            return [None] * self.size
        return [self.by_upc.get(upc) if type(upc) is str else None for upc in upcs]

    def check(self):
        """The row checks, on the rows whose cells and item were found good."""
        checked = [index for index in range(self.size) if index not in self.problems] if self.problems else range(self.size)
        targets, column = self.targets, self.cells.get
        for name in ("upc", "sku", "name"):
            values = column(name)
            if values is None:  # a new item needs the column the file leaves out
                missing = (index for index in checked if targets[index] is None)
            elif name not in self.may_be_absent and values.count(None) == 0:
                continue  # every row gives a value
            else:
                missing = (index for index in checked
                           if values[index] is None or (values[index] is ABSENT and targets[index] is None))
            for index in list(missing):
                self._problem(index, f"{name} is required.")
        skus = column("sku")
        self._clashes("upc", checked, self._upc_of_each(checked))
        if skus is not None:
            self._clashes("sku", checked, skus if len(checked) == self.size and "sku" not in self.may_be_absent
                          else [None if skus[index] is ABSENT else skus[index] for index in checked])
            if self.by_sku:
                for index in checked:
                    owner = self.by_sku.get(skus[index]) if type(skus[index]) is str else None
                    if owner is not None and (targets[index] is None or owner.id != targets[index].id):
                        self._problem(index, f"An item with SKU '{skus[index]}' already exists.")
        if not self.ctx.is_admin:
            self._check_admin_only(checked)

    def _upc_of_each(self, indexes):
        """The UPC each row's item will have: the row's, else (when the row leaves it out) its item's."""
        upcs, targets = self.cells.get("upc"), self.targets
        if upcs is not None and len(indexes) == self.size and "upc" not in self.may_be_absent:
            return upcs
        return [
            (targets[index].upc if targets[index] is not None else None)
            if upcs is None or upcs[index] is ABSENT else upcs[index]
            for index in indexes
        ]

    def _clashes(self, kind, indexes, values):
        """'appears more than once' for each row repeating an earlier row's value (None is no value)."""
        distinct = set(values)
        distinct.discard(None)
        if len(distinct) == len(values) - values.count(None):
            return
        first = {}
        for index, value in zip(indexes, values):
            if value is not None and first.setdefault(value, index) != index:
                self._problem(index, _appears_again(kind, value, first[value] + 2))

    def _check_admin_only(self, indexes):
        when_creating, when_updating = _admin_columns(self.given)
        for index in indexes:
            target = self.targets[index]
            compared = when_creating if target is None else when_updating
            if not compared:
                continue
            given = {name: self.cells[name][index] for name in compared if self.cells[name][index] is not ABSENT}
            refused = admin_only_changes(given, _current(target) if target is not None else None, creating=target is None)
            if refused:
                self._problem(index, admin_only_message(refused))

    def validated(self):
        result = Validated(errors=[(index + 2, " ".join(problems)) for index, problems in sorted(self.problems.items())])
        good = [index for index in range(self.size) if index not in self.problems] if self.problems else range(self.size)
        ids = [self.targets[index].id if self.targets[index] is not None else None for index in good]
        result.would_update = len(ids) - ids.count(None)
        result.would_create = ids.count(None)
        columns = list(self.cells.values())
        if self.problems:
            columns = [[column[index] for index in good] for column in columns]
        result.rows = _ItemsToApply(ItemRows([index + 2 for index in good], ids, list(self.cells), columns, self.may_be_absent))
        return result


class _ItemsToApply:
    """The valid rows of an items file, sliced into chunks as ItemRows' JSON."""

    def __init__(self, rows):
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, part):
        rows = self.rows
        return ItemRows(rows.lines[part], rows.ids[part], rows.names, [column[part] for column in rows.columns], rows.gaps).to_json()


def validate_items(rows, ctx):
    items = _ItemsFile(rows, ctx)
    items.check()
    return items.validated()


def _conflicts(client_id, creates, updates):
    """Rows whose UPC or SKU another item took after validation, as {line: error}."""
    upcs = _texts(creates.column("upc"))
    skus = _texts(creates.column("sku")) | _texts(updates.column("sku"))
    taken_upc = _existing(client_id, ItemType.upc, upcs) if upcs else {}
    taken_sku = _existing(client_id, ItemType.sku, skus) if skus else {}
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


def _missing_items(client_id, ids):
    found = set()
    for batch in _batches(ids):
        found.update(db.session.scalars(select(ItemType.id).where(ItemType.client_id == client_id, _among(ItemType.id, batch))))
    return set(ids) - found


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
    creates, updates = ItemRows.from_json(chunk).split()
    errors = {}
    if len(updates):
        missing = _missing_items(ctx.client_id, set(updates.ids))
        errors.update({line: ITEM_NOT_FOUND for line, item_id in zip(updates.lines, updates.ids) if item_id in missing})
        updates = updates.without_lines(errors)
    if _written_as_validated(lambda: write_items(ctx.client_id, creates, updates)):
        return sorted(errors.items())
    _refresh_statistics()
    errors.update(_conflicts(ctx.client_id, creates, updates))
    write_items(ctx.client_id, creates.without_lines(errors), updates.without_lines(errors))
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
    cleaned = _clean_rows(rows, columns)
    lookups = _lookups(
        ctx.client_id, {item_id for _, item_id, _ in cleaned} - {None},
        {values.get("upc") for values, _, _ in cleaned} - {None}, {values.get("sku") for values, _, _ in cleaned} - {None},
    )
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
    new, converted = [(line, row) for line, row in chunk if row["id"] is None], [(line, row) for line, row in chunk if row["id"] is not None]
    creates = ItemRows.from_values([line for line, _ in new], [None] * len(new), [row["values"] for _, row in new])
    converts = ItemRows.from_values([line for line, _ in converted], [row["id"] for _, row in converted],
                                    [{**row["values"], "composite_type": CASE_PACK} for _, row in converted])
    errors = _conflicts(ctx.client_id, creates, converts)
    holders = _parents_of(ctx.client_id, {row["child_id"] for _, row in chunk} | set(converts.ids))
    current_types = {}
    for batch in _batches(converts.ids):
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
    creates, converts = creates.without_lines(errors), converts.without_lines(errors)
    write_items(ctx.client_id, creates, converts, composite_type=CASE_PACK)
    new_ids = dict(_ids_by_upc(ctx.client_id, creates.column("upc"))) if len(creates) else {}
    rows_by_line = {line: row for line, row in chunk}
    parents = list(zip(creates.lines, map(new_ids.__getitem__, creates.column("upc")))) + list(zip(converts.lines, converts.ids))
    components = [
        {"client_id": ctx.client_id, "parent_id": parent_id, "child_id": rows_by_line[line]["child_id"],
         "quantity": rows_by_line[line]["quantity"]}
        for line, parent_id in parents
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
