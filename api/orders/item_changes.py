"""Changing the items of a placed request (spec part 2 section 4): quantities are lowered while its
shipments are validating or ready to process, customs values and details change while its set may be
edited. Its shipments give back the units no longer wanted through the ledger and go on once nothing
holds them (a request under Missing Customs is fixed by entering the values)."""
from decimal import Decimal

from api.common.errors import FIELD, Conflict
from api.common.text import code_label
from api.orders import allocation, history, lifecycle
from api.orders.models import CANCELED, ITEM_DETAILS
from api.orders.rules import RequestRefused
from api.orders.schemas import SET_CHANGE_LABELS

CENTS = Decimal("0.01")


def change_items(request, request_set, changes, actor):
    """Apply ``changes`` ([{id, quantity?, customs_value?, detail...}]) to the items of ``request_set``
    (the caller has refused a request past processing, and commits); every change is checked before
    any is made. Answers whether the request's shipments changed, so that waiting ones may be allocated."""
    shipments = allocation.locked_shipments_of(request)
    items = {item.id: item for item in request_set.items}
    given = [change["id"] for change in changes]
    repeated = sorted({item_id for item_id in given if given.count(item_id) > 1})
    if repeated:
        raise RequestRefused(f"Items: {', '.join(map(str, repeated))} is given more than once.", field="items")
    lowered = {}
    for position, change in enumerate(changes, 1):
        item = _checked_item(request, request_set, items, position, change)
        if change.get("quantity", item.quantity) != item.quantity:
            lowered[item] = change["quantity"]
    if lowered:
        _refuse_unless_quantities_editable(shipments)
    told = []
    for change in changes:
        item = items[change["id"]]
        told += _changed_fields(item, change)
    wanted = {}
    for item, quantity in lowered.items():
        wanted.update(_lower_item(item, quantity, [child for child in request_set.items if child.parent_id == item.id]))
    if wanted:
        allocation.lower(shipments, wanted, actor)
    for shipment in shipments:
        allocation.advance(shipment, actor, f"Set {request_set.id} changed.")
    if told:
        history.note(request, f"Set {request_set.id}: changed {', '.join(told)}.", actor)
    return bool(wanted)


def _checked_item(request, request_set, items, position, change):
    item = items.get(change["id"])
    where = f"Item {position}" + (f" (UPC {item.upc})" if item is not None else "")
    if item is None:
        _refuse(f"{where}: {FIELD} {change['id']} is not an item of set {request_set.id}.", position, "id")
    if item.parent_id is not None:
        _refuse(f"{where}: {FIELD} {item.id} is part of a bundle or kit; change the bundle's quantity instead.",
                position, "id")
    if change.get("quantity", 0) > item.quantity:
        _refuse(f"{where}: {FIELD} {change['quantity']} is above the {item.quantity} asked for; it can only be lowered.",
                position, "quantity")
    if "customs_value" in change and change["customs_value"] is None and allocation.needs_customs(request.to_country):
        _refuse(f"{where}: {FIELD} is needed outside the US.", position, "customs_value")
    return item


def _refuse(message, position, name):
    raise RequestRefused(message, field=f"items[{position - 1}].{name}", labels=SET_CHANGE_LABELS)


def _refuse_unless_quantities_editable(shipments):
    begun = [shipment for shipment in shipments if shipment.status not in (*lifecycle.QUANTITY_EDITABLE, CANCELED)]
    live = [shipment for shipment in shipments if shipment.status != CANCELED]
    if begun or not live:
        shipment = (begun or shipments)[0]
        editable = " or ".join(code_label(status) for status in lifecycle.QUANTITY_EDITABLE)
        raise Conflict(f"Quantities can no longer be changed: shipment {shipment.id} is {code_label(shipment.status)}; "
                       f"they are changed while every shipment is {editable}.", code="quantity_not_editable")


def _changed_fields(item, change):
    """Set the customs value and details ``change`` gives on ``item``: what changed, in words."""
    told = []
    if "customs_value" in change and change["customs_value"] != item.customs_value:
        told.append(f"{item.upc} customs value from {_money(item.customs_value)} to {_money(change['customs_value'])}")
        item.customs_value = change["customs_value"]
    details = dict(item.details)
    for name in ITEM_DETAILS:
        if name in change and change[name] != details.get(name):
            told.append(f"{item.upc} {name.replace('_', ' ')} from {history.shown(details.get(name))} to "
                        f"{history.shown(change[name])}")
            details[name] = change[name]
    item.details = {name: value for name, value in details.items() if value is not None}
    if "quantity" in change and change["quantity"] != item.quantity:
        told.append(f"{item.upc} quantity from {item.quantity} to {change['quantity']}")
    return told


def _money(value):
    return history.shown(None if value is None else Decimal(value).quantize(CENTS))


def _lower_item(item, quantity, children):
    """Lower ``item`` (and a bundle or kit's children with it) to ``quantity``: {set item id picked: units}."""
    before, item.quantity = item.quantity, quantity
    if item.picked:
        return {item.id: quantity}
    for child in children:
        child.quantity = child.quantity // before * quantity
    return {child.id: child.quantity for child in children}
