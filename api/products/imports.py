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
from api.common.errors import Forbidden
from api.imports.registry import register_import
from api.imports.service import InvalidUpload, submit_import
from api.products.case_packs_import import apply_case_packs, validate_case_packs
from api.products.catalogue_lookups import existing
from api.products.items_import import apply_items, validate_items
from api.products.models import ItemType
from api.products.upload_cells import ITEM_COLUMNS, cell, headers

IMPORT_ITEMS = "import_items"
IMPORT_CASE_PACKS = "import_case_packs"
NEEDS_UPDATE_PERMISSION = "Updating existing items needs the update:items permission."

# Rows of one file never share a UPC, SKU or case-pack child, so their chunks can be written side by side.
ITEMS_IMPORT = register_import(
    IMPORT_ITEMS, validate=validate_items, apply_chunk=apply_items, noun="items", independent_chunks=True,
)
CASE_PACKS_IMPORT = register_import(
    IMPORT_CASE_PACKS, validate=validate_case_packs, apply_chunk=apply_case_packs, noun="case packs",
)


def submit_bulk(kind, rows, identity, client_id, args):
    """Validate and start (or report on) a bulk upload of the client; ``rows`` is the parsed body."""
    if not isinstance(rows, list):
        raise InvalidUpload("The body must be a JSON array of rows.")
    if kind is ITEMS_IMPORT and not identity.can("update:items") and rows:
        _refuse_updates_without_permission(client_id, rows)
    return submit_import(kind, rows, identity, client_id, args)


def _refuse_updates_without_permission(client_id, rows):
    columns = headers(rows, ITEM_COLUMNS)
    if "id" in columns and any(cell(row, "id").strip() for row in rows):
        raise Forbidden(NEEDS_UPDATE_PERMISSION, code="not_authorized")
    upcs = {cell(row, "upc") for row in rows} - {""}
    if upcs and existing(client_id, ItemType.upc, upcs):
        raise Forbidden(NEEDS_UPDATE_PERMISSION, code="not_authorized")
