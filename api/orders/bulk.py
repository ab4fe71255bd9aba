"""Bulk fulfilment requests: a CSV file with one row per item line, the rows of one request next to
each other under its fulfillment_request_id, the request's own columns on each of them (or on its
first row only).

The whole file is checked first, each request by every rule of a single new request. The job then
creates and places the requests chunk by chunk: it locks the stock levels of every item of the chunk
in one order before placing any of them, so a chunk allocates as a set and never deadlocks against
other allocations. A request that cannot be applied any more (its id taken meanwhile, by another
upload too) fails on all its rows; the others of the chunk are applied."""
from marshmallow import ValidationError
from api.common.errors import ApiError
from api.common.stored_input import json_body
from api.imports.cells import BOM, InvalidUpload
from api.imports.registry import Validated, register_import
from api.imports.service import submit_import
from api.orders.models import ADDRESS_PARTS, OPTIONS
from api.orders.schemas import EDI_RETAILERS, EDI_TEXT_FIELDS, RequestWrite
from api.orders.placement import add_requests
from api.orders.rules import check_request, check_requests, duplicate_request

IMPORT_FULFILLMENT_REQUESTS = "import_fulfillment_requests"

ADDRESS_COLUMNS = tuple(f"to_{part}" for part in ADDRESS_PARTS)
# The EDI metadata of a retail shipment, column → field: edi_retailer → retailer, edi_reference_1 as it is.
EDI_COLUMNS = {name if name.startswith("edi_") else f"edi_{name}": name
               for name in ("retailer", "cancel_date", "po_number", *EDI_TEXT_FIELDS[1:])}
REQUEST_COLUMNS = (
    "fulfillment_request_id", "order_id", "warehouse_id", "fill_type", "ship_together", "ship_profile_id",
    "ship_method", "shipment_type", "desired_ship_date", "reference1", "reference2", "reference3", "billing_type",
    "billing_account", "billing_postal_code", "incoterm", *OPTIONS, *ADDRESS_COLUMNS, "set_type", "gift_note",
    *EDI_COLUMNS,
)
LINE_COLUMNS = ("upc", "quantity", "customs_value")
# One schema for every request of a file: a schema instance deep-copies its fields (and nested
# schemas), which per request cost more time and memory than checking the request itself.
REQUEST_FIELDS = RequestWrite()
COLUMNS = REQUEST_COLUMNS + LINE_COLUMNS
REQUIRED_COLUMNS = ("fulfillment_request_id", "upc", "quantity")
COLUMN_DESCRIPTIONS = {
    "fulfillment_request_id": "Your reference of the request, unique among your requests (required); its rows go together",
    "order_id": "Your order number", "warehouse_id": "CA01, NJ01, TX01, BC01, IL01, NJ03, CA02, TX02 or optimal (default)",
    "fill_type": "partial (default), complete, kill or partial_kill",
    "ship_together": "true needs a warehouse_id other than optimal and fill_type complete",
    "ship_profile_id": "One of your ship profiles", "ship_method": "A ship method of the profile's carrier",
    "shipment_type": "default_shipment_type (default) or another shipment type",
    "desired_ship_date": "YYYY-MM-DD, today or later (default today)",
    "reference1": "Free text", "reference2": "Free text", "reference3": "Free text",
    "billing_type": "sender (default), recipient, collect or third_party",
    "billing_account": "Required for third_party billing", "billing_postal_code": "Required for third_party billing",
    "incoterm": "DDU or DDP", "saturday_delivery": "true only for UPS and FedEx express ship methods",
    "signature_required": "true or false", "expedited": "true or false", "one_upc_per_shipment": "true or false",
    "one_sku_per_shipment": "true or false", "one_product_code_per_shipment": "true or false",
    "to_name": "Recipient (required)", "to_company": "Company", "to_address_1": "Street (required)",
    "to_address_2": "Apartment, suite", "to_address_3": "More address", "to_city": "City (required)",
    "to_state": "State or province (required)", "to_postal_code": "Postal code (required)",
    "to_country": "Country code or name (required)", "to_phone": "Phone (required)", "to_email": "E-mail",
    "set_type": "default_set_type (default), gift_note, gift_wrap or duct_wrap", "gift_note": "At most 500 characters",
    "upc": "The item of this row (required); one row per UPC in a request",
    "quantity": "1 to 1000 (required)", "customs_value": "Per unit, 0 to 99999999; required outside the US",
    "edi_retailer": f"A retail (EDI) shipment's retailer: {', '.join(EDI_RETAILERS)}; any EDI column makes the "
                    "request a retail shipment, which needs edi_retailer, edi_cancel_date and edi_po_number",
    "edi_cancel_date": "YYYY-MM-DD, today or later (required for a retail shipment)",
    "edi_po_number": "The retailer's purchase order (required for a retail shipment)",
    **{column: "EDI metadata, free text" for column in list(EDI_COLUMNS)[3:]},
}


