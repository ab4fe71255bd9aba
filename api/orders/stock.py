"""The stock of shipments, moved through the inventory ledger's door a batch of shipments at a time:
their units bound to them, given back, or gone out of stock with them."""
from api.inventory.ledger import Move, apply_moves

ALLOCATION = "allocation"
RELEASE = "release"
SHIPMENT = "shipment"


def bind_shipments(client_id, shipments, actor):
    """Bind every unit the lines of ``shipments`` desire to them: unbound to bound at their warehouse."""
    apply_moves(client_id, [
        Move(line.item_type_id, shipment.warehouse_id, unbound=-line.quantity_desired, bound=line.quantity_desired,
             reason=ALLOCATION, reference=reference_of(shipment))
        for shipment in shipments for line in shipment.lines], actor)
    for shipment in shipments:
        for line in shipment.lines:
            line.quantity_allocated = line.quantity_desired
        shipment.inventory_allocated = True


def release_shipments(client_id, shipments, actor):
    """Give the units bound to ``shipments`` back to free stock, none left allocated to them."""
    allocated = [shipment for shipment in shipments if shipment.inventory_allocated]
    release_lines(client_id, [(shipment, line, line.quantity_allocated)
                              for shipment in allocated for line in shipment.lines], actor)
    for shipment in allocated:
        shipment.inventory_allocated = False


def release_lines(client_id, cuts, actor):
    """Give back ``cuts`` ([(shipment, line, units)]): units bound to those lines go back to free stock."""
    apply_moves(client_id, [
        Move(line.item_type_id, shipment.warehouse_id, unbound=units, bound=-units, reason=RELEASE,
             reference=reference_of(shipment))
        for shipment, line, units in cuts if units], actor)
    for _, line, units in cuts:
        line.quantity_allocated -= units


def ship_shipments(client_id, shipments, actor):
    """Take the units bound to ``shipments`` out of stock as they leave the warehouse; the lines keep
    what they carried (quantity_allocated)."""
    apply_moves(client_id, [
        Move(line.item_type_id, shipment.warehouse_id, bound=-line.quantity_allocated, reason=SHIPMENT,
             reference=reference_of(shipment))
        for shipment in shipments if shipment.inventory_allocated for line in shipment.lines
        if line.quantity_allocated], actor)


def reference_of(shipment):
    """The ledger's reference to ``shipment``."""
    return f"shipment:{shipment.id}"
