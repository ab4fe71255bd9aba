"""People's notes on a shipment, each with who wrote it and when, shown beside its history."""
from api.common.pagination import paginate
from api.common.tenancy import scoped
from api.extensions import db
from api.shipments.models import ShipmentComment
from api.shipments.owned import shipment_of, shipment_to_change


def list_comments(client_id, shipment_id, limit, cursor):
    """A page of the shipment's comments, newest first, and the cursor of the next."""
    shipment = shipment_of(client_id, shipment_id)
    return paginate(scoped(ShipmentComment, client_id).filter_by(shipment_id=shipment.id), [ShipmentComment.id],
                    limit, cursor, descending=True)


def add_comment(client_id, identity, shipment_id, body):
    shipment = shipment_to_change(client_id, identity, shipment_id, "comment")
    comment = ShipmentComment(client_id=shipment.client_id, shipment_id=shipment.id, body=body,
                              author_username=identity.username, author_name=identity.name or None)
    db.session.add(comment)
    db.session.commit()
    return comment
