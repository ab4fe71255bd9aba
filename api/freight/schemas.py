"""The freight feature's schemas. SHARED: each part of the feature keeps its schemas in its own block.
"""
from datetime import UTC

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.common.pagination import PageArgs
from api.addresses.schemas import AddressValidation
from api.common.schema_fields import optional_text, required_text
from api.orders.models import BILLING_TYPES, GROUP_STATUSES, PROCESSING, SHIPPED
from api.shipments.schemas import Check, ShipmentAddress, WarehouseEvent
from api.freight.lifecycle import ACTIONS
from api.freight.bol import BOL_LABELS, PDF as BOL_FORMAT

# The group, its history and the changes of its shipments (freight-core)

GROUP_CHECKS = ("address", "inventory", "customs", "bol")
SHIPMENT_ACTIONS = ("move", "remove")


class BillOfLadingOut(Schema):
    name = fields.String()
    external_id = fields.String(allow_none=True)
    format = fields.String()
    generated = fields.Boolean(metadata={"description": "Made by Generate BOL rather than uploaded"})
    bol_number = fields.String()
    size = fields.Integer(metadata={"description": "Bytes"})
    created_at = fields.DateTime()
    created_by_username = fields.String()


class GroupCheck(Check):
    check = fields.String(metadata={"enum": list(GROUP_CHECKS)})


class ShipmentGroupRow(Schema):
    id = fields.Integer()
    status = fields.String(metadata={"enum": list(GROUP_STATUSES)})
    approval_required = fields.Boolean()
    approved = fields.Boolean()
    approved_by_username = fields.String(allow_none=True)
    approved_at = fields.DateTime(allow_none=True)
    can_approve = fields.Boolean(metadata={
        "description": "The caller may approve it now: it needs approval, is validating and the caller has approve:ltl"})
    warehouse_id = fields.String()
    desired_ship_date = fields.Date()
    ship_profile_id = fields.Integer(allow_none=True)
    ship_method = fields.String(allow_none=True)
    carrier = fields.String(allow_none=True, metadata={"description": "The ship profile's carrier"})
    to_address = fields.Nested(ShipmentAddress)
    inventory_allocated = fields.Boolean(metadata={"description": "Every live shipment has its stock allocated"})
    shipment_ids = fields.List(fields.Integer(), metadata={"description": "Its shipments not cancelled, ascending"})
    shipments_count = fields.Integer()
    bol = fields.Nested(BillOfLadingOut, allow_none=True)
    master_tracking_id = fields.String(allow_none=True)
    shipped_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()
    allowed_actions = fields.List(fields.String(validate=validate.OneOf(list(ACTIONS))), metadata={
        "description": f"What the caller may do to it now, of: {', '.join(ACTIONS)}"})


class GroupShipment(Schema):
    id = fields.Integer()
    status = fields.String()
    fulfillment_request_id = fields.Integer(metadata={"description": "The request's id (for links)"})
    request_reference = fields.String(metadata={"description": "The client's reference of the request"})
    order_id = fields.String(allow_none=True)
    inventory_allocated = fields.Boolean()
    to_name = fields.String(allow_none=True)
    units = fields.Integer(metadata={"description": "Units it sends"})
    allowed_actions = fields.List(fields.String(validate=validate.OneOf(SHIPMENT_ACTIONS)), metadata={
        "description": "move: into another group; remove: out of freight, to a parcel carrier"})


class ShipmentGroupOut(ShipmentGroupRow):
    checklist = fields.List(fields.Nested(GroupCheck), metadata={
        "description": "address, inventory, customs (abroad and the territories), bol"})
    shipments = fields.List(fields.Nested(GroupShipment))


class GroupStatusChange(Schema):
    from_status = fields.String(allow_none=True)
    to_status = fields.String()
    reason = fields.String()
    actor = fields.String()
    created_at = fields.DateTime()


class GroupHistory(Schema):
    history = fields.List(fields.Nested(GroupStatusChange))


class ShipmentMove(Schema):
    shipmentId = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1), metadata={
        "description": "The shipment to move into this group, from another group of the client in validating"})


REMOVE_LABELS = {"ship_profile_id": "Ship Profile", "ship_method": "Ship Method", "billing_type": "Billing",
                 "billing_account": "Billing Account", "billing_postal_code": "Billing Postal Code"}


