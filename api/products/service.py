"""The catalogue's rules for writing: items, case packs and virtual bundles of the acting client."""
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from api.common.errors import ApiError, Conflict, Forbidden
from api.common.tenancy import owned_by
from api.extensions import db
from api.products.detail import ITEM_NOT_FOUND, describe, find_item, parents_of
from api.products.fields import ITEM_FIELDS, admin_only_changes, admin_only_message
from api.products.models import BUNDLE, CASE_PACK, SIMPLE, VIRTUAL_TYPES, ItemComponent, ItemType

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
COMPOSITE_EDITABLE = ("name", "category")
COMPOSITE_FIELDS_FIXED = "Only the name and category of a bundle or kit can be changed."


class InvalidItem(ApiError):
    status = 422
    code = "invalid_item"


def already_a_child(child_name, parent_name):
    return f"Item '{child_name}' is already a child of item '{parent_name}'"


def duplicate(field, value):
    return Conflict(f"An item with {field.upper()} '{value}' already exists.", code=f"duplicate_{field}")


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
        clash = select(ItemType.id).where(owned_by(ItemType, client_id), getattr(ItemType, name) == value)
        if db.session.scalars(clash).first() is not None:
            raise duplicate(name, value)


def _item_values(fields):
    return {spec.name: fields[spec.name] for spec in ITEM_FIELDS if spec.name in fields}


def _new_item(identity, client_id, fields, composite_type):
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


def create_item(identity, client_id, fields):
    item = _new_item(identity, client_id, fields, SIMPLE)
    return _saved(item)


def update_item(identity, client_id, upc, fields):
    """Update a simple item, or the name and category of a bundle or kit (its children are set when it
    is created)."""
    item = find_item(client_id, upc)
    if item.composite_type in VIRTUAL_TYPES:
        changed = [name for name, value in _item_values(fields).items() if value != getattr(item, name)]
        if any(name not in COMPOSITE_EDITABLE for name in changed):
            raise InvalidItem(COMPOSITE_FIELDS_FIXED)
    elif item.composite_type != SIMPLE:
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
            select(ItemType).where(owned_by(ItemType, client_id), ItemType.upc.in_(wanted))
        )
    }
    missing = [upc for upc in wanted if upc not in found]
    if missing:
        raise InvalidItem(ITEM_NOT_FOUND)
    return [(found[upc], quantity) for upc, quantity in wanted.items()]


def _case_pack_child(client_id, item, fields):
    """The (child, quantity) a case pack may hold, by the rules of spec part 1 section 5."""
    children = fields.get("children") or []
    if not children:
        raise InvalidItem(CASE_PACK_NEEDS_CHILD)
    if len(children) > 1:
        raise InvalidItem(CASE_PACK_TOO_MANY_CHILDREN)
    upc = children[0]["upc"]
    if upc == fields.get("upc", item.upc if item is not None else None):
        raise InvalidItem(CHILD_IS_PARENT)
    [(child, quantity)] = _find_children(client_id, children)
    if item is not None and child.id == item.id:
        raise InvalidItem(CHILD_IS_PARENT)
    if child.composite_type != SIMPLE:
        raise InvalidItem(CASE_PACK_CHILD_NOT_SIMPLE)
    other_parent = db.session.scalars(
        select(ItemType).join(ItemComponent, ItemComponent.parent_id == ItemType.id)
        .where(ItemComponent.child_id == child.id, owned_by(ItemComponent, child.client_id))
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


def create_case_pack(identity, client_id, fields):
    child, quantity = _case_pack_child(client_id, None, fields)
    item = _new_item(identity, client_id, fields, CASE_PACK)
    _set_children(item, [(child, quantity)])
    return _saved(item)


def update_case_pack(identity, client_id, upc, fields):
    item = find_item(client_id, upc)
    if item.composite_type != CASE_PACK:
        raise InvalidItem(NOT_A_CASE_PACK)
    child, quantity = _case_pack_child(client_id, item, fields)
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


def convert_to_case_pack(identity, client_id, upc, fields):
    """Turn a simple item into a case pack; converting an item that already is one updates it (PUT)."""
    item = find_item(client_id, upc)
    for name in ("sku", "name"):
        if name in fields and fields[name] != getattr(item, name):
            raise InvalidItem(LOCKED_ON_CONVERSION)
    if item.composite_type == CASE_PACK:
        return update_case_pack(identity, client_id, upc, fields)
    if item.composite_type != SIMPLE or parents_of(item):
        raise InvalidItem(ONLY_SIMPLE_CONVERTS)
    child, quantity = _case_pack_child(client_id, item, fields)
    _apply_update(identity, item, fields)
    item.composite_type = CASE_PACK
    _set_children(item, [(child, quantity)])
    return _saved(item)


def create_virtual_bundle(identity, client_id, fields):
    if not fields.get("children"):
        raise InvalidItem(BUNDLE_NEEDS_CHILD)
    if any(child["upc"] == fields.get("upc") for child in fields["children"]):
        raise InvalidItem(CHILD_IS_PARENT)
    children = _find_children(client_id, fields["children"])
    item = _new_item(identity, client_id, fields, BUNDLE)
    _set_children(item, children)
    return _saved(item)
