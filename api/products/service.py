"""The catalogue's rules: items, case packs and virtual bundles of the acting client."""
from sqlalchemy import and_, func, literal, select, text, union_all
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from api.common.errors import ApiError, Conflict, Forbidden, NotFound
from api.common.pagination import after_cursor, paginate
from api.common.tenancy import acting_client_id, get_scoped_or_404, owned_by_acting_client, scoped
from api.extensions import db, on_postgresql
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.inventory.models import LOCATIONS, InventoryLevel
from api.products.fields import ITEM_FIELDS, admin_only_changes, admin_only_message
from api.products.models import (
    BUNDLE, CASE_PACK, COMPOSITE_TYPES, SIMPLE, VIRTUAL_TYPES, ItemComponent, ItemType, search_key,
)

PAGE_KEYS = (ItemType.name, ItemType.id)
ITEM_NOT_FOUND = "Item not found."
CASE_PACK_TOO_MANY_CHILDREN = "Case Pack cannot have more than one child item."
CASE_PACK_NEEDS_CHILD = "Case Pack must have a child item."
CHILD_IS_PARENT = "Child item cannot be the same as the parent."
BUNDLE_NEEDS_CHILD = "Virtual Bundle must have at least one child item."
CASE_PACK_CHILD_NOT_SIMPLE = "A Case Pack's child item must be a simple item."
ONLY_SIMPLE_CONVERTS = "Only a simple item that is not part of a case pack or bundle can be converted to a Case Pack."
LOCKED_ON_CONVERSION = "SKU and name cannot be changed when converting to a Case Pack."
UPC_FIXED = "UPC cannot be changed."
NOT_A_CASE_PACK = "This item is not a Case Pack."
NOT_SIMPLE = "Only simple items are updated here; use the Case Pack form for case packs."


class InvalidItem(ApiError):
    status = 422
    code = "invalid_item"


def already_a_child(child_name, parent_name):
    return f"Item '{child_name}' is already a child of item '{parent_name}'"


def duplicate(field, value):
    return Conflict(f"An item with {field.upper()} '{value}' already exists.", code=f"duplicate_{field}")


# --- reading -------------------------------------------------------------------------------------

def _escape_like(term):
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# A SKU or UPC prefix matching at most this many items has its matches gathered and sorted by name.
NARROW_PREFIX = 5000
# A broader one is looked for among this many names, in order, first: its matches are usually dense
# there. Only when they hold less than a page (its SKUs follow the names, say, so its matches sit
# together far down the list) are all its matches sorted.
PREFIX_WALK = 5000


def _first_ids(statement, page, order=PAGE_KEYS):
    # A subquery of its own: SQLite takes no ORDER BY or LIMIT on a UNION's member.
    ordered = statement.order_by(*order).limit(page).subquery()
    return select(ordered.c.id)


def _prefix_branches(conditions, column, term, page):
    """The ids of the first page of items whose ``column`` starts with ``term``, in three ways of which
    the first one or the last two find them."""
    pattern = _escape_like(term.lower()) + "%"
    matches = select(ItemType.id, ItemType.name).where(*conditions, func.lower(column).like(pattern, escape="\\"))
    hits = matches.limit(NARROW_PREFIX + 1).cte(f"{column.key}_prefix_hits")
    broad = select(func.count()).select_from(hits).scalar_subquery() > NARROW_PREFIX
    walked = select(ItemType.id, ItemType.name, column).where(*conditions).order_by(*PAGE_KEYS).limit(PREFIX_WALK).subquery()
    walk_hits = (
        select(walked.c.id).where(broad, func.lower(walked.c[column.key]).like(pattern, escape="\\"))
        .order_by(walked.c.name, walked.c.id).limit(page).cte(f"{column.key}_walk_hits")
    )
    walk_fell_short = select(func.count()).select_from(walk_hits).scalar_subquery() < page
    # Materialized: gathered by the prefix index and then sorted, never filtered along the name index.
    all_hits = matches.cte(f"{column.key}_all_prefix_hits").prefix_with("MATERIALIZED")
    return [
        _first_ids(select(hits.c.id).where(~broad), page, order=(hits.c.name, hits.c.id)),
        select(walk_hits.c.id),
        _first_ids(select(all_hits.c.id).where(broad, walk_fell_short), page, order=(all_hits.c.name, all_hits.c.id)),
    ]


