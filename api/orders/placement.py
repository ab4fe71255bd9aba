"""New requests stored and placed set-wise: a batch of checked requests (one from the form, a chunk of
a bulk file) is written with one multi-row statement per table whatever its size, and its stock is
decided in memory against the levels of all its items, locked and read once up front.

The order of the batch is the order of allocation: an earlier request takes the free units first."""
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import select

from api.addresses.service import ADDRESS_FIELDS, validate_address
from api.audit.models import Breadcrumb
from api.common.row_writes import inserted_ids, insert_new_rows, insert_rows
from api.common.timeutil import utcnow
from api.extensions import db
from api.inventory.ledger import Move, apply_moves, lock_levels
from api.orders import allocation, grouping, history, lifecycle, stock
from api.orders.fields import OPTIONS, OWN_COLUMNS
from api.orders.models import (
    CANCELED, ITEM_DETAILS, READY_TO_PROCESS, VALIDATING, FulfillmentRequest, RequestSet, SetItem, Shipment, ShipmentLine,
)
from api.products.models import VIRTUAL_TYPES
from api.warehouses.models import Warehouse


# Why a shipment has its first status, in its history (its request's breadcrumb tells how it was placed).
PLACED = "Placed as its fulfillment request was created."


class FraudRisk(NamedTuple):
    """The shop platform's risk assessment of an imported order: a high one waits for approval (reason fraud)."""

    score: float | None
    recommendation: str | None
    high: bool


class _PickedLine(NamedTuple):
    """A set item the warehouse picks: a simple item, or a child of a bundle or kit."""

    set_item_id: int
    item_id: int
    units: int


@dataclass
class _Placed:
    """A stored request on its way: what its shipments and breadcrumb are made from."""

    id: int
    checked: object  # rules.CheckedRequest
    address: dict  # validate_address's answer
    lines: list  # its _PickedLine
    shipments: list  # the _NewShipment it is placed in
    fraud: bool = False  # its shop's risk assessment is high: it waits for approval


@dataclass
class _NewShipment:
    warehouse_id: str
    status: str
    inventory_allocated: bool
    parts: list  # [(_PickedLine, units of it)]
    id: int | None = None


def add_requests(client_id, actor, batch, risks=None):
    """Store ``batch`` (rules.CheckedRequest, in order) and place it (the caller commits); answers
    {fulfillment_request_id: request id} of those stored, as store_requests. ``risks`` gives the
    FraudRisk of requests imported from the shop platform, by fulfillment_request_id."""
    stored = store_requests(client_id, actor, batch, risks=risks)
    place_requests(client_id, actor, stored)
    return ids_of(stored)


def store_requests(client_id, actor, batch, job_id=None, risks=None):
    """Write ``batch`` (rules.CheckedRequest, in order) with their addresses checked, their sets and
    items, not yet placed: the stored requests, for place_requests. A request whose id another
    transaction took since it was checked is left out, and nothing of it is written."""
    if not batch:
        return []
    addresses = [validate_address(checked.fields["to_address"]) for checked in batch]
    risks = risks or {}
    ids = _insert_requests(client_id, actor, batch, addresses, job_id, risks)
    stored = [_Placed(ids[checked.fields["fulfillment_request_id"]], checked, address, [], [],
                      _is_high(risks.get(checked.fields["fulfillment_request_id"])))
              for checked, address in zip(batch, addresses) if checked.fields["fulfillment_request_id"] in ids]
    _insert_sets(stored)
    return stored


def ids_of(stored):
    """{fulfillment_request_id: request id} of requests stored by store_requests."""
    return {request.checked.fields["fulfillment_request_id"]: request.id for request in stored}


