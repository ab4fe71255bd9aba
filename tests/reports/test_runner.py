"""The runner's guarantees: read-only by the database, bound parameters, a time limit, client scope."""
import time

import pytest
import sqlalchemy as sa

from api.clients.models import Client
from api.reports.parameters import is_date_parameter
from api.extensions import db
from tests.api.helpers import assert_error
from tests.reports.world import (  # noqa: F401 (fixtures)
    admin, admin_for, globex_manager, manager, run,
    save_report,
)

WRITES = {
    "insert": "INSERT INTO clients (name, fulfillment_request_api_version, created_at, updated_at) "
              "VALUES ('Mallory', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
    "update": "UPDATE clients SET name = 'Mallory'",
    "delete": "DELETE FROM clients",
    "copy": "COPY clients TO STDOUT",
    "attach": "ATTACH DATABASE 'stolen.db' AS stolen",
    "create": "CREATE TABLE stolen (id INTEGER)",
    "several statements": "SELECT 1 AS one; DELETE FROM clients",
    "select then update": "SELECT name FROM clients; UPDATE clients SET name = 'Mallory'",
    "cte that writes": "WITH gone AS (DELETE FROM clients RETURNING id) SELECT id FROM gone",
    "set role back": "SET ROLE postgres",
    "reset role": "RESET ROLE",
    "drop": "DROP TABLE clients",
}


def client_names():
    db.session.expire_all()
    return sorted(db.session.scalars(sa.select(Client.name)))


def table_names():
    return set(sa.inspect(db.engine).get_table_names())


