"""The acting client's shipment, for what is read about it and for the changes its lifecycle allows."""
from api.common.errors import NotFound
from api.common.tenancy import get_scoped_or_404, scoped
from api.extensions import db
from api.orders.lifecycle import require_action
from api.orders.models import Shipment

NOT_FOUND = "Shipment not found."


def shipment_of(client_id, shipment_id):
    """The client's shipment (404 for another client's, as for none)."""
    return get_scoped_or_404(Shipment, client_id, NOT_FOUND, id=shipment_id)


def shipment_to_change(client_id, identity, shipment_id, action):
    """The client's shipment, locked until the change commits so that its status cannot move meanwhile,
    once its lifecycle lets ``identity`` take ``action`` now (409 naming the status otherwise)."""
    shipment = db.session.scalars(scoped(Shipment, client_id).filter_by(id=shipment_id).with_for_update()).first()
    if shipment is None:
        raise NotFound(NOT_FOUND)
    require_action(shipment, identity, action)
    return shipment
