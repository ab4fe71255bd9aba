from marshmallow import Schema, fields, validate

from api.common.pagination import PageArgs


class Warehouse(Schema):
    code = fields.String(dump_only=True, metadata={"description": "CA01, NJ01, …: the code files and screens use"})
    name = fields.String()
    address_1 = fields.String()
    address_2 = fields.String(allow_none=True)
    city = fields.String()
    state = fields.String()
    postal_code = fields.String()
    country = fields.String(metadata={"description": "ISO 3166 alpha-2"})
    phone = fields.String(allow_none=True)
    latitude = fields.Float(metadata={"description": "The centre of the postal code's area"})
    longitude = fields.Float()


class WarehouseWrite(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=200))
    address_1 = fields.String(required=True, validate=validate.Length(min=1, max=200))
    address_2 = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=200))
    city = fields.String(required=True, validate=validate.Length(min=1, max=100))
    state = fields.String(required=True, validate=validate.Length(min=1, max=100))
    postal_code = fields.String(required=True, validate=validate.Length(min=1, max=20))
    country = fields.String(required=True, validate=validate.Length(min=2, max=60))
    phone = fields.String(required=True, validate=validate.Length(min=1, max=40))
    latitude = fields.Float(allow_none=True, load_default=None, validate=validate.Range(min=-90, max=90), metadata={
        "description": "Needed outside the US; a US warehouse is placed at its ZIP code's centre"})
    longitude = fields.Float(allow_none=True, load_default=None, validate=validate.Range(min=-180, max=180))


class WarehouseList(Schema):
    warehouses = fields.List(fields.Nested(Warehouse))
    cursor = fields.String(allow_none=True)


class WarehouseListArgs(PageArgs):
    pass