@pytest.mark.parametrize("query", WRITES.values(), ids=WRITES.keys())
def test_sql_that_writes_changes_nothing(client, admin, save_report, acme, globex, query, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where an ATTACH would create its file
    tables = table_names()
    report_id = save_report(query)

    answer = run(client, admin, report_id)

    assert_error(answer, 422, "report_failed")
    assert client_names() == ["Acme", "Globex"]
    assert table_names() == tables
    assert not list(tmp_path.iterdir())
    assert run(client, admin, save_report("SELECT COUNT(*) AS n FROM clients")).get_json()["records"] == [[2]]


@pytest.mark.parametrize("query", [WRITES["delete"], WRITES["several statements"], WRITES["cte that writes"]])
def test_sql_that_writes_changes_nothing_through_the_csv_either(client, admin, save_report, acme, globex, query):
    answer = client.get(f"/api/v4/reports/{save_report(query)}/csv", headers=admin)

    assert_error(answer, 422, "report_failed")
    assert client_names() == ["Acme", "Globex"]


def test_no_report_reads_password_hashes_or_shop_tokens(client, admin, save_report, backend, acme, factory):
    factory.user("client", acme, username="hashed.user")
    hashes = run(client, admin, save_report("SELECT username, password_hash FROM users WHERE username = 'hashed.user'"))
    tokens = run(client, admin, save_report("SELECT access_token_encrypted FROM shop_connections"))
    names = run(client, admin, save_report("SELECT username FROM users WHERE username = 'hashed.user'"))

    if backend == "services":  # the reader role holds no grant on those columns
        assert_error(hashes, 422, "report_failed")
        assert_error(tokens, 422, "report_failed")
    else:  # SQLite's authorizer reads them as NULL
        assert hashes.get_json()["records"] == [["hashed.user", None]]
        assert tokens.status_code == 200
    assert names.get_json()["records"] == [["hashed.user"]]


def test_postgresql_reports_run_read_only_under_the_reader_role(client, admin, save_report, backend, acme):
    if backend != "services":
        pytest.skip("PostgreSQL roles and transactions")
    who = run(client, admin, save_report("SELECT current_user AS who, current_setting('transaction_read_only') AS ro"))
    assert who.get_json()["records"] == [["portal_report_reader", "on"]]

    # Writes a single SELECT can still attempt are stopped by the transaction and the role.
    for query in (
        "SELECT nextval(pg_get_serial_sequence('clients', 'id')) AS n",
        "SELECT id FROM clients FOR UPDATE",
        "SELECT pg_read_file('postgresql.conf') AS secrets",
        "SELECT set_config('transaction_read_only', 'off', true) AS flipped, "
        "nextval(pg_get_serial_sequence('clients', 'id')) AS n",
    ):
        assert_error(run(client, admin, save_report(query)), 422, "report_failed")

    # A role changed by a report ends with its transaction: the pooled connections stay the portal's own.
    changed = run(client, admin, save_report("SELECT set_config('role', 'postgres', false) AS role"))
    assert changed.status_code in (200, 422)
    assert db.session.scalar(sa.text("SELECT current_user")) != "portal_report_reader"
    assert run(client, admin, save_report("SELECT current_user AS who")).get_json()["records"] == [["portal_report_reader"]]


def test_sqlite_reports_read_through_a_read_only_connection(client, admin, save_report, backend, acme):
    if backend != "embedded":
        pytest.skip("SQLite connections")
    for query in ("PRAGMA journal_mode = WAL", "PRAGMA writable_schema = ON", "VACUUM"):
        assert_error(run(client, admin, save_report(query)), 422, "report_failed")
    assert client_names() == ["Acme"]


def test_a_query_that_never_ends_is_stopped_and_the_next_one_runs(client, admin, manager, save_report, app, monkeypatch, acme):
    monkeypatch.setitem(app.config, "REPORT_STATEMENT_TIMEOUT_S", 0.5)
    endless = save_report(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
        "SELECT COUNT(*) AS c FROM n, clients WHERE clients.id = :client_id", report_type="client")

    started = time.monotonic()
    answer = run(client, manager, endless)

    assert time.monotonic() - started < 10
    body = assert_error(answer, 422, "report_timed_out")
    assert "time limit" in body["description"] and "SELECT" not in body["description"]
    assert_error(client.get(f"/api/v4/reports/{endless}/csv", headers=manager), 422, "report_timed_out")
    for _ in range(3):  # every pooled connection the runner used is usable again
        assert run(client, manager, save_report("SELECT name FROM clients WHERE id = :client_id", report_type="client")
                   ).get_json()["records"] == [["Acme"]]


@pytest.mark.parametrize("value", [
    "x' OR '1'='1",
    "'; DELETE FROM clients; --",
    "Acme'); DROP TABLE clients; --",
    ":client_id",
])
def test_parameter_values_written_as_sql_are_only_values(client, admin, save_report, acme, globex, value):
    matching = save_report("SELECT name FROM clients WHERE name = :name ORDER BY name")
    echoed = save_report("SELECT :text AS text")

    assert run(client, admin, matching, {"name": value}).get_json()["records"] == []
    assert run(client, admin, echoed, {"text": value}).get_json()["records"] == [[value]]
    csv = client.get(f"/api/v4/reports/{matching}/csv", headers=admin, query_string={"name": value})
    assert csv.status_code == 200 and csv.get_data(as_text=True).splitlines() == ["\ufeffname"]
    assert client_names() == ["Acme", "Globex"]


def test_a_date_parameter_that_is_no_date_is_refused_not_answered_with_no_results(client, admin, save_report, acme):
    report_id = save_report("SELECT name FROM clients WHERE created_at >= :created_since ORDER BY name")

    refused = assert_error(run(client, admin, report_id, {"created_since": "last tuesday"}), 400, "invalid_parameter")
    assert refused["description"] == "The value of created_since must be a date (YYYY-MM-DD); 'last tuesday' is not one."
    assert run(client, admin, report_id, {"created_since": "2000-01-01"}).get_json()["records"] == [["Acme"]]


def test_a_value_the_database_cannot_read_is_a_parameter_error(client, admin, save_report, backend, acme):
    if backend != "services":
        pytest.skip("SQLite reads any value as text; the date rule above covers the embedded database")
    report_id = save_report("SELECT name FROM clients WHERE id = CAST(:wanted AS integer)")

    refused = assert_error(run(client, admin, report_id, {"wanted": "seven"}), 400, "invalid_parameter")
    assert "could not read a value" in refused["description"] and "seven" in refused["description"]


@pytest.mark.parametrize("name, takes_a_date", [
    ("received_since", True), ("created_at", True), ("ship_date", True), ("ShipDate", True), ("from", True),
    ("date_to", True), ("shipped_on", True),
    ("name", False), ("client_id", False), ("total", False), ("status", False), ("updated", False), ("tomato", False),
])
def test_which_parameters_take_a_date(name, takes_a_date):
    assert is_date_parameter(name) is takes_a_date


def test_missing_undeclared_and_unbindable_parameters_are_refused(client, admin, save_report, acme):
    report_id = save_report("SELECT name FROM clients WHERE name = :name OR id = :id")

    missing = assert_error(run(client, admin, report_id, {"name": "Acme"}), 400, "missing_parameter")
    assert "id" in missing["description"]
    undeclared = assert_error(run(client, admin, report_id, {"name": "Acme", "id": 1, "limit": 5}), 400, "undeclared_parameter")
    assert "limit" in undeclared["description"]
    assert_error(run(client, admin, report_id, {"name": ["Acme"], "id": 1}), 400, "invalid_parameter")
    assert_error(run(client, admin, report_id, {"name": {"a": 1}, "id": 1}), 400, "invalid_parameter")
    assert_error(client.get(f"/api/v4/reports/{report_id}/csv", headers=admin, query_string={"name": "Acme"}),
                 400, "missing_parameter")
    assert_error(client.get(f"/api/v4/reports/{report_id}/csv", headers=admin,
                            query_string={"name": "Acme", "id": "1", "other": "x"}), 400, "undeclared_parameter")
    assert run(client, admin, report_id, {"name": "Acme", "id": 0}).get_json()["records"] == [["Acme"]]


@pytest.fixture
def items_report(save_report, factory, acme, globex):
    factory.item(acme, name="Acme tent")
    factory.item(globex, name="Globex secret")
    return save_report("SELECT name FROM item_types WHERE client_id = :client_id ORDER BY name", report_type="client")


def test_a_client_report_shows_the_acting_clients_rows_only(client, manager, globex_manager, admin_for, acme, globex, items_report):
    assert run(client, manager, items_report).get_json()["records"] == [["Acme tent"]]
    assert run(client, globex_manager, items_report).get_json()["records"] == [["Globex secret"]]
    assert run(client, admin_for(globex), items_report).get_json()["records"] == [["Globex secret"]]
    assert "Globex" not in client.get(f"/api/v4/reports/{items_report}/csv", headers=manager).get_data(as_text=True)


def test_a_client_id_given_by_the_caller_is_never_used(client, manager, factory, acme, globex, items_report):
    for parameters in ({"client_id": globex.id}, {"client_id": str(globex.id)}):
        body = assert_error(run(client, manager, items_report, parameters), 400, "undeclared_parameter")
        assert "set by the portal" in body["description"]
    csv = client.get(f"/api/v4/reports/{items_report}/csv", headers=manager, query_string={"client_id": globex.id})
    assert_error(csv, 400, "undeclared_parameter")
    other_client = {**manager, "X-Client-Id": str(globex.id)}
    assert_error(run(client, other_client, items_report), 403)
    assert_error(client.get(f"/api/v4/reports/{items_report}/csv", headers=other_client), 403)


def test_a_client_report_that_lost_its_client_scope_refuses_to_run(client, admin, manager, items_report):
    # Saved reports cannot lose :client_id through the API; one edited in the database fails closed.
    db.session.execute(sa.text("UPDATE reports SET query = 'SELECT name FROM item_types' WHERE id = :id"), {"id": items_report})
    db.session.commit()

    assert_error(run(client, manager, items_report), 422, "report_failed")
    assert_error(run(client, admin, items_report), 422, "report_failed")
    assert_error(client.get(f"/api/v4/reports/{items_report}/csv", headers=manager), 422, "report_failed")


def test_sql_and_stack_traces_never_reach_a_non_admin(client, manager, admin, save_report, acme):
    broken = save_report("SELECT no_such_column FROM item_types WHERE client_id = :client_id", report_type="client")

    for answer in (run(client, manager, broken), client.get(f"/api/v4/reports/{broken}/csv", headers=manager)):
        body = assert_error(answer, 422, "report_failed")
        assert body["description"] == "The report failed to run."
    admin_body = assert_error(run(client, admin, broken), 422, "report_failed")
    assert "no_such_column" in admin_body["description"] and "Traceback" not in admin_body["description"]
