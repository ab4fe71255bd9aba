"""The bulk case-packs import: the item fields plus ``child_upc`` and ``child_quantity``; a row without
an ``id`` creates a case pack, a row with one converts that (simple) item into a case pack."""
from sqlalchemy import insert, select

from api.common.queries import among
from api.common.tenancy import owned_by
from api.extensions import db
from api.imports.registry import Validated
from api.products.catalogue_lookups import batches, conflicts, existing, ids_by_upc, named_items, refresh_statistics
from api.products.fields import CellError, admin_only_changes, admin_only_message, clean_quantity_cell
from api.products.item_rows import ItemRows, write_items
from api.products.models import CASE_PACK, SIMPLE, ItemComponent, ItemType
from api.products.detail import ITEM_NOT_FOUND
from api.products.service import (
    CASE_PACK_CHILD_NOT_SIMPLE, CHILD_IS_PARENT, LOCKED_ON_CONVERSION, ONLY_SIMPLE_CONVERTS, UPC_FIXED, already_a_child,
)
from api.products.upload_cells import CASE_PACK_COLUMNS, Seen, cell, clean_rows, current, headers


# A child found while validating and deleted before its chunk was applied.
CHILD_GONE = "The child item no longer exists."


def child_not_found(upc):
    return f"Child item with UPC '{upc}' not found."


def _parents_of(client_id, child_ids):
    """{child id: name of a composite holding it} for the given children."""
    parents = {}
    for batch in batches(child_ids):
        rows = db.session.execute(
            select(ItemComponent.child_id, ItemType.name)
            .join(ItemType, ItemType.id == ItemComponent.parent_id)
            .where(owned_by(ItemComponent, client_id), among(ItemComponent.child_id, batch))
            .order_by(ItemComponent.id)
        )
        for child_id, name in rows:
            parents.setdefault(child_id, name)
    return parents


def _check_case_pack_row(line, row, values, target, problems, ctx, lookups, children, parents, seen, used_children):
    by_id, by_upc, by_sku = lookups
    if target is None:
        for name in ("upc", "sku", "name"):
            if values.get(name) is None:
                problems.append(f"{name} is required.")
        if values.get("upc") in by_upc:
            problems.append(f"An item with UPC '{values['upc']}' already exists.")
    else:
        for name in ("upc", "sku", "name"):
            if values.get(name) is None:
                values.pop(name, None)
        for name in ("sku", "name"):
            if name in values and values[name] != getattr(target, name):
                problems.append(LOCKED_ON_CONVERSION)
                break
        if target.composite_type != SIMPLE or target.id in parents:
            problems.append(ONLY_SIMPLE_CONVERTS)
    child_upc = cell(row, "child_upc").strip()
    quantity = None
    try:
        quantity = clean_quantity_cell(cell(row, "child_quantity"), "child_quantity")
    except CellError as error:
        problems.append(str(error))
    parent_upc = values.get("upc") or (target.upc if target is not None else None)
    if not child_upc:
        problems.append("Case Pack must have a child item.")
        return None
    if child_upc == parent_upc:
        problems.append(CHILD_IS_PARENT)
        return None
    child = children.get(child_upc)
    if child is None:
        problems.append(child_not_found(child_upc))
        return None
    if child.composite_type != SIMPLE:
        problems.append(CASE_PACK_CHILD_NOT_SIMPLE)
    holder = parents.get(child.id) or used_children.get(child.id)
    if holder is not None:
        problems.append(already_a_child(child.name, holder))
    elif not problems:
        used_children[child.id] = values.get("name") or target.name
    for kind in ("upc", "sku"):
        problem = seen.clash(kind, values.get(kind) or (getattr(target, kind) if target is not None else None), line)
        if problem:
            problems.append(problem)
    sku = values.get("sku")
    owner = by_sku.get(sku) if sku is not None else None
    if owner is not None and (target is None or owner.id != target.id):
        problems.append(f"An item with SKU '{sku}' already exists.")
    if not ctx.is_admin:
        refused = admin_only_changes(values, current(target) if target is not None else None, creating=target is None)
        if refused:
            problems.append(admin_only_message(refused))
    return child.id, quantity


