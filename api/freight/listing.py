"""The LTL list: a client's shipment groups newest first, with the filters of spec part 2's list (each
served by an index of migration 0025, the client's id first, in the list's order)."""
from sqlalchemy import text

from api.common.pagination import paginate_rows
from api.common.tenancy import scoped
from api.freight.rows import GROUP_COLUMNS, group_rows
from api.orders.models import OPEN_GROUP, ShipmentGroup

LIST_ORDER = (ShipmentGroup.created_at, ShipmentGroup.id)
# Written as the partial index ix_shipment_groups_client_needs_approval's own predicate, so that the
# planner sees the filter is that index's rows whatever the driver does with bound values.
NEEDS_APPROVAL = f"approval_required AND {OPEN_GROUP}"


def filtered_groups(client_id, args):
    """The client's groups passing the list's filters (``args`` as GroupListArgs loads them)."""
    query = scoped(ShipmentGroup, client_id)
    if args["status"] is not None:
        query = query.where(ShipmentGroup.status == args["status"])
    if args["warehouse"] is not None:
        query = query.where(ShipmentGroup.warehouse_id == args["warehouse"])
    if args["needsApproval"] is True:
        query = query.where(text(NEEDS_APPROVAL))
    elif args["needsApproval"] is False:
        query = query.where(text(f"NOT ({NEEDS_APPROVAL})"))
    return query


def list_groups(client_id, identity, args):
    """A page of the client's groups, newest first: (rows, cursor)."""
    columns = filtered_groups(client_id, args).with_only_columns(*GROUP_COLUMNS)
    groups, cursor = paginate_rows(columns, list(LIST_ORDER), args["limit"], args["cursor"], descending=True)
    return group_rows(client_id, identity, groups), cursor
