"""The one lifecycle of a shipment: the moves it allows and refuses, the history row every move writes
(placement, allocation, approval, address fix, item changes, cancel), and the actions a shipment's
answer offers the caller by status, role, permissions and group."""
import pytest
from sqlalchemy import select

from api.common.auth import Identity, permissions_for
from api.common.errors import Conflict, Forbidden
from api.common.text import code_label
from api.extensions import db
from api.orders import lifecycle
from api.orders.models import LIFECYCLE_STATUSES, Shipment, ShipmentStatusChange
from api.orders.placement import PLACED
from api.orders.service import allocate_all_waiting
from tests.orders.test_address_fix import WRONG_CITY
from tests.orders.test_allocation import create
from tests.orders.test_fulfillment_requests import URL

# The moves the README lists, written out so that a change to TRANSITIONS shows here.
ALLOWED_MOVES = {
    ("validating", "ready_to_process"), ("validating", "canceled"), ("validating", "exception"),
    ("ready_to_process", "validating"), ("ready_to_process", "processing"), ("ready_to_process", "canceled"),
    ("ready_to_process", "exception"),
    ("processing", "pending_ship_label"), ("processing", "shipped"), ("processing", "exception"),
    ("pending_ship_label", "shipped"), ("pending_ship_label", "exception"),
    ("shipped", "delivered"), ("shipped", "exception"),
    ("exception", "processing"), ("exception", "pending_ship_label"), ("exception", "shipped"),
    ("exception", "delivered"), ("exception", "canceled"),
}
EVERYTHING = ["cancel", "edit_quantities", "edit_sets", "edit_method", "edit_address", "add_documents",
              "delete_documents", "add_custom_label", "delete_custom_label", "edit_details", "comment"]
IN_PROCESSING = [action for action in EVERYTHING if action not in ("cancel", "edit_quantities")]
# What a client with every permission may do in each status, outside a group.
CLIENT_ACTIONS = {
    "validating": EVERYTHING, "ready_to_process": EVERYTHING, "processing": IN_PROCESSING,
    "pending_ship_label": ["add_custom_label", "delete_custom_label", "comment"],
    "shipped": ["comment"], "delivered": ["comment"], "canceled": ["comment"], "exception": ["comment"],
}


MANAGER = "acme.manager"


@pytest.fixture
def manager(factory, acme):
    """The client user who places, changes and cancels, by a name the history rows carry."""
    return factory.headers(factory.user("client", acme, username=MANAGER))


def history_of(shipment_id):
    db.session.expire_all()
    return [(row.from_status, row.to_status, row.reason, row.actor) for row in db.session.scalars(
        select(ShipmentStatusChange).filter_by(shipment_id=shipment_id).order_by(ShipmentStatusChange.id))]


def shipment_row(shipment_id):
    db.session.expire_all()
    return db.session.get(Shipment, shipment_id)


def set_status(shipment_id, status, **columns):
    """Put a shipment in ``status`` as the warehouse's side would have (a test's setting, no history)."""
    shipment = shipment_row(shipment_id)
    shipment.status = status
    for name, value in columns.items():
        setattr(shipment, name, value)
    db.session.commit()


def identity(role, permissions=()):
    return Identity(username=f"{role}.user", name=role, email=None, roles=(role,), client_id=None, issuer="test",
                    subject=role, permissions=permissions_for(role, permissions))


@pytest.fixture
def placed(client, manager, catalogue, stock):
    """A ready shipment of a request of one tent at NJ01: (request, shipment id)."""
    stock(catalogue["tent"], NJ01=1)
    request = create(client, manager, warehouse_id="NJ01")
    return request, request["shipments"][0]["id"]


def test_the_lifecycle_is_the_contracts(placed):
    assert {(source, target) for source, targets in lifecycle.TRANSITIONS.items() for target in targets} == ALLOWED_MOVES
    assert set(lifecycle.TRANSITIONS) == set(LIFECYCLE_STATUSES)
    # The refusals and mails name statuses so (api.common.text, the twin of the screens' labels.ts).
    assert [code_label(status) for status in LIFECYCLE_STATUSES] == [
        "Validating", "Ready To Process", "Processing", "Pending Ship Label", "Shipped", "Cancelled", "Delivered",
        "Exception"]


