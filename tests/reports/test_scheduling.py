"""Claiming and firing report schedules, and the scheduled run: exactly once, coalesced after
downtime, recovered after a crash, idempotent, and careful with the mail (suppressed when empty,
recipients from the users, large results stated, a failing mail server retried without duplicates)."""
import csv
import io
import socket
import threading
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications.models import OutboundEmail
from api.reports.schedules import firing as scheduling
from api.reports.models import Report, ReportSchedule, ScheduleRun, Scheduler
from api.reports.schedules.runs import SWITCHED_OFF, DeliveryFailed, execute
from tests.live import free_port

EVERY_MINUTE = "0 * * * * ?"
NOW = datetime(2026, 3, 2, 12, 0, 30)
CLIENT_USERS_QUERY = "SELECT username, email FROM users WHERE client_id = :client_id ORDER BY username"


def make_report(report_type="client", query=CLIENT_USERS_QUERY, name="Client users"):
    number = db.session.scalar(select(func.count()).select_from(Report)) + 1
    report = Report(id=f"R_{report_type.upper()}_{9000 + number}", name=name, report_type=report_type,
                    category="Test", sub_category="", query=query, parameters=[], created_by_username="admin")
    db.session.add(report)
    db.session.commit()
    return report


def make_schedule(report, next_fire_at=NOW - timedelta(seconds=30), crontab=EVERY_MINUTE, **fields):
    fields = {"name": report.name, "is_active": True, "time_zone": "UTC", "context": "",
              "email_addresses_string": "ops@example.com", "email_text": "Here it is.", "suppress_on_empty": True, **fields}
    schedule = ReportSchedule(report_id=report.id, crontab=crontab, next_fire_at=next_fire_at,
                              created_by_username="admin", **fields)
    db.session.add(schedule)
    db.session.commit()
    return schedule


def claimed_run_ids(now=NOW):
    return [run.id for run in scheduling.claim_due(now, 10)]


def runs_of(schedule_id):
    db.session.expire_all()
    return db.session.scalars(select(ScheduleRun).filter_by(schedule_id=schedule_id).order_by(ScheduleRun.id)).all()


def attachment_rows(message):
    [attachment] = list(message.iter_attachments())
    return list(csv.reader(io.StringIO(attachment.get_content().lstrip("\ufeff"))))


@pytest.fixture
def smtp(app, mail, monkeypatch):
    """Scheduled mail goes to the test SMTP server."""
    monkeypatch.setitem(app.config, "MAIL_URL", mail.url)
    return mail


@pytest.fixture
def acme(factory):
    client = factory.client("Acme")
    factory.user("client", client, username="acme.user", email="user@acme.test")
    return client


def test_a_due_schedule_fires_once_and_moves_to_its_next_fire_time(app, factory, acme, smtp):
    schedule = make_schedule(make_report(), context=str(acme.id))

    assert scheduling.fire_due_schedules(NOW) == 1
    assert scheduling.fire_due_schedules(NOW) == 0

    [run] = runs_of(schedule.id)
    assert (run.due_at, run.missed_count, run.state, run.row_count) == (NOW - timedelta(seconds=30), 0, "sent", 1)
    assert run.finished_at is not None
    assert db.session.get(ReportSchedule, schedule.id).next_fire_at == datetime(2026, 3, 2, 12, 1)
    [message] = smtp.wait_for(1)
    assert message["To"] == "ops@example.com"
    assert message.get_body(("plain",)).get_content().startswith("Here it is.")
    assert attachment_rows(message) == [["username", "email"], ["acme.user", "user@acme.test"]]


def test_inactive_schedules_and_those_due_beyond_the_lookahead_do_not_fire(app, factory, acme):
    report = make_report()
    make_schedule(report, is_active=False)
    make_schedule(report, next_fire_at=NOW + timedelta(seconds=app.config["SCHEDULE_LOOKAHEAD_SECONDS"] + 1))

    assert scheduling.fire_due_schedules(NOW) == 0
    assert db.session.scalar(select(func.count()).select_from(ScheduleRun)) == 0


def schedule_due_soon(acme, seconds=5):
    due = utcnow().replace(microsecond=0) + timedelta(seconds=seconds)
    schedule = make_schedule(make_report(), next_fire_at=due, crontab=f"{due.second} {due.minute} {due.hour} * * ?",
                             context=str(acme.id))
    return schedule, due


