"""Shipments: the parcels a fulfilment request becomes, what a client inspects and changes while the
warehouse has not begun, the files and EDI details that travel with them, and what the warehouse reports."""
from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import REPORT_SHIPMENT_EVENTS, requires
from api.common.downloads import attachment
from api.common.idempotency import idempotent
from api.common.pagination import PageArgs
from api.common.prepared_dump import json_answer, prepared_dumper
from api.common.tenancy import acting_client_id
from api.imports.schemas import upload
from api.orders import service
from api.orders.lifecycle import CANCEL_GRANT, UPDATE_SHIPMENTS
from api.orders.schemas import AddressChangeArgs, ShipmentOut, ShipToAddress
from api.shipments import comments, details, documents, edits, events, listing
from api.shipments.schemas import (
    Comment, CommentList, CommentWrite, DocumentList, DocumentUpload, EdiDetails, EdiDetailsWrite, LabelUpload,
    ShipmentAddressChange, ShipmentDetail, ShipmentDocument, ShipmentEventAnswer, ShipmentEventBatch,
    ShipmentEventBatchAnswer, ShipmentEventIn, ShipmentHistory, ShipmentItemUpdate, ShipmentList, ShipmentListArgs,
    ShipmentUpdate,
)
from api.shipments.service import get_shipment, shipment_history

blp = Blueprint("shipments", __name__, url_prefix="/api/v4/shipments",
                description="Shipments: the parcels a fulfilment request becomes")


@blp.route("/<int:shipment_id>/cancel")
class ShipmentCancel(MethodView):
    @requires(CANCEL_GRANT, logs=("shipment", "shipment_id"))
    @blp.response(200, ShipmentOut)
    def post(self, shipment_id):
        """Cancel a shipment in validating or ready_to_process (409 `shipment_not_cancelable` after):
        its allocated units go back to free stock and waiting shipments take them, oldest request
        first. Cancelling a cancelled shipment answers it unchanged."""
        return service.cancel_shipment(acting_client_id(), g.identity, shipment_id)

    @requires(CANCEL_GRANT, logs=("shipment", "shipment_id"))
    @blp.response(200, ShipmentOut)
    def put(self, shipment_id):
        """Cancel a shipment: the same as POST."""
        return service.cancel_shipment(acting_client_id(), g.identity, shipment_id)


# Reading shipments: the list, a shipment, its history

# A page of the list is dumped without marshmallow's per-value work (api.common.prepared_dump).
SHIPMENT_PAGE = prepared_dumper(ShipmentList())


@blp.route("")
class Shipments(MethodView):
    @requires()
    @blp.arguments(ShipmentListArgs, location="query")
    @blp.response(200, ShipmentList)
    def get(self, args):
        """List shipments, newest first, filtered by status, order, request, group, warehouse or shipped dates."""
        shipments, cursor = listing.list_shipments(acting_client_id(), g.identity, args)
        return json_answer(SHIPMENT_PAGE({"shipments": shipments, "cursor": cursor}))


@blp.route("/<int:shipment_id>")
class ShipmentOne(MethodView):
    @requires()
    @blp.response(200, ShipmentDetail)
    def get(self, shipment_id):
        """A shipment with its sets, documents, checklist and the actions the caller may take now."""
        return get_shipment(acting_client_id(), g.identity, shipment_id)


@blp.route("/<int:shipment_id>/history")
class ShipmentHistoryView(MethodView):
    @requires()
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, ShipmentHistory)
    def get(self, args, shipment_id):
        """The moves of a shipment's status, newest first: from, to, why, who and when."""
        return shipment_history(acting_client_id(), shipment_id, args["limit"], args["cursor"])


# Changing a shipment: its method, an item's quantity, its address

@blp.route("/<int:shipment_id>")
class ShipmentChange(MethodView):
    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(ShipmentUpdate)
    @blp.response(200, ShipmentDetail)
    @blp.alt_response(409, description="The status does not allow it (invalid_status), or the shipment travels in a "
                                       "shipment group (in_shipment_group)")
    @blp.alt_response(403, description="pending_ship_label: only admins change the method (forbidden); a carrier its "
                                       "profile rules out for a client user (carrier_not_allowed)")
    def put(self, fields, shipment_id):
        """Change a shipment's ship profile and ship method.

        The one field of spec part 2's edit table that is the shipment's own: changed in validating,
        ready_to_process and processing, and by admins in pending_ship_label. Item quantities, the address, sets,
        documents and the custom label change through their own calls."""
        return edits.change_method(acting_client_id(), g.identity, shipment_id, fields)


