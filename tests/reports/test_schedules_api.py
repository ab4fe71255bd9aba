"""Report schedules through the API: admins only, defaults, validation with actionable messages,
the fire-time preview and the run history."""
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from api.common.timeutil import utcnow
from api.extensions import db
from api.reports.models import ReportSchedule, ScheduleRun
from tests.reports.test_scheduling import make_report


@pytest.fixture
def admin(factory):
    return factory.headers(factory.user("admin", None, username="dana.admin"))


@pytest.fixture
def report(app, factory):
    return make_report(report_type="client", name="Client users")


def schedules_url(report, schedule_id=None):
    base = f"/api/v4/reports/{report.id}/schedules"
    return base if schedule_id is None else f"{base}/{schedule_id}"


def error_of(response):
    body = response.get_json()
    assert {"error", "description"} <= set(body) <= {"error", "description", "field", "fields"}, body
    return body


def test_a_new_schedule_takes_the_defaults(client, admin, report):
    response = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?"})

    assert response.status_code == 201, response.get_json()
    schedule = response.get_json()
    assert {key: schedule[key] for key in ("report_id", "name", "is_active", "suppress_on_empty", "time_zone",
                                           "context", "email_addresses_string", "email_text", "created_by_username",
                                           "next_fire_at")} == {
        "report_id": report.id, "name": "Client users", "is_active": False, "suppress_on_empty": True,
        "time_zone": "UTC", "context": "", "email_addresses_string": "", "email_text": "",
        "created_by_username": "dana.admin", "next_fire_at": None,
    }
    assert client.get(schedules_url(report), headers=admin).get_json() == {"report_schedules": [schedule]}


def test_an_active_schedule_gets_its_next_fire_time_in_its_time_zone(client, admin, report, factory):
    acme = factory.client("Acme")
    response = client.post(schedules_url(report), headers=admin, json={
        "name": "Morning users", "crontab": "0 30 7 * * ?", "time_zone": "America/New_York", "is_active": True,
        "context": str(acme.id), "email_addresses_string": "a@example.com, b@example.com", "suppress_on_empty": False,
    })

    assert response.status_code == 201, response.get_json()
    schedule = response.get_json()
    next_fire = datetime.fromisoformat(schedule["next_fire_at"].rstrip("Z"))
    assert utcnow() < next_fire <= utcnow() + timedelta(days=1)
    assert next_fire.minute == 30 and next_fire.hour in (11, 12)  # 07:30 in New York, EDT or EST
    assert (schedule["name"], schedule["is_active"], schedule["suppress_on_empty"]) == ("Morning users", True, False)


def test_update_and_delete(client, admin, report):
    created = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?", "is_active": True}).get_json()
    url = schedules_url(report, created["id"])

    updated = client.put(url, headers=admin, json={"crontab": "0 0 12 ? * MON", "name": "Mondays", "is_active": False})
    assert updated.status_code == 200, updated.get_json()
    assert (updated.get_json()["crontab"], updated.get_json()["name"], updated.get_json()["next_fire_at"]) == (
        "0 0 12 ? * MON", "Mondays", None)
    assert client.get(url, headers=admin).get_json() == updated.get_json()

    assert client.delete(url, headers=admin).status_code == 204
    assert error_of(client.get(url, headers=admin)) == {"error": "not_found", "description": "Schedule not found."}
    assert db.session.scalar(select(func.count()).select_from(ReportSchedule)) == 0


@pytest.mark.parametrize("fields, message", [
    ({"crontab": "0 0 * * *"}, "The schedule has 5 fields; it needs six or seven"),
    ({"crontab": "0 0 12 * * MON"}, "Put '?' in exactly one of day-of-month and day-of-week"),
    ({"crontab": "0 61 * * * ?"}, "minutes"),
    ({"crontab": ""}, "The schedule is empty"),
    ({}, "Cron expression: Missing data for required field."),
    ({"crontab": "0 0 * * * ?", "time_zone": "Mars/Olympus"}, "'Mars/Olympus' is not a known time zone; use a name such as America/New_York."),
    ({"crontab": "0 0 * * * ?", "time_zone": "../../etc/passwd"}, "is not a known time zone"),
    ({"crontab": "0 0 * * * ?", "email_addresses_string": "ops@example.com, not-an-address"}, "'not-an-address' is not a valid e-mail address."),
    ({"crontab": "0 0 * * * ?", "context": "999999"}, "'999999' is not a client id"),
    ({"crontab": "0 0 * * * ?", "context": "1; DROP TABLE clients"}, "is not a client id"),
    ({"crontab": "0 0 0 1 1 ? 2001", "is_active": True}, "no fire time in the future"),
])
def test_invalid_schedules_are_refused_with_a_message_and_nothing_saved(client, admin, report, fields, message):
    response = client.post(schedules_url(report), headers=admin, json=fields)

    assert response.status_code == 422
    body = error_of(response)
    assert body["error"] == "validation_error" and message in body["description"], body
    assert db.session.scalar(select(func.count()).select_from(ReportSchedule)) == 0


