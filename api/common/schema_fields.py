"""Field shapes that request schemas of several features share."""
from decimal import Decimal

from marshmallow import ValidationError, fields, validate


def optional_text(size, **kwargs):
    """A string of at most ``size`` characters that may be left out or null."""
    return fields.String(allow_none=True, load_default=None, validate=validate.Length(max=size), **kwargs)


# marshmallow's words for a required field left out, said of one sent empty too.
REQUIRED = fields.Field.default_error_messages["required"]


def required_text(size):
    """A non-empty string of at most ``size`` characters: an empty one is refused as a missing one is, and a
    long one as any text longer than its field."""
    return fields.String(required=True, validate=[validate.Length(min=1, error=REQUIRED), validate.Length(max=size)])


def decimal_in_range(minimum, maximum, places=2, metadata=None, **kwargs):
    """A decimal number from ``minimum`` to ``maximum`` with at most ``places`` decimal places.

    The bounds are checked by a plain function rather than ``validate.Range``: apispec would copy
    Range's bounds into the OpenAPI document as Decimals, which JSON cannot hold; they are written
    there as numbers instead."""
    step = Decimal(1).scaleb(-places)

    def check(value):
        if not minimum <= value <= maximum:
            raise ValidationError(f"Must be between {minimum} and {maximum}.")
        if value != value.quantize(step):
            raise ValidationError(f"Must be a multiple of {step}.")

    bounds = {"minimum": minimum, "maximum": maximum, "multipleOf": float(step)}
    return fields.Decimal(as_string=False, validate=check, metadata={**(metadata or {}), **bounds}, **kwargs)