class GroupShipMethod(Schema):
    field_labels = REMOVE_LABELS
    ship_profile_id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1),
                                     metadata={"description": "One of the client's ship profiles"})
    ship_method = required_text(60)


class ShipmentRemoval(GroupShipMethod):
    ship_profile_id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2**31 - 1),
                                     metadata={"description": "One of the client's ship profiles, neither LTL nor "
                                                              "Custom (422 carrier_not_allowed)"})
    billing_type = fields.String(load_default="sender", validate=validate.OneOf(BILLING_TYPES))
    billing_account = optional_text(60, metadata={"description": "third_party: required"})
    billing_postal_code = optional_text(20, metadata={"description": "third_party: required"})

    @validates_schema
    def _third_party_names_its_account(self, data, **kwargs):
        if data.get("billing_type") == "third_party":
            missing = [name for name in ("billing_account", "billing_postal_code") if not data.get(name)]
            if missing:
                raise ValidationError({name: ["Required when billed to a third party."] for name in missing})


class GroupAddressChange(Schema):
    shipment_group = fields.Nested(ShipmentGroupOut)
    update_shipment_group_address_result = fields.Nested(AddressValidation)


# The list, comments and the warehouse's events of a group (list-bench)

class GroupListArgs(PageArgs):
    status = fields.String(load_default=None, validate=validate.OneOf(GROUP_STATUSES))
    needsApproval = fields.Boolean(load_default=None, metadata={
        "description": "true: the groups waiting for approval (validating, not approved); false: the others"})
    warehouse = optional_text(8, metadata={"description": "A warehouse code"})


class ShipmentGroupList(Schema):
    shipment_groups = fields.List(fields.Nested(ShipmentGroupRow), metadata={"description": "Newest first"})
    cursor = fields.String(allow_none=True)


GROUP_EVENT_STATUSES = (PROCESSING, SHIPPED)
# What an event of each status must carry beyond its id, status and time.
GROUP_EVENT_NEEDS = {SHIPPED: ("master_tracking_id", "carrier")}


class GroupEventIn(WarehouseEvent):
    needs = GROUP_EVENT_NEEDS
    event_id = fields.String(required=True, validate=validate.Length(min=1, max=89), metadata={
        "description": "The warehouse's own id of the event: sent again, it changes nothing and is answered as the "
                       "first time. Each shipment's event is recorded as {event_id}:{shipment id}"})
    status = fields.String(required=True, validate=validate.OneOf(GROUP_EVENT_STATUSES), metadata={
        "description": "processing: the freight is being loaded; shipped: it left under one master tracking id"})
    occurred_at = fields.AwareDateTime(required=True, default_timezone=UTC, metadata={
        "description": "When it happened (UTC when no offset is given); an event older than the group's or a "
                       "shipment's latest is refused"})
    master_tracking_id = optional_text(100, metadata={
        "description": "shipped: required, the freight's PRO number, each shipment's tracking number"})
    carrier = optional_text(50, metadata={"description": "shipped: required, the carrier that took the freight"})
    tracking_url = fields.Url(allow_none=True, load_default=None, schemes={"http", "https"},
                              validate=validate.Length(max=500), metadata={"description": "shipped"})


# The bill of lading (bol)

def _names_a_pdf(name):
    if not name.strip().lower().endswith(".pdf"):
        raise ValidationError("File Name must end in .pdf: a bill of lading is a PDF.")


class BolUpload(Schema):
    field_labels = BOL_LABELS  # how a validation error names a field (api.common.errors)
    content = fields.String(load_default=None, allow_none=True, metadata={
        "description": "The PDF, base64 (line breaks allowed). Missing or empty: 422 'Please select a file'. It must "
                       "be a PDF that opens with at least one page, whatever its name says (422 invalid_file 'The "
                       "file is not a PDF.'), at most BOL_MAX_BYTES decoded, 10 MB unless configured (413 "
                       "file_too_large)"})
    name = fields.String(required=True, validate=[validate.Length(min=1, max=250), _names_a_pdf], metadata={
        "description": "The file's name, ending in .pdf, for downloads (folders a browser puts before it dropped)"})
    format = fields.String(load_default=BOL_FORMAT, validate=validate.OneOf([BOL_FORMAT]), metadata={
        "description": "pdf, the only format a bill of lading is taken in"})
    external_id = optional_text(100, metadata={"description": "The client's own number of the bill of lading"})
