from flask import g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.audit.schemas import BreadcrumbList
from api.common.auth import RECEIVE_INBOUND, requires
from api.common.idempotency import HEADER, idempotent
from api.common.pagination import PageArgs
from api.common.prepared_dump import json_answer, prepared_dumper
from api.common.tenancy import acting_client_id
from api.common.downloads import attachment
from api.imports.schemas import JSON_ROWS, ImportArgs, import_answer, upload, upload_answers
from api.jobs.schemas import Job
from api.orders import listing, service
from api.orders.bulk import COLUMN_DESCRIPTIONS, REQUIRED_COLUMNS, submit_bulk_requests
from api.orders.return_labels import create_return_label, receive_return
from api.orders.schemas import (
    AddressChange, AddressChangeArgs, BulkColumnList, RequestFilters, RequestList, RequestListArgs, RequestOut,
    RequestUpdate, ReceivedReturn, RequestWrite, ReturnLabelWrite, SetUpdate, ShipToAddress,
)

CREATE = "create:fulfillment_requests"
# A page of the list is dumped without marshmallow's per-value work (api.common.prepared_dump).
LIST_PAGE = prepared_dumper(RequestList())

blp = Blueprint("orders", __name__, url_prefix="/api/v4/fulfillment_requests",
                description="Fulfilment requests: the client's orders and the shipments they become")
return_labels_blp = Blueprint("return_labels", __name__, url_prefix="/api/v2/request",
                              description="Return labels for fulfilment requests")
received_returns_blp = Blueprint("received_returns", __name__, url_prefix="/api/v4/return_labels",
                                 description="Returned parcels matched at the warehouse by their label's tracking number")


@blp.route("")
class FulfillmentRequests(MethodView):
    @requires()
    @blp.arguments(RequestListArgs, location="query")
    @blp.response(200, RequestList)
    def get(self, args):
        """List fulfilment requests, newest first, with the list page's filters."""
        requests, cursor = listing.list_requests(acting_client_id(), args)
        return json_answer(LIST_PAGE({"fulfillment_requests": requests, "cursor": cursor}))

    @idempotent
    @requires(CREATE, logs=("fulfillment_request", "id"))
    @blp.arguments(RequestWrite)
    @blp.response(201, RequestOut)
    def post(self, fields):
        """Create a fulfilment request; it is placed at once (shipments, stock allocated by its fill type)."""
        return service.create_request(acting_client_id(), g.identity, fields)


@blp.route("/export")
class FulfillmentRequestsExport(MethodView):
    @requires(logs=("job", "id"))
    @blp.arguments(RequestFilters, location="query")
    @blp.response(202, Job, description="The list is longer than 10,000 requests: a job mails it as a CSV file")
    @blp.alt_response(200, description="The CSV file of the list", content_type="text/csv")
    def post(self, filters):
        """The list with the list page's filters as a CSV file: the file itself up to 10,000 requests,
        else a job that mails it to the caller. Cells a spreadsheet would run as a formula start with '."""
        file, job = listing.export_requests(g.identity, acting_client_id(), filters)
        return job if job else attachment(file[1], file[0], "text/csv")


BULK_REQUESTS_BODY = {
    "required": True, "content": {**JSON_ROWS, "text/csv": {"schema": {"type": "string"}}},
    "description": "The CSV file itself (text/csv, UTF-8 unless a charset is given; read as it arrives, up to "
                   "CSV_UPLOAD_MAX_BYTES, as the Bulk Import page sends it), or its rows as objects keyed by column "
                   "header (up to UPLOAD_MAX_BYTES). Column names exactly as below; an empty cell is null. In a CSV "
                   "file blank rows are left out and not counted as lines; a row with too few or too many cells is a "
                   "row error; broken quoting or bytes that are not text answer 400 invalid_csv. One row per item "
                   "line, the rows of a request next to each other:\n\n"
                   + "\n".join(f"- `{column}`: {text}" for column, text in COLUMN_DESCRIPTIONS.items()),
}


@blp.route("/bulk/columns")
class BulkColumns(MethodView):
    @requires(client_scoped=False)
    @blp.response(200, BulkColumnList)
    def get(self):
        """The columns of a bulk fulfilment request file, in order, with what each takes."""
        return {"columns": [{"name": name, "description": text, "required": name in REQUIRED_COLUMNS}
                            for name, text in COLUMN_DESCRIPTIONS.items()]}


@blp.route("/bulk")
class BulkRequests(MethodView):
    @idempotent
    @upload
    @requires(CREATE, logs=("job", "id"))
    @blp.arguments(ImportArgs, location="query")
    @blp.doc(requestBody=BULK_REQUESTS_BODY)
    @upload_answers(blp)
    def post(self, args):
        """Create fulfilment requests from a CSV file (text/csv) or its rows (JSON), as a job that places them."""
        return import_answer(submit_bulk_requests(g.identity, acting_client_id(), args))


