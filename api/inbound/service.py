"""ASNs: stock a client announces by uploading a CSV, and its receipt by provider staff.

An upload names new ASN IDs only: an ASN ID the client already used is a row error, so an ASN is
never changed by a later upload and an upload sent twice (without an Idempotency-Key) adds nothing.
"""
from sqlalchemy import func, insert, select
from sqlalchemy.orm import selectinload

from api.common.errors import ApiError, NotFound
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, owned_by, scoped
from api.common.timeutil import utcnow
from api.extensions import db, retried_on_conflict
from api.imports.cells import CellError, header_name, read_headers, unquoted, whole_number
from api.imports.registry import Validated, register_import
from api.imports.service import submit_import
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.warehouses.locations import LOCATIONS
from api.inventory.ledger import Move, apply_moves
from api.inventory.service import units_freed
from api.products.models import VIRTUAL_TYPES, ItemType

IMPORT_INBOUND = "import_inbound"
COLUMNS = ("Warehouse ID", "ASN ID", "UPC", "Quantity")
MAX_QUANTITY = 1_000_000
MAX_ASN_ID = 64
LOOKUP_BATCH = 1000


class ReceiptRefused(ApiError):
    status = 422
    code = "invalid_receipt"


def _batched(values):
    values = list(values)
    for start in range(0, len(values), LOOKUP_BATCH):
        yield values[start:start + LOOKUP_BATCH]


def stocked_items_by_upc(client_id, upcs):
    """The client's item types among ``upcs``, by UPC."""
    found = {}
    for batch in _batched(set(upcs)):
        found.update(
            (item.upc, item)
            for item in db.session.scalars(select(ItemType).where(owned_by(ItemType, client_id), ItemType.upc.in_(batch)))
        )
    return found


def _existing_asn_ids(client_id, external_ids):
    taken = set()
    for batch in _batched(set(external_ids)):
        taken.update(db.session.scalars(select(Asn.external_id).where(owned_by(Asn, client_id), Asn.external_id.in_(batch))))
    return taken


def _header_errors(rows):
    named, unknown = read_headers(rows[0], COLUMNS)
    missing = [column for column in COLUMNS if column not in named]
    unknown.sort()
    problems = []
    if missing:
        problems.append("Missing columns: " + ", ".join(missing) + ".")
    if unknown:
        problems.append("Unknown columns: " + ", ".join(unknown) + ".")
    if problems:
        problems.append("The columns are: " + ", ".join(COLUMNS) + ".")
    return " ".join(problems)


def _read_row(row):
    """(cells, errors) of one line, cells named warehouse, asn, upc, quantity."""
    values = {header_name(key): value for key, value in row.items()}
    cells, errors = {}, []
    readers = (
        ("warehouse", "Warehouse ID", lambda v: unquoted(v, "Warehouse ID").upper()),
        ("asn", "ASN ID", lambda v: unquoted(v, "ASN ID")),
        ("upc", "UPC", lambda v: unquoted(v, "UPC")),
        ("quantity", "Quantity", lambda v: whole_number(v, "Quantity", 1, MAX_QUANTITY)),
    )
    for name, column, read in readers:
        try:
            cells[name] = read(values.get(header_name(column)))
        except CellError as error:
            errors.append(str(error))
    if cells.get("warehouse") == "":
        errors.append("Warehouse ID is required.")
    elif "warehouse" in cells and cells["warehouse"] not in LOCATIONS:
        errors.append(f"Warehouse ID '{cells['warehouse']}' is not one of {', '.join(LOCATIONS)}.")
    if cells.get("asn") == "":
        errors.append("ASN ID is required.")
    elif len(cells.get("asn", "")) > MAX_ASN_ID:
        errors.append(f"ASN ID may be at most {MAX_ASN_ID} characters.")
    if cells.get("upc") == "":
        errors.append("UPC is required.")
    return cells, errors


