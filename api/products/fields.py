"""The writable fields of an item type and their rules, in one table.

The single-item endpoints (through marshmallow schemas built from this table) and the bulk CSV
imports (through the fast cleaners below, one closure per column) both check values with
``check_value``, so every rule lives here once.
"""
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

# Who may set a field: anyone; provider staff only; or anyone when creating, staff afterwards.
ANYONE, ADMIN_ALWAYS, ADMIN_AFTER_CREATE = "anyone", "admin_always", "admin_after_create"
TEXT, DECIMAL, BOOLEAN = "text", "decimal", "boolean"

CENT = Decimal("0.01")
MIN_CHILD_QUANTITY, MAX_CHILD_QUANTITY = 1, 1000
TRUE_WORDS = frozenset({"true", "t", "yes", "y", "1"})
FALSE_WORDS = frozenset({"false", "f", "no", "n", "0"})


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: str
    max_length: int | None = None
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    required: bool = False
    who: str = ANYONE


def _money(name):
    return FieldSpec(name, DECIMAL, minimum=CENT, maximum=Decimal("9999999999.99"))


def _dimension(name):
    return FieldSpec(name, DECIMAL, minimum=Decimal(0), maximum=Decimal("99999999.99"), who=ADMIN_AFTER_CREATE)


ITEM_FIELDS = (
    FieldSpec("upc", TEXT, 64, required=True),
    FieldSpec("sku", TEXT, 64, required=True),
    FieldSpec("name", TEXT, 255, required=True),
    FieldSpec("short_name", TEXT, 100, who=ADMIN_AFTER_CREATE),
    FieldSpec("category", TEXT, 100),
    FieldSpec("subcategory", TEXT, 100),
    _money("cost"),
    _money("value"),
    FieldSpec("customs_origin", TEXT, 2),
    FieldSpec("customs_description", TEXT, 255),
    FieldSpec("tariff_code", TEXT, 20),
    FieldSpec("product_code", TEXT, 64),
    FieldSpec("nmfc_code", TEXT, 20),
    FieldSpec("requires_serial_number", BOOLEAN),
    FieldSpec("serial_number_validator", TEXT, 255),
    FieldSpec("hazmat", BOOLEAN),
    FieldSpec("requires_expiration", BOOLEAN, who=ADMIN_AFTER_CREATE),
    _dimension("length"),
    _dimension("width"),
    _dimension("height"),
    _dimension("weight"),
    FieldSpec("ships_in_own_container", BOOLEAN, who=ADMIN_ALWAYS),
    FieldSpec("is_package", BOOLEAN, who=ADMIN_ALWAYS),
    FieldSpec("shopify_variant_id", TEXT, 32),
    FieldSpec("shopify_inventory_item_id", TEXT, 32),
    FieldSpec("shopify_inventory_sync", BOOLEAN),
)
FIELDS_BY_NAME = {spec.name: spec for spec in ITEM_FIELDS}
BOOLEAN_FIELDS = tuple(spec.name for spec in ITEM_FIELDS if spec.kind == BOOLEAN)


def check_value(spec, value):
    """The message for a typed value that breaks its field's rule, or None."""
    if value is None:
        return f"{spec.name} is required." if spec.required else None
    if spec.kind == TEXT:
        if spec.required and not value.strip():
            return f"{spec.name} is required."
        if len(value) > spec.max_length:
            return f"{spec.name} must be at most {spec.max_length} characters."
    elif spec.kind == DECIMAL:
        if not value.is_finite():
            return f"{spec.name} must be a number."
        if value < spec.minimum:
            return f"{spec.name} must be at least {spec.minimum}."
        if value > spec.maximum:
            return f"{spec.name} must be at most {spec.maximum}."
        if value != value.quantize(CENT):
            return f"{spec.name} must have at most 2 decimal places."
    return None


