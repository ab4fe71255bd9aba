"""The history of a fulfilment request, which its client reads on its page (and admins as its
breadcrumbs): one line per business event in words, with who and when, written in the transaction of
the change it tells of."""
from api.audit.service import breadcrumbs, leave_breadcrumb
from api.orders.models import CANCELED

OBJECT_TYPE = "fulfillment_request"


def of(request, limit, cursor):
    """The events of ``request``, newest first: (breadcrumbs, cursor)."""
    return breadcrumbs(request.client_id, OBJECT_TYPE, str(request.id), limit, cursor)


def note(request, message, actor):
    leave_breadcrumb(request.client_id, OBJECT_TYPE, request.id, message, actor)


def note_shipment(shipment, message, actor):
    leave_breadcrumb(shipment.client_id, OBJECT_TYPE, shipment.request_id, message, actor)


def creation_note(address_validated, address_error, fill_type, shipments):
    """The breadcrumb of a new request: its address check and the ``shipments`` it was placed in
    (anything with an id, status, inventory_allocated and warehouse_id)."""
    def told(shipment):
        if shipment.status == CANCELED:
            return f"shipment {shipment.id} canceled (fill type {fill_type})"
        if shipment.inventory_allocated:
            return f"shipment {shipment.id} allocated at {shipment.warehouse_id}"
        return f"shipment {shipment.id} waits for stock at {shipment.warehouse_id}"

    address = "address validated" if address_validated else f"address invalid: {(address_error or '').rstrip('.')}"
    return f"Created; {address}; {'; '.join(told(shipment) for shipment in shipments)}."


def changed(request, subject, before, actor, what="Changed"):
    """Tell what changed on ``subject`` (the request or one of its sets); ``before`` holds the values of
    the fields given, as they were."""
    told = [f"{name} from {shown(value)} to {shown(getattr(subject, name))}"
            for name, value in before.items() if value != getattr(subject, name)]
    if told:
        note(request, f"{what} {', '.join(told)}.", actor)


def shown(value):
    if value is None:
        return "nothing"
    return value.isoformat() if hasattr(value, "isoformat") else repr(value) if isinstance(value, str) else str(value)


def address_fixed(request, checked, actor):
    place = " ".join(filter(None, (request.to_state, request.to_postal_code)))
    address = ", ".join(filter(None, (request.to_address_1, request.to_address_2, request.to_city, place,
                                      request.to_country)))
    if checked["is_valid"]:
        note(request, f"Address fixed: {address}.", actor)
    else:
        note(request, f"Address stored without validation: {address} ({checked['validation_error']}).", actor)
