"""LTL freight: shipment groups, the shipments travelling together as one load, their approval, address,
carrier method, bill of lading and the warehouse's events."""
from flask_smorest import Blueprint

blp = Blueprint("freight", __name__, url_prefix="/api/v4/shipment_groups",
                description="LTL shipment groups: shipments travelling together as one freight load")