def check_quantity(value):
    """The message for a child quantity that is not a whole number from 1 to 1000, or None."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_CHILD_QUANTITY <= value <= MAX_CHILD_QUANTITY:
        return f"Quantity must be a whole number from {MIN_CHILD_QUANTITY} to {MAX_CHILD_QUANTITY}."
    return None


def admin_only_changes(fields, current, creating):
    """Names of admin-only fields whose given value differs from the stored (or default) one.

    ``current`` maps field name to the stored value (None when creating).
    """
    refused = []
    for name, value in fields.items():
        spec = FIELDS_BY_NAME.get(name)
        if spec is None or spec.who == ANYONE or (spec.who == ADMIN_AFTER_CREATE and creating):
            continue
        stored = current.get(name) if current is not None else None
        if spec.kind == BOOLEAN:
            stored = bool(stored)
            value = bool(value)
        elif spec.kind == DECIMAL and value is not None:
            value = Decimal(value)  # a CSV cell's value is its canonical text
        if value != stored:
            refused.append(name)
    return refused


def admin_only_message(names):
    return "Only provider staff may set: " + ", ".join(names) + "."


class CellError(ValueError):
    """A CSV cell that cannot become its field's value; the text names the field."""


def _text_cleaner(spec):
    # Whether an empty cell is allowed depends on the row (creating or updating): the caller decides.
    limit, required = spec.max_length, spec.required

    def clean(cell):
        if cell == "":
            return None
        if len(cell) <= limit and not (required and cell.isspace()):
            return cell  # the common case, without building check_value's answer
        raise CellError(check_value(spec, cell))

    return clean


def _plain_decimals(spec):
    """The cells that are their own canonical text and certainly within the field's range: decimals
    written the plain way (no sign, exponent, spaces or leading zeros; at most 2 places), with fewer
    whole digits than the maximum has, and not zero where the minimum is a cent."""
    assert spec.minimum in (0, CENT), "the plain-decimal pattern knows these minimums only"
    whole_digits = len(str(int(spec.maximum))) - 1
    not_zero = r"(?!0(?:\.0{1,2})?\Z)" if spec.minimum > 0 else ""
    return re.compile(rf"{not_zero}(?:0|[1-9][0-9]{{0,{whole_digits - 1}}})(?:\.[0-9]{{1,2}})?")


def _decimal_cleaner(spec):
    def clean(cell):
        cell = cell.strip()
        if cell == "":
            return None
        try:
            value = Decimal(cell)
        except InvalidOperation:
            raise CellError(f"{spec.name} must be a number.") from None
        problem = check_value(spec, value)
        if problem:
            raise CellError(problem)
        # Canonical text: it travels as JSON to the job and COPY reads it as it is.
        return str(value)

    return clean


def _boolean_cleaner(spec):
    def clean(cell):
        word = cell.strip().lower()
        if word == "":
            return False
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise CellError(f"{spec.name} must be true or false.")

    return clean


PLAIN_DECIMALS = {spec.name: _plain_decimals(spec) for spec in ITEM_FIELDS if spec.kind == DECIMAL}
_CLEANER_BUILDERS = {TEXT: _text_cleaner, DECIMAL: _decimal_cleaner, BOOLEAN: _boolean_cleaner}
CELL_CLEANERS = {spec.name: _CLEANER_BUILDERS[spec.kind](spec) for spec in ITEM_FIELDS}


def clean_column(name, cells):
    """A column of CSV cells (text) as its field's values, each a typed value or the cell's
    CellError, and whether any cell failed.

    A text column whose cells all fit is taken as it is; otherwise each distinct cell is checked
    once (a country, a flag or a price repeats down a file)."""
    spec = FIELDS_BY_NAME[name]
    if spec.kind == TEXT and cells and _all_fit(spec, cells):
        return ([cell or None for cell in cells] if min(map(len, cells)) == 0 else list(cells)), False
    clean, distinct = CELL_CLEANERS[name], set(cells)
    results = {}
    if spec.kind == DECIMAL:
        # Most prices and sizes are plain decimals: found by one C-level pass, not a call per cell.
        plain = list(filter(PLAIN_DECIMALS[name].fullmatch, distinct))
        results = dict(zip(plain, plain))
        distinct.difference_update(plain)
    for cell in distinct:
        try:
            results[cell] = clean(cell)
        except CellError as error:
            results[cell] = error
    failed = CellError in set(map(type, results.values()))
    return list(map(results.__getitem__, cells)), failed


def _all_fit(spec, cells):
    return max(map(len, cells)) <= spec.max_length and not (spec.required and any(map(str.isspace, cells)))


def clean_quantity_cell(cell, name):
    text = cell.strip()
    if text.isascii() and text.isdigit():
        value = int(text)
        if MIN_CHILD_QUANTITY <= value <= MAX_CHILD_QUANTITY:
            return value
    raise CellError(f"{name} must be a whole number from {MIN_CHILD_QUANTITY} to {MAX_CHILD_QUANTITY}.")
