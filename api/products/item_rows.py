"""Rows of items to write, column by column, and their set-based writes.

A bulk upload of items travels from validation to the job in this form: one list per field rather
than one object per row, so neither side builds and reads a hundred thousand small dictionaries.
On PostgreSQL the columns become COPY text directly; SQLite's driver takes rows of typed values.

A cell can be absent: the row leaves the column out. A new item then takes the field's default,
an updated item keeps its value.
"""
from decimal import Decimal
from itertools import repeat

from sqlalchemy import insert, update

from api.common.row_writes import COPY_ESCAPES, copy_cell, session_cursor
from api.common.timeutil import utcnow
from api.extensions import db, on_postgresql
from api.products.fields import BOOLEAN_FIELDS, DECIMAL, ITEM_FIELDS
from api.products.models import SIMPLE, ItemType

ABSENT = object()  # a cell the row leaves out
DECIMAL_FIELDS = frozenset(spec.name for spec in ITEM_FIELDS if spec.kind == DECIMAL)
DEFAULTS = {**{spec.name: None for spec in ITEM_FIELDS}, **{name: False for name in BOOLEAN_FIELDS}}


class ItemRows:
    """Rows of one kind of write (new items, or updates of existing ones), column by column.

    ``ids`` holds each row's item id (None for a new item), ``names`` the fields given and
    ``columns`` their values in the same order: text, canonical decimal text, booleans or None, or
    ABSENT. ``gaps`` names the columns that may hold ABSENT (all of them when not known)."""

    def __init__(self, lines, ids, names, columns, gaps=None):
        self.lines, self.ids, self.names, self.columns = lines, ids, list(names), columns
        self.gaps = set(self.names) if gaps is None else set(gaps) & set(self.names)

    def __len__(self):
        return len(self.lines)

    @classmethod
    def from_values(cls, lines, ids, rows):
        """From one dictionary of field values per row; a field missing from a row is absent there."""
        names = list(dict.fromkeys(name for values in rows for name in values))
        return cls(lines, ids, names, [[values.get(name, ABSENT) for values in rows] for name in names])

    def column_with_gaps(self, name):
        return name in self.gaps and any(cell is ABSENT for cell in self.columns[self.names.index(name)])

    def column(self, name):
        return self.columns[self.names.index(name)] if name in self.names else [ABSENT] * len(self)

    def take(self, positions):
        positions = list(positions)
        if len(positions) == len(self):
            return self
        return ItemRows(
            [self.lines[p] for p in positions], [self.ids[p] for p in positions], self.names,
            [[column[p] for p in positions] for column in self.columns], self.gaps,
        )

    def without_lines(self, lines):
        return self.take(p for p, line in enumerate(self.lines) if line not in lines)

    def split(self):
        """(new items, updates)."""
        return (self.take(p for p, item_id in enumerate(self.ids) if item_id is None),
                self.take(p for p, item_id in enumerate(self.ids) if item_id is not None))

    def by_given_fields(self):
        """The rows grouped by the fields they give (an update writes only those), each group
        without its absent columns."""
        with_gaps = [(name, column) for name, column in zip(self.names, self.columns) if self.column_with_gaps(name)]
        if not with_gaps:
            yield self
            return
        groups = {}
        for position in range(len(self)):
            left_out = tuple(name for name, column in with_gaps if column[position] is ABSENT)
            groups.setdefault(left_out, []).append(position)
        for left_out, positions in groups.items():
            part = self.take(positions)
            given = [(name, column) for name, column in zip(part.names, part.columns) if name not in left_out]
            yield ItemRows(part.lines, part.ids, [name for name, _ in given], [column for _, column in given], ())

    def to_json(self):
        """JSON values only: the positions of absent cells are listed per column."""
        columns, absent = [], {}
        for name, column in zip(self.names, self.columns):
            positions = [p for p, cell in enumerate(column) if cell is ABSENT] if name in self.gaps else []
            if positions:
                absent[name] = positions
                column = [None if cell is ABSENT else cell for cell in column]
            columns.append(column)
        return {"lines": self.lines, "ids": self.ids, "names": self.names, "columns": columns, "absent": absent}

    @classmethod
    def from_json(cls, payload):
        columns = payload["columns"]
        for name, positions in payload["absent"].items():
            column = columns[payload["names"].index(name)]
            for p in positions:
                column[p] = ABSENT
        return cls(payload["lines"], payload["ids"], payload["names"], columns, payload["absent"])


