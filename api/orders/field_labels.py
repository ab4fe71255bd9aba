"""How the new request form names a request's fields, by their path in the API with list positions left
out: the rules' refusals and the request schema's validation errors name a field so, while the error's
``field`` keeps the path (``api.common.errors``). An entry of a list is named by its ``[]`` key, filled in
with its position ``n`` and what was sent for it."""

from api.addresses.service import ADDRESS_LABELS

EDI_LABELS = {
    "retailer": "Retailer", "cancel_date": "Cancel Date", "po_number": "PO Number",
    "department_number": "Department Number", "dc_number": "DC Number", "division_number": "Division Number",
    "vendor_number": "Vendor Number", "group_number": "Group Number", "store_number": "Store Number",
    "store_name": "Store Name", "store_address1": "Store Address 1", "store_address2": "Store Address 2",
    "store_city": "Store City", "store_state": "Store State", "store_postalcode": "Store Postal Code",
    "product_description": "Product Description", "product_type": "Product Type",
    "edi_reference_1": "EDI Reference 1", "edi_reference_2": "EDI Reference 2", "edi_reference_3": "EDI Reference 3",
}
REQUEST_LABELS = {
    "fulfillment_request_id": "Fulfillment Request ID", "order_id": "Order ID", "reference1": "Reference 1",
    "reference2": "Reference 2", "reference3": "Reference 3", "warehouse_id": "Warehouse", "fill_type": "Fill Type",
    "shipment_type": "Shipment Type", "desired_ship_date": "Desired Ship Date", "ship_together": "Ship together",
    "ship_profile_id": "Ship Profile", "ship_method": "Ship Method", "billing_type": "Billing",
    "billing_account": "Billing Account", "billing_postal_code": "Billing Postal Code", "incoterm": "Incoterm",
    "saturday_delivery": "Saturday Delivery", "signature_required": "Signature Required", "expedited": "Expedited",
    "one_upc_per_shipment": "One UPC per shipment", "one_sku_per_shipment": "One SKU per shipment",
    "one_product_code_per_shipment": "One product code per shipment",
    "to_address": "Ship To Address", **{f"to_address.{part}": label for part, label in ADDRESS_LABELS.items()},
    "edi": "EDI Retail Shipments", **{f"edi.{name}": label for name, label in EDI_LABELS.items()},
    "sets": "Sets", "sets[]": "Set {n}", "sets.type": "Set Type", "sets.gift_note": "Gift Note",
    "sets.items": "Items", "sets.items[]": "item {n} (UPC {upc})", "sets.items.upc": "UPC",
    "sets.items.quantity": "Quantity", "sets.items.customs_value": "Customs Value",
}
