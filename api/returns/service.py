"""RMAs: returns a client announces by uploading a CSV, grouped by the browser into RMAs (warehouse
and RMA ID) and their parcels (tracking id, arrival date, carrier).

Each item line is one row of the import. An upload names new RMAs only: an RMA ID already used at
that warehouse is a row error, so an upload sent twice adds nothing.
"""
from datetime import date, datetime

from sqlalchemy import func, insert, select, tuple_
from sqlalchemy.orm import selectinload

from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, owned_by, scoped
from api.extensions import db
from api.imports.cells import CellError, text, unquoted, whole_number
from api.imports.registry import Validated, register_import
from api.imports.service import submit_import
from api.inbound.service import stocked_items_by_upc
from api.warehouses.locations import LOCATIONS
from api.products.models import VIRTUAL_TYPES, ItemType
from api.returns.models import Rma, RmaItem, RmaShipment

IMPORT_RMAS = "import_rmas"
MAX_QUANTITY = 1_000_000
# (column, longest value), in the order of the CSV.
TEXT_COLUMNS = (
    ("fulfillment_request_id", 64), ("order_id", 64), ("reason", 255), ("warehouse_id", 8), ("rma_id", 64),
    ("carrier_id", 64), ("tracking_id", 100), ("reason_code", 64), ("reason_notes", 2000),
)
DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y")


def _flatten(groups):
    """One row per item line, carrying its RMA's and parcel's columns."""
    rows, next_line = [], 2
    for group in groups:
        for shipment in group["expected_inbound_shipments"]:
            for item in shipment["items"]:
                line = item["line"] if item["line"] is not None else next_line
                next_line = line + 1
                rows.append({
                    **{name: group[name] for name in ("warehouse_id", "rma_id", "reason", "fulfillment_request_id", "order_id")},
                    **{name: shipment[name] for name in ("tracking_id", "expected_arrival_date", "carrier_id")},
                    **{name: item[name] for name in ("upc", "quantity", "reason_code", "reason_notes")},
                    "line": line,
                })
    return rows


def _date(value):
    cell = text(value, "expected_arrival_date")
    if not cell:
        return None
    for pattern in DATE_FORMATS:
        try:
            return datetime.strptime(cell, pattern).date().isoformat()
        except ValueError:
            continue
    raise CellError("expected_arrival_date must be a date such as 2026-12-31 or 12/31/2026.")


def _read_row(row):
    cells, errors = {}, []
    for name, longest in TEXT_COLUMNS:
        try:
            cell = unquoted(row[name], name)
        except CellError as error:
            errors.append(str(error))
            continue
        if len(cell) > longest:
            errors.append(f"{name} may be at most {longest} characters.")
        cells[name] = cell or None
    for name, read in (
        ("upc", lambda v: unquoted(v, "upc")),
        ("quantity", lambda v: whole_number(v, "quantity", 1, MAX_QUANTITY)),
        ("expected_arrival_date", _date),
    ):
        try:
            cells[name] = read(row[name])
        except CellError as error:
            errors.append(str(error))
    if "warehouse_id" in cells:
        warehouse = (cells["warehouse_id"] or "").upper()
        cells["warehouse_id"] = warehouse
        if warehouse not in LOCATIONS:
            errors.append("warehouse_id is required." if not warehouse else
                          f"warehouse_id '{warehouse}' is not one of {', '.join(LOCATIONS)}.")
    if "rma_id" in cells and not cells["rma_id"]:
        errors.append("rma_id is required.")
    if cells.get("upc") == "":
        errors.append("upc is required.")
    return cells, errors


def _existing_rmas(client_id, keys):
    keys = list(set(keys))
    taken = set()
    for start in range(0, len(keys), 500):
        taken.update(tuple(row) for row in db.session.execute(
            select(Rma.warehouse_id, Rma.rma_id)
            .where(owned_by(Rma, client_id), tuple_(Rma.warehouse_id, Rma.rma_id).in_(keys[start:start + 500]))
        ))
    return taken


