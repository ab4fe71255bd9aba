"""Request and answer shapes of the catalogue; the item fields and their rules come from fields.py."""
import re

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates

from api.common.pagination import PageArgs
from api.common.timeutil import UtcDateTime
from api.products.fields import BOOLEAN, DECIMAL, ITEM_FIELDS, check_quantity, check_value
from api.products.models import COMPOSITE_TYPES
from api.warehouses.locations import LOCATIONS


class OptionalText(fields.String):
    """A text field where an empty string from a form means 'no value'."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        return text if text != "" else None


def _rule(spec):
    def check(value):
        problem = check_value(spec, value)
        if problem:
            raise ValidationError(problem)

    return check


def _input_field(spec, creating):
    if spec.kind == BOOLEAN:
        return fields.Boolean()
    if spec.kind == DECIMAL:
        return fields.Decimal(allow_none=True, validate=_rule(spec), metadata={"type": "number"})
    if spec.required:
        return fields.String(required=creating, validate=_rule(spec))
    return OptionalText(allow_none=True, validate=_rule(spec))


def _item_fields_schema(name, creating, extra=None):
    attributes = {spec.name: _input_field(spec, creating) for spec in ITEM_FIELDS}
    attributes["Meta"] = type("Meta", (), {"unknown": EXCLUDE})
    attributes.update(extra or {})
    return type(name, (Schema,), attributes)


class ChildRef(Schema):
    upc = fields.String(required=True, validate=validate.Length(min=1, max=64))
    quantity = fields.Integer(required=True, strict=True)

    @validates("quantity")
    def _quantity_in_range(self, value, **_):
        problem = check_quantity(value)
        if problem:
            raise ValidationError(problem)


_CHILDREN = {"children": fields.List(fields.Nested(ChildRef), load_default=list, validate=validate.Length(max=1000))}

ItemCreate = _item_fields_schema("ItemCreate", creating=True)
ItemUpdate = _item_fields_schema("ItemUpdate", creating=False)
CompositeCreate = _item_fields_schema("CompositeCreate", creating=True, extra=_CHILDREN)
CompositeUpdate = _item_fields_schema("CompositeUpdate", creating=False, extra=_CHILDREN)


def _output_field(spec):
    if spec.kind == BOOLEAN:
        return fields.Boolean()
    if spec.kind == DECIMAL:
        return fields.Float(allow_none=True)
    return fields.String(allow_none=True)


class ChildItem(Schema):
    id = fields.Integer()
    upc = fields.String()
    sku = fields.String()
    name = fields.String()
    quantity = fields.Integer()


class ParentItem(ChildItem):
    composite_type = fields.Integer()
    composite_type_name = fields.String()


class NamedItem(Schema):
    upc = fields.String()
    name = fields.String()


class InventoryRow(Schema):
    location = fields.String(metadata={"enum": list(LOCATIONS)})
    unbound = fields.Integer()
    reserved = fields.Integer()
    bound = fields.Integer()
    available = fields.Integer()
    limiting_child = fields.Nested(NamedItem, allow_none=True)


class OpenAsnItem(Schema):
    id = fields.Integer()
    upc = fields.String()
    quantity = fields.Integer()
    received_quantity = fields.Integer()


class OpenAsnShipment(Schema):
    id = fields.Integer()
    tracking_id = fields.String(allow_none=True)
    carrier_id = fields.String(allow_none=True)
    expected_arrival_date = fields.Date(allow_none=True)
    expected_inbound_shipment_items = fields.List(fields.Nested(OpenAsnItem))


class OpenAsn(Schema):
    id = fields.Integer()
    warehouse_id = fields.String()
    external_id = fields.String()
    received_at = UtcDateTime(allow_none=True)
    expected_arrival_date = fields.Date(allow_none=True)
    expected_inbound_shipments = fields.List(fields.Nested(OpenAsnShipment))


class OpenShipment(Schema):
    order_id = fields.String(allow_none=True)
    request_id = fields.Integer(metadata={"description": "The fulfilment request's internal `id`"})
    fulfillment_request_id = fields.String()
    shipment_id = fields.String()
    order_date = UtcDateTime()
    status = fields.String()
    warehouse_id = fields.String()
    quantity_allocated = fields.Integer()
    quantity_needed = fields.Integer()


ItemType = type("ItemType", (Schema,), {
    "id": fields.Integer(),
    **{spec.name: _output_field(spec) for spec in ITEM_FIELDS},
    "composite_type": fields.Integer(),
    "composite_type_name": fields.String(metadata={"enum": list(COMPOSITE_TYPES.values())}),
    "children": fields.List(fields.Nested(ChildItem)),
    "composite_parents": fields.List(fields.Nested(ParentItem)),
    "inventory": fields.List(fields.Nested(InventoryRow)),
    "open_asns": fields.List(fields.Nested(OpenAsn)),
    "open_shipments": fields.List(fields.Nested(OpenShipment)),
    "created_at": UtcDateTime(),
    "updated_at": UtcDateTime(),
})


class FreeStock(Schema):
    location = fields.String()
    available = fields.Integer(metadata={
        "description": "Units neither bound nor reserved; a bundle or kit's: the units its children can build"})


class ItemSummary(Schema):
    id = fields.Integer()
    upc = fields.String()
    sku = fields.String()
    name = fields.String()
    category = fields.String(allow_none=True)
    composite_type = fields.Integer()
    composite_type_name = fields.String()
    availability = fields.List(fields.Nested(FreeStock), metadata={
        "description": "Free stock per warehouse, every warehouse listed: only when the list is asked with availability=true"})


class ItemList(Schema):
    items = fields.List(fields.Nested(ItemSummary))
    cursor = fields.String(allow_none=True)


COMPOSITE_TYPE_LIST = re.compile(r"^[0-6](,[0-6])*$")


class ItemListArgs(PageArgs):
    searchTerm = fields.String(load_default=None, validate=validate.Length(max=200))
    compositeType = fields.String(load_default=None, validate=validate.Regexp(
        COMPOSITE_TYPE_LIST, error="compositeType must be a type number from 0 to 6 or a comma list of them.",
    ))
    shopifyVariantId = fields.String(load_default=None, validate=validate.Length(max=32))
    availability = fields.Boolean(load_default=False, metadata={
        "description": "Give each item's free stock per warehouse (a picker's few items; it costs a lookup per item)"})


class ItemDetailArgs(Schema):
    openAsns = fields.Boolean(load_default=False)
    openShipments = fields.Boolean(load_default=False)