@blp.route("/<int:shipment_id>/sets/<int:set_id>/items/<int:item_id>")
class ShipmentItemChange(MethodView):
    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(ShipmentItemUpdate)
    @blp.response(200, ShipmentDetail)
    @blp.alt_response(409, description="Not validating or ready_to_process (invalid_status)")
    def put(self, fields, shipment_id, set_id, item_id):
        """Set how many units of a set item the shipment sends.

        From 0 up to what the request asked for less what its other shipments send, while validating or
        ready_to_process. Lowered units go back to free stock at once; 0 takes the item out of the shipment, and
        cancels it when it was the only one; raising an allocated shipment binds free units at its warehouse."""
        return edits.change_quantity(acting_client_id(), g.identity, shipment_id, set_id, item_id,
                                     fields["quantity_desired"])


@blp.route("/<int:shipment_id>/to_address")
class ShipmentAddressView(MethodView):
    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(AddressChangeArgs, location="query")
    @blp.arguments(ShipToAddress)
    @blp.response(200, ShipmentAddressChange)
    @blp.alt_response(409, description="A live shipment of its request is past processing, or pending_ship_label "
                                       "(invalid_status); the shipment travels in a group (in_shipment_group)")
    def put(self, args, address, shipment_id):
        """Change a shipment's ship-to address, which is its request's and so every shipment's of it.

        A valid address is stored normalised; an invalid one only with `skip_validation=true`, else nothing
        changes and the answer has the error and the candidates. Every live shipment of the request must allow
        it; in pending_ship_label only an admin client account manager may change it."""
        return edits.change_address(acting_client_id(), g.identity, shipment_id, address, args["skip_validation"])


# Files, retail EDI details and comments

def _download(stored):
    return attachment(stored.content, stored.name, stored.content_type)


FILE_REFUSALS = ("409: the status does not allow it (invalid_status); 422: the content is not of its format, or not "
                 "base64 (invalid_file); 413: larger than SHIPMENT_FILE_MAX_BYTES decoded (file_too_large)")


@blp.route("/<int:shipment_id>/documents")
class ShipmentDocuments(MethodView):
    @requires(logs=("shipment", "shipment_id"))
    @blp.response(200, DocumentList)
    def get(self, shipment_id):
        """A shipment's shipping documents (id, name, copies, format), oldest first, all at once."""
        return {"documents": documents.list_documents(acting_client_id(), shipment_id)}

    @idempotent
    @upload
    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(DocumentUpload)
    @blp.response(201, ShipmentDocument)
    def post(self, upload_fields, shipment_id):
        """Add a shipping document (PNG or PDF, checked by content) with the copies to print, while the shipment
        is validating, ready_to_process or processing."""
        return documents.add_document(acting_client_id(), g.identity, shipment_id, upload_fields)


@blp.route("/<int:shipment_id>/documents/<int:document_id>")
class ShipmentDocumentFile(MethodView):
    @requires(logs=("shipment", "shipment_id"))
    @blp.response(200, description="The document, with its content type (image/png or application/pdf) and its "
                                   "name in Content-Disposition", content_type="application/octet-stream")
    def get(self, shipment_id, document_id):
        """Download a shipping document."""
        return _download(documents.document_file(acting_client_id(), shipment_id, document_id))

    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.response(204)
    def delete(self, shipment_id, document_id):
        """Delete a shipping document while the shipment is validating, ready_to_process or processing."""
        documents.delete_document(acting_client_id(), g.identity, shipment_id, document_id)


@blp.route("/<int:shipment_id>/custom_label")
class ShipmentCustomLabel(MethodView):
    @requires(logs=("shipment", "shipment_id"))
    @blp.response(200, description="The label, with its content type (image/png, or text/plain for ZPL) and its "
                                   "name in Content-Disposition", content_type="application/octet-stream")
    def get(self, shipment_id):
        """Download the shipment's custom label."""
        return _download(documents.custom_label_file(acting_client_id(), shipment_id))

    @idempotent
    @upload
    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(LabelUpload)
    @blp.response(201, ShipmentDocument)
    def post(self, upload_fields, shipment_id):
        """Give the shipment its custom label (PNG or ZPL, checked by content), replacing the one it had, until it
        is pending its ship label; the checklist wants one when the ship method is Custom."""
        return documents.replace_custom_label(acting_client_id(), g.identity, shipment_id, upload_fields)

    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.response(204)
    def delete(self, shipment_id):
        """Delete the shipment's custom label until it is pending its ship label."""
        documents.delete_custom_label(acting_client_id(), g.identity, shipment_id)


