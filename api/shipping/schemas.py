from marshmallow import Schema, fields, validate

from api.common.pagination import PageArgs
from api.shipping.models import SERVICE_LEVELS


class ShipMethod(Schema):
    id = fields.Integer()
    code = fields.String(metadata={"description": "The ship_method a fulfilment request names"})
    name = fields.String()
    service = fields.String(metadata={"enum": list(SERVICE_LEVELS)})


class Carrier(Schema):
    id = fields.Integer()
    name = fields.String()
    ship_methods = fields.List(fields.Nested(ShipMethod))


class CarrierList(Schema):
    carriers = fields.List(fields.Nested(Carrier))
    cursor = fields.String(allow_none=True)


class ShipmentType(Schema):
    id = fields.Integer()
    name = fields.String()


class ShipmentTypeList(Schema):
    shipment_types = fields.List(fields.Nested(ShipmentType))
    default_shipment_type = fields.String(metadata={"description": "The type a new request has unless it names one"})
    cursor = fields.String(allow_none=True)


class CarrierAccount(Schema):
    carrier_name = fields.String()
    account_number = fields.String(allow_none=True)


class ShipProfile(Schema):
    id = fields.Integer()
    name = fields.String()
    carrier_account = fields.Nested(CarrierAccount)


class ShipProfileWrite(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    carrier_name = fields.String(required=True, validate=validate.Length(min=1, max=50))
    account_number = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=60), metadata={
        "description": "The client's own account with the carrier; none ships on the provider's"})


class ShipProfileList(Schema):
    ship_profiles = fields.List(fields.Nested(ShipProfile))
    cursor = fields.String(allow_none=True)


class ReferenceListArgs(PageArgs):
    pass