@pytest.fixture
def published(monkeypatch):
    """The run messages published: (run ids, ETA)."""
    messages = []
    monkeypatch.setattr(scheduling.run_schedules, "apply_async", lambda args, eta: messages.append((args[0], eta)))
    return messages


def test_an_occurrence_due_within_the_lookahead_is_claimed_ahead_and_handed_over_when_due(app, factory, acme, published):
    schedule, due = schedule_due_soon(acme)
    held = scheduling.HeldRuns()

    assert scheduling.fire_due_schedules(due - timedelta(seconds=5), held) == 1

    [run] = runs_of(schedule.id)
    assert (run.due_at, run.missed_count, run.state) == (due, 0, "queued")
    assert db.session.get(ReportSchedule, schedule.id).next_fire_at == due + timedelta(days=1)
    assert (published, held.next_due()) == ([], due)

    assert scheduling.fire_due_schedules(due - timedelta(seconds=1), held) == 0
    assert published == []
    assert scheduling.fire_due_schedules(due, held) == 0
    assert published == [([run.id], None)]
    assert (len(held), held.next_due()) == (0, None)


def test_runs_held_when_the_scheduler_stops_are_left_with_the_broker_for_their_due_time(app, factory, acme, published):
    schedule, due = schedule_due_soon(acme)
    held = scheduling.HeldRuns()
    scheduling.fire_due_schedules(due - timedelta(seconds=5), held)

    held.leave_with_broker()

    [run] = runs_of(schedule.id)
    assert [(run_ids, eta.replace(tzinfo=None)) for run_ids, eta in published] == [([run.id], due)]
    assert len(held) == 0


def test_a_one_off_firing_leaves_runs_claimed_ahead_with_the_broker(app, factory, acme, published):
    schedule, due = schedule_due_soon(acme)

    assert scheduling.fire_due_schedules(due - timedelta(seconds=5)) == 1

    [run] = runs_of(schedule.id)
    assert [(run_ids, eta.replace(tzinfo=None)) for run_ids, eta in published] == [([run.id], due)]


def test_runs_due_together_go_out_one_message_per_report_and_context(app, factory, acme, published):
    users, numbers = make_report(), make_report(report_type="fms", query="SELECT 1 AS one", name="One")
    for_acme = [make_schedule(users, context=str(acme.id)).id for _ in range(2)]
    for_all = make_schedule(users).id
    fms = make_schedule(numbers).id

    assert scheduling.fire_due_schedules(NOW, scheduling.HeldRuns()) == 4

    runs_by_schedule = {run.schedule_id: run.id for run in db.session.scalars(select(ScheduleRun))}
    # Runs of one batch are claimed in no particular order; the batches themselves are what the test pins.
    assert sorted(sorted(run_ids) for run_ids, _ in published) == sorted([
        sorted(runs_by_schedule[schedule_id] for schedule_id in for_acme), [runs_by_schedule[for_all]], [runs_by_schedule[fms]]])
    assert all(eta is None for _, eta in published)


def test_a_batch_runs_the_report_once_for_all_its_runs(app, factory, acme, smtp, monkeypatch):
    from api.reports.schedules import runs as schedule_runs
    from api.reports.tasks import run_schedules

    report = make_report()
    schedules = [make_schedule(report, context=str(acme.id), email_addresses_string=f"ops{n}@example.com")
                 for n in range(3)]
    run_ids = claimed_run_ids()
    executions = []
    original = schedule_runs.run_report
    monkeypatch.setattr(schedule_runs, "run_report", lambda *args, **kwargs: executions.append(args) or original(*args, **kwargs))

    run_schedules.apply(args=[run_ids]).get()

    assert len(executions) == 1
    assert [(run.state, run.row_count, run.attempts) for schedule in schedules for run in runs_of(schedule.id)] == [
        ("sent", 1, 1)] * 3
    messages = smtp.wait_for(3)
    assert sorted(message["To"] for message in messages) == ["ops0@example.com", "ops1@example.com", "ops2@example.com"]
    assert all(attachment_rows(message) == [["username", "email"], ["acme.user", "user@acme.test"]] for message in messages)


def test_concurrent_schedulers_claim_each_occurrence_once(app, factory, acme):
    report = make_report()
    schedule_ids = [make_schedule(report, context=str(acme.id)).id for _ in range(40)]
    won, errors = [], []
    start = threading.Barrier(4)

    def scheduler():
        with app.app_context():
            try:
                start.wait()
                while runs := scheduling.claim_due(NOW, 7):
                    won.extend(run.id for run in runs)
            except Exception as error:  # reported below: a thread's exception is otherwise lost
                errors.append(error)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=scheduler) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    runs = db.session.scalars(select(ScheduleRun)).all()
    assert len(won) == len(set(won)) == len(runs) == 40
    assert sorted(run.schedule_id for run in runs) == sorted(schedule_ids)


