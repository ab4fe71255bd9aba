"""The built-in reports: seeded once, kept when edited, and each runs on both databases."""
from datetime import date, datetime

import pytest

from api.extensions import db
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.inventory.models import InventoryLevel, InventoryMovement
from api.reports.builtin import BUILTIN_REPORTS, seed_builtin_reports
from api.reports.models import Report
from api.returns.models import Rma, RmaItem, RmaShipment
from tests.api.helpers import assert_error
from tests.reports.world import (  # noqa: F401 (fixtures)
    admin, globex_manager, manager, run,
)

BUILTIN_IDS = [report["id"] for report in BUILTIN_REPORTS]


@pytest.fixture
def seeded(app, factory):
    result = app.test_cli_runner().invoke(args=["seed-reports"])
    assert result.exit_code == 0, result.output
    return result.output


def add_asn(client_row, item, external_id, quantity, received, warehouse="CA01"):
    asn = Asn(
        client_id=client_row.id, warehouse_id=warehouse, external_id=external_id, created_by="someone",
        expected_arrival_date=date(2026, 3, 1), received_at=datetime(2026, 3, 2, 9, 30) if received == quantity else None,
        expected_inbound_shipments=[ExpectedInboundShipment(expected_inbound_shipment_items=[ExpectedInboundShipmentItem(
            item_type_id=item.id, quantity=quantity, received_quantity=received,
            received_at=datetime(2026, 3, 2, 9, 30) if received else None)])],
    )
    db.session.add(asn)
    db.session.commit()
    return asn


@pytest.fixture
def data(factory, acme, globex):
    tent = factory.item(acme, sku="TENT", upc="100000000001", name="Tent")
    tea = factory.item(globex, sku="TEA", upc="200000000001", name="Tea")
    asn = add_asn(acme, tent, "PO-1", 10, 10)
    add_asn(globex, tea, "GLOBEX-PO", 99, 0)
    db.session.add_all([
        Rma(client_id=acme.id, warehouse_id="NJ01", rma_id="RMA-1", reason="Damaged", created_by="someone",
            expected_inbound_shipments=[RmaShipment(tracking_id="1Z", items=[RmaItem(item_type_id=tent.id, quantity=2)])]),
        InventoryLevel(client_id=acme.id, item_type_id=tent.id, location="CA01", unbound=7, reserved=2, bound=1),
        InventoryLevel(client_id=globex.id, item_type_id=tea.id, location="NJ01", unbound=50),
        InventoryMovement(client_id=acme.id, item_type_id=tent.id, location="CA01", unbound_delta=10, reason="receipt",
                          actor="someone", created_at=datetime(2026, 3, 2, 9, 30)),
        InventoryMovement(client_id=acme.id, item_type_id=tent.id, location="CA01", unbound_delta=-3, reason="shipment",
                          actor="someone", created_at=datetime(2026, 3, 20, 12, 0)),
    ])
    db.session.commit()
    return {"asn": asn}


def test_seeding_adds_the_missing_built_ins_and_keeps_edited_ones(app, seeded, client, admin):
    assert "Added 7" in seeded
    assert sorted(db.session.scalars(db.select(Report.id))) == sorted(BUILTIN_IDS)
    edited = client.put("/api/v4/reports/R_FMS_5458", headers=admin, json={
        **{k: v for k, v in BUILTIN_REPORTS[0].items() if k != "id"}, "name": "Our ASNs"})
    assert edited.status_code == 200

    again = app.test_cli_runner().invoke(args=["seed-reports"])

    assert "there already" in again.output
    assert db.session.get(Report, "R_FMS_5458").name == "Our ASNs"
    assert seed_builtin_reports() == []


def test_display_asns_lists_the_acting_clients_asns(seeded, client, manager, globex_manager, data):
    report = client.get("/api/v4/reports/R_FMS_5458", headers=manager).get_json()
    assert (report["name"], report["report_type"], report["category"], report["parameters"]) == (
        "Display ASNs", "client", "Receive", [])

    answer = run(client, manager, "R_FMS_5458").get_json()

    assert answer["fields"] == ["id", "ASN ID", "Warehouse", "Expected Arrival", "Received", "Items", "Quantity",
                                "Received Quantity"]
    assert len(answer["records"]) == 1
    row = dict(zip(answer["fields"], answer["records"][0]))
    assert row["id"] == data["asn"].id and row["ASN ID"] == "PO-1" and row["Warehouse"] == "CA01"
    assert row["Expected Arrival"].startswith("2026-03-01") and row["Received"].startswith("2026-03-02")
    assert (row["Items"], row["Quantity"], row["Received Quantity"]) == (1, 10, 10)
    globex_rows = run(client, globex_manager, "R_FMS_5458").get_json()["records"]
    assert [row[1] for row in globex_rows] == ["GLOBEX-PO"]


def test_the_sidebar_categories_have_reports(seeded, client, manager):
    categories = client.get("/api/v4/reports/categories", headers=manager).get_json()["categories"]

    assert {"Receive", "Customer Returns", "Invoices"} <= set(categories)


EXPECTED_ROWS = {
    "R_CLIENT_5459": [["PO-1", "CA01", "TENT", "100000000001", "Tent", 10, 10]],
    "R_CLIENT_5460": [["RMA-1", "NJ01", None, "Damaged"]],
    "R_CLIENT_5461": [["2026-03", "receipt", 1, 10, 0], ["2026-03", "shipment", 1, 0, 3]],
    "R_CLIENT_5462": [["TENT", "100000000001", "Tent", "CA01", 7, 2, 1, 10]],
}


@pytest.mark.parametrize("report_id", EXPECTED_ROWS)
def test_the_client_built_ins_show_the_clients_data(seeded, client, manager, data, report_id):
    parameters = {"received_since": "2026-01-01"} if report_id == "R_CLIENT_5459" else {}

    answer = run(client, manager, report_id, parameters)

    assert answer.status_code == 200, answer.get_json()
    records = answer.get_json()["records"]
    width = len(EXPECTED_ROWS[report_id][0])
    assert [row[:width] for row in records] == EXPECTED_ROWS[report_id]
    csv = client.get(f"/api/v4/reports/{report_id}/csv", headers=manager, query_string=parameters)
    assert csv.status_code == 200 and len(csv.get_data(as_text=True).splitlines()) == len(records) + 1


def test_the_provider_built_ins_run_for_staff_only(seeded, client, admin, manager, data):
    overview = run(client, admin, "R_FMS_5463").get_json()
    assert [row[1:] for row in overview["records"]] == [["Acme", 1, 1, 1, 1], ["Globex", 0, 1, 1, 0]]

    by_warehouse = run(client, admin, "R_WMS_5464", context="NJ01").get_json()["records"]
    assert by_warehouse == [["NJ01", "Globex", 1, 50, 0, 0]]
    assert len(run(client, admin, "R_WMS_5464").get_json()["records"]) == 2

    for report_id in ("R_FMS_5463", "R_WMS_5464"):
        assert_error(run(client, manager, report_id), 404, "not_found")


def test_seed_demo_seeds_the_reports(app, factory):
    result = app.test_cli_runner().invoke(args=["seed-demo"])

    assert result.exit_code == 0, result.output
    assert db.session.get(Report, "R_FMS_5458") is not None
