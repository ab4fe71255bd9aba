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
from api.freight.lifecycle import UPDATE_LTL
from api.freight.owned import require_ltl
from api.freight.schemas import GroupHistory, ShipmentGroupOut
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

BOL_REFUSALS = "403: update:ltl missing (not_authorized); 409: the group is shipped or cancelled (invalid_status)"


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
    @blp.alt_response(409, description=BOL_REFUSALS)
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
    @blp.alt_response(409, description=BOL_REFUSALS)
    def post(self, group_id):
        """Generate the group's straight bill of lading (shipper, consignee, bill-to, a line per shipment, the BOL
        number as a Code 128 barcode, signature blocks), replacing the one it has; the group is then checked
        again."""
        group = bol.generate_bol(acting_client_id(), g.identity, group_id)
        return service.present(group, g.identity)
