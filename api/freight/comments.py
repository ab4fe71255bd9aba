"""People's notes on a shipment group, each with who wrote it and when, shown beside its history."""
from api.common.pagination import paginate
from api.common.tenancy import scoped
from api.extensions import db
from api.freight.lifecycle import require_action
from api.freight.models import ShipmentGroupComment
from api.freight.owned import group_of


def list_comments(client_id, group_id, limit, cursor):
    """A page of the group's comments, newest first, and the cursor of the next."""
    group = group_of(client_id, group_id)
    return paginate(scoped(ShipmentGroupComment, client_id).filter_by(shipment_group_id=group.id),
                    [ShipmentGroupComment.id], limit, cursor, descending=True)


def add_comment(client_id, identity, group_id, body):
    group = group_of(client_id, group_id)
    require_action(group, identity, "comment")
    comment = ShipmentGroupComment(client_id=group.client_id, shipment_group_id=group.id, body=body,
                                   author_username=identity.username, author_name=identity.name or None)
    db.session.add(comment)
    db.session.commit()
    return comment