def test_every_allowed_move_writes_its_history_and_every_other_is_refused_naming_both_statuses(placed):
    _, shipment_id = placed
    shipment = shipment_row(shipment_id)
    moved = []
    for source in LIFECYCLE_STATUSES:
        for target in LIFECYCLE_STATUSES:
            if source == target:
                continue
            shipment.status = source
            if (source, target) in ALLOWED_MOVES:
                lifecycle.move(shipment, target, reason=f"{source} to {target}", actor="warehouse")
                assert shipment.status == target
                moved.append((source, target, f"{source} to {target}", "warehouse"))
                continue
            with pytest.raises(Conflict) as refused:
                lifecycle.move(shipment, target, reason="not allowed", actor="warehouse")
            assert (refused.value.status, refused.value.code) == (409, "invalid_transition")
            assert refused.value.description == (
                f"Shipment {shipment_id} cannot go from {code_label(source)} to {code_label(target)}.")
            assert shipment.status == source
    db.session.commit()

    assert len(moved) == len(ALLOWED_MOVES)
    assert history_of(shipment_id)[1:] == moved


def test_moving_to_the_status_it_is_in_writes_nothing(placed):
    _, shipment_id = placed
    shipment = shipment_row(shipment_id)

    lifecycle.move(shipment, "ready_to_process", reason="again", actor="warehouse")
    db.session.commit()

    assert history_of(shipment_id) == [(None, "ready_to_process", PLACED, MANAGER)]


