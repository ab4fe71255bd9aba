from marshmallow import Schema, fields, validate


def _text(size, **kwargs):
    return fields.String(allow_none=True, load_default=None, validate=validate.Length(max=size), **kwargs)


class Address(Schema):
    name = _text(200)
    company = _text(200)
    address_1 = _text(200)
    address_2 = _text(200)
    address_3 = _text(200)
    city = _text(100)
    state = _text(100)
    postal_code = _text(20)
    country = _text(60, metadata={"description": "A country code (US, USA) or name; answered as ISO alpha-2"})
    phone = _text(40)
    email = _text(254)


class AddressValidation(Schema):
    is_valid = fields.Boolean()
    validation_status = fields.String(metadata={"enum": ["validated", "invalid"]})
    validation_error = fields.String(allow_none=True, metadata={"description": "What is wrong, naming the field"})
    updated_address = fields.Nested(Address, metadata={"description": "The address normalised (USPS forms in the US)"})
    candidates = fields.List(fields.Nested(Address), metadata={
        "description": "The address with the city and state its postal code belongs to, when they disagree"})


class ZipLookupArgs(Schema):
    zip = fields.String(required=True, validate=validate.Length(min=1, max=20))


class CityState(Schema):
    city = fields.String()
    state = fields.String()


class ZipLookup(Schema):
    default_city = fields.String()
    default_state = fields.String()
    cities = fields.List(fields.Nested(CityState))
