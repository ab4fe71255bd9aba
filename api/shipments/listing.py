"""The shipment list: a client's shipments newest first, with its filters (each served by an index of
migration 0024, the client's id first, in the list's order)."""
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from api.addresses.service import ADDRESS_FIELDS
from api.common.pagination import paginate
from api.common.tenancy import owned_by, scoped
from api.common.timeutil import day_start_utc
from api.orders.models import FulfillmentRequest, Shipment
from api.shipments.service import present_rows

LIST_ORDER = (Shipment.created_at, Shipment.id)
# What a row reads of its request: loading its forty other columns too cost about 10 ms of a 100-row page.
ROW_REQUEST_COLUMNS = (
    FulfillmentRequest.fulfillment_request_id, FulfillmentRequest.order_id, FulfillmentRequest.fill_type,
    FulfillmentRequest.shipment_group_id, FulfillmentRequest.address_validated,
    FulfillmentRequest.address_validation_error, *(getattr(FulfillmentRequest, f"to_{part}") for part in ADDRESS_FIELDS))
# Filtered by when they shipped, the newest shipped come first: the shipped-time index then reads a
# page from the range's end, where newest created first walked a client's history past every shipment
# outside the range (a month of a million shipments: 230 ms).
SHIPPED_ORDER = (Shipment.shipped_at, Shipment.id)


def filtered_shipments(client_id, args):
    """The client's shipments passing the list's filters (``args`` as ShipmentListArgs loads them)."""
    query = scoped(Shipment, client_id)
    own = {"status": Shipment.status, "shipmentGroupId": Shipment.shipment_group_id,
           "warehouse": Shipment.warehouse_id}
    for name, column in own.items():
        if args[name] is not None:
            query = query.where(column == args[name])
    of_request = {"orderId": FulfillmentRequest.order_id, "fulfillmentRequestId": FulfillmentRequest.fulfillment_request_id}
    for name, column in of_request.items():
        if args[name]:
            query = query.where(Shipment.request_id.in_(
                select(FulfillmentRequest.id).where(owned_by(FulfillmentRequest, client_id), column == args[name])))
    if args["shippedFrom"]:
        query = query.where(Shipment.shipped_at >= day_start_utc(args["shippedFrom"], args["timeZone"]))
    if args["shippedTo"]:
        query = query.where(Shipment.shipped_at < day_start_utc(args["shippedTo"] + timedelta(days=1), args["timeZone"]))
    return query


def list_shipments(client_id, identity, args):
    """A page of the client's shipments, newest first (by shipping time when filtered by it): (rows, cursor)."""
    query = filtered_shipments(client_id, args).options(selectinload(Shipment.request).load_only(*ROW_REQUEST_COLUMNS))
    order = SHIPPED_ORDER if args["shippedFrom"] or args["shippedTo"] else LIST_ORDER
    shipments, cursor = paginate(query, list(order), args["limit"], args["cursor"], descending=True)
    return present_rows(shipments, identity), cursor