def test_placement_writes_a_row_per_shipment_with_its_first_status(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    partial = create(client, manager, reference="FR-P", warehouse_id="NJ01", items=[("TENT", 3)])
    killed = create(client, manager, reference="FR-K", warehouse_id="NJ01", items=[("TENT", 1)], fill_type="kill")

    ready, waiting = (shipment["id"] for shipment in partial["shipments"])
    [cancelled] = (shipment["id"] for shipment in killed["shipments"])
    assert history_of(ready) == [(None, "ready_to_process", PLACED, MANAGER)]
    assert history_of(waiting) == [(None, "validating", PLACED, MANAGER)]
    assert history_of(cancelled) == [(None, "canceled", PLACED, MANAGER)]


def test_a_waiting_shipment_allocated_as_stock_arrives_moves_on_with_its_reason(client, manager, catalogue, stock):
    request = create(client, manager, warehouse_id="NJ01")
    [waiting] = (shipment["id"] for shipment in request["shipments"])
    stock(catalogue["tent"], NJ01=1)

    assert allocate_all_waiting("stock.sweep") == 1
    db.session.commit()

    assert history_of(waiting)[1:] == [
        ("validating", "ready_to_process", "Allocated at NJ01 as stock arrived: its checklist holds.", "stock.sweep")]


def test_approval_and_an_address_fix_move_a_held_shipment_on_saying_who_and_why(
        client, factory, acme, manager, catalogue, stock, profiles):
    stock(catalogue["tent"], NJ01=2)
    held = create(client, manager, reference="FR-LTL", warehouse_id="NJ01", ship_profile_id=profiles["LTL"])
    invalid = create(client, manager, reference="FR-BAD", warehouse_id="NJ01", to_address=WRONG_CITY)
    admin = factory.headers(factory.user("admin", None, username="ops.admin"), acme)

    assert client.put(f"{URL}/{held['id']}/approve", headers=admin).status_code == 200
    fixed = client.put(f"{URL}/{invalid['id']}/to_address", headers=manager, json={**WRONG_CITY, "city": "Brooklyn"})

    assert fixed.status_code == 200, fixed.get_json()
    assert history_of(held["shipments"][0]["id"])[1:] == [
        ("validating", "ready_to_process", "Request approved: its checklist holds.", "ops.admin")]
    assert history_of(invalid["shipments"][0]["id"])[1:] == [
        ("validating", "ready_to_process", "Address fixed: its checklist holds.", MANAGER)]


def test_cancelling_and_emptying_shipments_write_who_and_why(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=3)
    one = create(client, manager, reference="FR-1", warehouse_id="NJ01")
    two = create(client, manager, reference="FR-2", warehouse_id="NJ01")
    three = create(client, manager, reference="FR-3", warehouse_id="NJ01")
    item_id = three["sets"][0]["items"][0]["id"]

    assert client.post(f"/api/v4/shipments/{one['shipments'][0]['id']}/cancel", headers=manager).status_code == 200
    assert client.put(f"{URL}/{two['id']}/cancel", headers=manager).status_code == 200
    emptied = client.put(f"{URL}/{three['id']}/sets/{three['sets'][0]['id']}", headers=manager,
                         json={"items": [{"id": item_id, "quantity": 0}]})

    assert emptied.status_code == 200, emptied.get_json()
    assert [history_of(request["shipments"][0]["id"])[1:] for request in (one, two, three)] == [
        [("ready_to_process", "canceled", "Shipment canceled.", MANAGER)],
        [("ready_to_process", "canceled", "Request canceled.", MANAGER)],
        [("ready_to_process", "canceled", "Nothing is left to send.", MANAGER)],
    ]


@pytest.mark.parametrize("status", LIFECYCLE_STATUSES)
def test_a_shipment_answers_what_a_client_may_do_in_its_status(client, manager, placed, status):
    request, shipment_id = placed
    set_status(shipment_id, status, tracking_number="1Z999", carrier="UPS")

    [shipment] = client.get(f"{URL}/{request['id']}", headers=manager).get_json()["shipments"]

    assert shipment["allowed_actions"] == CLIENT_ACTIONS[status]
    assert (shipment["status"], shipment["tracking_number"], shipment["carrier"], shipment["exception_reason"]) == (
        status, "1Z999", "UPS", None)


@pytest.mark.parametrize(("role", "permissions", "expected"), [
    ("client_read_only", (), []),
    ("admin_read_only", (), []),
    ("client_custom", ("create:fulfillment_requests",), ["cancel"]),
    ("client_custom", ("update:shipments",), EVERYTHING[1:]),
    ("admin", (), EVERYTHING),
])
def test_the_actions_follow_the_callers_permissions(client, factory, acme, placed, role, permissions, expected):
    request, _ = placed
    user = factory.user(role, None if role.startswith("admin") else acme, permissions=permissions)
    headers = factory.headers(user, acme if role.startswith("admin") else None)

    [shipment] = client.get(f"{URL}/{request['id']}", headers=headers).get_json()["shipments"]

    assert shipment["allowed_actions"] == expected


@pytest.mark.parametrize(("role", "late"), [
    ("client", []),
    ("admin", ["edit_method"]),
    ("admin_client_account_manager", ["edit_method", "edit_address"]),
])
def test_in_the_late_status_only_admins_change_the_method_and_only_account_managers_the_address(
        client, factory, acme, placed, role, late):
    request, shipment_id = placed
    set_status(shipment_id, "pending_ship_label")
    user = factory.user(role, None if role.startswith("admin") else acme)
    headers = factory.headers(user, acme if role.startswith("admin") else None)

    [shipment] = client.get(f"{URL}/{request['id']}", headers=headers).get_json()["shipments"]

    assert shipment["allowed_actions"] == [*late, "add_custom_label", "delete_custom_label", "comment"]


def test_a_grouped_shipment_changes_neither_its_method_nor_its_address(client, factory, acme, manager, placed):
    request, shipment_id = placed
    set_status(shipment_id, "pending_ship_label", shipment_group_id=7)
    manager_of_accounts = factory.headers(factory.user("admin_client_account_manager", None), acme)

    [late] = client.get(f"{URL}/{request['id']}", headers=manager_of_accounts).get_json()["shipments"]
    set_status(shipment_id, "validating")
    [early] = client.get(f"{URL}/{request['id']}", headers=manager).get_json()["shipments"]

    assert late["allowed_actions"] == ["add_custom_label", "delete_custom_label", "comment"]
    assert early["allowed_actions"] == [action for action in EVERYTHING if action not in ("edit_method", "edit_address")]
    assert early["shipment_group_id"] == 7


def test_require_action_says_why_an_action_is_refused(placed):
    _, shipment_id = placed
    set_status(shipment_id, "shipped")
    shipment = shipment_row(shipment_id)

    with pytest.raises(Conflict) as refused:
        lifecycle.require_action(shipment, identity("client"), "edit_address")
    assert (refused.value.status, refused.value.code, refused.value.description) == (
        409, "invalid_status", f"Changing the address is not possible while shipment {shipment_id} is Shipped.")

    shipment.status = "pending_ship_label"
    with pytest.raises(Forbidden) as forbidden:
        lifecycle.require_action(shipment, identity("admin"), "edit_address")
    assert (forbidden.value.status, forbidden.value.code) == (403, "forbidden")
    assert "an admin client account manager only" in forbidden.value.description
    with pytest.raises(Forbidden):
        lifecycle.require_action(shipment, identity("client"), "edit_method")
    lifecycle.require_action(shipment, identity("admin"), "edit_method")
    lifecycle.require_action(shipment, identity("admin_client_account_manager"), "edit_address")

    shipment.shipment_group_id = 7
    with pytest.raises(Conflict) as grouped:
        lifecycle.require_action(shipment, identity("admin"), "edit_method")
    assert (grouped.value.code, "shipment group 7" in grouped.value.description) == ("in_shipment_group", True)
    with pytest.raises(Forbidden):
        lifecycle.require_action(shipment, identity("client_read_only"), "comment")
    db.session.rollback()
