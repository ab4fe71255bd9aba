"""Reading the cells of an uploaded row, whatever the browser made of the CSV."""
from api.common.errors import ApiError

BOM = "\ufeff"


class InvalidUpload(ApiError):
    """The upload as a whole, or some of its rows, cannot be applied; nothing was."""

    status = 422
    code = "invalid_rows"


class CellError(ValueError):
    pass


def text(value, column):
    """The cell as stripped text ("" when empty); numbers sent as JSON numbers are taken as text."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise CellError(f"{column} must be text.")
    return str(value).strip()


def unquoted(value, column):
    """Spreadsheets keep long numbers whole when they carry a leading single quote; drop it."""
    cell = text(value, column)
    return cell[1:].strip() if cell.startswith("'") else cell


def whole_number(value, column, minimum, maximum=2**31 - 1):
    cell = unquoted(value, column)
    if not (cell.isascii() and cell.isdigit()) or not minimum <= int(cell) <= maximum:
        raise CellError(f"{column} must be a whole number from {minimum} to {maximum}.")
    return int(cell)


def header_name(key):
    """A column name as compared: without a byte-order mark, surrounding blanks or case."""
    return str(key).replace(BOM, "").strip().casefold()


def read_headers(headers, columns):
    """The columns ``headers`` name, as {column: header}, and the headers naming none, in their order.
    A header names the column with the same header_name; a second header naming it names none."""
    wanted = {header_name(column): column for column in columns}
    named, unknown = {}, []
    for header in headers:
        column = wanted.get(header_name(header))
        if column is None or column in named:
            unknown.append(str(header))
        else:
            named[column] = header
    return named, unknown
