"""Reports through the API: who sees and edits which, running for a page, and the CSV download."""
import csv
import io

import pytest

from api.reports.models import Report
from api.extensions import db
from tests.api.helpers import assert_error
from tests.reports.world import (  # noqa: F401 (fixtures)
    admin, auditor, manager,
    run, save_report,
)

# Values from a query string are text: the SQL casts what it compares as a number.
NUMBERS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < CAST(:count AS INTEGER)) SELECT i FROM n"


@pytest.fixture
def catalogue(save_report):
    """One report of each type in a few categories."""
    return {
        "fms": save_report("SELECT name FROM clients", name="All clients", category="Clients"),
        "wms": save_report("SELECT location FROM inventory_levels WHERE location = :warehouse_id OR :warehouse_id IS NULL",
                           report_type="wms", name="Locations", category="Inventory"),
        "client": save_report("SELECT name FROM item_types WHERE client_id = :client_id", report_type="client",
                              name="Items", category="Inventory"),
        "returns": save_report("SELECT rma_id FROM rmas WHERE client_id = :client_id", report_type="client",
                               name="Returns", category="Customer Returns"),
    }


def test_saving_a_report_numbers_it_and_derives_its_parameters(client, admin, acme):
    answer = client.post("/api/v4/reports", headers=admin, json={
        "name": "Items by name", "report_type": "client", "category": "Inventory", "sub_category": "Items",
        "query": "SELECT name FROM item_types WHERE client_id = :client_id AND name LIKE :pattern "
                 "AND created_at >= :since AND CAST(:pattern AS TEXT) <> '::not_a_parameter';  ",
    })

    assert answer.status_code == 201, answer.get_json()
    report = answer.get_json()
    assert report["id"] == "R_CLIENT_1"
    assert report["parameters"] == ["pattern", "since"]
    assert report["created_by_username"] == "ops.admin"
    assert not report["query"].endswith(";")
    following = client.post("/api/v4/reports", headers=admin, json={"name": "Clients", "query": "SELECT name FROM clients"})
    assert following.get_json()["id"] == "R_FMS_2"
    assert following.get_json()["report_type"] == "fms"


def test_a_new_report_takes_the_number_after_the_highest(client, admin, acme):
    db.session.add(Report(id="R_FMS_5458", name="Old", report_type="client", query="SELECT 1 AS a WHERE 1 = :client_id",
                          parameters=[], created_by_username="system"))
    db.session.commit()

    answer = client.post("/api/v4/reports", headers=admin, json={"name": "New", "report_type": "wms", "query": "SELECT 1 AS a"})

    assert answer.get_json()["id"] == "R_WMS_5459"


@pytest.mark.parametrize("body, message", [
    ({"report_type": "fms", "query": "SELECT 1 AS a"}, "Name: Missing data for required field."),
    ({"name": "", "query": "SELECT 1 AS a"}, "Name is required"),
    ({"name": "X", "query": "  "}, "Write the report's SQL query."),
    ({"name": "X"}, "Query: Missing data for required field."),
    ({"name": "X", "report_type": "global", "query": "SELECT 1 AS a"}, "Report type must be one of: fms, wms, client."),
    ({"name": "X", "report_type": "client", "query": "SELECT name FROM item_types"}, "with :client_id"),
    ({"name": "X", "report_type": "fms", "query": "SELECT name FROM item_types WHERE client_id = :client_id"},
     "Only client reports are given a :client_id."),
    ({"name": "X", "query": "SELECT :context AS c"}, "may not be named context"),
    ({"name": "X", "query": "SELECT " + ", ".join(f":p{i} AS c{i}" for i in range(31))}, "at most 30 parameters"),
])
def test_a_report_that_cannot_be_saved_is_refused_with_a_reason(client, admin, acme, body, message):
    answer = client.post("/api/v4/reports", headers=admin, json=body)

    assert message in assert_error(answer, 422, "validation_error")["description"]
    assert db.session.query(Report).count() == 0


def test_updating_and_deleting_a_report(client, admin, catalogue):
    report_id = catalogue["fms"]

    updated = client.put(f"/api/v4/reports/{report_id}", headers=admin, json={
        "name": "Clients by name", "report_type": "fms", "category": "Clients", "sub_category": "All",
        "query": "SELECT name FROM clients WHERE name LIKE :pattern ORDER BY name"})

    assert updated.status_code == 200, updated.get_json()
    assert updated.get_json()["parameters"] == ["pattern"]
    assert client.get(f"/api/v4/reports/{report_id}", headers=admin).get_json()["name"] == "Clients by name"
    refused = client.put(f"/api/v4/reports/{report_id}", headers=admin, json={
        "name": "Scopeless", "report_type": "client", "query": "SELECT name FROM clients"})
    assert_error(refused, 422, "validation_error")
    assert client.get(f"/api/v4/reports/{report_id}", headers=admin).get_json()["report_type"] == "fms"

    assert client.delete(f"/api/v4/reports/{report_id}", headers=admin).status_code == 204
    assert_error(client.get(f"/api/v4/reports/{report_id}", headers=admin), 404, "not_found")
    assert_error(client.delete(f"/api/v4/reports/{report_id}", headers=admin), 404, "not_found")