def test_the_claim_holds_only_while_the_fire_time_is_the_one_read(app, factory, acme, monkeypatch):
    """A scheduler that read the schedule before another one claimed it claims nothing."""
    schedule = make_schedule(make_report())
    original = scheduling._coalesce

    def another_scheduler_claims_first(*args):
        monkeypatch.setattr(scheduling, "_coalesce", original)
        with app.app_context():
            assert scheduling.claim_due(NOW, 10) != []
            db.session.remove()
        return original(*args)

    monkeypatch.setattr(scheduling, "_coalesce", another_scheduler_claims_first)

    assert scheduling.claim_due(NOW, 10) == []
    assert len(runs_of(schedule.id)) == 1


def test_after_downtime_a_schedule_fires_once_and_counts_what_it_missed(app, factory, acme, smtp):
    schedule = make_schedule(make_report(), next_fire_at=datetime(2026, 3, 2, 11, 50), context=str(acme.id))

    assert scheduling.fire_due_schedules(NOW) == 1

    [run] = runs_of(schedule.id)
    assert (run.due_at, run.missed_count) == (datetime(2026, 3, 2, 11, 50), 10)
    assert db.session.get(ReportSchedule, schedule.id).next_fire_at == datetime(2026, 3, 2, 12, 1)
    [message] = smtp.wait_for(1)
    assert "10 earlier occurrence(s)" in message.get_body(("plain",)).get_content()


def test_a_schedule_whose_expression_ended_fires_its_last_occurrence_and_deactivates(app, factory, acme):
    schedule = make_schedule(make_report(), crontab="0 0 12 2 3 ? 2026", next_fire_at=datetime(2026, 3, 2, 12), context=str(acme.id))

    scheduling.fire_due_schedules(NOW)

    db.session.expire_all()
    schedule = db.session.get(ReportSchedule, schedule.id)
    assert (schedule.is_active, schedule.next_fire_at) == (False, None)
    assert len(runs_of(schedule.id)) == 1


def test_a_run_left_queued_by_a_crash_is_enqueued_again_after_the_grace_period(app, factory, acme, smtp):
    schedule = make_schedule(make_report(), context=str(acme.id))
    [crashed] = claimed_run_ids()  # claimed and committed, never enqueued
    grace = timedelta(seconds=app.config["SCHEDULE_REQUEUE_SECONDS"])

    assert scheduling.requeue_stalled(NOW + grace - timedelta(seconds=1), 10) == []
    assert runs_of(schedule.id)[0].state == "queued"
    assert scheduling.requeue_stalled(NOW + grace + timedelta(seconds=1), 10) == [crashed]

    [run] = runs_of(schedule.id)
    assert run.state == "sent"
    assert len(smtp.wait_for(1)) == 1


def test_a_run_claimed_ahead_is_not_enqueued_again_before_the_grace_period_after_its_due_time(app, factory, acme, published):
    grace = timedelta(seconds=app.config["SCHEDULE_REQUEUE_SECONDS"])
    due = NOW + grace
    make_schedule(make_report(), next_fire_at=due, context=str(acme.id))
    [run] = scheduling.claim_due(NOW, 10, lookahead=grace)

    assert scheduling.requeue_stalled(NOW + grace + timedelta(seconds=1), 10) == []
    assert scheduling.requeue_stalled(due + grace + timedelta(seconds=1), 10) == [run.id]
    assert published == [([run.id], None)]


def test_the_run_task_is_idempotent(app, factory, acme, smtp):
    schedule = make_schedule(make_report(), context=str(acme.id))
    [run_id] = claimed_run_ids()

    execute(run_id)
    execute(run_id)
    execute(run_id)

    [run] = runs_of(schedule.id)
    assert (run.state, run.attempts) == ("sent", 1)
    smtp.wait_for(1)
    assert len(smtp.messages) == 1
    assert db.session.scalar(select(func.count()).select_from(OutboundEmail)) == 1


