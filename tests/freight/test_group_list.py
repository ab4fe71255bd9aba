"""The LTL list (GET /api/v4/shipment_groups): newest first through a cursor, each filter alone and
together (needsApproval: validating, needing approval and not approved), rows the detail without its
checklist and shipments, at most 500 a page, only the acting client's groups, and nothing for a client
below version 2."""
import uuid
from datetime import date, datetime

import pytest

from api.extensions import db
from api.orders.models import FulfillmentRequest, Shipment, ShipmentGroup
from tests.api.helpers import assert_error
from tests.orders.test_allocation import create

URL = "/api/v4/shipment_groups"


def make_group(client, created_at, warehouse="NJ01", status="validating", approved=False, approval_required=True):
    """A group of ``client`` as the list reads it, its destination a key of its own."""
    group = ShipmentGroup(client_id=client.id, warehouse_id=warehouse, desired_ship_date=date(2026, 12, 1),
                          address_key=uuid.uuid4().hex, status=status, approved=approved,
                          approval_required=approval_required, ship_method="LTL_STANDARD", to_name="Receiving",
                          to_company="Target DC 3801", to_address_1="1 Distribution Way", to_city="Joliet",
                          to_state="IL", to_postal_code="60436", to_country="US", address_validated=True,
                          created_at=created_at)
    db.session.add(group)
    db.session.commit()
    return group.id


def listed(client, headers, **query):
    answer = client.get(URL, headers=headers, query_string=query)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def ids(client, headers, **query):
    return [row["id"] for row in listed(client, headers, **query)["shipment_groups"]]


@pytest.fixture
def groups(acme):
    """Acme's groups, oldest first: waiting for approval at NJ01, approved and validating at TX01 (its bill of
    lading to come), ready at NJ01, shipped at TX01, cancelled at NJ01, and one at TX01 that never needed
    approval."""
    made = {}
    for n, (name, warehouse, status, approved, required) in enumerate((
            ("waiting", "NJ01", "validating", False, True), ("approved", "TX01", "validating", True, True),
            ("ready", "NJ01", "ready_to_process", True, True), ("shipped", "TX01", "shipped", True, True),
            ("canceled", "NJ01", "canceled", False, True), ("unneeded", "TX01", "validating", False, False))):
        made[name] = make_group(acme, datetime(2026, 3, 1 + n, 9, 0), warehouse, status, approved, required)
    return made


def test_the_list_is_newest_first_through_a_cursor(client, manager, groups):
    newest_first = list(reversed(groups.values()))

    first = listed(client, manager, limit=4)
    rest = listed(client, manager, limit=4, cursor=first["cursor"])

    assert [row["id"] for row in first["shipment_groups"]] == newest_first[:4]
    assert ([row["id"] for row in rest["shipment_groups"]], rest["cursor"]) == (newest_first[4:], None)
    assert listed(client, manager)["cursor"] is None
    assert_error(client.get(URL, headers=manager, query_string={"cursor": "nonsense"}), 400, "invalid_cursor")


def test_a_group_made_in_the_same_second_as_another_is_paged_by_its_id(client, manager, acme):
    same_time = datetime(2026, 3, 1, 9, 0)
    made = [make_group(acme, same_time) for _ in range(3)]

    first = listed(client, manager, limit=2)
    rest = listed(client, manager, limit=2, cursor=first["cursor"])

    assert [row["id"] for row in first["shipment_groups"] + rest["shipment_groups"]] == made[::-1]


def test_each_filter(client, manager, groups):
    assert ids(client, manager, needsApproval="true") == [groups["waiting"]]
    assert ids(client, manager, needsApproval="false") == [groups[name] for name in (
        "unneeded", "canceled", "shipped", "ready", "approved")]
    assert ids(client, manager, status="validating") == [groups["unneeded"], groups["approved"], groups["waiting"]]
    assert ids(client, manager, status="ready_to_process") == [groups["ready"]]
    assert ids(client, manager, status="processing") == []
    assert ids(client, manager, status="shipped") == [groups["shipped"]]
    assert ids(client, manager, status="canceled") == [groups["canceled"]]
    assert ids(client, manager, warehouse="TX01") == [groups["unneeded"], groups["shipped"], groups["approved"]]
    assert ids(client, manager, warehouse="NJ01", status="validating") == [groups["waiting"]]
    assert ids(client, manager, warehouse="TX01", needsApproval="true") == []
    assert ids(client, manager, warehouse="CA01") == []


