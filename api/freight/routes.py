"""LTL freight: shipment groups, the shipments travelling together as one load, their approval, address,
carrier method, bill of lading and the warehouse's events."""
from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import REPORT_SHIPMENT_EVENTS, requires
from api.common.idempotency import idempotent
from api.common.pagination import PageArgs
from api.common.prepared_dump import json_answer, prepared_dumper
from api.common.tenancy import acting_client_id
from api.freight import service
from api.freight import comments, events, listing
from api.freight.lifecycle import APPROVE_LTL, UPDATE_LTL
from api.freight.owned import require_ltl
from api.freight.schemas import (
    GroupAddressChange, GroupHistory, GroupShipMethod, ShipmentGroupOut, ShipmentMove, ShipmentRemoval,
)
from api.orders.schemas import AddressChangeArgs, ShipToAddress
from api.freight.schemas import GroupEventIn, GroupListArgs, ShipmentGroupList
from api.shipments.schemas import Comment, CommentList, CommentWrite
from api.common.downloads import attachment
from api.freight import bol
from api.freight.schemas import BolUpload
from api.imports.schemas import upload

blp = Blueprint("freight", __name__, url_prefix="/api/v4/shipment_groups",
                description="LTL shipment groups: shipments travelling together as one freight load")


@blp.before_request
def _ltl_clients_only():
    """Every LTL call of a client below version 2 is refused with the reason (403 ltl_not_available)."""
    if g.get("client_id") is not None:
        require_ltl(g.client_id)


# A group and its history (freight-core)

@blp.route("/<int:group_id>")
class ShipmentGroupOne(MethodView):
    @requires()
    @blp.response(200, ShipmentGroupOut)
    def get(self, group_id):
        """A shipment group with its checklist, shipments and the actions the caller may take now."""
        return service.get_group(acting_client_id(), g.identity, group_id)


@blp.route("/<int:group_id>/history")
class ShipmentGroupHistoryView(MethodView):
    @requires()
    @blp.response(200, GroupHistory)
    def get(self, group_id):
        """The moves of a group's status, oldest first: from, to, why, who and when."""
        return service.group_history(acting_client_id(), group_id)


# Changing a group: approval, cancel, carrier method, address, its shipments moved or removed (freight-core)

@blp.route("/<int:group_id>/approve")
class ShipmentGroupApprove(MethodView):
    @requires(APPROVE_LTL, logs=("shipment_group", "group_id"))
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(409, description="Not validating, approved already or not needing approval (invalid_status)")
    def put(self, group_id):
        """Approve a group for the warehouse: its requests no longer wait for approval (reason ltl); the group and
        its shipments go on to ready_to_process once every check of its checklist holds."""
        return service.approve_group(acting_client_id(), g.identity, group_id)


@blp.route("/<int:group_id>/cancel")
class ShipmentGroupCancel(MethodView):
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(409, description="Not validating or ready_to_process (invalid_status), or a shipment of it "
                                       "begun by the warehouse (shipment_not_cancelable)")
    def put(self, group_id):
        """Cancel a group and all its shipments, in validating or ready_to_process: their allocated units go back to
        free stock."""
        return service.cancel_group(acting_client_id(), g.identity, group_id)


@blp.route("/<int:group_id>/ship_method")
class ShipmentGroupShipMethod(MethodView):
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.arguments(GroupShipMethod)
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(403, description="Not an admin (forbidden)")
    @blp.alt_response(409, description="Not validating or ready_to_process (invalid_status)")
    @blp.alt_response(422, description="Not the client's profile, not a method of its carrier, or not an LTL "
                                       "profile (carrier_not_allowed)")
    def put(self, fields, group_id):
        """Change the LTL ship profile and method of a group and all its shipments (admins only)."""
        return service.change_ship_method(acting_client_id(), g.identity, group_id, fields)


@blp.route("/<int:group_id>/to_address")
class ShipmentGroupAddress(MethodView):
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.arguments(AddressChangeArgs, location="query")
    @blp.arguments(ShipToAddress)
    @blp.response(200, GroupAddressChange)
    @blp.alt_response(409, description="Not validating or ready_to_process (invalid_status); another open group "
                                       "travels to that address (invalid_group)")
    def post(self, args, address, group_id):
        """Change the ship-to address of a group and its shipments' requests.

        A valid address is stored normalised; an invalid one only with `skip_validation=true`, else nothing changes
        and the result has the error and the candidates."""
        return service.change_address(acting_client_id(), g.identity, group_id, address, args["skip_validation"])


@blp.route("/<int:group_id>/shipments")
class ShipmentGroupShipments(MethodView):
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.arguments(ShipmentMove)
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(409, description="The shipment's group is approved or past validating (invalid_status); this "
                                       "group is approved, past validating, ships from another warehouse or holds "
                                       "the shipment already, or the shipment is in no group (invalid_group)")
    def post(self, fields, group_id):
        """Move a shipment into this group from another group of the client (both in validating, not approved,
        from the same warehouse); a source group left empty is cancelled. Answers this group."""
        return service.move_shipment(acting_client_id(), g.identity, group_id, fields["shipmentId"])