def write_items(client_id, creates, updates, job_id, composite_type=SIMPLE):
    """Insert the new items (created by the upload job ``job_id``) and update the changed ones,
    set-based (one statement per set of fields given)."""
    now = utcnow()
    if len(creates):
        _insert(client_id, creates, composite_type, now, job_id)
    if len(updates):
        for group in updates.by_given_fields():
            _update(client_id, group, now)


def _insert(client_id, rows, composite_type, now, job_id):
    columns = [_with_defaults(name, column) if rows.column_with_gaps(name) else column for name, column in zip(rows.names, rows.columns)]
    fixed = {"client_id": client_id, "composite_type": composite_type, "created_at": now, "updated_at": now,
             "created_by_job_id": job_id,
             **{name: default for name, default in DEFAULTS.items() if name not in rows.names}}
    if not on_postgresql():
        # executemany in process is fast on SQLite, whose driver needs Decimal for decimals.
        db.session.execute(insert(ItemType), [
            {**fixed, **_typed(dict(zip(rows.names, values)))} for values in zip(*columns)
        ])
        return
    with session_cursor() as cursor:
        _copy(cursor, ItemType.__tablename__, rows.names + list(fixed), columns, fixed.values())


def _update(client_id, rows, now):
    """By primary key on SQLite; on PostgreSQL from a temporary table filled with COPY, so the whole
    set is one statement."""
    if not on_postgresql():
        db.session.execute(update(ItemType), [  # the ORM's bulk UPDATE by primary key
            {**_typed(dict(zip(rows.names, values))), "id": item_id, "updated_at": now}
            for item_id, *values in zip(rows.ids, *rows.columns)
        ])
        return
    names = ["id", *rows.names, "updated_at"]
    with session_cursor() as cursor:
        cursor.execute(
            f"CREATE TEMPORARY TABLE item_type_updates ON COMMIT DROP AS "
            f"SELECT {', '.join(names)} FROM item_types WITH NO DATA"
        )
        _copy(cursor, "item_type_updates", names, [rows.ids, *rows.columns], [now])
        cursor.execute(
            f"UPDATE item_types SET {', '.join(f'{name} = u.{name}' for name in names[1:])} "
            f"FROM item_type_updates u WHERE item_types.id = u.id AND item_types.client_id = %s",
            (client_id,),
        )
        cursor.execute("DROP TABLE item_type_updates")


def _with_defaults(name, column):
    default = DEFAULTS[name]
    return [default if cell is ABSENT else cell for cell in column]


def _typed(values):
    return {name: (Decimal(value) if name in DECIMAL_FIELDS and value is not None else value) for name, value in values.items()}


def _copy(cursor, table, names, columns, fixed=()):
    """COPY ``columns`` (then the same ``fixed`` values on every row) into ``table``, as text built
    column by column: no per-row call into the driver."""
    cells = [_copy_cells(column) for column in columns] + [repeat(copy_cell(value)) for value in fixed]
    text = "\n".join(map("\t".join, zip(*cells))) + "\n"
    with cursor.copy(f"COPY {table} ({', '.join(names)}) FROM STDIN") as copy:
        copy.write(text.encode())


def _copy_cells(column):
    kinds = set(map(type, column))
    if kinds <= {str, type(None)}:
        text = "".join(filter(None, column))
        if any(special in text for special in "\\\t\n\r"):
            return ["\\N" if cell is None else cell.translate(COPY_ESCAPES) for cell in column]
        return ["\\N" if cell is None else cell for cell in column]
    return list(map(copy_cell, column))