def test_a_run_claimed_before_its_schedule_was_switched_off_is_skipped_and_sends_nothing(app, client, factory, acme, smtp):
    report = make_report()
    schedule = make_schedule(report, context=str(acme.id))
    [run_id] = claimed_run_ids()
    staff = factory.headers(factory.user("admin", None, username="dana.admin"))
    switched_off = client.put(f"/api/v4/reports/{report.id}/schedules/{schedule.id}", headers=staff, json={
        "crontab": EVERY_MINUTE, "is_active": False, "context": str(acme.id), "email_addresses_string": "ops@example.com",
    })
    assert switched_off.status_code == 200, switched_off.get_json()

    execute(run_id)

    [run] = runs_of(schedule.id)
    assert (run.state, run.error, run.attempts) == ("skipped", SWITCHED_OFF, 0)
    assert db.session.scalar(select(func.count()).select_from(OutboundEmail)) == 0


def test_the_last_run_of_an_expression_that_ended_is_sent(app, factory, acme, smtp):
    schedule = make_schedule(make_report(), context=str(acme.id), crontab="0 0 12 2 3 ? 2026")
    [run_id] = claimed_run_ids()
    db.session.refresh(schedule)
    assert schedule.is_active is False

    execute(run_id)

    [run] = runs_of(schedule.id)
    assert run.state == "sent"
    smtp.wait_for(1)


def test_an_empty_result_sends_nothing_when_suppressed(app, factory, smtp):
    empty_client = factory.client("Empty")
    schedule = make_schedule(make_report(), context=str(empty_client.id))
    [run_id] = claimed_run_ids()

    execute(run_id)

    [run] = runs_of(schedule.id)
    assert (run.state, run.row_count) == ("suppressed", 0)
    assert db.session.scalar(select(func.count()).select_from(OutboundEmail)) == 0


def test_an_empty_result_is_sent_when_not_suppressed(app, factory, smtp):
    empty_client = factory.client("Empty")
    make_schedule(make_report(), context=str(empty_client.id), suppress_on_empty=False)

    scheduling.fire_due_schedules(NOW)

    [message] = smtp.wait_for(1)
    assert "No Results." in message.get_body(("plain",)).get_content()
    assert attachment_rows(message) == [["username", "email"]]


def test_blank_addresses_go_to_the_clients_users_who_receive_scheduled_reports(app, factory, acme, smtp):
    receiver = factory.user("client_read_only", acme, username="acme.receiver", email="receiver@acme.test")
    receiver.receive_scheduled_reports = True
    inactive = factory.user("client", acme, username="acme.gone", email="gone@acme.test", active=False)
    inactive.receive_scheduled_reports = True
    other = factory.user("client", factory.client("Other"), username="other.receiver", email="receiver@other.test")
    other.receive_scheduled_reports = True
    db.session.commit()
    make_schedule(make_report(), context=str(acme.id), email_addresses_string="")

    scheduling.fire_due_schedules(NOW)

    [message] = smtp.wait_for(1)
    assert message["To"] == "receiver@acme.test"
    assert len(smtp.messages) == 1


def test_a_client_report_with_a_blank_context_goes_out_once_per_client(app, factory, acme, smtp):
    globex = factory.client("Globex")
    factory.user("client", globex, username="globex.user", email="user@globex.test")
    schedule = make_schedule(make_report(), context="")

    scheduling.fire_due_schedules(NOW)

    messages = smtp.wait_for(2)
    assert sorted(message["Subject"].split(" - ")[0] for message in messages) == [
        "Client users (Acme)", "Client users (Globex)"]
    assert sorted(attachment_rows(message)[1][0] for message in messages) == ["acme.user", "globex.user"]
    [run] = runs_of(schedule.id)
    assert (run.state, run.row_count) == ("sent", 2)


def test_a_result_too_large_to_attach_is_stated_in_the_mail(app, factory, smtp, monkeypatch):
    numbers = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 31) SELECT i AS number FROM n"
    monkeypatch.setitem(app.config, "REPORT_ATTACHMENT_MAX_BYTES", 60)
    make_schedule(make_report(report_type="fms", query=numbers, name="Numbers"))

    scheduling.fire_due_schedules(NOW)

    [message] = smtp.wait_for(1)
    assert list(message.iter_attachments()) == []
    body = message.get_body(("plain",)).get_content()
    assert "The result has 31 rows" in body and "60 bytes" in body and "not attached" in body


def test_a_report_that_fails_is_recorded_and_sends_nothing(app, factory, smtp):
    schedule = make_schedule(make_report(report_type="fms", query="SELECT no_such_column FROM clients"))

    scheduling.fire_due_schedules(NOW)

    [run] = runs_of(schedule.id)
    assert run.state == "failed"
    assert run.error.startswith("The report failed to run.")
    assert db.session.scalar(select(func.count()).select_from(OutboundEmail)) == 0