def test_read_only_staff_and_client_users_change_no_report(client, auditor, manager, catalogue):
    report_id = catalogue["client"]
    body = {"name": "Changed", "report_type": "client", "query": "SELECT 2 AS b WHERE 2 = :client_id"}

    for headers in (auditor, manager):
        assert_error(client.post("/api/v4/reports", headers=headers, json=body), 403, "not_authorized")
        assert_error(client.put(f"/api/v4/reports/{report_id}", headers=headers, json=body), 403, "not_authorized")
        assert_error(client.delete(f"/api/v4/reports/{report_id}", headers=headers), 403, "not_authorized")
    assert db.session.get(Report, report_id).name == "Items"
    assert db.session.query(Report).count() == 4
    assert run(client, auditor, report_id).status_code == 200


def test_staff_see_every_report_and_client_users_client_reports_only(client, admin, auditor, manager, catalogue):
    def listed(headers, **query):
        answer = client.get("/api/v4/reports", headers=headers, query_string=query)
        assert answer.status_code == 200
        assert answer.get_json()["cursor"] is None
        return [report["id"] for report in answer.get_json()["reports"]]

    everything = sorted(catalogue.values())
    assert sorted(listed(admin)) == everything
    assert sorted(listed(auditor)) == everything
    assert sorted(listed(manager)) == sorted([catalogue["client"], catalogue["returns"]])
    assert listed(admin, category="Inventory") == [catalogue["client"], catalogue["wms"]]  # by name
    assert listed(admin, category="Inventory", report_type="wms") == [catalogue["wms"]]
    assert listed(manager, report_type="fms") == []
    summary = client.get("/api/v4/reports", headers=manager).get_json()["reports"][0]
    assert set(summary) == {"id", "name", "report_type", "category", "sub_category", "parameters"}


def test_categories_are_those_of_the_reports_the_caller_may_run(client, admin, manager, catalogue):
    def categories(headers, **query):
        return client.get("/api/v4/reports/categories", headers=headers, query_string=query).get_json()["categories"]

    assert categories(admin) == ["Clients", "Customer Returns", "Inventory"]
    assert categories(admin, report_type="fms") == ["Clients"]
    assert categories(manager) == ["Customer Returns", "Inventory"]
    assert categories(manager, report_type="fms") == []
    assert_error(client.get("/api/v4/reports/categories", headers=admin, query_string={"report_type": "x"}), 422)


def test_only_staff_see_a_reports_sql(client, admin, manager, catalogue):
    for_staff = client.get(f"/api/v4/reports/{catalogue['client']}", headers=admin).get_json()
    for_client = client.get(f"/api/v4/reports/{catalogue['client']}", headers=manager).get_json()

    assert for_staff["query"] == "SELECT name FROM item_types WHERE client_id = :client_id"
    assert for_staff["created_by_username"] == "ops.admin"
    assert "query" not in for_client and "created_by_username" not in for_client
    assert for_client["name"] == "Items"


@pytest.mark.parametrize("kind", ["fms", "wms"])
def test_provider_reports_do_not_exist_for_client_users(client, manager, catalogue, kind):
    report_id = catalogue[kind]

    assert_error(client.get(f"/api/v4/reports/{report_id}", headers=manager), 404, "not_found")
    assert_error(run(client, manager, report_id), 404, "not_found")
    assert_error(client.get(f"/api/v4/reports/{report_id}/csv", headers=manager), 404, "not_found")


def test_a_wms_report_runs_for_one_warehouse_or_all(client, admin, factory, acme, catalogue):
    from api.inventory.models import InventoryLevel

    item = factory.item(acme)
    db.session.add_all([InventoryLevel(client_id=acme.id, item_type_id=item.id, location=location, unbound=1)
                        for location in ("CA01", "NJ01")])
    db.session.commit()

    def locations(context):
        return sorted(row[0] for row in run(client, admin, catalogue["wms"], context=context).get_json()["records"])

    assert locations("CA01") == ["CA01"]
    assert locations("") == ["CA01", "NJ01"]
    assert locations(None) == ["CA01", "NJ01"]
    assert_error(run(client, admin, catalogue["wms"], context="MOON1"), 400, "invalid_context")


def test_an_empty_result_is_its_fields_and_no_records(client, admin, save_report):
    answer = run(client, admin, save_report("SELECT name AS \"Client\", id AS \"ID\" FROM clients WHERE 1 = 0"))

    assert answer.get_json() == {"fields": ["Client", "ID"], "records": [], "row_count": 0, "truncated": False}