def validate_case_packs(rows, ctx):
    columns = headers(rows, CASE_PACK_COLUMNS)
    cleaned = clean_rows(rows, columns)
    lookups = named_items(
        ctx.client_id, {item_id for _, item_id, _ in cleaned} - {None},
        {values.get("upc") for values, _, _ in cleaned} - {None}, {values.get("sku") for values, _, _ in cleaned} - {None},
    )
    children = existing(ctx.client_id, ItemType.upc, {cell(row, "child_upc").strip() for row in rows} - {""})
    target_ids = {row.id for row in lookups[0].values()}
    parents = _parents_of(ctx.client_id, {child.id for child in children.values()} | target_ids)
    seen, used_children, result = Seen(), {}, Validated()
    for index, (row, (values, item_id, problems)) in enumerate(zip(rows, cleaned)):
        line = index + 2
        target = None
        if item_id is not None:
            target = lookups[0].get(item_id)
            if target is None:
                problems.append(ITEM_NOT_FOUND)
            elif values.get("upc") is not None and values["upc"] != target.upc:
                problems.append(UPC_FIXED)
        child = None
        if not problems:
            child = _check_case_pack_row(line, row, values, target, problems, ctx, lookups, children, parents, seen, used_children)
        if problems:
            result.errors.append((line, " ".join(dict.fromkeys(problems))))
            continue
        child_id, quantity = child
        if target is None:
            result.would_create += 1
        else:
            result.would_update += 1
        result.rows.append((line, {
            "id": target.id if target is not None else None, "values": values,
            "child_id": child_id, "quantity": quantity,
        }))
    return result


def apply_case_packs(chunk, ctx):
    refresh_statistics()
    new, converted = [(line, row) for line, row in chunk if row["id"] is None], [(line, row) for line, row in chunk if row["id"] is not None]
    creates = ItemRows.from_values([line for line, _ in new], [None] * len(new), [row["values"] for _, row in new])
    converts = ItemRows.from_values([line for line, _ in converted], [row["id"] for _, row in converted],
                                    [{**row["values"], "composite_type": CASE_PACK} for _, row in converted])
    errors = conflicts(ctx.client_id, creates, converts)
    holders = _parents_of(ctx.client_id, {row["child_id"] for _, row in chunk} | set(converts.ids))
    current_types = {}
    for batch in batches(converts.ids):
        current_types.update(db.session.execute(select(ItemType.id, ItemType.composite_type).where(
            owned_by(ItemType, ctx.client_id), among(ItemType.id, batch))).all())
    children = {}
    for batch in batches({row["child_id"] for _, row in chunk}):
        children.update(db.session.execute(select(ItemType.id, ItemType.name).where(
            owned_by(ItemType, ctx.client_id), among(ItemType.id, batch))).all())
    for line, row in chunk:
        if line in errors:
            continue
        if row["child_id"] not in children:
            errors[line] = CHILD_GONE
        elif row["child_id"] in holders:
            errors[line] = already_a_child(children[row["child_id"]], holders[row["child_id"]])
        elif row["id"] is not None and (current_types.get(row["id"]) != SIMPLE or row["id"] in holders):
            errors[line] = ONLY_SIMPLE_CONVERTS
    creates, converts = creates.without_lines(errors), converts.without_lines(errors)
    write_items(ctx.client_id, creates, converts, ctx.job_id, composite_type=CASE_PACK)
    new_ids = dict(ids_by_upc(ctx.client_id, creates.column("upc"))) if len(creates) else {}
    rows_by_line = {line: row for line, row in chunk}
    parents = list(zip(creates.lines, map(new_ids.__getitem__, creates.column("upc")))) + list(zip(converts.lines, converts.ids))
    components = [
        {"client_id": ctx.client_id, "parent_id": parent_id, "child_id": rows_by_line[line]["child_id"],
         "quantity": rows_by_line[line]["quantity"]}
        for line, parent_id in parents
    ]
    if components:
        db.session.execute(insert(ItemComponent), components)
    return sorted(errors.items())