def test_a_page_holds_up_to_500_groups(client, manager, acme):
    for n in range(501):
        db.session.add(ShipmentGroup(client_id=acme.id, warehouse_id="NJ01", desired_ship_date=date(2026, 12, 1),
                                     address_key=f"key-{n}", status="shipped", approved=True,
                                     created_at=datetime(2026, 1, 1, 0, n // 60, n % 60)))
    db.session.commit()

    page = listed(client, manager, limit=500)

    assert len(page["shipment_groups"]) == 500 and page["cursor"] is not None
    assert len(listed(client, manager, limit=500, cursor=page["cursor"])["shipment_groups"]) == 1
    assert len(listed(client, manager)["shipment_groups"]) == 50


@pytest.mark.parametrize("query, field", [({"status": "lost"}, "status"), ({"status": "exception"}, "status"),
                                          ({"needsApproval": "maybe"}, "needsApproval"), ({"limit": 501}, "limit"),
                                          ({"limit": 0}, "limit"), ({"warehouse": "TOOLONGCODE"}, "warehouse")])
def test_bad_filters_are_refused_naming_the_field(client, manager, groups, query, field):
    body = assert_error(client.get(URL, headers=manager, query_string=query), 422, "validation_error")
    assert field in str(body), body


def test_a_row_is_the_group_without_its_checklist_and_shipments(client, manager, catalogue, stock, acme, groups):
    stock(catalogue["tent"], NJ01=5)
    placed = [create(client, manager, reference=f"FR-{n}", warehouse_id="NJ01")["shipments"][0]["id"] for n in (1, 2)]
    # Joined as placement joins a shipment to its group: the shipment and its request both name it.
    for shipment_id in placed:
        shipment = db.session.get(Shipment, shipment_id)
        shipment.shipment_group_id = groups["waiting"]
        db.session.get(FulfillmentRequest, shipment.request_id).shipment_group_id = groups["waiting"]
    db.session.commit()

    [row] = [row for row in listed(client, manager)["shipment_groups"] if row["id"] == groups["waiting"]]
    detail = client.get(f"{URL}/{groups['waiting']}", headers=manager).get_json()

    assert row == {name: value for name, value in detail.items() if name not in ("checklist", "shipments")}
    assert (row["shipment_ids"], row["shipments_count"], row["inventory_allocated"]) == (placed, 2, True)
    assert (row["status"], row["approval_required"], row["approved"], row["warehouse_id"]) == (
        "validating", True, False, "NJ01")
    assert row["to_address"]["company"] == "Target DC 3801" and row["bol"] is None


def test_can_approve_follows_the_callers_grant(client, factory, acme, manager, groups):
    approver = factory.headers(factory.user("client_custom", acme, permissions=["approve:ltl"]))
    reader = factory.headers(factory.user("client_read_only", acme))

    def can_approve(headers):
        return {row["id"]: row["can_approve"] for row in listed(client, headers)["shipment_groups"]}

    assert [group_id for group_id, can in can_approve(manager).items() if can] == [groups["waiting"]]
    assert [group_id for group_id, can in can_approve(approver).items() if can] == [groups["waiting"]]
    assert not any(can_approve(reader).values())


def test_only_the_acting_clients_groups_are_listed(client, factory, manager, groups, acme):
    globex = factory.client("Globex", version=2)
    stranger = factory.headers(factory.user("client", globex))
    admin = factory.user("admin")

    assert ids(client, stranger) == []
    assert ids(client, stranger, needsApproval="true") == []
    assert ids(client, stranger, status="validating") == []
    assert ids(client, factory.headers(admin, globex)) == []
    assert len(ids(client, factory.headers(admin, acme))) == len(groups)
    assert_error(client.get(URL, headers=factory.headers(admin)), 400, "client_required")


def test_a_client_below_version_2_gets_no_list_but_the_reason(client, factory):
    old = factory.client("Oldco", version=1)
    make_group(old, datetime(2026, 3, 1, 9, 0))

    body = assert_error(client.get(URL, headers=factory.headers(factory.user("client", old))), 403, "ltl_not_available")
    assert body["description"] == "LTL freight is for clients on version 2 and up."
    admin = factory.headers(factory.user("admin"), old)
    assert_error(client.get(URL, headers=admin), 403, "ltl_not_available")
