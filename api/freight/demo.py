"""LTL freight for ``seed-demo``: pallets for retailers' distribution centres, placed as LTL requests by the
usual placement (which groups them), then taken on as a client and the warehouse would: two groups left
waiting for approval, one approved with a generated bill of lading, and one shipped by the warehouse's
group events under one master tracking id. Each step goes through the calls' own services."""
from datetime import timedelta

from sqlalchemy import select

from api.common.auth import Identity, permissions_for
from api.common.tenancy import owned_by
from api.common.timeutil import utcnow
from api.extensions import db
from api.freight.bol import generate_bol
from api.freight.events import report_group_event
from api.freight.service import approve_group
from api.inventory.ledger import Move, apply_moves
from api.orders.models import FulfillmentRequest, Shipment
from api.orders.service import add_request
from api.products.models import ItemType
from api.shipping.models import LTL_CARRIER, Carrier, ShipProfile

DEMO_ACTOR = "seed-demo"
DEMO_WAREHOUSE = "demo-warehouse"
TENT, STOVE = "850001000017", "850001000024"
# Pallets received for the demo's freight, apart from the parcel demo's stock: (upc, location, units).
FREIGHT_STOCK = ((TENT, "NJ01", 60), (STOVE, "NJ01", 60), (TENT, "CA01", 40))

JOLIET = {"name": "Receiving", "company": "Target DC 3801", "address_1": "1500 Channahon Rd", "city": "Joliet",
          "state": "IL", "postal_code": "60436", "country": "US", "phone": "815 555 0138"}
SUMNER = {"name": "Inbound Dock", "company": "REI Distribution Center", "address_1": "1700 45th St E",
          "city": "Sumner", "state": "WA", "postal_code": "98390", "country": "US", "phone": "253 555 0190"}
TRACY = {"name": "Receiving", "company": "Costco Depot 1219", "address_1": "3200 Larch Rd", "city": "Tracy",
         "state": "CA", "postal_code": "95304", "country": "US", "phone": "209 555 0112"}
BENTONVILLE = {"name": "Receiving", "company": "Walmart DC 6094", "address_1": "2001 SE 10th St",
               "city": "Bentonville", "state": "AR", "postal_code": "72712", "country": "US", "phone": "479 555 0160"}

# Each demo LTL request: (reference, warehouse, destination, [(upc, units)]); the requests of one warehouse and
# destination travel in one group.
DEMO_REQUESTS = (
    ("DEMO-LTL-1", "NJ01", JOLIET, [(TENT, 12)]),
    ("DEMO-LTL-2", "NJ01", JOLIET, [(STOVE, 20)]),
    ("DEMO-LTL-3", "CA01", SUMNER, [(TENT, 10)]),
    ("DEMO-LTL-4", "CA01", TRACY, [(TENT, 16)]),
    ("DEMO-LTL-5", "NJ01", BENTONVILLE, [(TENT, 24)]),
    ("DEMO-LTL-6", "NJ01", BENTONVILLE, [(STOVE, 30)]),
)
APPROVED, SHIPPED = "DEMO-LTL-4", "DEMO-LTL-5"  # a request of the group approved, of the group shipped
MASTER_TRACKING_ID = "PRO 0417-552093"
TRACKING_URL = "https://www.odfl.com/us/en/tools/trace-track-ltl-freight.html?pro=0417552093"


def _person(username, role):
    """Who the demo acts as: a person of ``role`` (the calls' identity, without a token)."""
    return Identity(username=username, name=username, email=None, roles=(role,), client_id=None, issuer=DEMO_ACTOR,
                    subject=username, permissions=permissions_for(role))


def seed_demo_freight(client_id):
    """Place the client's demo LTL requests and take their groups on (skipped once they are placed)."""
    placed = db.session.scalars(select(FulfillmentRequest.id).where(
        owned_by(FulfillmentRequest, client_id), FulfillmentRequest.fulfillment_request_id == DEMO_REQUESTS[0][0]))
    profile_id = db.session.scalars(select(ShipProfile.id).join(Carrier).where(
        owned_by(ShipProfile, client_id), Carrier.name == LTL_CARRIER).order_by(ShipProfile.id)).first()
    if placed.first() is not None or profile_id is None:
        return
    items = dict(db.session.execute(select(ItemType.upc, ItemType.id).where(
        owned_by(ItemType, client_id), ItemType.upc.in_([TENT, STOVE]))).all())
    apply_moves(client_id, [Move(items[upc], location, unbound=units, reason="receipt", reference="demo-freight")
                            for upc, location, units in FREIGHT_STOCK], DEMO_ACTOR)
    for reference, warehouse, address, lines in DEMO_REQUESTS:
        add_request(client_id, DEMO_ACTOR, _request(reference, warehouse, address, lines, profile_id))
    db.session.commit()
    manager = _person(DEMO_ACTOR, "client")
    for reference in (APPROVED, SHIPPED):
        group_id = _group_of(client_id, reference)
        approve_group(client_id, manager, group_id)
        generate_bol(client_id, manager, group_id)
        db.session.commit()
    _ship(client_id, _group_of(client_id, SHIPPED))


def _request(reference, warehouse, address, lines, profile_id):
    return {
        "fulfillment_request_id": reference, "order_id": f"PO-{reference.rsplit('-', 1)[1].zfill(5)}",
        "warehouse_id": warehouse, "fill_type": "complete", "ship_together": False, "ship_profile_id": profile_id,
        "ship_method": "LTL_STANDARD", "shipment_type": "default_shipment_type", "desired_ship_date": utcnow().date(),
        "reference1": None, "reference2": None, "reference3": None, "billing_type": "sender", "billing_account": None,
        "billing_postal_code": None, "incoterm": None, "edi": None, "saturday_delivery": False,
        "signature_required": False, "expedited": False, "one_upc_per_shipment": False, "one_sku_per_shipment": False,
        "one_product_code_per_shipment": False, "to_address": address,
        "sets": [{"type": "default_set_type", "gift_note": None,
                  "items": [{"upc": upc, "quantity": units, "customs_value": None} for upc, units in lines]}]}


def _group_of(client_id, reference):
    return db.session.scalars(select(Shipment.shipment_group_id).join(
        FulfillmentRequest, FulfillmentRequest.id == Shipment.request_id).where(
        owned_by(Shipment, client_id), FulfillmentRequest.fulfillment_request_id == reference)).one()


def _ship(client_id, group_id):
    """The warehouse loads the group's freight yesterday and it leaves today."""
    warehouse, now = _person(DEMO_WAREHOUSE, "admin"), utcnow().replace(microsecond=0)
    events = ({"status": "processing", "occurred_at": now - timedelta(days=1)},
              {"status": "shipped", "occurred_at": now - timedelta(hours=2), "master_tracking_id": MASTER_TRACKING_ID,
               "carrier": "Old Dominion", "tracking_url": TRACKING_URL})
    for n, event in enumerate(events):
        report_group_event(client_id, warehouse, group_id, {
            "master_tracking_id": None, "carrier": None, "tracking_url": None, **event,
            "event_id": f"demo-{client_id}-group-{group_id}-{n}"})