def _name_holds(term):
    if not on_postgresql():
        return ItemType.name.ilike("%" + _escape_like(term) + "%", escape="\\")
    # The key condition matches nothing more (a name holding the term holds the term's key in its own
    # key) but lets the trigram index of the names' keys find the candidates. strpos on lower case is
    # ILIKE '%term%' in a form whose share of rows the planner does not estimate: two estimates of the
    # same match multiplied made it expect far fewer names than hold a common word. It comes first,
    # the cheaper test on each name when the planner walks the name index.
    return and_(
        func.strpos(func.lower(ItemType.name), func.lower(term)) > 0,
        search_key(ItemType.name).like("%" + search_key(literal(term)) + "%"),
    )


def _search(conditions, term, limit, cursor):
    """Items whose name holds ``term`` or whose SKU or UPC starts with it (ignoring case), a page
    after ``cursor``, in one statement. Each way of matching pages on its own, so each gets the plan
    that suits it; their first pages together hold the first page of the union."""
    if cursor:
        conditions = [*conditions, after_cursor(PAGE_KEYS, cursor)]
    if on_postgresql():
        # psycopg prepares a statement run often; a generic plan, made without knowing the term, could
        # neither use the trigram index nor tell a rare term from a common one. The estimate of the
        # statement counts ways of matching that will not run, and past jit_above_cost compiling it
        # took longer than running it.
        db.session.execute(text(
            "SELECT set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)"
        ))
    page = limit + 1
    branches = [
        _first_ids(select(ItemType.id).where(*conditions, _name_holds(term)), page),
        *_prefix_branches(conditions, ItemType.sku, term, page),
        *_prefix_branches(conditions, ItemType.upc, term, page),
    ]
    return paginate(select(ItemType).where(ItemType.id.in_(union_all(*branches))), PAGE_KEYS, limit, cursor)


def list_items(args):
    conditions = [owned_by_acting_client(ItemType)]
    if args["compositeType"]:
        conditions.append(ItemType.composite_type.in_({int(t) for t in args["compositeType"].split(",")}))
    if args["shopifyVariantId"]:
        conditions.append(ItemType.shopify_variant_id == args["shopifyVariantId"])
    term = (args["searchTerm"] or "").strip()
    if term:
        items, cursor = _search(conditions, term, args["limit"], args["cursor"])
    else:
        items, cursor = paginate(select(ItemType).where(*conditions), PAGE_KEYS, args["limit"], args["cursor"])
    return [summary(item) for item in items], cursor


def summary(item):
    return {
        "id": item.id, "upc": item.upc, "sku": item.sku, "name": item.name, "category": item.category,
        "composite_type": item.composite_type, "composite_type_name": COMPOSITE_TYPES[item.composite_type],
    }


def find_item(upc):
    return get_scoped_or_404(ItemType, ITEM_NOT_FOUND, upc=upc)


def _parents(item):
    rows = db.session.execute(
        select(ItemType, ItemComponent.quantity)
        .join(ItemComponent, ItemComponent.parent_id == ItemType.id)
        .where(ItemComponent.child_id == item.id, ItemComponent.client_id == item.client_id)
        .order_by(ItemType.name, ItemType.id)
    ).all()
    return [(parent, quantity) for parent, quantity in rows]


def _levels(item_ids):
    rows = db.session.scalars(select(InventoryLevel).where(InventoryLevel.item_type_id.in_(item_ids))).all()
    return {(row.item_type_id, row.location): row for row in rows}


def _availability(item, levels_of, memo):
    """Units available per location: free stock for physical items, what children can build otherwise.

    Returns {location: (available, limiting child or None)}.
    """
    if item.id in memo:
        return memo[item.id]
    if item.composite_type not in VIRTUAL_TYPES:
        levels = levels_of(item)
        result = {loc: (levels[loc].unbound if loc in levels else 0, None) for loc in LOCATIONS}
    else:
        result = {}
        children = [(c.child, _availability(c.child, levels_of, memo), c.quantity) for c in item.components]
        for loc in LOCATIONS:
            best = (0, None)
            for index, (child, available, quantity) in enumerate(children):
                buildable = available[loc][0] // quantity
                if index == 0 or buildable < best[0]:
                    best = (buildable, child)
            result[loc] = best
    memo[item.id] = result
    return result


