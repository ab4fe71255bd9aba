"""The cells of an upload's rows as they were sent, kept beside the cleaned rows so that a row that
fails, at the upload or in the job, goes back to the requester in the result mail as it was sent."""
import json
from decimal import Decimal

MAX_SOURCE_COLUMNS = 200  # of a file's columns, kept to write its failed rows into the result mail
LINE = "line"  # a row sent grouped (RMAs) carries its own line under this key; it is not a cell


def add_columns(columns, rows):
    """Add to ``columns`` (the file's, in order) those ``rows`` name first, up to MAX_SOURCE_COLUMNS. A
    CSV file's rows all have its header's; rows sent as JSON may each have their own."""
    known = set(columns)
    for row in rows[:1] if getattr(rows, "all_text", False) else rows:
        if isinstance(row, dict) and len(columns) < MAX_SOURCE_COLUMNS:
            new = [name for name in row if name not in known and name != LINE]
            columns.extend(new)
            known.update(new)
            del columns[MAX_SOURCE_COLUMNS:]
    return columns


def cells_of(rows, columns):
    """Each row's cells under ``columns`` as text (None for a row that is not an object)."""
    if getattr(rows, "all_text", False) and rows and list(rows[0]) == columns:
        return [list(row.values()) for row in rows]  # CSV rows: text cells under the file's header, in its order
    return [[_as_text(row.get(column)) for column in columns] if isinstance(row, dict) else None for row in rows]


def source_of(cells_by_line, lines):
    """[[line, cells]] of those of ``lines`` whose cells are known: kept with the chunk that accounts
    for the lines, so a row that fails goes back to the requester in the result mail as it was sent."""
    return [[line, cells_by_line[line]] for line in sorted(set(lines)) if cells_by_line.get(line) is not None]


def _as_text(value):
    """A cell as CSV text (a JSON row's numbers, booleans and objects written as JSON writes them)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, Decimal)):
        return str(value)
    return json.dumps(value, default=str)
