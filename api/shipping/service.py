"""Carriers, ship methods, shipment types and the clients' ship profiles."""
from sqlalchemy import select

from api.common.errors import InvalidInput
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, scoped
from api.extensions import db
from api.shipping.models import Carrier, ShipmentType, ShipProfile

DEFAULT_SHIPMENT_TYPE = "default_shipment_type"


def list_carriers(limit, cursor):
    return paginate(select(Carrier), [Carrier.id], limit, cursor)


def list_shipment_types(limit, cursor):
    return paginate(select(ShipmentType), [ShipmentType.id], limit, cursor)


def list_ship_profiles(client_id, limit, cursor):
    profiles, cursor = paginate(scoped(ShipProfile, client_id), [ShipProfile.id], limit, cursor)
    return [present(profile) for profile in profiles], cursor


def _carrier_named(name):
    carrier = db.session.scalars(select(Carrier).where(db.func.lower(Carrier.name) == name.strip().lower())).first()
    if carrier is None:
        known = ", ".join(db.session.scalars(select(Carrier.name).order_by(Carrier.id)))
        raise InvalidInput(f"carrier_name '{name}' is not a carrier; use one of {known}.")
    return carrier


def create_ship_profile(client_id, fields):
    profile = ShipProfile(client_id=client_id, name=fields["name"], carrier=_carrier_named(fields["carrier_name"]),
                          account_number=fields["account_number"])
    db.session.add(profile)
    db.session.commit()
    return present(profile)


def update_ship_profile(client_id, profile_id, fields):
    profile = get_scoped_or_404(ShipProfile, client_id, "Ship profile not found.", id=profile_id)
    profile.name, profile.account_number = fields["name"], fields["account_number"]
    profile.carrier = _carrier_named(fields["carrier_name"])
    db.session.commit()
    return present(profile)


def present(profile):
    return {
        "id": profile.id, "name": profile.name,
        "carrier_account": {"carrier_name": profile.carrier.name, "account_number": profile.account_number},
    }
