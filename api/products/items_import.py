"""The bulk items import: validation column by column, a batch of rows at a time, and chunks written
set-based (item_rows.py).

A row with an ``id`` updates that item; a row without one updates the item with its ``upc`` if the
client has one, and creates an item otherwise. A file is checked in batches (a large one streams
through the API), each batch against the client's items with a few set-based queries and against
the UPCs and SKUs of the file's earlier rows (imports.first_seen)."""
from psycopg.errors import UniqueViolation
from sqlalchemy.exc import IntegrityError

from api.extensions import db, on_postgresql
from api.imports.first_seen import FirstSeen
from api.imports.registry import BatchCheck, Validated
from api.products.catalogue_lookups import conflicts, missing_items, named_items, refresh_statistics
from api.products.fields import admin_only_changes, admin_only_message
from api.products.item_rows import ABSENT, ItemRows, write_items
from api.products.detail import ITEM_NOT_FOUND
from api.products.service import UPC_FIXED
from api.products.upload_cells import ITEM_COLUMNS, CleanFile, admin_columns, appears_again, current, headers, texts


class _ItemsBatch:
    """Rows of an items file under validation, column by column: each row's cells, the item it
    updates (None for a new one) and its problems, checked a column at a time.

    Row i is on line ``first_line + i``; ``seen`` holds the UPCs and SKUs of the file's earlier rows
    (and takes this batch's); ``problems`` are those of how rows are written, by row index."""

    def __init__(self, rows, ctx, first_line, seen, problems):
        self.ctx, self.size, self.first_line, self.seen = ctx, len(rows), first_line, seen
        self.given = headers(rows, ITEM_COLUMNS)
        clean = CleanFile(rows, self.given)
        self.cells, self.problems = clean.cells, clean.problems()
        for index, problem in problems.items():
            self.problems.setdefault(index, []).insert(0, problem)
        # Where a cell can be absent: anywhere in a file with gaps, and the UPC of a row naming its item by id.
        self.may_be_absent = set(self.cells) if clean.gaps else set()
        ids = self.cells.pop("id", [None] * self.size)
        self.ids = [item_id if type(item_id) is int else None for item_id in ids]
        self.by_id, self.by_upc, self.by_sku = named_items(
            ctx.client_id, set(self.ids) - {None}, texts(self.cells.get("upc")), texts(self.cells.get("sku")),
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
        """'appears more than once' for each row repeating the value of an earlier row of the file
        (None is no value)."""
        first_line = self.first_line
        earlier = self.seen[kind].earlier_lines(values, [first_line + index for index in indexes])
        for index, value, line in zip(indexes, values, earlier):
            if line is not None:
                self._problem(index, appears_again(kind, value, line))

    def _check_admin_only(self, indexes):
        when_creating, when_updating = admin_columns(self.given)
        for index in indexes:
            target = self.targets[index]
            compared = when_creating if target is None else when_updating
            if not compared:
                continue
            given = {name: self.cells[name][index] for name in compared if self.cells[name][index] is not ABSENT}
            refused = admin_only_changes(given, current(target) if target is not None else None, creating=target is None)
            if refused:
                self._problem(index, admin_only_message(refused))

    def validated(self):
        """The batch's row errors and, as ``rows``, its valid rows as a chunk (ItemRows' JSON)."""
        first_line = self.first_line
        result = Validated(errors=[(first_line + index, " ".join(problems)) for index, problems in sorted(self.problems.items())])
        good = [index for index in range(self.size) if index not in self.problems] if self.problems else range(self.size)
        ids = [self.targets[index].id if self.targets[index] is not None else None for index in good]
        result.would_update = len(ids) - ids.count(None)
        result.would_create = ids.count(None)
        columns = list(self.cells.values())
        if self.problems:
            columns = [[column[index] for index in good] for column in columns]
        result.rows = ItemRows([first_line + index for index in good], ids, list(self.cells), columns, self.may_be_absent).to_json()
        return result


class ItemsFileCheck(BatchCheck):
    """The check of one items file, a Batch at a time (see api.imports.registry); a row never waits for the next batch."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.seen = {"upc": FirstSeen(), "sku": FirstSeen()}

    def check(self, batch):
        items = _ItemsBatch(batch.rows, self.ctx, batch.first_line, self.seen, batch.problems)
        items.check()
        return items.validated()


def item_lines_in(chunk):
    """The file lines of a chunk's rows (ItemRows' JSON)."""
    return chunk["lines"]


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
        missing = missing_items(ctx.client_id, set(updates.ids))
        errors.update({line: ITEM_NOT_FOUND for line, item_id in zip(updates.lines, updates.ids) if item_id in missing})
        updates = updates.without_lines(errors)
    if _written_as_validated(lambda: write_items(ctx.client_id, creates, updates, ctx.job_id)):
        return sorted(errors.items())
    refresh_statistics()
    errors.update(conflicts(ctx.client_id, creates, updates))
    write_items(ctx.client_id, creates.without_lines(errors), updates.without_lines(errors), ctx.job_id)
    return sorted(errors.items())