def validate_inbound(rows, context):
    header_problem = _header_errors(rows)
    if header_problem:
        return Validated(errors=[(1, header_problem)])
    read = [(line, *_read_row(row)) for line, row in enumerate(rows, start=2)]
    items = stocked_items_by_upc(context.client_id, (cells["upc"] for _, cells, _ in read if cells.get("upc")))
    taken = _existing_asn_ids(context.client_id, (cells["asn"] for _, cells, _ in read if cells.get("asn")))

    validated = Validated()
    first_line_of = {}  # (asn, upc) -> line
    warehouse_of = {}  # asn -> (warehouse, line)
    for line, cells, errors in read:
        asn, upc, warehouse = cells.get("asn"), cells.get("upc"), cells.get("warehouse")
        if upc:
            item = items.get(upc)
            if item is None:
                errors.append(f"UPC '{upc}' is not an item of this client.")
            elif item.composite_type in VIRTUAL_TYPES:
                errors.append(f"UPC '{upc}' is a bundle or kit, which holds no stock of its own.")
        if asn:
            if asn in taken:
                errors.append(f"ASN '{asn}' already exists; use a new ASN ID.")
            if upc:
                if (asn, upc) in first_line_of:
                    errors.append(f"UPC '{upc}' is already listed for ASN '{asn}' on line {first_line_of[(asn, upc)]}.")
                else:
                    first_line_of[(asn, upc)] = line
            if warehouse in LOCATIONS:
                known = warehouse_of.setdefault(asn, (warehouse, line))
                if known[0] != warehouse:
                    errors.append(f"ASN '{asn}' goes to {known[0]} on line {known[1]}; all its lines must name one warehouse.")
        if errors:
            validated.errors.append((line, " ".join(errors)))
        else:
            validated.rows.append((line, {
                "asn": asn, "warehouse": warehouse, "item_type_id": items[upc].id, "quantity": cells["quantity"],
            }))
    validated.would_create = len({row["asn"] for _, row in validated.rows})
    return validated


def apply_inbound(chunk, context):
    external_ids = {row["asn"] for _, row in chunk}
    asns = {
        asn.external_id: asn
        for asn in db.session.scalars(
            select(Asn).where(owned_by(Asn, context.client_id), Asn.external_id.in_(external_ids))
            .options(selectinload(Asn.expected_inbound_shipments))
        )
    }
    item_ids = {row["item_type_id"] for _, row in chunk}
    stocked = set(db.session.scalars(select(ItemType.id).where(
        owned_by(ItemType, context.client_id), ItemType.id.in_(item_ids), ItemType.composite_type.not_in(VIRTUAL_TYPES),
    )))
    failures, applied = [], []
    for line, row in chunk:
        asn = asns.get(row["asn"])
        if asn is not None and asn.import_job_id != context.job_id:
            failures.append((line, f"ASN '{row['asn']}' already exists; use a new ASN ID."))
        elif row["item_type_id"] not in stocked:
            failures.append((line, "The item is no longer a stocked item of this client."))
        else:
            if asn is None:
                asn = asns[row["asn"]] = Asn(
                    client_id=context.client_id, warehouse_id=row["warehouse"], external_id=row["asn"],
                    created_by=context.actor, import_job_id=context.job_id,
                    expected_inbound_shipments=[ExpectedInboundShipment()],
                )
                db.session.add(asn)
            applied.append((asn, row))
    db.session.flush()
    # Item rows go in one statement: a chunk holds thousands of them and nothing reads them back.
    if applied:
        db.session.execute(insert(ExpectedInboundShipmentItem), [
            {"shipment_id": asn.expected_inbound_shipments[0].id, "item_type_id": row["item_type_id"],
             "quantity": row["quantity"], "received_quantity": 0}
            for asn, row in applied
        ])
    return failures


INBOUND_IMPORT = register_import(IMPORT_INBOUND, validate=validate_inbound, apply_chunk=apply_inbound, noun="ASN lines")


def upload_inbound(identity, client_id, lines, args):
    return submit_import(INBOUND_IMPORT, lines, identity, client_id, args)


def list_asns(client_id, args):
    asns, cursor = paginate(scoped(Asn, client_id), [Asn.created_at, Asn.id], args["limit"], args["cursor"], descending=True)
    totals = {
        asn_id: (count, quantity)
        for asn_id, count, quantity in db.session.execute(
            select(ExpectedInboundShipment.asn_id, func.count(ExpectedInboundShipmentItem.id),
                   func.coalesce(func.sum(ExpectedInboundShipmentItem.quantity), 0))
            .join(ExpectedInboundShipmentItem.shipment)
            .where(ExpectedInboundShipment.asn_id.in_([asn.id for asn in asns]))
            .group_by(ExpectedInboundShipment.asn_id)
        )
    }
    rows = [
        {
            "id": asn.id, "warehouse_id": asn.warehouse_id, "external_id": asn.external_id,
            "expected_arrival_date": asn.expected_arrival_date, "received_at": asn.received_at,
            "created_at": asn.created_at, "item_count": totals.get(asn.id, (0, 0))[0],
            "quantity": int(totals.get(asn.id, (0, 0))[1]),
        }
        for asn in asns
    ]
    return rows, cursor