def test_a_client_report_for_a_deleted_client_fails_and_says_why(app, factory, smtp):
    gone = factory.client("Gone")
    gone_id = gone.id
    schedule = make_schedule(make_report(), context=str(gone_id), suppress_on_empty=True)
    db.session.delete(gone)
    db.session.commit()

    scheduling.fire_due_schedules(NOW)

    [run] = runs_of(schedule.id)
    assert (run.state, run.row_count) == ("failed", None)
    assert run.error == f"The client this schedule is for (id {gone_id}) no longer exists, so the report was not run."
    assert db.session.scalar(select(func.count()).select_from(OutboundEmail)) == 0


class RefusingHandler:
    """An SMTP server that answers 550 to the first ``refusals`` messages, then accepts."""

    def __init__(self, refusals):
        self.refusals = refusals
        self.accepted = []

    async def handle_DATA(self, server, session, envelope):
        if self.refusals:
            self.refusals -= 1
            return "550 Mailbox unavailable"
        self.accepted.append(envelope)
        return "250 OK"


@pytest.fixture
def refusing_smtp(app, monkeypatch):
    from aiosmtpd.controller import Controller

    handler = RefusingHandler(refusals=2)
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setitem(app.config, "MAIL_URL", f"smtp://127.0.0.1:{port}")
    yield handler
    controller.stop()


def test_a_refusing_mail_server_fails_the_run_which_a_retry_sends_once(app, factory, acme, refusing_smtp):
    schedule = make_schedule(make_report(), context=str(acme.id))
    [run_id] = claimed_run_ids()

    for attempt in (1, 2):
        with pytest.raises(DeliveryFailed):
            execute(run_id)
        [run] = runs_of(schedule.id)
        assert run.state == "failed"
        assert run.error.startswith(f"Sending failed on attempt {attempt}: ") and "550" in run.error
    execute(run_id)
    execute(run_id)

    [run] = runs_of(schedule.id)
    assert (run.state, run.attempts, run.row_count) == ("sent", 3, 1)
    assert len(refusing_smtp.accepted) == 1
    [email] = db.session.scalars(select(OutboundEmail)).all()
    assert email.sent_at is not None


def test_a_run_of_a_batch_whose_mail_is_refused_is_retried_as_its_own_task(app, factory, acme, refusing_smtp):
    from api.reports.tasks import run_schedules

    report = make_report()
    first, second = (make_schedule(report, context=str(acme.id), email_addresses_string=address)
                          for address in ("first@example.com", "second@example.com"))

    run_schedules.apply(args=[claimed_run_ids()]).get()

    # The server refuses the first two messages, one of each run in the batch: each is retried on its own.
    assert [(run.state, run.attempts) for run in runs_of(first.id) + runs_of(second.id)] == [("sent", 2), ("sent", 2)]
    assert sorted(envelope.rcpt_tos[0] for envelope in refusing_smtp.accepted) == ["first@example.com", "second@example.com"]


