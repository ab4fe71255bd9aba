"""An upload's rows in batches: a CSV body (``text/csv``) read as it arrives, or the JSON array of row
objects the API parsed first. Either way a row is an object keyed by header, every cell text."""
import codecs
import csv
import io
from dataclasses import dataclass, field

from flask import current_app, request

from api.common.errors import InvalidInput
from api.common.stored_input import json_body, storable
from api.common.upload_stream import body_stream, streams_body
from api.imports.cells import InvalidUpload, header_name

_READ_AHEAD = 1 << 20
# The most characters a row may take, quoted line breaks included: a file that is one endless line (or
# an endless quoted cell) is refused once past it, as it arrives, rather than read whole into memory.
MAX_ROW_CHARACTERS = 1 << 20


@dataclass
class Batch:
    """Consecutive rows of the file: row i is on line ``first_line + i`` (the header is line 1)."""

    first_line: int
    rows: list
    problems: dict = field(default_factory=dict)  # {row index: what is wrong with how the row is written}


def is_csv_upload():
    return streams_body()


def upload_batches():
    """The upload's rows, IMPORT_CHUNK_ROWS at a time: the CSV body read as it arrives, or the JSON array of rows."""
    size = current_app.config["IMPORT_CHUNK_ROWS"]
    return csv_batches(size) if is_csv_upload() else json_batches(json_rows(), size)


def json_rows():
    """The JSON body, which must be an array of rows (parsed whole)."""
    rows = json_body()
    if not isinstance(rows, list):
        raise InvalidUpload("The body must be a JSON array of rows, or a CSV file sent as text/csv.")
    return rows


def json_batches(rows, size):
    for start in range(0, len(rows), size):
        yield Batch(start + 2, rows[start:start + size])


def csv_batches(size):
    """The CSV body's rows, ``size`` at a time, read from the request as they arrive.

    Read as the browser reads a file (features/uploads/csv/read-csv-file.ts): the first row that is
    not blank names the columns, blank rows are left out (and not counted as lines), a row with too
    few or too many cells is a row problem. Broken quoting or bytes that are not text in the body's
    charset (UTF-8 unless the Content-Type names another) make the whole file unreadable: 400."""
    charset = request.mimetype_params.get("charset", "utf-8")
    try:
        encoding = codecs.lookup(charset).name
    except LookupError:
        raise InvalidInput(f"The charset '{charset}' is not known.", code="invalid_csv") from None
    # Bytes that are not text are read as lone surrogates, so the row holding them can be named.
    text = io.TextIOWrapper(
        io.BufferedReader(body_stream(), _READ_AHEAD), encoding="utf-8-sig" if encoding == "utf-8" else encoding,
        errors="surrogateescape", newline="",
    )
    lines = _BoundedLines(text)
    reading = _Reading(csv.reader(lines, strict=True), charset, lines)
    try:
        yield from reading.batches(size)
    except csv.Error as error:
        raise InvalidInput(f"Row {reading.line}: {error}.", code="invalid_csv") from None


class TextRows(list):
    """Rows whose every cell is known to be text (read from CSV), so no cell's type is looked at again."""

    all_text = True


class _BoundedLines:
    """The text's lines for the CSV reader, each read no further than the room its row has left."""

    def __init__(self, text):
        self._text = text
        self.room = MAX_ROW_CHARACTERS

    def __iter__(self):
        return self

    def __next__(self):
        line = self._text.readline(self.room + 1)
        if not line:
            raise StopIteration
        self.room -= len(line)
        if self.room < 0:
            raise csv.Error(f"the row is longer than {MAX_ROW_CHARACTERS:,} characters (is the file a CSV file?)")
        return line

    def next_row(self):
        self.room = MAX_ROW_CHARACTERS


class _Reading:
    def __init__(self, records, charset, lines):
        self.records, self.charset = self._each_with_room(records, lines), charset
        self.line = 1  # of the row being read

    @staticmethod
    def _each_with_room(records, lines):
        for record in records:
            lines.next_row()
            yield record

    def _written(self, record):
        """The record's cells joined, "" for a blank one; a NUL (which the database cannot hold) or
        bytes that are not text make the file unreadable."""
        text = "".join(record)
        if not storable(text):
            problem = "holds a NUL character" if "\x00" in text else f"is not {self.charset} text"
            raise InvalidInput(f"Row {self.line}: the file {problem}.", code="invalid_csv")
        return text.strip()

    def _header(self):
        for record in self.records:
            if self._written(record):
                header = [cell.strip() for cell in record]
                names = [header_name(cell) for cell in header]
                twice = sorted({cell for cell, name in zip(header, names) if names.count(name) > 1})
                if twice:
                    message = f"Column{'s' if len(twice) > 1 else ''} named twice: {', '.join(twice)}."
                    raise InvalidUpload(message, code="invalid_headers", errors=[{"line": 1, "error": message}])
                return header
        return None

    def batches(self, size):
        header = self._header()
        if header is None:
            return
        width = len(header)
        self.line = 2
        batch = Batch(2, TextRows())
        for record in self.records:
            if not self._written(record):
                continue
            if len(record) != width:
                problem = "Too few fields" if len(record) < width else "Too many fields"
                batch.problems[len(batch.rows)] = f"{problem}: expected {width} fields but parsed {len(record)}"
                record = (record + [""] * width)[:width]
            batch.rows.append(dict(zip(header, record)))
            self.line += 1
            if len(batch.rows) == size:
                yield batch
                batch = Batch(self.line, TextRows())
        if batch.rows:
            yield batch