def _cell(value):
    """A cell as text, or None when empty (the file's empty cells are null)."""
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _read_rows(rows):
    """(header problem or None, [(line, {column: cell})]): headers compared exactly, as written."""
    if not isinstance(rows[0], dict):
        return "A row must be an object keyed by column header.", []
    headers = [str(key).replace(BOM, "").strip() for key in rows[0]]
    unknown = sorted(set(headers) - set(COLUMNS))
    missing = [column for column in REQUIRED_COLUMNS if column not in headers]
    problems = []
    if missing:
        problems.append("Missing columns: " + ", ".join(missing) + ".")
    if unknown:
        problems.append("Unknown columns: " + ", ".join(unknown) + " (names are case sensitive).")
    if problems:
        return " ".join(problems), []
    read = []
    for line, row in enumerate(rows, start=2):
        if not isinstance(row, dict):
            read.append((line, None))
            continue
        read.append((line, {str(key).replace(BOM, "").strip(): _cell(value) for key, value in row.items()}))
    return None, read


def _groups(read, errors):
    """The rows of each request in file order: [(request id, [(line, cells)])]. A request whose rows
    are not next to each other is an error on the rows that come back to it."""
    groups, closed = [], {}
    for line, cells in read:
        if cells is None:
            errors.append((line, "A row must be an object keyed by column header."))
            continue
        reference = cells.get("fulfillment_request_id")
        if reference is None:
            errors.append((line, "fulfillment_request_id is required."))
            continue
        if groups and groups[-1][0] == reference:
            groups[-1][1].append((line, cells))
        elif reference in closed:
            errors.append((line, f"fulfillment_request_id '{reference}' is used again here: its rows start on line "
                                 f"{closed[reference]} and must be next to each other."))
        else:
            closed[reference] = line
            groups.append((reference, [(line, cells)]))
    return groups


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
    request = {column: given[column] for column in REQUEST_COLUMNS
               if column in given and column not in ADDRESS_COLUMNS and column not in EDI_COLUMNS
               and column not in ("set_type", "gift_note")}
    request["to_address"] = {column[3:]: given[column] for column in ADDRESS_COLUMNS if column in given}
    edi = {field: given[column] for column, field in EDI_COLUMNS.items() if column in given}
    if edi:
        request["edi"] = edi
    request_set = {"items": [{column: cells.get(column) for column in LINE_COLUMNS if cells.get(column) is not None}
                             for _, cells in rows]}
    if "set_type" in given:
        request_set["type"] = given["set_type"]
    if "gift_note" in given:
        request_set["gift_note"] = given["gift_note"]
    request["sets"] = [request_set]
    return request, bool(conflicts)


_EDI_COLUMN_OF = {field: column for column, field in EDI_COLUMNS.items()}


def _column_of(path):
    if path[0] == "to_address" and len(path) > 1:
        return f"to_{path[1]}"
    if path[0] == "edi" and len(path) > 1:
        return _EDI_COLUMN_OF.get(path[1], path[1])
    if path[0] == "sets" and len(path) >= 3 and path[2] == "type":
        return "set_type"
    if path[0] == "sets" and len(path) >= 5:
        return path[4]
    return path[-1] if path[0] == "sets" else path[0]


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


def validate_requests(rows, context):
    header_problem, read = _read_rows(rows)
    if header_problem:
        return Validated(errors=[(1, header_problem)])
    validated = Validated()
    for _, group in _groups(read, validated.errors):
        lines = [line for line, _ in group]
        payload, conflicting = _payload(group, validated.errors)
        if conflicting:
            continue
        try:
            check_request(context.client_id, REQUEST_FIELDS.load(payload))
        except ValidationError as error:
            validated.errors.extend(_field_errors(error.messages, lines))
            continue
        except ApiError as refusal:
            validated.errors.extend((line, refusal.description) for line in lines)
            continue
        validated.rows.append((lines[0], {"lines": lines, "request": payload}))
    validated.would_create = len(validated.rows)
    return validated


def apply_requests(chunk, context):
    """Create and place the chunk's requests as a set: each checked again (a rule may have changed
    since the upload, a request id been taken), then all stored and allocated together."""
    failures, loaded = [], []
    for _, entry in chunk:
        try:
            loaded.append((entry["lines"], REQUEST_FIELDS.load(entry["request"])))
        except ValidationError as error:  # checked on upload; a rule that changed since fails the rows
            failures.extend(_field_errors(error.messages, entry["lines"]))
    checked = []
    for (lines, fields), answer in zip(loaded, check_requests(context.client_id, [fields for _, fields in loaded])):
        if isinstance(answer, ApiError):
            failures.extend((line, answer.description) for line in lines)
        else:
            checked.append((lines, answer))
    stored = add_requests(context.client_id, context.actor, [answer for _, answer in checked])
    for lines, answer in checked:
        reference = answer.fields["fulfillment_request_id"]
        if reference not in stored:  # another upload or call took the request id meanwhile
            failures.extend((line, duplicate_request(reference).description) for line in lines)
    return failures


def _file_rows_in(chunk):
    return sum(len(entry["lines"]) for _, entry in chunk)


REQUESTS_IMPORT = register_import(IMPORT_FULFILLMENT_REQUESTS, validate=validate_requests, apply_chunk=apply_requests,
                                  noun="fulfillment request rows", rows_in=_file_rows_in)


def submit_bulk_requests(identity, client_id, args):
    rows = json_body()
    if not isinstance(rows, list):
        raise InvalidUpload("The body must be a JSON array of the CSV's rows.")
    return submit_import(REQUESTS_IMPORT, rows, identity, client_id, args)
