import logging

from celery import shared_task
from kombu.exceptions import OperationalError as KombuOperationalError

from api.inventory.service import units_freed
from api.orders import service

log = logging.getLogger(__name__)

ALLOCATOR = "allocation-sweep"


@shared_task(name="orders.allocate_waiting")
def allocate_waiting_shipments(client_id=None):
    """Allocate the waiting shipments (of one client, or of all) whose units are now free, oldest
    request first (safe to run twice: a shipment is allocated once, under the locks of its levels)."""
    allocated = service.allocate_all_waiting(ALLOCATOR, client_id=client_id)
    if allocated:
        log.info("allocated %d waiting shipment(s)", allocated)
    return allocated


@units_freed.connect
def _allocate_freed_units(sender, client_id):
    try:
        allocate_waiting_shipments.delay(client_id=client_id)
    except KombuOperationalError as error:  # the broker is down: the scheduler's sweep allocates them
        log.warning("could not send the allocation of freed units: %s", error)
