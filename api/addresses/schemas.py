from marshmallow import Schema, fields

from api.common.schema_fields import optional_text, required_text


class Address(Schema):
    name = optional_text(200)
    company = optional_text(200)
    address_1 = optional_text(200)
    address_2 = optional_text(200)
    address_3 = optional_text(200)
    city = optional_text(100)
    state = optional_text(100)
    postal_code = optional_text(20)
    country = optional_text(60, metadata={"description": "A country code (US, USA) or name; answered as ISO alpha-2"})
    phone = optional_text(40)
    email = optional_text(254)


class AddressValidation(Schema):
    is_valid = fields.Boolean()
    validation_status = fields.String(metadata={"enum": ["validated", "invalid"]})
    validation_error = fields.String(allow_none=True, metadata={"description": "What is wrong, naming the field"})
    updated_address = fields.Nested(Address, metadata={"description": "The address normalised (USPS forms in the US)"})
    candidates = fields.List(fields.Nested(Address), metadata={
        "description": "The address with the city and state its postal code belongs to, when they disagree"})


class ZipLookupArgs(Schema):
    zip = required_text(20)


class CityState(Schema):
    city = fields.String()
    state = fields.String()


class ZipLookup(Schema):
    default_city = fields.String()
    default_state = fields.String()
    cities = fields.List(fields.Nested(CityState))
    latitude = fields.Float(metadata={"description": "The centre of the code's area (the address fix page's map)"})
    longitude = fields.Float()
