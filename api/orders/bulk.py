"""Bulk fulfilment requests: a CSV file with one row per item line, the rows of one request next to
each other under its fulfillment_request_id, the request's own columns on each of them (or on its
first row only).

The file is checked as it arrives, a batch of rows at a time (a request's rows may straddle two
batches: it is checked with the later one), each request by every rule of a single new request, and
nothing is applied before its last row is checked. The job then
creates and places the requests chunk by chunk, in two stages (STORING, PLACING) that chunks applied
side by side go through in file order: placing, it locks the stock levels of every item of the chunk
in one order before placing any of them, so a chunk allocates as a set and never deadlocks against
other allocations. A request that cannot be applied any more (its id taken meanwhile, by another
upload too) fails on all its rows; the others of the chunk are applied."""
from dataclasses import dataclass, field

from marshmallow import ValidationError

from api.common.errors import ApiError, path_keys
from api.common.loaded_data import revived
from api.imports.cells import BOM
from api.imports.first_seen import FirstSeen
from api.imports.registry import BatchCheck, Validated, register_import
from api.imports.service import submit_import_in_batches
from api.imports.upload_rows import upload_batches
from api.orders.fields import ADDRESS, EDI, FIELD_TABLE, FIELDS_OF, LINE, OPTION, OWN, SET
from api.orders.schemas import RequestWrite
from api.orders.placement import ids_of, place_requests, store_requests
from api.orders.rules import check_requests, duplicate_request

IMPORT_FULFILLMENT_REQUESTS = "import_fulfillment_requests"

# The file's columns, from the request's field table: a request's own on each of its rows (or its
# first), then an item line's.
ADDRESS_COLUMNS = {spec.column: spec.name for spec in FIELDS_OF[ADDRESS]}
EDI_COLUMNS = {spec.column: spec.name for spec in FIELDS_OF[EDI]}
SET_COLUMNS = {spec.column: spec.name for spec in FIELDS_OF[SET]}
TOP_COLUMNS = tuple(spec.column for spec in FIELDS_OF[OWN] + FIELDS_OF[OPTION])
REQUEST_COLUMNS = tuple(spec.column for spec in FIELD_TABLE if spec.part != LINE)
LINE_COLUMNS = tuple(spec.column for spec in FIELDS_OF[LINE])
# One schema for every request of a file: a schema instance deep-copies its fields (and nested
# schemas), which per request cost more time and memory than checking the request itself.
REQUEST_FIELDS = RequestWrite()
COLUMNS = REQUEST_COLUMNS + LINE_COLUMNS
# Those every request needs a value in (its address's too, as a single new request): a file without
# one of them could create nothing, and the upload page marks them required.
REQUIRED_COLUMNS = tuple(spec.column for spec in FIELD_TABLE if spec.required)
NOT_AN_OBJECT = "A row must be an object keyed by column header."
COLUMN_DESCRIPTIONS = {spec.column: spec.description for spec in FIELD_TABLE}


def _cell(value):
    """A cell as text, or None when empty (the file's empty cells are null)."""
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _header_problem(first_row):
    """What is wrong with the file's columns (those of its first row), or None: headers compared exactly, as written."""
    if not isinstance(first_row, dict):
        return NOT_AN_OBJECT
    headers = [str(key).replace(BOM, "").strip() for key in first_row]
    unknown = sorted(set(headers) - set(COLUMNS))
    missing = [column for column in REQUIRED_COLUMNS if column not in headers]
    problems = []
    if missing:
        problems.append("Missing columns: " + ", ".join(missing) + ".")
    if unknown:
        problems.append("Unknown columns: " + ", ".join(unknown) + " (names are case sensitive).")
    return " ".join(problems) or None


def _cells(row):
    """{column: cell} of a row, None for one that is not an object."""
    if not isinstance(row, dict):
        return None
    return {str(key).replace(BOM, "").strip(): _cell(value) for key, value in row.items()}


@dataclass
class _RequestRows:
    """The rows of one request read so far, and those written wrong (then it is not checked)."""

    reference: str
    rows: list = field(default_factory=list)  # [(line, cells)]
    miswritten: list = field(default_factory=list)  # lines of its rows with a row problem


