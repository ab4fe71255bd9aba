"""A retail (EDI) shipment's details: the retailer, its purchase order and cancel date, and the store,
department and product it goes to (spec part 3 section 3). A shipment carries those of its request until
they are changed for it."""
from datetime import date

from api.common.errors import NotFound
from api.common.tenancy import scoped
from api.extensions import db
from api.orders.fields import EDI, writes
from api.shipments.models import ShipmentDetails
from api.shipments.owned import shipment_of, shipment_to_change

# The request's EDI fields a shipment keeps (its free references stay with the request).
DETAIL_FIELDS = tuple(name for name in writes(EDI) if name in ShipmentDetails.__table__.columns)


def get_details(client_id, shipment_id):
    """The shipment's details, or those its request carried while none were saved for it (404 if neither)."""
    shipment = shipment_of(client_id, shipment_id)
    saved = _saved(shipment)
    if saved is not None:
        return saved
    carried = shipment.request.edi
    if not carried:
        raise NotFound(f"Shipment {shipment.id} has no retail EDI details.")
    return {"id": None, "shipment_id": shipment.id, "updated_at": None, "updated_by_username": None,
            **{name: carried.get(name) for name in DETAIL_FIELDS},
            "cancel_date": date.fromisoformat(carried["cancel_date"])}


def save_details(client_id, identity, shipment_id, fields):
    """Replace the shipment's details with ``fields`` (every field; one left out is cleared) while they may change."""
    shipment = shipment_to_change(client_id, identity, shipment_id, "edit_details")
    details = _saved(shipment) or ShipmentDetails(client_id=shipment.client_id, shipment_id=shipment.id)
    for name in DETAIL_FIELDS:
        setattr(details, name, fields[name])
    details.updated_by_username = identity.username
    db.session.add(details)
    db.session.commit()
    return details


def _saved(shipment):
    return db.session.scalars(scoped(ShipmentDetails, shipment.client_id).filter_by(shipment_id=shipment.id)).first()
