"""The acting client's shipment group, for what is read about it and for the changes its lifecycle allows;
LTL freight only for clients on version 2 and up."""
from api.common.errors import Forbidden, NotFound
from api.common.tenancy import scoped
from api.extensions import db
from api.orders.grouping import groups_freight
from api.orders.models import ShipmentGroup

NOT_FOUND = "Shipment group not found."


def require_ltl(client_id):
    """Refuse a client below version 2 every LTL call (403 ltl_not_available): the screens hide the LTL link
    from it, and the calls say why rather than answer empty lists."""
    if not groups_freight(client_id):
        raise Forbidden("LTL freight is for clients on version 2 and up.", code="ltl_not_available")


def group_of(client_id, group_id, for_update=False):
    """The client's shipment group (404 for another client's, as for none); ``for_update`` locks it until the
    caller commits, so that its status cannot move meanwhile."""
    require_ltl(client_id)
    query = scoped(ShipmentGroup, client_id).filter_by(id=group_id)
    group = db.session.scalars(query.with_for_update() if for_update else query).first()
    if group is None:
        raise NotFound(NOT_FOUND)
    return group