class RequestsFileCheck(BatchCheck):
    """The check of one bulk request file, a Batch at a time (see api.imports.registry).

    The last request of a batch may go on in the next, so it is held back and checked once a row of
    another request (or the end of the file) shows it complete: a chunk holds whole requests. Every
    request id met is kept as a fingerprint with the line its rows start on (imports.first_seen), so a
    request coming back after another is caught however many batches later."""

    def __init__(self, context):
        self.context = context
        self.header_checked = False
        self.refused = False  # the columns are wrong: no row is looked at
        self.starts = FirstSeen()
        self.open = None  # the _RequestRows of the last rows read

    def check(self, batch):
        validated = Validated()
        if not self.header_checked:
            self.header_checked = True
            problem = _header_problem(batch.rows[0])
            if problem:
                self.refused = True
                validated.errors.append((1, problem))
        if not self.refused:
            self._validate(self._complete_requests(batch, validated.errors), validated)
        return validated

    def finish(self):
        validated = Validated()
        if self.open is not None:
            self._validate([self.open], validated)
            self.open = None
        return validated

    def _complete_requests(self, batch, errors):
        """The requests whose rows end in this batch (the one open at its end stays open). A request whose
        rows are not next to each other is an error on the rows that come back to it."""
        read = [(batch.first_line + index, _cells(row)) for index, row in enumerate(batch.rows)]
        starts = self._start_lines(read)
        complete = []
        for index, (line, cells) in enumerate(read):
            if cells is None:
                errors.append((line, NOT_AN_OBJECT))
                continue
            problem = batch.problems.get(index)  # how the row is written (CSV): the row's only error
            if problem:
                errors.append((line, problem))
            reference = cells.get("fulfillment_request_id")
            if reference is None:
                if not problem:
                    errors.append((line, "fulfillment_request_id is required."))
                continue
            if self.open is None or self.open.reference != reference:
                if starts[reference] < line:
                    if not problem:
                        errors.append((line, f"fulfillment_request_id '{reference}' is used again here: its rows start "
                                             f"on line {starts[reference]} and must be next to each other."))
                    continue
                if self.open is not None:
                    complete.append(self.open)
                self.open = _RequestRows(reference)
            self.open.rows.append((line, cells))
            if problem:
                self.open.miswritten.append(line)
        return complete

    def _start_lines(self, read):
        """{request id: the line its rows start on} for the ids of these rows; the new ones are remembered."""
        references, lines = [], []
        for line, cells in read:
            reference = cells.get("fulfillment_request_id") if cells is not None else None
            if reference is not None:
                references.append(reference)
                lines.append(line)
        starts = {}
        for reference, line, earlier in zip(references, lines, self.starts.earlier_lines(references, lines)):
            starts.setdefault(reference, line if earlier is None else earlier)
        return starts

    def _validate(self, requests, validated):
        """Check the complete ``requests`` together (the rules' lookups once for all of them). A request
        passing is stored as the schema loaded it, which the job reads back without loading it again."""
        loaded = []
        for request in requests:
            lines = [line for line, _ in request.rows]
            errors = []
            if not request.miswritten:
                payload, _ = _payload(request.rows, errors)
                if not errors:
                    try:
                        loaded.append((lines, REQUEST_FIELDS.load(payload)))
                        continue
                    except ValidationError as error:
                        errors = list(_field_errors(error.messages, lines))
            validated.errors.extend(errors)  # a row problem is among the batch's errors already
            validated.errors.extend(_rest_not_applied(request.reference, lines, request.miswritten or errors))
        answers = check_requests(self.context.client_id, [fields for _, fields in loaded])
        for (lines, fields), answer in zip(loaded, answers):
            if isinstance(answer, ApiError):
                validated.errors.extend((line, _row_error(answer)) for line in lines)
            else:
                validated.rows.append((lines[0], {"lines": lines, "fields": fields}))
                validated.would_create += 1


def _rest_not_applied(reference, lines, wrong):
    """An error on each row of a request that has none of its own while others of its rows (``wrong``:
    lines, or (line, error) pairs) do: a request is applied whole or not at all, and every row of the
    file is either applied or failed."""
    wrong_lines = sorted({entry[0] if isinstance(entry, tuple) else entry for entry in wrong})
    if not wrong_lines:
        return []
    told = f"Not applied: fulfillment_request_id '{reference}' has an error on line {wrong_lines[0]}."
    return [(line, told) for line in lines if line not in wrong_lines]