def validate_rmas(rows, context):
    read = [(row["line"], *_read_row(row)) for row in rows]
    items = stocked_items_by_upc(context.client_id, (cells["upc"] for _, cells, _ in read if cells.get("upc")))
    keyed = [(cells["warehouse_id"], cells["rma_id"]) for _, cells, _ in read if cells.get("warehouse_id") in LOCATIONS and cells.get("rma_id")]
    taken = _existing_rmas(context.client_id, keyed)

    validated = Validated()
    first_line_of = {}
    for line, cells, errors in read:
        upc = cells.get("upc")
        if upc:
            item = items.get(upc)
            if item is None:
                errors.append(f"UPC '{upc}' is not an item of this client.")
            elif item.composite_type in VIRTUAL_TYPES:
                errors.append(f"UPC '{upc}' is a bundle or kit; return its items instead.")
        if not errors:
            rma = (cells["warehouse_id"], cells["rma_id"])
            if rma in taken:
                errors.append(f"RMA '{rma[1]}' already exists at {rma[0]}; use a new RMA ID.")
            parcel = (*rma, cells["tracking_id"], cells["expected_arrival_date"], cells["carrier_id"], upc)
            if parcel in first_line_of:
                errors.append(f"UPC '{upc}' is already listed for this RMA and parcel on line {first_line_of[parcel]}.")
            first_line_of.setdefault(parcel, line)
        if errors:
            validated.errors.append((line, " ".join(errors)))
        else:
            cells["item_type_id"] = items[upc].id
            del cells["upc"]
            validated.rows.append((line, cells))
    validated.would_create = len({(row["warehouse_id"], row["rma_id"]) for _, row in validated.rows})
    return validated


def _shipment_of(rma, row):
    arrival = date.fromisoformat(row["expected_arrival_date"]) if row["expected_arrival_date"] else None
    for shipment in rma.expected_inbound_shipments:
        if (shipment.tracking_id, shipment.expected_arrival_date, shipment.carrier_id) == (row["tracking_id"], arrival, row["carrier_id"]):
            return shipment
    shipment = RmaShipment(tracking_id=row["tracking_id"], expected_arrival_date=arrival, carrier_id=row["carrier_id"])
    rma.expected_inbound_shipments.append(shipment)
    return shipment


def apply_rmas(chunk, context):
    keys = list({(row["warehouse_id"], row["rma_id"]) for _, row in chunk})
    rmas = {
        (rma.warehouse_id, rma.rma_id): rma
        for rma in db.session.scalars(
            select(Rma).where(owned_by(Rma, context.client_id), tuple_(Rma.warehouse_id, Rma.rma_id).in_(keys))
            .options(selectinload(Rma.expected_inbound_shipments))
        )
    }
    stocked = set(db.session.scalars(select(ItemType.id).where(
        owned_by(ItemType, context.client_id), ItemType.id.in_({row["item_type_id"] for _, row in chunk}),
        ItemType.composite_type.not_in(VIRTUAL_TYPES),
    )))
    failures, applied = [], []
    for line, row in chunk:
        key = (row["warehouse_id"], row["rma_id"])
        rma = rmas.get(key)
        if rma is not None and rma.import_job_id != context.job_id:
            failures.append((line, f"RMA '{row['rma_id']}' already exists at {row['warehouse_id']}; use a new RMA ID."))
        elif row["item_type_id"] not in stocked:
            failures.append((line, "The item is no longer a stocked item of this client."))
        else:
            if rma is None:
                rma = rmas[key] = Rma(
                    client_id=context.client_id, warehouse_id=row["warehouse_id"], rma_id=row["rma_id"],
                    reason=row["reason"], fulfillment_request_id=row["fulfillment_request_id"],
                    order_id=row["order_id"], created_by=context.actor, import_job_id=context.job_id,
                )
                db.session.add(rma)
            applied.append((_shipment_of(rma, row), row))
    db.session.flush()
    # Item rows go in one statement: a chunk holds thousands of them and nothing reads them back.
    if applied:
        db.session.execute(insert(RmaItem), [
            {"shipment_id": shipment.id, "item_type_id": row["item_type_id"], "quantity": row["quantity"],
             "reason_code": row["reason_code"], "reason_notes": row["reason_notes"]}
            for shipment, row in applied
        ])
    return failures


RMAS_IMPORT = register_import(IMPORT_RMAS, validate=validate_rmas, apply_chunk=apply_rmas, noun="RMA lines")


def upload_rmas(identity, client_id, groups, args):
    return submit_import(RMAS_IMPORT, _flatten(groups), identity, client_id, args)


def list_rmas(client_id, args):
    rmas, cursor = paginate(scoped(Rma, client_id), [Rma.created_at, Rma.id], args["limit"], args["cursor"], descending=True)
    totals = {
        rma_id: (count, int(quantity))
        for rma_id, count, quantity in db.session.execute(
            select(RmaShipment.rma_id, func.count(RmaItem.id), func.coalesce(func.sum(RmaItem.quantity), 0))
            .join(RmaItem.shipment).where(RmaShipment.rma_id.in_([rma.id for rma in rmas])).group_by(RmaShipment.rma_id)
        )
    }
    for rma in rmas:
        rma.item_count, rma.quantity = totals.get(rma.id, (0, 0))
    return rmas, cursor


def get_rma(client_id, rma_id):
    rma = get_scoped_or_404(Rma, client_id, "RMA not found.", id=rma_id)
    rma.item_count = sum(len(shipment.items) for shipment in rma.expected_inbound_shipments)
    rma.quantity = sum(item.quantity for shipment in rma.expected_inbound_shipments for item in shipment.items)
    return rma
