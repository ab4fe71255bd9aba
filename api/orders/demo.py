"""Demo fulfilment requests for ``seed-demo``: a small catalogue with stock, and requests that fill
every tab of the list (placed by the allocation engine like any other request), some of them for the
warehouse's events of the demo (api.shipments.demo) to take on."""
from sqlalchemy import select

from api.common.timeutil import utcnow
from api.extensions import db
from api.inventory.ledger import Move, apply_moves
from api.orders import lifecycle
from api.orders.models import VALIDATING, FulfillmentRequest
from api.orders.service import add_request
from api.products.models import BUNDLE, ItemComponent, ItemType
from api.shipping.models import Carrier, ShipProfile

DEMO_ITEMS = (  # upc, sku, name, units at NJ01, units at CA01
    ("850001000017", "TENT-2P", "Two-person trail tent", 40, 25),
    ("850001000024", "STOVE-CMP", "Compact camp stove", 60, 0),
    ("850001000031", "LANTERN-LED", "LED lantern", 3, 10),
)
DEMO_BUNDLE = ("850001000048", "CAMP-KIT", "Weekend camp kit", (("850001000017", 1), ("850001000024", 2)))
DEMO_ACTOR = "seed-demo"

BROOKLYN = {"name": "Jordan Rivera", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
            "postal_code": "11201", "country": "US", "phone": "718 555 0142", "email": "jordan@example.com"}
LOS_ANGELES = {"name": "Sam Lee", "address_1": "200 N Spring St", "city": "Los Angeles", "state": "CA",
               "postal_code": "90012", "country": "US", "phone": "213 555 0175"}
TORONTO = {"name": "Avery Martin", "address_1": "100 Queen St W", "city": "Toronto", "state": "ON",
           "postal_code": "M5H 2N2", "country": "CA", "phone": "416 555 0199"}


def _catalogue(client_id):
    items, receipts = {}, []
    for upc, sku, name, *stock in DEMO_ITEMS:
        item = ItemType(client_id=client_id, upc=upc, sku=sku, name=name, composite_type=0)
        db.session.add(item)
        db.session.flush()
        receipts += [Move(item.id, location, unbound=units, reason="receipt", reference="demo")
                     for location, units in zip(("NJ01", "CA01"), stock) if units]
        items[upc] = item
    apply_moves(client_id, receipts, DEMO_ACTOR)
    upc, sku, name, children = DEMO_BUNDLE
    bundle = ItemType(client_id=client_id, upc=upc, sku=sku, name=name, composite_type=BUNDLE)
    bundle.components = [ItemComponent(client_id=client_id, child_id=items[child].id, quantity=quantity)
                         for child, quantity in children]
    db.session.add(bundle)
    db.session.flush()


def demo_request(client_id, reference, address, items, **fields):
    defaults = {
        "order_id": f"#{1000 + int(reference.rsplit('-', 1)[1])}", "warehouse_id": "optimal", "fill_type": "partial",
        "ship_together": False, "ship_profile_id": None, "ship_method": None, "shipment_type": "default_shipment_type",
        "desired_ship_date": utcnow().date(), "reference1": None, "reference2": None, "reference3": None,
        "billing_type": "sender", "billing_account": None, "billing_postal_code": None, "incoterm": None, "edi": None,
        "saturday_delivery": False, "signature_required": False, "expedited": False, "one_upc_per_shipment": False,
        "one_sku_per_shipment": False, "one_product_code_per_shipment": False,
    }
    sets = [{"type": "default_set_type", "gift_note": None,
             "items": [{"upc": upc, "quantity": quantity, "customs_value": customs_value}
                       for upc, quantity, customs_value in items]}]
    return add_request(client_id, DEMO_ACTOR, {**defaults, **fields, "fulfillment_request_id": reference,
                                               "to_address": address, "sets": sets})


def carried_by(client_id, carrier, method):
    """The fields of a request shipped by ``method`` on the client's ship profile of ``carrier``; none
    (the warehouse chooses) when the client has no such profile."""
    profile_id = db.session.scalars(select(ShipProfile.id).join(Carrier).where(
        ShipProfile.client_id == client_id, Carrier.name == carrier).order_by(ShipProfile.id)).first()
    return {"ship_profile_id": profile_id, "ship_method": method} if profile_id else {}


def seed_demo_requests(client_id):
    """Add the demo catalogue and requests of a client that has none yet."""
    if db.session.scalars(select(FulfillmentRequest.id).filter_by(client_id=client_id)).first() is not None:
        return
    if db.session.scalars(select(ItemType.id).filter_by(client_id=client_id)).first() is None:
        _catalogue(client_id)
    tent, stove, lantern, kit = "850001000017", "850001000024", "850001000031", "850001000048"
    demo_request(client_id, "DEMO-1", BROOKLYN, [(tent, 1, None), (stove, 2, None)],
             **carried_by(client_id, "UPS", "UPS_GROUND"))
    demo_request(client_id, "DEMO-2", LOS_ANGELES, [(kit, 1, None)], fill_type="complete",
             **carried_by(client_id, "FedEx", "FEDEX_2_DAY"))
    demo_request(client_id, "DEMO-3", BROOKLYN, [(lantern, 8, None)], fill_type="complete", warehouse_id="NJ01")
    demo_request(client_id, "DEMO-4", {**BROOKLYN, "city": "Springfield"}, [(tent, 1, None)])
    demo_request(client_id, "DEMO-5", TORONTO, [(tent, 1, "189.00")], incoterm="DDP",
             **carried_by(client_id, "UPS", "UPS_2ND_DAY_AIR"))
    demo_request(client_id, "DEMO-6", LOS_ANGELES, [(tent, 2, None)],
             **carried_by(client_id, "USPS", "USPS_PRIORITY_MAIL"))
    fraud = demo_request(client_id, "DEMO-7", BROOKLYN, [(stove, 1, None)])
    # Risk analyses come with orders imported from the shop; the demo shows one that needs a look.
    fraud.fraud, fraud.requires_approval, fraud.requires_approval_reason = True, True, "fraud"
    fraud.shopify_risk_recommendation, fraud.shopify_risk_score = "investigate", 0.72
    for shipment in fraud.shipments:
        lifecycle.move(shipment, VALIDATING, reason="Held until someone approves it", actor=DEMO_ACTOR)
    untaxed = demo_request(client_id, "DEMO-8", TORONTO, [(lantern, 1, "24.50")])
    # Requests from the shop can arrive without customs values; the demo shows one.
    untaxed.sets[0].items[0].customs_value = None
    for shipment in untaxed.shipments:
        lifecycle.move(shipment, VALIDATING, reason="Held until its customs values are entered", actor=DEMO_ACTOR)
    # Shipments the warehouse's events of the demo take on: waiting for a label, shipped, delivered, a problem.
    for n, address in zip(range(9, 13), (BROOKLYN, LOS_ANGELES, {**BROOKLYN, "name": "Riley Chen"}, LOS_ANGELES)):
        demo_request(client_id, f"DEMO-{n}", address, [(tent, 1, None)], **carried_by(client_id, "UPS", "UPS_GROUND"))
    # A kill fill cancels a request it cannot send whole at once: the demo shows a cancelled shipment.
    demo_request(client_id, "DEMO-13", BROOKLYN, [(lantern, 20, None)], fill_type="kill", warehouse_id="NJ01")
    db.session.commit()