def _payload(rows, errors):
    """The request its rows describe, as the new-request call takes it; rows disagreeing on a request
    column are errors."""
    first = {}
    conflicts = []
    for line, cells in rows:
        for column in REQUEST_COLUMNS:
            value = cells.get(column)
            if value is None:
                continue
            if column not in first:
                first[column] = (value, line)
            elif first[column][0] != value:
                conflicts.append((line, f"{column} '{value}' differs from line {first[column][1]} of this request."))
    errors.extend(conflicts)
    given = {column: value for column, (value, _) in first.items()}
    request = {column: given[column] for column in TOP_COLUMNS if column in given}
    request["to_address"] = _named(ADDRESS_COLUMNS, given)
    edi = _named(EDI_COLUMNS, given)
    if edi:
        request["edi"] = edi
    request_set = {"items": [{column: cells.get(column) for column in LINE_COLUMNS if cells.get(column) is not None}
                             for _, cells in rows]}
    request_set.update(_named(SET_COLUMNS, given))
    request["sets"] = [request_set]
    return request, bool(conflicts)


def _named(columns, given):
    """The cells given of ``columns`` ({column: field}) keyed by their fields' names."""
    return {field: given[column] for column, field in columns.items() if column in given}


_EDI_COLUMN_OF = {field: column for column, field in EDI_COLUMNS.items()}
_SET_COLUMN_OF = {field: column for column, field in SET_COLUMNS.items()}


def _column_of(path):
    if path[0] == "to_address" and len(path) > 1:
        return f"to_{path[1]}"
    if path[0] == "edi" and len(path) > 1:
        return _EDI_COLUMN_OF.get(path[1], path[1])
    if path[0] == "sets" and len(path) >= 3 and path[2] in _SET_COLUMN_OF:
        return _SET_COLUMN_OF[path[2]]
    if path[0] == "sets" and len(path) >= 5:
        return path[4]
    return path[-1] if path[0] == "sets" else path[0]


def _row_error(refusal):
    """A refusal of the request's rules with its field named by its column, as the file names it."""
    return refusal.naming_fields(lambda path: _column_of(path_keys(path)))


def _field_errors(messages, lines, path=()):
    """[(line, text)] of a schema's error messages: an item's errors on its own row, the request's on each."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            yield from _field_errors(value, lines, path + (key,))
        return
    text = " ".join(str(message) for message in messages) if isinstance(messages, list) else str(messages)
    column = _column_of(path) if path else "row"
    on_lines = [lines[path[3]]] if path[:1] == ("sets",) and len(path) >= 4 and isinstance(path[3], int) else lines
    for line in on_lines:
        yield line, f"{column}: {text}"


# A chunk's stages (see api.imports.registry): its requests are checked and stored, then placed. A
# chunk stores its requests after the chunk before it stored its own, so request ids ascend in file
# order, which is the order waiting shipments are allocated in; it places them once that chunk has
# committed, so it allocates from the stock the earlier requests left.
STORING, PLACING = 1, 2


def apply_requests(chunk, context):
    """Create and place the chunk's requests as a set: each checked again by the rules (a ship profile
    may have gone since the upload, a request id been taken), then all stored and allocated together."""
    context.wait_for_turn(STORING)
    loaded = [(entry["lines"], revived(REQUEST_FIELDS, entry["fields"])) for _, entry in chunk]
    failures, checked = [], []
    for (lines, fields), answer in zip(loaded, check_requests(context.client_id, [fields for _, fields in loaded])):
        if isinstance(answer, ApiError):
            failures.extend((line, _row_error(answer)) for line in lines)
        else:
            checked.append((lines, answer))
    stored = store_requests(context.client_id, context.actor, [answer for _, answer in checked], context.job_id)
    context.wait_for_turn(PLACING)
    place_requests(context.client_id, context.actor, stored)
    ids = ids_of(stored)
    for lines, answer in checked:
        reference = answer.fields["fulfillment_request_id"]
        if reference not in ids:  # another upload or call took the request id meanwhile
            failures.extend((line, _row_error(duplicate_request(reference))) for line in lines)
    return failures


def _file_lines_in(chunk):
    return [line for _, entry in chunk for line in entry["lines"]]


REQUESTS_IMPORT = register_import(IMPORT_FULFILLMENT_REQUESTS, batch_check=RequestsFileCheck, apply_chunk=apply_requests,
                                  noun="fulfillment request rows", lines_in=_file_lines_in,
                                  takes_turns=True)


def submit_bulk_requests(identity, client_id, args):
    """Check (and start, or report on) the request's bulk file: its CSV body as it arrives, or its JSON rows."""
    return submit_import_in_batches(REQUESTS_IMPORT, upload_batches(), identity, client_id, args)
