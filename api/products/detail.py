"""One item as the product page shows it: its fields, children, parents, and the parts that features
above the catalogue add (stock per warehouse from inventory, open ASNs from inbound, open shipments
from orders).

Those features depend on the catalogue, not the other way round, so they hand their part in with
``add_detail_part`` when the app is built (``create_app``)."""
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from api.common.errors import NotFound
from api.common.tenancy import get_scoped_or_404, owned_by, scoped
from api.extensions import db
from api.products.fields import ITEM_FIELDS
from api.products.models import COMPOSITE_TYPES, ItemComponent, ItemType

ITEM_NOT_FOUND = "Item not found."
_detail_parts = {}


def add_detail_part(name, compute):
    """Add ``name`` to every item's detail, computed as ``compute(item, options) -> JSON value``."""
    _detail_parts[name] = compute


def summary(item):
    return {
        "id": item.id, "upc": item.upc, "sku": item.sku, "name": item.name, "category": item.category,
        "composite_type": item.composite_type, "composite_type_name": COMPOSITE_TYPES[item.composite_type],
    }


def find_item(client_id, upc):
    return get_scoped_or_404(ItemType, client_id, ITEM_NOT_FOUND, upc=upc)


def creating_upload(client_id, upc):
    """The upload that created the item, as the object its call was logged on: [("job", id)] or []."""
    job_id = db.session.scalar(select(ItemType.created_by_job_id).where(owned_by(ItemType, client_id), ItemType.upc == upc))
    return [("job", job_id)] if job_id else []


def parents_of(item):
    rows = db.session.execute(
        select(ItemType, ItemComponent.quantity)
        .join(ItemComponent, ItemComponent.parent_id == ItemType.id)
        .where(ItemComponent.child_id == item.id, owned_by(ItemComponent, item.client_id))
        .order_by(ItemType.name, ItemType.id)
    ).all()
    return [(parent, quantity) for parent, quantity in rows]


def describe(item, **options):
    """The full ItemType answer of one item, with the parts other features add (``options`` are the
    detail call's query arguments, such as ``openAsns``)."""
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
            {**summary(parent), "quantity": quantity} for parent, quantity in parents_of(item)
        ],
        "created_at": item.created_at,
        "updated_at": item.updated_at,
    })
    answer.update({name: compute(item, options) for name, compute in _detail_parts.items()})
    return answer


def get_item(client_id, upc, args):
    item = db.session.scalars(
        scoped(ItemType, client_id).filter_by(upc=upc).options(selectinload(ItemType.components).selectinload(ItemComponent.child))
    ).first()
    if item is None:
        raise NotFound(ITEM_NOT_FOUND)
    return describe(item, **args)