def get_asn(client_id, asn_id):
    return get_scoped_or_404(Asn, client_id, "ASN not found.", id=asn_id)


def _receipts(asn, requested):
    """[(item, quantity)] to receive: everything outstanding, or the requested UPCs and quantities."""
    items = [item for shipment in asn.expected_inbound_shipments for item in shipment.expected_inbound_shipment_items]
    if requested is None:
        return [(item, item.quantity - item.received_quantity) for item in items if item.quantity > item.received_quantity]
    upcs = [entry["upc"] for entry in requested]
    repeated = sorted({upc for upc in upcs if upcs.count(upc) > 1})
    if repeated:
        raise ReceiptRefused(f"UPC '{repeated[0]}' is listed more than once.")
    receipts = []
    for entry in requested:
        remaining = entry["quantity"]
        outstanding = [item for item in items if item.item_type.upc == entry["upc"] and item.quantity > item.received_quantity]
        if not any(item.item_type.upc == entry["upc"] for item in items):
            raise ReceiptRefused(f"UPC '{entry['upc']}' is not on this ASN.")
        available = sum(item.quantity - item.received_quantity for item in outstanding)
        if remaining > available:
            raise ReceiptRefused(f"Only {available} units of '{entry['upc']}' are outstanding on this ASN.")
        for item in outstanding:
            take = min(remaining, item.quantity - item.received_quantity)
            if take:
                receipts.append((item, take))
                remaining -= take
    return receipts


@retried_on_conflict
def receive(identity, client_id, asn_id, requested):
    """Mark an ASN (or some of its items) received; stock rises at its warehouse through the ledger."""
    asn = db.session.scalars(scoped(Asn, client_id).filter_by(id=asn_id).with_for_update()).first()
    if asn is None:
        raise NotFound("ASN not found.")
    now = utcnow()
    receipts = _receipts(asn, requested)
    for item, quantity in receipts:
        item.received_quantity += quantity
        if item.received_quantity == item.quantity:
            item.received_at = now
    apply_moves(client_id, [Move(item.item_type_id, asn.warehouse_id, unbound=quantity, reason="receipt",
                                 reference=f"asn:{asn.id}") for item, quantity in receipts], identity.username)
    if all(item.received_quantity >= item.quantity
           for shipment in asn.expected_inbound_shipments for item in shipment.expected_inbound_shipment_items):
        asn.received_at = asn.received_at or now
    db.session.commit()
    units_freed.send("inbound", client_id=client_id)
    return asn


def open_asns_of(item):
    """The client's ASNs not yet received that expect ``item``, with those of their lines that do."""
    lines = db.session.execute(
        select(Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem)
        .join(ExpectedInboundShipment, ExpectedInboundShipment.asn_id == Asn.id)
        .join(ExpectedInboundShipmentItem, ExpectedInboundShipmentItem.shipment_id == ExpectedInboundShipment.id)
        .where(
            owned_by(Asn, item.client_id), Asn.received_at.is_(None),
            ExpectedInboundShipmentItem.item_type_id == item.id,
            ExpectedInboundShipmentItem.received_quantity < ExpectedInboundShipmentItem.quantity,
        )
        .order_by(Asn.id, ExpectedInboundShipment.id, ExpectedInboundShipmentItem.id)
    ).all()
    asns = {}
    for asn, shipment, line in lines:
        entry = asns.setdefault(asn.id, {
            "id": asn.id, "warehouse_id": asn.warehouse_id, "external_id": asn.external_id,
            "received_at": asn.received_at, "expected_arrival_date": asn.expected_arrival_date,
            "expected_inbound_shipments": {},
        })
        shipment_entry = entry["expected_inbound_shipments"].setdefault(shipment.id, {
            "id": shipment.id, "tracking_id": shipment.tracking_id, "carrier_id": shipment.carrier_id,
            "expected_arrival_date": shipment.expected_arrival_date, "expected_inbound_shipment_items": [],
        })
        shipment_entry["expected_inbound_shipment_items"].append({
            "id": line.id, "upc": item.upc, "quantity": line.quantity, "received_quantity": line.received_quantity,
        })
    for entry in asns.values():
        entry["expected_inbound_shipments"] = list(entry["expected_inbound_shipments"].values())
    return list(asns.values())
