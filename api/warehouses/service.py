"""Warehouses as reference data: listed for everyone, their addresses kept valid by admins."""
from sqlalchemy import select

from api.addresses.service import postal_centroid, validate_address
from api.common.errors import InvalidInput, NotFound
from api.common.pagination import paginate
from api.extensions import db
from api.warehouses.models import Warehouse


def list_warehouses(limit, cursor):
    return paginate(select(Warehouse), [Warehouse.code], limit, cursor)


def update_warehouse(code, fields):
    """Change a warehouse's name and address; the address must validate (US ones are normalised and
    placed at their ZIP code's centre; others need latitude and longitude)."""
    warehouse = db.session.get(Warehouse, code)
    if warehouse is None:
        raise NotFound(f"Warehouse {code} not found.")
    checked = validate_address(fields)
    if not checked["is_valid"]:
        raise InvalidInput(checked["validation_error"], code="invalid_address")
    address = checked["updated_address"]
    place = postal_centroid(address["postal_code"]) if address["country"] == "US" else None
    if place is None:
        if fields["latitude"] is None or fields["longitude"] is None:
            raise InvalidInput("latitude and longitude are needed for a warehouse outside the US.")
        place = (fields["latitude"], fields["longitude"])
    for name in ("address_1", "address_2", "city", "state", "postal_code", "country", "phone"):
        setattr(warehouse, name, address[name])
    warehouse.name = fields["name"]
    warehouse.latitude, warehouse.longitude = place
    db.session.commit()
    return warehouse