def place_requests(client_id, actor, placed):
    """Place requests that store_requests wrote, in their order: shipments with stock allocated as
    each fill type says, the ledger moved, a breadcrumb each (the caller commits). The stock of all
    their items is locked first, so what they allocate reads what every transaction committed before."""
    if not placed:
        return
    levels = lock_levels(client_id, {line.item_id for request in placed for line in request.lines})
    free = {key: level.unbound for key, level in levels.items()}
    warehouses = db.session.scalars(select(Warehouse)).all()
    for request in placed:
        _plan(request, free, warehouses)
    _insert_shipments(client_id, placed)
    lifecycle.record_placed(client_id, [(shipment.id, shipment.status) for request in placed
                                        for shipment in request.shipments], actor, PLACED)
    _bind_units(client_id, actor, placed)
    _join_groups(client_id, actor, placed)
    insert_rows(Breadcrumb.__table__, [
        {"client_id": client_id, "object_type": history.OBJECT_TYPE, "object_id": str(request.id), "username": actor,
         "message": history.creation_note(request.address["is_valid"], request.address["validation_error"],
                                          request.checked.fields["fill_type"], request.shipments)}
        for request in placed])


def _is_high(risk):
    return risk is not None and risk.high


def _insert_requests(client_id, actor, batch, addresses, job_id, risks):
    now = utcnow()
    rows = []
    for checked, address in zip(batch, addresses):
        fields = checked.fields
        stored = _stored_address(checked, address)
        ltl = allocation.is_ltl(checked.profile, fields["ship_method"])
        risk = risks.get(fields["fulfillment_request_id"])
        fraud = _is_high(risk)
        rows.append({
            "client_id": client_id, "created_by_username": actor, "created_by_job_id": job_id, "created_at": now,
            "options": {name: fields[name] for name in OPTIONS},
            "address_validated": address["is_valid"], "address_validation_error": address["validation_error"],
            # An LTL request waits for the warehouse's approval of the freight.
            "edi": _storable_edi(fields["edi"]), "requires_approval": ltl or fraud,
            "requires_approval_reason": "ltl" if ltl else "fraud" if fraud else None, "fraud": fraud,
            "shopify_risk_score": risk.score if risk else None,
            "shopify_risk_recommendation": risk.recommendation if risk else None,
            **{name: fields[name] for name in OWN_COLUMNS},
            **{f"to_{part}": stored.get(part) for part in ADDRESS_FIELDS},
        })
    # The ids ascend in the order of the batch, which is the order of allocation.
    return dict(insert_new_rows(FulfillmentRequest.__table__, rows, unique=("client_id", "fulfillment_request_id"),
                                returning=("fulfillment_request_id", "id")))


def _stored_address(checked, address):
    """The address a request stores: normalised when valid, else as given."""
    return address["updated_address"] if address["is_valid"] else {**checked.fields["to_address"], "country": checked.country}


def _storable_edi(edi):
    if edi is None:
        return None
    return {**edi, "cancel_date": edi["cancel_date"].isoformat()}


def _insert_sets(placed):
    """Write the requests' sets and set items, filling in each request's picked lines: simple items,
    and the children of bundles and kits (whose own line the warehouse does not pick)."""
    sets = [(request, set_fields) for request in placed for set_fields in request.checked.fields["sets"]]
    set_ids = inserted_ids(RequestSet.__table__, [
        {"request_id": request.id, "type": set_fields["type"], "gift_note": set_fields["gift_note"]}
        for request, set_fields in sets])
    tops = [(request, set_id, line, request.checked.items_by_upc[line["upc"]])
            for (request, set_fields), set_id in zip(sets, set_ids) for line in set_fields["items"]]
    top_ids = inserted_ids(SetItem.__table__, [
        {"set_id": set_id, "parent_id": None, "item_type_id": item.id, "upc": item.upc, "name": item.name,
         "quantity": line["quantity"], "picked": item.composite_type not in VIRTUAL_TYPES,
         "customs_value": line["customs_value"],
         "details": {name: line[name] for name in ITEM_DETAILS if line.get(name) is not None}}
        for request, set_id, line, item in tops])
    children = []
    for (request, set_id, line, item), top_id in zip(tops, top_ids):
        if item.composite_type in VIRTUAL_TYPES:
            children += [(request, set_id, top_id, component.child, line["quantity"] * component.quantity)
                         for component in item.components]
        else:
            request.lines.append(_PickedLine(top_id, item.id, line["quantity"]))
    child_ids = inserted_ids(SetItem.__table__, [
        {"set_id": set_id, "parent_id": top_id, "item_type_id": child.id, "upc": child.upc, "name": child.name,
         "quantity": quantity, "picked": True, "customs_value": None, "details": {}}
        for request, set_id, top_id, child, quantity in children])
    for (request, _, _, child, quantity), child_id in zip(children, child_ids):
        request.lines.append(_PickedLine(child_id, child.id, quantity))