def test_context_follows_the_report_type(client, admin):
    fms = make_report(report_type="fms", query="SELECT name FROM clients", name="Clients")
    wms = make_report(report_type="wms", query="SELECT :warehouse_id AS warehouse", name="Warehouse")

    assert "take no context" in error_of(client.post(schedules_url(fms), headers=admin, json={"crontab": "0 0 * * * ?", "context": "CA01"}))["description"]
    assert "'XX99' is not a warehouse" in error_of(client.post(schedules_url(wms), headers=admin, json={"crontab": "0 0 * * * ?", "context": "XX99"}))["description"]
    assert client.post(schedules_url(wms), headers=admin, json={"crontab": "0 0 * * * ?", "context": "CA01"}).status_code == 201


def test_a_report_that_asks_for_parameters_may_be_scheduled_only_inactive(client, admin):
    asking = make_report(report_type="fms", query="SELECT name FROM clients WHERE name LIKE :pattern AND id > :after",
                         name="Clients like")
    active = {"crontab": "0 0 * * * ?", "is_active": True}

    refused = client.post(schedules_url(asking), headers=admin, json=active)

    assert refused.status_code == 422
    assert error_of(refused) == {"error": "validation_error", "description": (
        "This report asks for pattern, after when it runs, and a schedule cannot give them values, so the "
        "schedule cannot be active. Save it inactive, or schedule a report that takes no parameters.")}
    assert db.session.scalar(select(func.count()).select_from(ReportSchedule)) == 0
    saved = client.post(schedules_url(asking), headers=admin, json={**active, "is_active": False})
    assert saved.status_code == 201
    assert client.put(schedules_url(asking, saved.get_json()["id"]), headers=admin, json=active).status_code == 422
    assert db.session.get(ReportSchedule, saved.get_json()["id"]).is_active is False


def test_the_parameters_the_portal_binds_itself_do_not_stop_a_schedule(client, admin, factory):
    wms = make_report(report_type="wms", query="SELECT :warehouse_id AS warehouse", name="Warehouse")
    per_client = make_report(report_type="client", query="SELECT name FROM clients WHERE id = :client_id", name="Own name")

    for report in (wms, per_client):
        response = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?", "is_active": True})
        assert response.status_code == 201, response.get_json()


def test_a_failed_update_changes_nothing(client, admin, report):
    created = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?", "name": "Hourly"}).get_json()

    response = client.put(schedules_url(report, created["id"]), headers=admin, json={"crontab": "0 0 * * * ?", "name": "Changed", "time_zone": "Nowhere/Land"})

    assert response.status_code == 422
    assert client.get(schedules_url(report, created["id"]), headers=admin).get_json()["name"] == "Hourly"


def test_unknown_report_and_a_schedule_of_another_report_are_not_found(client, admin, report):
    other = make_report(report_type="fms", query="SELECT name FROM clients", name="Clients")
    created = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?"}).get_json()

    assert error_of(client.get("/api/v4/reports/R_FMS_0/schedules", headers=admin))["description"] == "Report not found."
    assert client.post("/api/v4/reports/R_FMS_0/schedules", headers=admin, json={"crontab": "0 0 * * * ?"}).status_code == 404
    assert client.get(schedules_url(other, created["id"]), headers=admin).status_code == 404
    assert client.put(schedules_url(other, created["id"]), headers=admin, json={"crontab": "0 0 * * * ?"}).status_code == 404
    assert client.delete(schedules_url(other, created["id"]), headers=admin).status_code == 404


def test_only_admins_see_schedules_and_only_writing_admins_change_them(client, factory, report):
    acme = factory.client("Acme")
    reader = factory.headers(factory.user("admin_read_only", None))
    manager = factory.headers(factory.user("admin_client_account_manager", None))
    client_user = factory.headers(factory.user("client", acme))
    body = {"crontab": "0 0 * * * ?"}

    assert client.post(schedules_url(report), headers=manager, json=body).status_code == 201
    assert client.get(schedules_url(report), headers=reader).status_code == 200
    assert error_of(client.post(schedules_url(report), headers=reader, json=body))["error"] == "not_authorized"
    assert client.get(schedules_url(report), headers=client_user).status_code == 403
    assert client.post(schedules_url(report), headers=client_user, json=body).status_code == 403
    assert client.get(schedules_url(report)).status_code == 401
    assert db.session.scalar(select(func.count()).select_from(ReportSchedule)) == 1


