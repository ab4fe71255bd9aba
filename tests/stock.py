"""Stock the tests start from, put in through the ledger's door as a receipt would."""
from api.inventory.ledger import Move, apply_moves


def add_stock(item, location, *, unbound=0, reserved=0, bound=0, reason="receipt", reference="test", actor="test"):
    """Move the figures of ``item`` at ``location`` by these amounts (the caller commits)."""
    apply_moves(item.client_id, [Move(item.id, location, unbound=unbound, reserved=reserved, bound=bound,
                                      reason=reason, reference=reference)], actor)