@blp.route("/<int:group_id>/shipments/<int:shipment_id>/remove")
class ShipmentGroupShipmentRemoval(MethodView):
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.arguments(ShipmentRemoval)
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(409, description="The group is approved or past validating (invalid_status)")
    @blp.alt_response(422, description="An LTL or Custom profile (carrier_not_allowed), a method its carrier does "
                                       "not offer, third_party billing without account and postal code")
    def post(self, fields, group_id, shipment_id):
        """Take a shipment out of a group not yet approved to ship it by parcel (neither LTL nor Custom), billed as
        given (sender by default); it is checked again as a parcel. A group left empty is cancelled."""
        return service.remove_shipment(acting_client_id(), g.identity, group_id, shipment_id, fields)


# The list, comments and the warehouse's events (list-bench)

# A page of the list is dumped without marshmallow's per-value work (api.common.prepared_dump).
GROUP_PAGE = prepared_dumper(ShipmentGroupList())
# A repeated event is answered as the first time, with this header saying so.
REPLAYED = {"Idempotent-Replayed": "true"}


@blp.route("")
class ShipmentGroups(MethodView):
    @requires()
    @blp.arguments(GroupListArgs, location="query")
    @blp.response(200, ShipmentGroupList)
    def get(self, args):
        """List shipment groups, newest first, filtered by status, needing approval or warehouse (at most 500 a page)."""
        groups, cursor = listing.list_groups(acting_client_id(), g.identity, args)
        return json_answer(GROUP_PAGE({"shipment_groups": groups, "cursor": cursor}))


@blp.route("/<int:group_id>/comments")
class ShipmentGroupComments(MethodView):
    @requires(logs=("shipment_group", "group_id"))
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, CommentList)
    def get(self, args, group_id):
        """A shipment group's comments, newest first, with who wrote each and when."""
        found, cursor = comments.list_comments(acting_client_id(), group_id, args["limit"], args["cursor"])
        return {"comments": found, "cursor": cursor}

    @idempotent
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.arguments(CommentWrite)
    @blp.response(201, Comment)
    def post(self, fields, group_id):
        """Comment on a shipment group, in any status."""
        return comments.add_comment(acting_client_id(), g.identity, group_id, fields["body"].strip())


@blp.route("/<int:group_id>/events")
class ShipmentGroupEvents(MethodView):
    @requires(REPORT_SHIPMENT_EVENTS, logs=("shipment_group", "group_id"))
    @blp.arguments(GroupEventIn)
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(409, description="A move the group's or a shipment's lifecycle does not allow "
                                       "(invalid_transition), an event older than the group's or a shipment's latest "
                                       "(event_out_of_order), shipping a shipment without allocated stock "
                                       "(not_allocated)")
    @blp.alt_response(422, description="A field missing or wrong (validation_error); the event ID used before for "
                                       "another group or status (event_id_reused)")
    def post(self, event, group_id):
        """Report what the warehouse did with a group's freight (provider staff, or the warehouse's system with a
        staff token): processing, or shipped under one master tracking id (each shipment's tracking number; their
        bound units leave stock). Each live shipment gets the event as its own, the group and they move together or
        not at all. An event sent again changes nothing and is answered as the first time, with
        `Idempotent-Replayed: true`."""
        answer, replayed = events.report_group_event(acting_client_id(), g.identity, group_id, event)
        # The answer was dumped when the event was applied, and is kept so to answer its repeats.
        return (json_answer(answer), 200, REPLAYED) if replayed else json_answer(answer)


# The bill of lading (bol)

SHIPPED_OR_CANCELLED = "The group is shipped or cancelled (invalid_status)"
NO_UPDATE_LTL = "The caller lacks update:ltl (not_authorized)"


@blp.route("/<int:group_id>/bol")
class ShipmentGroupBol(MethodView):
    @requires(logs=("shipment_group", "group_id"))
    @blp.response(200, description="The bill of lading, application/pdf, its name in Content-Disposition",
                  content_type="application/pdf")
    @blp.alt_response(404, description="Another client's group, or no bill of lading yet (not_found)")
    def get(self, group_id):
        """Download the group's bill of lading."""
        stored = bol.bol_file(acting_client_id(), group_id)
        return attachment(stored.content, stored.name, "application/pdf")

    @idempotent
    @upload
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.arguments(BolUpload)
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(403, description=NO_UPDATE_LTL)
    @blp.alt_response(409, description=SHIPPED_OR_CANCELLED)
    @blp.alt_response(413, description="Larger than BOL_MAX_BYTES decoded (file_too_large)")
    @blp.alt_response(422, description="No file (validation_error 'Please select a file'), a name not ending in .pdf "
                                       "(validation_error), not base64 or not a PDF by its content (invalid_file)")
    def post(self, upload_fields, group_id):
        """Upload the group's bill of lading (a PDF, checked by content), replacing the one it has, uploaded or
        generated, while it is validating, ready to process or processing; the group is then checked again."""
        group = bol.upload_bol(acting_client_id(), g.identity, group_id, upload_fields)
        return service.present(group, g.identity)


@blp.route("/<int:group_id>/bol/generate")
class ShipmentGroupBolGenerate(MethodView):
    @idempotent
    @requires(UPDATE_LTL, logs=("shipment_group", "group_id"))
    @blp.response(200, ShipmentGroupOut)
    @blp.alt_response(403, description=NO_UPDATE_LTL)
    @blp.alt_response(409, description=SHIPPED_OR_CANCELLED)
    def post(self, group_id):
        """Generate the group's straight bill of lading (shipper, consignee, bill-to, a line per shipment, the BOL
        number as a Code 128 barcode, signature blocks), replacing the one it has; the group is then checked
        again."""
        group = bol.generate_bol(acting_client_id(), g.identity, group_id)
        return service.present(group, g.identity)