@blp.route("/<int:shipment_id>/details")
class ShipmentEdiDetails(MethodView):
    @requires(logs=("shipment", "shipment_id"))
    @blp.response(200, EdiDetails)
    def get(self, shipment_id):
        """The shipment's retail EDI details: its own once saved, else its request's (404 when neither has any)."""
        return details.get_details(acting_client_id(), shipment_id)

    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(EdiDetailsWrite)
    @blp.response(200, EdiDetails)
    def put(self, fields, shipment_id):
        """Replace the shipment's retail EDI details (retailer, cancel date and PO number required; a field left out
        is cleared) while it is validating, ready_to_process or processing."""
        return details.save_details(acting_client_id(), g.identity, shipment_id, fields)


@blp.route("/<int:shipment_id>/comments")
class ShipmentComments(MethodView):
    @requires(logs=("shipment", "shipment_id"))
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, CommentList)
    def get(self, args, shipment_id):
        """A shipment's comments, newest first, with who wrote each and when."""
        found, cursor = comments.list_comments(acting_client_id(), shipment_id, args["limit"], args["cursor"])
        return {"comments": found, "cursor": cursor}

    @idempotent
    @requires(UPDATE_SHIPMENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(CommentWrite)
    @blp.response(201, Comment)
    def post(self, fields, shipment_id):
        """Comment on a shipment, in any status."""
        return comments.add_comment(acting_client_id(), g.identity, shipment_id, fields["body"].strip())


# The warehouse's events: one for a shipment, or a batch

# A repeated event is answered as the first time, with this header saying so.
REPLAYED = {"Idempotent-Replayed": "true"}

events_blp = Blueprint("shipment_events", __name__, url_prefix="/api/v4/shipment_events",
                       description="What the warehouse reports about shipments, in batches")


@blp.route("/<int:shipment_id>/events")
class ShipmentEvents(MethodView):
    @requires(REPORT_SHIPMENT_EVENTS, logs=("shipment", "shipment_id"))
    @blp.arguments(ShipmentEventIn)
    @blp.response(200, ShipmentEventAnswer)
    @blp.alt_response(409, description="A move the lifecycle does not allow (invalid_transition, naming both "
                                       "statuses), an event older than the shipment's latest (event_out_of_order), "
                                       "shipping a shipment without allocated stock (not_allocated)")
    @blp.alt_response(422, description="A field missing or wrong (validation_error); the event ID used before for "
                                       "another shipment or status (event_id_reused)")
    def post(self, event, shipment_id):
        """Report what the warehouse did with a shipment (provider staff, or the warehouse's system with a staff
        token): processing, pending_ship_label, shipped (tracking, carrier, weight; its bound units leave stock),
        delivered, or exception (the warning state, with a reason). Each moves the shipment through its lifecycle.
        An event sent again changes nothing and is answered as the first time, with `Idempotent-Replayed: true`."""
        answer, replayed = events.report_event(acting_client_id(), g.identity.username, shipment_id, event)
        return (answer, 200, REPLAYED) if replayed else answer


@events_blp.route("")
class ShipmentEventBatchView(MethodView):
    @requires(REPORT_SHIPMENT_EVENTS)
    @events_blp.arguments(ShipmentEventBatch)
    @events_blp.response(200, ShipmentEventBatchAnswer)
    def post(self, batch):
        """Report up to 1,000 events of the acting client's shipments at once, applied in their order. Each event
        is applied whole or not at all and answered on its own: applied, duplicate (its ID was seen: nothing
        changes), or refused with the error the single event call would have answered; a refused event does not
        hold back the others. A batch that is not valid as a whole (a field missing, over 1,000 events) is 422,
        nothing applied."""
        return {"events": events.report_events(acting_client_id(), g.identity.username, batch["events"])}

