"""The fields of a new fulfilment request, in one table (as ``api.products.fields`` is for items).

The new-request schema loads each with its row's field, the bulk file has a column for each (in this
order, with its description and whether every request needs it), and a request is stored from them;
a new field is a row here. The ship-to address is the addresses feature's: its parts are
``ADDRESS_FIELDS`` and ``ShipToAddress`` loads them."""
from dataclasses import dataclass

from marshmallow import fields, validate

from api.addresses.service import ADDRESS_FIELDS, REQUIRED_FIELDS
from api.common.schema_fields import decimal_in_range, optional_text, required_text
from api.orders.models import BILLING_TYPES, FILL_TYPES, INCOTERMS, OPTIMAL, SET_TYPES
from api.warehouses.locations import LOCATIONS

# Where a field goes in the new-request call: the request's own (each a column of fulfillment_requests,
# stored as given), its options, its ship-to address, its set, a line of the set, its EDI metadata.
OWN, OPTION, ADDRESS, SET, LINE, EDI = "own", "option", "address", "set", "line", "edi"

EDI_RETAILERS = ("amazon", "bestbuy", "bloomingdales", "century21", "chewy", "costco", "jcpenny", "macys", "neiman",
                 "nordstrom", "qvc", "rei", "ruegilt", "saks", "sephora", "stitchfix", "target", "tjmaxx", "walmart",
                 "wayfair", "zappos")


@dataclass(frozen=True)
class RequestField:
    name: str  # as the new-request call names it within its part
    column: str  # as the bulk file names it
    part: str
    description: str  # the bulk column's
    write: fields.Field | None  # how the new-request call loads it (an address part: ShipToAddress)
    required: bool = False  # every request needs a value in its bulk column


def _own(name, write, description, required=False):
    return RequestField(name, name, OWN, description, write, required)


def _option(name, description="true or false"):
    return RequestField(name, name, OPTION, description, fields.Boolean(load_default=False))


def _address(part, description):
    return RequestField(part, f"to_{part}", ADDRESS, description, None, part in REQUIRED_FIELDS)


def _edi(name, write, description="EDI metadata, free text"):
    return RequestField(name, name if name.startswith("edi_") else f"edi_{name}", EDI, description, write)


ADDRESS_DESCRIPTIONS = {
    "name": "Recipient", "company": "Company", "address_1": "Street", "address_2": "Apartment, suite",
    "address_3": "More address", "city": "City", "state": "State or province", "postal_code": "Postal code",
    "country": "Country code or name", "phone": "Phone", "email": "E-mail",
}
EDI_TEXT_FIELDS = ("department_number", "dc_number", "division_number", "store_number", "store_name",
                   "store_address1", "store_address2", "store_city", "store_state", "store_postalcode",
                   "product_description", "product_type", "edi_reference_1", "edi_reference_2", "edi_reference_3",
                   "vendor_number", "group_number")

FIELD_TABLE = (
    _own("fulfillment_request_id", required_text(100),
         "Your reference of the request, unique among your requests; its rows go together", required=True),
    _own("order_id", optional_text(100), "Your order number"),
    _own("warehouse_id", fields.String(load_default=OPTIMAL, validate=validate.OneOf((OPTIMAL, *LOCATIONS))),
         f"{', '.join(LOCATIONS)} or {OPTIMAL} (default)"),
    _own("fill_type", fields.String(load_default="partial", validate=validate.OneOf(FILL_TYPES)),
         "partial (default), complete, kill or partial_kill"),
    _own("ship_together", fields.Boolean(load_default=False),
         "true needs a warehouse_id other than optimal and fill_type complete"),
    _own("ship_profile_id", fields.Integer(allow_none=True, load_default=None), "One of your ship profiles"),
    _own("ship_method", optional_text(60), "A ship method of the profile's carrier"),
    _own("shipment_type",
         fields.String(load_default="default_shipment_type", validate=validate.Length(min=1, max=60)),
         "default_shipment_type (default) or another shipment type"),
    _own("desired_ship_date", fields.Date(load_default=None, metadata={"description": "Today or later; today if absent"}),
         "YYYY-MM-DD, today or later (default today)"),
    *(_own(f"reference{n}", optional_text(100), "Free text") for n in (1, 2, 3)),
    _own("billing_type", fields.String(load_default="sender", validate=validate.OneOf(BILLING_TYPES)),
         "sender (default), recipient, collect or third_party"),
    _own("billing_account", optional_text(60), "Required for third_party billing"),
    _own("billing_postal_code", optional_text(20), "Required for third_party billing"),
    _own("incoterm", fields.String(allow_none=True, load_default=None, validate=validate.OneOf(INCOTERMS)),
         "DDU or DDP"),
    _option("saturday_delivery", "true only for UPS and FedEx express ship methods"),
    *(_option(name) for name in ("signature_required", "expedited", "one_upc_per_shipment", "one_sku_per_shipment",
                                 "one_product_code_per_shipment")),
    *(_address(part, ADDRESS_DESCRIPTIONS[part]) for part in ADDRESS_FIELDS),
    RequestField("type", "set_type", SET, "default_set_type (default), gift_note, gift_wrap or duct_wrap",
                 fields.String(load_default="default_set_type", validate=validate.OneOf(SET_TYPES))),
    RequestField("gift_note", "gift_note", SET, "At most 500 characters", optional_text(500)),
    RequestField("upc", "upc", LINE, "The item of this row; one row per UPC in a request", required_text(64),
                 required=True),
    RequestField("quantity", "quantity", LINE, "1 to 1000",
                 fields.Integer(required=True, validate=validate.Range(min=1, max=1000)), required=True),
    RequestField("customs_value", "customs_value", LINE, "Per unit, 0 to 99999999; required outside the US",
                 decimal_in_range(0, 99999999, allow_none=True, load_default=None)),
    _edi("retailer", fields.String(required=True, validate=validate.OneOf(EDI_RETAILERS)),
         f"A retail (EDI) shipment's retailer: {', '.join(EDI_RETAILERS)}; any EDI column makes the request a "
         "retail shipment, which needs edi_retailer, edi_cancel_date and edi_po_number"),
    _edi("cancel_date", fields.Date(required=True), "YYYY-MM-DD, today or later (required for a retail shipment)"),
    _edi("po_number", required_text(60), "The retailer's purchase order (required for a retail shipment)"),
    *(_edi(name, optional_text(100)) for name in EDI_TEXT_FIELDS),
)
FIELDS_OF = {part: tuple(spec for spec in FIELD_TABLE if spec.part == part)
             for part in (OWN, OPTION, ADDRESS, SET, LINE, EDI)}
OWN_COLUMNS = tuple(spec.name for spec in FIELDS_OF[OWN])
OPTIONS = tuple(spec.name for spec in FIELDS_OF[OPTION])


def writes(part):
    """{name: the field loading it} of a part's fields, for the schema of that part."""
    return {spec.name: spec.write for spec in FIELDS_OF[part]}
