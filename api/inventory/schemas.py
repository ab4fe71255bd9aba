from marshmallow import Schema, fields, validate

from api.warehouses.locations import LOCATIONS

MAX_UNITS = 2**31 - 1


class LocationReservation(Schema):
    location = fields.String(required=True, validate=validate.OneOf(LOCATIONS))
    reserved = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=MAX_UNITS))


class Reservation(Schema):
    locations = fields.List(fields.Nested(LocationReservation), required=True, validate=validate.Length(max=len(LOCATIONS)))


class LocationStock(Schema):
    location = fields.String()
    unbound = fields.Integer()
    reserved = fields.Integer()
    bound = fields.Integer()
    available = fields.Integer()


class Stock(Schema):
    locations = fields.List(fields.Nested(LocationStock))