def _inventory(item):
    cache = {}

    def levels_of(physical):
        if physical.id not in cache:
            found = _levels([physical.id])
            cache[physical.id] = {loc: row for (_, loc), row in found.items()}
        return cache[physical.id]

    availability = _availability(item, levels_of, {})
    virtual = item.composite_type in VIRTUAL_TYPES
    rows = []
    for loc in LOCATIONS:
        level = None if virtual else levels_of(item).get(loc)
        available, limiting = availability[loc]
        rows.append({
            "location": loc,
            "unbound": level.unbound if level else 0,
            "reserved": level.reserved if level else 0,
            "bound": level.bound if level else 0,
            "available": available,
            "limiting_child": {"upc": limiting.upc, "name": limiting.name} if limiting is not None else None,
        })
    return rows


def _open_asns(item):
    lines = db.session.execute(
        select(Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem)
        .join(ExpectedInboundShipment, ExpectedInboundShipment.asn_id == Asn.id)
        .join(ExpectedInboundShipmentItem, ExpectedInboundShipmentItem.shipment_id == ExpectedInboundShipment.id)
        .where(
            Asn.client_id == item.client_id, Asn.received_at.is_(None),
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


def describe(item, open_asns=False):
    """The full ItemType answer of one item."""
    answer = {spec.name: getattr(item, spec.name) for spec in ITEM_FIELDS}
    answer.update({
        "id": item.id,
        "composite_type": item.composite_type,
        "composite_type_name": COMPOSITE_TYPES[item.composite_type],
        "children": [
            {"id": c.child.id, "upc": c.child.upc, "sku": c.child.sku, "name": c.child.name, "quantity": c.quantity}
            for c in item.components
        ],
        "composite_parents": [
            {**summary(parent), "quantity": quantity} for parent, quantity in _parents(item)
        ],
        "inventory": _inventory(item),
        "open_asns": _open_asns(item) if open_asns else [],
        "open_shipments": [],
        "created_at": item.created_at,
        "updated_at": item.updated_at,
    })
    return answer


def get_item(upc, args):
    item = db.session.scalars(
        scoped(ItemType).filter_by(upc=upc).options(selectinload(ItemType.components).selectinload(ItemComponent.child))
    ).first()
    if item is None:
        raise NotFound(ITEM_NOT_FOUND)
    return describe(item, open_asns=args["openAsns"])


# --- writing -------------------------------------------------------------------------------------

def _check_admin_only(identity, fields, item):
    if identity.is_admin:
        return
    current = None if item is None else {name: getattr(item, name) for name in fields}
    refused = admin_only_changes(fields, current, creating=item is None)
    if refused:
        raise Forbidden(admin_only_message(refused), code="admin_only_field")


def _check_unique(client_id, fields, item=None):
    for name in ("upc", "sku"):
        value = fields.get(name)
        if value is None or (item is not None and getattr(item, name) == value):
            continue
        clash = select(ItemType.id).where(ItemType.client_id == client_id, getattr(ItemType, name) == value)
        if db.session.scalars(clash).first() is not None:
            raise duplicate(name, value)


def _item_values(fields):
    return {spec.name: fields[spec.name] for spec in ITEM_FIELDS if spec.name in fields}


def _new_item(identity, fields, composite_type):
    client_id = acting_client_id()
    values = _item_values(fields)
    _check_admin_only(identity, values, None)
    _check_unique(client_id, values)
    item = ItemType(client_id=client_id, composite_type=composite_type, **values)
    db.session.add(item)
    return item


def _apply_update(identity, item, fields):
    values = _item_values(fields)
    if "upc" in values and values["upc"] != item.upc:
        raise InvalidItem(UPC_FIXED)
    _check_admin_only(identity, values, item)
    _check_unique(item.client_id, values, item)
    for name, value in values.items():
        setattr(item, name, value)


def _saved(item):
    try:
        db.session.commit()
    except IntegrityError:
        # Another request took the same UPC or SKU between our check and this commit.
        db.session.rollback()
        raise Conflict("An item with this UPC or SKU already exists.", code="duplicate_item") from None
    db.session.expire_all()
    return describe(db.session.get(ItemType, item.id))


def create_item(identity, fields):
    item = _new_item(identity, fields, SIMPLE)
    return _saved(item)


def update_item(identity, upc, fields):
    item = find_item(upc)
    if item.composite_type != SIMPLE:
        raise InvalidItem(NOT_SIMPLE)
    _apply_update(identity, item, fields)
    return _saved(item)


def _find_children(client_id, children):
    """The children's items by UPC, keeping the first mention of each; 'Item not found.' otherwise."""
    wanted = {}
    for child in children:
        wanted.setdefault(child["upc"], child["quantity"])
    found = {
        item.upc: item for item in db.session.scalars(
            select(ItemType).where(ItemType.client_id == client_id, ItemType.upc.in_(wanted))
        )
    }
    missing = [upc for upc in wanted if upc not in found]
    if missing:
        raise InvalidItem(ITEM_NOT_FOUND)
    return [(found[upc], quantity) for upc, quantity in wanted.items()]


def _case_pack_child(item, fields):
    """The (child, quantity) a case pack may hold, by the rules of spec part 1 section 5."""
    children = fields.get("children") or []
    if not children:
        raise InvalidItem(CASE_PACK_NEEDS_CHILD)
    if len(children) > 1:
        raise InvalidItem(CASE_PACK_TOO_MANY_CHILDREN)
    upc = children[0]["upc"]
    if upc == fields.get("upc", item.upc if item is not None else None):
        raise InvalidItem(CHILD_IS_PARENT)
    [(child, quantity)] = _find_children(acting_client_id(), children)
    if item is not None and child.id == item.id:
        raise InvalidItem(CHILD_IS_PARENT)
    if child.composite_type != SIMPLE:
        raise InvalidItem(CASE_PACK_CHILD_NOT_SIMPLE)
    other_parent = db.session.scalars(
        select(ItemType).join(ItemComponent, ItemComponent.parent_id == ItemType.id)
        .where(ItemComponent.child_id == child.id, ItemComponent.client_id == child.client_id)
        .where(ItemType.id != (item.id if item is not None else -1))
        .order_by(ItemType.id)
    ).first()
    if other_parent is not None:
        raise InvalidItem(already_a_child(child.name, other_parent.name))
    return child, quantity


def _set_children(item, children):
    item.components = [
        ItemComponent(client_id=item.client_id, child_id=child.id, quantity=quantity) for child, quantity in children
    ]


def create_case_pack(identity, fields):
    child, quantity = _case_pack_child(None, fields)
    item = _new_item(identity, fields, CASE_PACK)
    _set_children(item, [(child, quantity)])
    return _saved(item)


def update_case_pack(identity, upc, fields):
    item = find_item(upc)
    if item.composite_type != CASE_PACK:
        raise InvalidItem(NOT_A_CASE_PACK)
    child, quantity = _case_pack_child(item, fields)
    _apply_update(identity, item, fields)
    _replace_children(item, [(child, quantity)])
    return _saved(item)


def _replace_children(item, children):
    current = {c.child_id: c for c in item.components}
    wanted = {child.id: quantity for child, quantity in children}
    for child_id, component in current.items():
        if child_id not in wanted:
            item.components.remove(component)
    for child_id, quantity in wanted.items():
        if child_id in current:
            current[child_id].quantity = quantity
        else:
            item.components.append(ItemComponent(client_id=item.client_id, child_id=child_id, quantity=quantity))


def convert_to_case_pack(identity, upc, fields):
    """Turn a simple item into a case pack; converting an item that already is one updates it (PUT)."""
    item = find_item(upc)
    for name in ("sku", "name"):
        if name in fields and fields[name] != getattr(item, name):
            raise InvalidItem(LOCKED_ON_CONVERSION)
    if item.composite_type == CASE_PACK:
        return update_case_pack(identity, upc, fields)
    if item.composite_type != SIMPLE or _parents(item):
        raise InvalidItem(ONLY_SIMPLE_CONVERTS)
    child, quantity = _case_pack_child(item, fields)
    _apply_update(identity, item, fields)
    item.composite_type = CASE_PACK
    _set_children(item, [(child, quantity)])
    return _saved(item)


def create_virtual_bundle(identity, fields):
    if not fields.get("children"):
        raise InvalidItem(BUNDLE_NEEDS_CHILD)
    if any(child["upc"] == fields.get("upc") for child in fields["children"]):
        raise InvalidItem(CHILD_IS_PARENT)
    children = _find_children(acting_client_id(), fields["children"])
    item = _new_item(identity, fields, BUNDLE)
    _set_children(item, children)
    return _saved(item)