def test_idempotency_key_creates_one_schedule(client, admin, report):
    headers = {**admin, "Idempotency-Key": "schedule-1"}

    first = client.post(schedules_url(report), headers=headers, json={"crontab": "0 0 * * * ?"})
    second = client.post(schedules_url(report), headers=headers, json={"crontab": "0 0 * * * ?"})

    assert first.status_code == second.status_code == 201
    assert first.get_json() == second.get_json()
    assert db.session.scalar(select(func.count()).select_from(ReportSchedule)) == 1


def test_cron_preview_lists_the_next_five_fire_times(client, factory):
    headers = factory.headers(factory.user("client", factory.client("Acme")))

    answer = client.get("/api/v4/reports/cron_preview?crontab=0 0 12 1W * ?&time_zone=Europe/Berlin", headers=headers)

    assert answer.status_code == 200
    body = answer.get_json()
    assert body["error"] is None and len(body["next_fire_times"]) == 5
    times = [datetime.fromisoformat(text.rstrip("Z")) for text in body["next_fire_times"]]
    assert times == sorted(times) and all(text.endswith("Z") for text in body["next_fire_times"])
    assert all(moment.weekday() < 5 and moment.hour in (10, 11) for moment in times)


@pytest.mark.parametrize("query, message", [
    ("crontab=0 0 * * *", "it needs six or seven"),
    ("crontab=", "The schedule is empty"),
    ("crontab=0 0 * * * ?&time_zone=Nowhere", "'Nowhere' is not a known time zone"),
])
def test_cron_preview_says_what_is_wrong(client, admin, query, message):
    body = client.get(f"/api/v4/reports/cron_preview?{query}", headers=admin).get_json()

    assert body["next_fire_times"] == [] and message in body["error"]


def test_run_history_newest_first(client, admin, report):
    created = client.post(schedules_url(report), headers=admin, json={"crontab": "0 * * * * ?"}).get_json()
    due = datetime(2026, 3, 2, 12)
    db.session.add_all([
        ScheduleRun(schedule_id=created["id"], due_at=due, missed_count=3, state="sent", row_count=4, attempts=1, claimed_at=due),
        ScheduleRun(schedule_id=created["id"], due_at=due + timedelta(minutes=1), state="failed", attempts=2,
                    error="Sending failed on attempt 2: (550, b'Mailbox unavailable')", claimed_at=due),
    ])
    db.session.commit()

    body = client.get(schedules_url(report, created["id"]) + "/runs?limit=1", headers=admin).get_json()
    assert [(run["due_at"], run["state"], run["attempts"]) for run in body["runs"]] == [("2026-03-02T12:01:00Z", "failed", 2)]
    rest = client.get(schedules_url(report, created["id"]) + f"/runs?limit=1&cursor={body['cursor']}", headers=admin).get_json()
    assert [(run["due_at"], run["missed_count"], run["row_count"]) for run in rest["runs"]] == [("2026-03-02T12:00:00Z", 3, 4)]


def test_a_report_with_active_schedules_cannot_start_asking_for_parameters(client, admin):
    report = make_report(report_type="fms", query="SELECT name FROM clients", name="Clients")
    inactive = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?", "is_active": False})
    active = client.post(schedules_url(report), headers=admin, json={"crontab": "0 0 * * * ?", "is_active": True})
    assert (inactive.status_code, active.status_code) == (201, 201)
    edit = {"name": "Clients", "report_type": "fms", "category": "Bench", "sub_category": "",
            "query": "SELECT name FROM clients WHERE name LIKE :pattern"}

    refused = client.put(f"/api/v4/reports/{report.id}", headers=admin, json=edit)

    assert refused.status_code == 422
    assert error_of(refused)["description"] == (
        "This report would ask for pattern when it runs, which its 1 active schedule cannot give. Make it inactive first.")
    db.session.expire_all()
    assert db.session.get(type(report), report.id).query == "SELECT name FROM clients"

    deactivated = {"crontab": "0 0 * * * ?", "is_active": False}
    assert client.put(schedules_url(report, active.get_json()["id"]), headers=admin, json=deactivated).status_code == 200
    assert client.put(f"/api/v4/reports/{report.id}", headers=admin, json=edit).status_code == 200
