"""Reading the cells of an items or case-pack upload: headers, ids, columns cleaned by the field table,
and the row checks both kinds share (a value seen twice in one file, admin-only columns)."""
from operator import itemgetter

from api.common.stored_input import text_rows
from api.imports.cells import read_headers
from api.imports.cells import InvalidUpload
from api.products.fields import ADMIN_ALWAYS, ANYONE, CELL_CLEANERS, ITEM_FIELDS, CellError, clean_column
from api.products.item_rows import ABSENT

ITEM_COLUMNS = ("id",) + tuple(spec.name for spec in ITEM_FIELDS)
CASE_PACK_COLUMNS = ITEM_COLUMNS + ("child_upc", "child_quantity")
ADMIN_COMPARED = tuple(spec.name for spec in ITEM_FIELDS if spec.who != ANYONE)
ADMIN_ALWAYS_FIELDS = tuple(spec.name for spec in ITEM_FIELDS if spec.who == ADMIN_ALWAYS)


def headers(rows, allowed):
    """The allowed columns the rows use; rows whose headers spell a column otherwise (a byte-order
    mark, blanks, capitals) are keyed by the column instead, in place."""
    if not {dict} >= set(map(type, rows)):
        raise InvalidUpload("Every row must be an object of column names and values.", code="invalid_rows",
                            errors=[{"line": 1, "error": "Rows must be objects keyed by column name."}])
    # The exact spelling first: of two headers naming one column, the other is the one refused.
    named, unknown = read_headers(sorted(set().union(*rows), key=lambda header: (header not in allowed, header)), allowed)
    if unknown:
        unknown.sort()
        message = ("Unknown column" + ("s" if len(unknown) > 1 else "") + ": " + ", ".join(unknown)
                   + ". Column headers must be field names: " + ", ".join(allowed) + ".")
        raise InvalidUpload(message, code="invalid_headers", errors=[{"line": 1, "error": message}])
    renamed = {header: column for column, header in named.items() if header != column}
    if renamed:
        rows[:] = [{renamed.get(key, key): value for key, value in row.items()} for row in rows]
    return [name for name in allowed if name in named]


def cell(row, name):
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


class CleanFile:
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


def clean_rows(rows, columns):
    """[(values, id, problems)]: each row's typed field values (without the cells it leaves out),
    its id and its cell errors."""
    clean = CleanFile(rows, columns)
    cells, problems = clean.cells, clean.problems()
    cleaned = []
    for index, typed in enumerate(zip(*cells.values()) if cells else [()] * len(rows)):
        values = {name: value for name, value in zip(cells, typed) if value is not ABSENT and type(value) is not CellError}
        cleaned.append((values, values.pop("id", None), problems.get(index, [])))
    return cleaned


def texts(values):
    """A column's distinct text values (no nulls, absent cells or errors)."""
    distinct = set(values) if values is not None else set()
    distinct.discard(None)
    distinct.discard(ABSENT)
    return distinct if {str} >= set(map(type, distinct)) else {value for value in distinct if type(value) is str}


def current(row):
    return {name: getattr(row, name) for name in ADMIN_COMPARED}


class Seen:
    """Values already used by earlier rows of the file, for 'appears more than once' errors."""

    def __init__(self):
        self.lines = {}

    def clash(self, kind, value, line):
        if value is None:
            return None
        first = self.lines.setdefault((kind, value), line)
        if first != line:
            return appears_again(kind, value, first)
        return None


def appears_again(kind, value, first_line):
    return f"{kind.upper()} '{value}' appears more than once in the file (first on line {first_line})."


def admin_columns(columns):
    """The admin-only columns worth comparing: (when creating, when updating)."""
    return [name for name in columns if name in ADMIN_ALWAYS_FIELDS], [name for name in columns if name in ADMIN_COMPARED]