def test_values_arrive_as_json_can_carry_them(client, admin, save_report, backend):
    query = "SELECT CAST(12.50 AS NUMERIC(10, 2)) AS money, 3 AS whole, 'text' AS words, NULL AS empty"
    records = run(client, admin, save_report(query)).get_json()["records"]

    # PostgreSQL keeps the exact decimal (as text); SQLite has no decimal type.
    assert records == [["12.50" if backend == "services" else 12.5, 3, "text", None]]


def test_a_page_holds_500_records_and_more_are_offered_as_csv_only(client, admin, save_report):
    numbers = save_report(NUMBERS)

    full = run(client, admin, numbers, {"count": 500}).get_json()
    assert full["truncated"] is False and full["row_count"] == 500
    assert [row[0] for row in full["records"]] == list(range(1, 501))

    over = run(client, admin, numbers, {"count": 501}).get_json()
    assert over == {"fields": ["i"], "records": [], "row_count": 501, "truncated": True}
    many = run(client, admin, numbers, {"count": 20000}).get_json()
    assert many["truncated"] is True and many["row_count"] == 20000 and many["records"] == []

    download = client.get(f"/api/v4/reports/{numbers}/csv", headers=admin, query_string={"count": 20000})
    assert download.status_code == 200
    rows = list(csv.reader(io.StringIO(download.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["i"] and len(rows) == 20001 and rows[-1] == ["20000"]


def test_the_csv_is_named_after_the_report_and_streamed(client, admin, save_report):
    report_id = save_report(NUMBERS, name="Numbers / all of them")

    answer = client.get(f"/api/v4/reports/{report_id}/csv", headers=admin, query_string={"count": 100000}, buffered=False)

    assert answer.status_code == 200
    assert answer.is_streamed
    assert answer.mimetype == "text/csv"
    disposition = answer.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="Numbers _ all of them.csv"')
    assert "filename*=UTF-8''Numbers%20_%20all%20of%20them.csv" in disposition
    chunks = list(answer.response)
    assert len(chunks) > 2  # header, then rows in several chunks: never one body built in memory
    assert b"".join(chunks).decode("utf-8-sig").splitlines()[-1] == "100000"
    answer.close()


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(client, admin, save_report, factory, acme):
    for name in ("=HYPERLINK(\"http://evil\")", "+1+2", "-3+cmd", "@SUM(A1)", "\tTab", "Plain, with comma"):
        factory.item(acme, name=name)
    report_id = save_report("SELECT name AS \"=Name\", -5 AS delta FROM item_types WHERE client_id = :client_id ORDER BY id",
                            report_type="client", name="Ünïcode items")

    answer = client.get(f"/api/v4/reports/{report_id}/csv", headers=admin)

    assert answer.data.startswith(b"\xef\xbb\xbf")
    assert "filename*=UTF-8''%C3%9Cn%C3%AFcode%20items.csv" in answer.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows == [
        ["'=Name", "delta"],
        ["'=HYPERLINK(\"http://evil\")", "-5"],
        ["'+1+2", "-5"],
        ["'-3+cmd", "-5"],
        ["'@SUM(A1)", "-5"],
        ["'\tTab", "-5"],
        ["Plain, with comma", "-5"],
    ]


def test_running_an_unknown_report_is_not_found(client, admin, manager):
    assert_error(run(client, admin, "R_FMS_404"), 404, "not_found")
    assert_error(client.get("/api/v4/reports/R_FMS_404/csv", headers=manager), 404, "not_found")
    assert_error(client.put("/api/v4/reports/R_FMS_404", headers=admin, json={"name": "X", "query": "SELECT 1 AS a"}), 404)


def test_percent_signs_and_repeated_column_names_reach_the_csv_unchanged(client, admin, manager, save_report, factory, acme):
    factory.item(acme, name="100% wool")
    factory.item(acme, name="Cotton")
    without_parameters = save_report("SELECT name, name FROM clients WHERE name LIKE 'A%' ORDER BY name")
    with_parameters = save_report(
        "SELECT name AS item, '%' AS sign FROM item_types WHERE client_id = :client_id AND name LIKE '%\\%%' ESCAPE '\\' "
        "ORDER BY name", report_type="client")

    first = client.get(f"/api/v4/reports/{without_parameters}/csv", headers=admin)
    second = client.get(f"/api/v4/reports/{with_parameters}/csv", headers=manager)

    assert first.get_data(as_text=True).lstrip("\ufeff").splitlines() == ["name,name", "Acme,Acme"]
    assert second.get_data(as_text=True).lstrip("\ufeff").splitlines() == ["item,sign", "100% wool,%"]
    assert run(client, manager, with_parameters).get_json()["records"] == [["100% wool", "%"]]