def _plan(request, free, warehouses):
    fields = request.checked.fields
    demand = {}
    for line in request.lines:
        demand[line.item_id] = demand.get(line.item_id, 0) + line.units
    address = request.address["updated_address"]
    warehouse = allocation.choose_warehouse(fields["warehouse_id"], request.checked.country, address,
                                            demand, free, warehouses)
    fill_type = "complete" if fields["ship_together"] else fields["fill_type"]
    customs_missing = allocation.needs_customs(request.checked.country) and any(
        item["customs_value"] is None for request_set in fields["sets"] for item in request_set["items"])
    ltl = allocation.is_ltl(request.checked.profile, fields["ship_method"])
    for plan in allocation.plan_shipments(request.lines, warehouse, free, fill_type):
        status = plan.status
        if status == VALIDATING and not allocation.missing_checks(
                plan.bound, request.address["is_valid"], request.address["validation_error"], ltl, customs_missing,
                requires_approval=ltl or request.fraud,
                # A new shipment has no label yet: the client gives a Custom carrier's on the shipment's page.
                label_missing=allocation.is_custom(request.checked.profile)):
            status = READY_TO_PROCESS
        request.shipments.append(_NewShipment(warehouse, status, plan.bound, plan.parts))


def _insert_shipments(client_id, placed):
    shipments = [(request, shipment) for request in placed for shipment in request.shipments]
    now = utcnow()
    ids = inserted_ids(Shipment.__table__, [
        {"client_id": client_id, "request_id": request.id, "warehouse_id": shipment.warehouse_id,
         "status": shipment.status, "inventory_allocated": shipment.inventory_allocated,
         "ship_profile_id": request.checked.fields["ship_profile_id"], "ship_method": request.checked.fields["ship_method"],
         "created_at": now, "updated_at": now}
        for request, shipment in shipments])
    for (_, shipment), shipment_id in zip(shipments, ids):
        shipment.id = shipment_id
    lines = [{"shipment_id": shipment.id, "set_item_id": line.set_item_id, "item_type_id": line.item_id,
              "quantity_desired": units, "quantity_allocated": units if shipment.inventory_allocated else 0}
             for _, shipment in shipments for line, units in shipment.parts]
    insert_rows(ShipmentLine.__table__, lines)


def _bind_units(client_id, actor, placed):
    """Move the units of the allocated shipments from unbound to bound through the ledger, a move per line."""
    apply_moves(client_id, [
        Move(line.item_id, shipment.warehouse_id, unbound=-units, bound=units, reason=stock.ALLOCATION,
             reference=stock.reference_of(shipment))
        for request in placed for shipment in request.shipments
        if shipment.inventory_allocated and shipment.status != CANCELED
        for line, units in shipment.parts], actor)


def _join_groups(client_id, actor, placed):
    """Put the live shipments of LTL requests into their shipment groups, all of them at once."""
    grouping.join_groups(client_id, actor=actor, joining=[
        grouping.Joining(shipment.id, request.id, shipment.warehouse_id, request.checked.fields["desired_ship_date"],
                         _stored_address(request.checked, request.address), request.address["is_valid"],
                         request.address["validation_error"], request.checked.fields["ship_profile_id"],
                         request.checked.fields["ship_method"])
        for request in placed if allocation.is_ltl(request.checked.profile, request.checked.fields["ship_method"])
        for shipment in request.shipments if shipment.status != CANCELED])
