"""Bulk items and bulk case packs: import kinds on the upload framework (api/imports).

Rows arrive as objects keyed by CSV header, every value a string ("" is null): as a JSON array, or,
for items, as the CSV file itself (text/csv), read as it arrives. Validation cleans
the cells column by column with the field table's cleaners (fields.py) and checks the whole file
against the client's items with a few set-based queries; applying writes a chunk set-based
(item_rows.py), never item by item.

Items CSV: the headers are field names (plus ``id``). A row with an ``id`` updates that item; a row
without one updates the item with its ``upc`` if the client has one, and creates an item otherwise.
Case packs CSV: the item fields plus ``child_upc`` and ``child_quantity``; a row without an ``id``
creates a case pack, a row with one converts that (simple) item into a case pack.
"""
from api.common.errors import ApiError, Forbidden
from api.imports.registry import register_import
from api.imports.service import submit_import, submit_import_in_batches
from api.imports.upload_rows import is_csv_upload, json_rows, upload_batches
from api.products.case_packs_import import apply_case_packs, validate_case_packs
from api.products.catalogue_lookups import existing
from api.products.items_import import ItemsFileCheck, apply_items, item_lines_in
from api.products.models import ItemType
from api.products.upload_cells import ITEM_COLUMNS, cell, headers

IMPORT_ITEMS = "import_items"
IMPORT_CASE_PACKS = "import_case_packs"
NEEDS_UPDATE_PERMISSION = "Updating existing items needs the update:items permission."

# Rows of one file never share a UPC, SKU or case-pack child, so their chunks can be written side by side.
ITEMS_IMPORT = register_import(
    IMPORT_ITEMS, batch_check=ItemsFileCheck, apply_chunk=apply_items, noun="items", independent_chunks=True,
    lines_in=item_lines_in,
)
CASE_PACKS_IMPORT = register_import(
    IMPORT_CASE_PACKS, validate=validate_case_packs, apply_chunk=apply_case_packs, noun="case packs",
)


class UnsupportedUpload(ApiError):
    status = 415
    code = "unsupported_media_type"


def submit_bulk(kind, identity, client_id, args):
    """Validate and start (or report on) the request's bulk upload for the client."""
    if kind is ITEMS_IMPORT:
        return submit_import_in_batches(kind, _item_batches(identity, client_id), identity, client_id, args)
    if is_csv_upload():
        raise UnsupportedUpload("Case packs are uploaded as a JSON array of rows (application/json).")
    return submit_import(kind, json_rows(), identity, client_id, args)


def _item_batches(identity, client_id):
    may_update = identity.can("update:items")
    for batch in upload_batches():
        if not may_update:
            _refuse_updates_without_permission(client_id, batch.rows)
        yield batch


def _refuse_updates_without_permission(client_id, rows):
    columns = headers(rows, ITEM_COLUMNS)
    if "id" in columns and any(cell(row, "id").strip() for row in rows):
        raise Forbidden(NEEDS_UPDATE_PERMISSION, code="not_authorized")
    upcs = {cell(row, "upc") for row in rows} - {""}
    if upcs and existing(client_id, ItemType.upc, upcs):
        raise Forbidden(NEEDS_UPDATE_PERMISSION, code="not_authorized")
