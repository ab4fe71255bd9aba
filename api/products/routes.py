from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import requires
from api.common.idempotency import idempotent
from api.common.tenancy import acting_client_id
from api.imports.schemas import BULK_BODY, JSON_ROWS, ImportArgs, import_answer, upload, upload_answers
from api.products import detail, search, service
from api.products.imports import CASE_PACKS_IMPORT, ITEMS_IMPORT, submit_bulk
from api.products.schemas import (
    CompositeCreate, CompositeUpdate, ItemCreate, ItemDetailArgs, ItemList, ItemListArgs, ItemType, ItemUpdate,
)

blp = Blueprint("products", __name__, url_prefix="/api/v4", description="The client's catalogue: items, case packs, bundles")


@blp.route("/items")
class Items(MethodView):
    @requires()
    @blp.arguments(ItemListArgs, location="query")
    @blp.response(200, ItemList)
    def get(self, args):
        """List the client's items by name, filtered by search term, composite type or shop variant."""
        items, cursor = search.list_items(acting_client_id(), args)
        return {"items": items, "cursor": cursor}

    @idempotent
    @requires("create:items", logs=("item_type", "upc"))
    @blp.arguments(ItemCreate)
    @blp.response(201, ItemType)
    def post(self, fields):
        """Create a simple item."""
        return service.create_item(g.identity, acting_client_id(), fields)


@blp.route("/items/<string:upc>")
class ItemByUpc(MethodView):
    @requires(logs=("item_type", "upc"))
    @blp.arguments(ItemDetailArgs, location="query")
    @blp.response(200, ItemType)
    def get(self, args, upc):
        """Get an item with its children, parents, stock per location and open ASNs."""
        return detail.get_item(acting_client_id(), upc, args)

    @requires("update:items", logs=("item_type", "upc"))
    @blp.arguments(ItemUpdate)
    @blp.response(200, ItemType)
    def put(self, fields, upc):
        """Update a simple item, or a bundle's or kit's name and category; the UPC is fixed, absent fields keep their values."""
        return service.update_item(g.identity, acting_client_id(), upc, fields)


@blp.route("/items/<string:upc>/convert_to_case_pack")
class ConvertToCasePack(MethodView):
    @requires("update:items", logs=("item_type", "upc"))
    @blp.arguments(CompositeUpdate)
    @blp.response(200, ItemType)
    def put(self, fields, upc):
        """Convert a simple item with no parents into a case pack of one child; SKU and name stay."""
        return service.convert_to_case_pack(g.identity, acting_client_id(), upc, fields)


@blp.route("/case_packs")
class CasePacks(MethodView):
    @idempotent
    @requires("create:items", logs=("item_type", "upc"))
    @blp.arguments(CompositeCreate)
    @blp.response(201, ItemType)
    def post(self, fields):
        """Create a case pack holding a quantity of one simple item."""
        return service.create_case_pack(g.identity, acting_client_id(), fields)


@blp.route("/case_packs/<string:case_pack_upc>")
class CasePackByUpc(MethodView):
    @requires("update:items", logs=("item_type", "case_pack_upc"))
    @blp.arguments(CompositeUpdate)
    @blp.response(200, ItemType)
    def put(self, fields, case_pack_upc):
        """Update a case pack and its child."""
        return service.update_case_pack(g.identity, acting_client_id(), case_pack_upc, fields)


@blp.route("/virtual_bundles")
class VirtualBundles(MethodView):
    @idempotent
    @requires("create:items", logs=("item_type", "upc"))
    @blp.arguments(CompositeCreate)
    @blp.response(201, ItemType)
    def post(self, fields):
        """Create a virtual bundle of existing items (a repeated child is ignored)."""
        return service.create_virtual_bundle(g.identity, acting_client_id(), fields)


ITEMS_BULK_BODY = {
    "required": True,
    "content": {**JSON_ROWS, "text/csv": {"schema": {"type": "string"}}},
    "description": (
        "The CSV file itself (text/csv, UTF-8 unless a charset is given; read as it arrives, up to "
        "CSV_UPLOAD_MAX_BYTES), or its rows as objects keyed by column header (up to UPLOAD_MAX_BYTES). "
        "An empty cell is null. In a CSV file blank rows are left out and not counted as lines; a row "
        "with too few or too many cells is a row error; broken quoting or bytes that are not text answer "
        "400 invalid_csv. A file may be any number of rows: rows are checked in batches as they arrive, "
        "the whole file before anything is applied."
    ),
}


@blp.route("/items/bulk")
class ItemsBulk(MethodView):
    @idempotent
    @upload
    @requires("create:items", logs=("job", "id"))
    @blp.arguments(ImportArgs, location="query")
    @blp.doc(requestBody=ITEMS_BULK_BODY)
    @upload_answers(blp)
    def post(self, args):
        """Create or update items from CSV rows, as a job (validated whole first)."""
        return import_answer(submit_bulk(ITEMS_IMPORT, g.identity, acting_client_id(), args))


@blp.route("/case_packs/bulk")
class CasePacksBulk(MethodView):
    @idempotent
    @upload
    @requires("create:items", logs=("job", "id"))
    @blp.arguments(ImportArgs, location="query")
    @blp.doc(requestBody=BULK_BODY)
    @upload_answers(blp)
    def post(self, args):
        """Create case packs, or convert items into case packs, from CSV rows, as a job."""
        return import_answer(submit_bulk(CASE_PACKS_IMPORT, g.identity, acting_client_id(), args))