@pytest.fixture
def dropping_server():
    """A server that accepts connections and closes them at once, as a crashed mail server would."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stopping = threading.Event()

    def serve():
        while not stopping.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"smtp://127.0.0.1:{listener.getsockname()[1]}"
    stopping.set()
    thread.join()
    listener.close()


def test_a_dropped_connection_is_retried_through_the_task_and_sends_once(app, factory, acme, mail, dropping_server, monkeypatch):
    from api.reports.tasks import run_schedule

    schedule = make_schedule(make_report(), context=str(acme.id))
    [run_id] = claimed_run_ids()
    monkeypatch.setitem(app.config, "MAIL_URL", dropping_server)
    monkeypatch.setitem(app.config, "SCHEDULE_RUN_MAX_RETRIES", 0)

    with pytest.raises(DeliveryFailed):
        run_schedule.apply(args=[run_id]).get()
    [run] = runs_of(schedule.id)
    assert run.state == "failed" and "Sending failed on attempt 1" in run.error

    monkeypatch.setitem(app.config, "MAIL_URL", mail.url)
    run_schedule.apply(args=[run_id]).get()
    run_schedule.apply(args=[run_id]).get()

    [run] = runs_of(schedule.id)
    assert run.state == "sent"
    mail.wait_for(1)
    assert len(mail.messages) == 1


def test_the_scheduler_process_loads_the_report_schedule_source():
    from scheduler.loop import _sources
    from scheduler.sources import ReportSchedules

    assert [source for source in _sources if isinstance(source, ReportSchedules)] != []


def heartbeat_timeout(app):
    return timedelta(seconds=app.config["SCHEDULER_HEARTBEAT_TIMEOUT_SECONDS"])


def scheduler_ids():
    db.session.expire_all()
    return set(db.session.scalars(select(Scheduler.id)))


def test_runs_claimed_ahead_by_a_scheduler_whose_heartbeat_stopped_are_taken_over_and_handed_over_when_due(
        app, factory, acme, published):
    schedule, due = schedule_due_soon(acme, seconds=app.config["SCHEDULE_LOOKAHEAD_SECONDS"])
    claimed_at = due - timedelta(seconds=app.config["SCHEDULE_LOOKAHEAD_SECONDS"])
    dead, survivor = scheduling.SchedulerHeartbeat(), scheduling.SchedulerHeartbeat()
    scheduling.fire_due_schedules(claimed_at, scheduling.HeldRuns(), dead)  # then killed: what it held is lost
    held = scheduling.HeldRuns()

    scheduling.fire_due_schedules(claimed_at + heartbeat_timeout(app) - timedelta(seconds=1), held, survivor)
    assert (len(held), runs_of(schedule.id)[0].claimed_by) == (0, dead.id)

    scheduling.fire_due_schedules(claimed_at + heartbeat_timeout(app) + timedelta(seconds=1), held, survivor)
    [run] = runs_of(schedule.id)
    assert (run.state, run.claimed_by, held.next_due(), published) == ("queued", survivor.id, due, [])
    assert scheduler_ids() == {survivor.id}

    scheduling.fire_due_schedules(due, held, survivor)
    assert published == [([run.id], None)]


def test_runs_of_a_dead_scheduler_already_due_are_handed_over_at_once(app, factory, acme, published):
    schedule, due = schedule_due_soon(acme)
    dead, survivor = scheduling.SchedulerHeartbeat(), scheduling.SchedulerHeartbeat()
    scheduling.fire_due_schedules(due - timedelta(seconds=1), scheduling.HeldRuns(), dead)

    scheduling.fire_due_schedules(due + heartbeat_timeout(app), scheduling.HeldRuns(), survivor)

    [run] = runs_of(schedule.id)
    assert (run.claimed_by, published) == (survivor.id, [([run.id], None)])


def test_runs_of_a_scheduler_whose_heartbeat_goes_on_are_not_taken_over(app, factory, acme, published):
    schedule, due = schedule_due_soon(acme, seconds=app.config["SCHEDULE_LOOKAHEAD_SECONDS"])
    claimed_at = due - timedelta(seconds=app.config["SCHEDULE_LOOKAHEAD_SECONDS"])
    alive, other = scheduling.SchedulerHeartbeat(), scheduling.SchedulerHeartbeat()
    alive_holds, other_holds = scheduling.HeldRuns(), scheduling.HeldRuns()
    scheduling.fire_due_schedules(claimed_at, alive_holds, alive)

    later = claimed_at + heartbeat_timeout(app) + timedelta(seconds=1)
    scheduling.fire_due_schedules(later - timedelta(seconds=1), alive_holds, alive)
    scheduling.fire_due_schedules(later, other_holds, other)

    [run] = runs_of(schedule.id)
    assert (run.claimed_by, len(alive_holds), len(other_holds), published) == (alive.id, 1, 0, [])
    assert scheduler_ids() == {alive.id, other.id}


def test_runs_of_a_scheduler_that_stopped_cleanly_are_left_with_the_broker_and_not_sent_again(
        app, factory, acme, published):
    schedule, due = schedule_due_soon(acme)
    stopping, survivor = scheduling.SchedulerHeartbeat(), scheduling.SchedulerHeartbeat()
    held = scheduling.HeldRuns()
    scheduling.fire_due_schedules(due - timedelta(seconds=5), held, stopping)

    held.leave_with_broker()
    stopping.sign_off()
    scheduling.fire_due_schedules(due + heartbeat_timeout(app), scheduling.HeldRuns(), survivor)

    [run] = runs_of(schedule.id)
    assert [(run_ids, eta.replace(tzinfo=None)) for run_ids, eta in published] == [([run.id], due)]
    assert (run.state, run.claimed_by) == ("queued", None)
    assert scheduler_ids() == {survivor.id}