@blp.route("/<int:request_id>")
class FulfillmentRequestById(MethodView):
    @requires(logs=("fulfillment_request", "request_id"))
    @blp.response(200, RequestOut)
    def get(self, request_id):
        """Get a fulfilment request with its sets, items and shipments."""
        return service.get_request(acting_client_id(), g.identity, request_id)

    @requires(CREATE, logs=("fulfillment_request", "request_id"))
    @blp.arguments(RequestUpdate)
    @blp.response(200, RequestOut)
    def put(self, fields, request_id):
        """Change the fill type, desired ship date or references of a request."""
        return service.update_request(acting_client_id(), g.identity, request_id, fields)


@blp.route("/<int:request_id>/sets/<int:set_id>")
class RequestSetById(MethodView):
    @requires(CREATE, logs=("fulfillment_request", "request_id"))
    @blp.arguments(SetUpdate)
    @blp.response(200, RequestOut)
    @blp.alt_response(409, description="A shipment is past processing (set_not_editable), or, for a quantity, past "
                                       "ready_to_process (quantity_not_editable)")
    def put(self, fields, request_id, set_id):
        """Change a set's type, gift note and items (each by its id: customs value and details while no shipment
        of the request is past processing; quantity, lowered only, while every one is validating or
        ready_to_process). Freed units go back to free stock; the shipments go on once nothing holds them."""
        return service.update_set(acting_client_id(), g.identity, request_id, set_id, fields)


@blp.route("/<int:request_id>/to_address")
class RequestAddress(MethodView):
    @requires(CREATE, logs=("fulfillment_request", "request_id"))
    @blp.arguments(AddressChangeArgs, location="query")
    @blp.arguments(ShipToAddress)
    @blp.response(200, AddressChange)
    @blp.alt_response(409, description="A shipment of the request is past processing (address_not_editable)")
    def put(self, args, address, request_id):
        """Fix a request's ship-to address. A valid address is stored normalised; an invalid one is stored
        only with `skip_validation=true`, else nothing changes and the answer has the error and candidates."""
        return service.change_address(acting_client_id(), g.identity, request_id, address, args["skip_validation"])


@blp.route("/<int:request_id>/cancel")
class CancelRequest(MethodView):
    @requires(CREATE, logs=("fulfillment_request", "request_id"))
    @blp.response(200, RequestOut)
    @blp.alt_response(409, description="A shipment of the request is past ready_to_process (shipment_not_cancelable); "
                                       "nothing is cancelled")
    def put(self, request_id):
        """Cancel a request whole: every shipment of it, all or none (409 `shipment_not_cancelable` naming the
        first the warehouse has begun); the allocated units go back to free stock, where waiting shipments take
        them. Cancelling a cancelled request answers it unchanged."""
        return service.cancel_request(acting_client_id(), g.identity, request_id)


@blp.route("/<int:request_id>/history")
class RequestHistoryView(MethodView):
    @requires()
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, BreadcrumbList)
    def get(self, args, request_id):
        """A request's history as its client reads it (its breadcrumbs): each event in words, with who and when,
        newest first."""
        entries, cursor = service.request_history(acting_client_id(), request_id, args["limit"], args["cursor"])
        return {"breadcrumbs": entries, "cursor": cursor}


@blp.route("/<int:request_id>/approve")
class ApproveRequest(MethodView):
    @requires(CREATE, logs=("fulfillment_request", "request_id"))
    @blp.response(200, RequestOut)
    def put(self, request_id):
        """Approve a request that needs approval (LTL, fraud risk)."""
        return service.approve_request(acting_client_id(), g.identity, request_id)


@return_labels_blp.route("/get_return_label")
class ReturnLabels(MethodView):
    @requires(CREATE, logs=("fulfillment_request", "fr_id"))
    @return_labels_blp.arguments(ReturnLabelWrite)
    @return_labels_blp.response(200, description="A 4×6 inch PDF label", content_type="application/pdf")
    def post(self, fields):
        """Make a return label for a request (not LTL or Custom) with a live shipment (409 `nothing_to_return`
        otherwise): the parcel goes back to the warehouse it ships from. The return is recorded on the request
        with the label's tracking number. A call repeated with its `Idempotency-Key` answers the same label."""
        file_name, pdf = create_return_label(acting_client_id(), g.identity, fields, request.headers.get(HEADER))
        return attachment(pdf, file_name, "application/pdf")


@received_returns_blp.route("/<tracking_number>/receive")
class ReturnReceipt(MethodView):
    @requires(RECEIVE_INBOUND)
    @received_returns_blp.response(200, ReceivedReturn)
    def post(self, tracking_number):
        """Mark a returned parcel arrived (provider staff, acting for its client): its return label, found
        by tracking number, gets `received_at` and the request a breadcrumb. Scanning it again changes
        nothing. Stock is not touched: what the parcel holds is counted by the returns (RMA) process."""
        return receive_return(acting_client_id(), g.identity, tracking_number)
