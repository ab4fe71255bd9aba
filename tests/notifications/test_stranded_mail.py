"""The mail sweep: a mail nobody is sending (its message lost with a broker or a worker, or the
database gone while it was being sent) is sent again, once; any other mail is left alone."""
from datetime import timedelta

from kombu.exceptions import OperationalError as KombuOperationalError

from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications import service, tasks
from api.notifications.models import OutboundEmail

NOW = utcnow()


def _mail(key, **state):
    email = service.queue_email(key, "someone@example.com", "Subject", "Body")
    for name, value in state.items():
        setattr(email, name, value)
    db.session.commit()
    return email.id


def _sent_again(monkeypatch, now=NOW):
    delayed = []
    monkeypatch.setattr(tasks.deliver_email, "delay", delayed.append)
    assert tasks.send_stranded_mail(now) == delayed
    return delayed


def test_only_mails_nobody_is_sending_are_sent_again_and_only_once(factory, monkeypatch):
    long_ago, minutes_ago = NOW - timedelta(hours=1), NOW - timedelta(minutes=5)
    lost = _mail("lost", next_attempt_at=long_ago)
    held_by_a_dead_worker = _mail("dead-worker", next_attempt_at=long_ago, claimed_at=NOW - timedelta(minutes=20))
    _mail("sent", next_attempt_at=long_ago, sent_at=minutes_ago)
    _mail("given-up", next_attempt_at=long_ago, failed_at=minutes_ago)
    _mail("being-sent", next_attempt_at=long_ago, claimed_at=NOW - timedelta(seconds=30))
    _mail("retried-later", next_attempt_at=NOW + timedelta(minutes=4), last_error="550 Mailbox unavailable")
    _mail("just-queued", next_attempt_at=NOW - timedelta(seconds=30))

    assert sorted(_sent_again(monkeypatch)) == sorted([lost, held_by_a_dead_worker])
    assert _sent_again(monkeypatch) == []  # due again only MAIL_RESEND_SECONDS later
    assert db.session.get(OutboundEmail, lost, populate_existing=True).next_attempt_at == NOW


def test_a_failed_attempt_is_due_again_when_its_retry_is(factory):
    email_id = _mail("retrying")

    before = utcnow()
    service.record_failure(email_id, OSError("connection refused"), retry_in=120)
    after = utcnow()

    email = db.session.get(OutboundEmail, email_id, populate_existing=True)
    assert (email.last_error, email.failed_at) == ("connection refused", None)
    assert before + timedelta(seconds=120) <= email.next_attempt_at <= after + timedelta(seconds=120)


def test_mails_the_broker_did_not_take_are_sent_by_the_next_sweep(app, factory, monkeypatch):
    """Not MAIL_RESEND_SECONDS later: a send the broker refused is not an attempt that might still arrive."""
    older = _mail("broker-down-1", next_attempt_at=NOW - timedelta(hours=2))
    newer = _mail("broker-down-2", next_attempt_at=NOW - timedelta(hours=1))

    def broker_down(_email_id):
        raise KombuOperationalError("connection refused")

    monkeypatch.setattr(tasks.deliver_email, "delay", broker_down)
    assert tasks.send_stranded_mail(NOW) == []

    next_sweep = NOW + timedelta(seconds=app.config["JOB_SWEEP_SECONDS"])
    # Both are due at the same time again, so the sweep takes them in no particular order.
    assert sorted(_sent_again(monkeypatch, next_sweep)) == sorted([older, newer])
    assert _sent_again(monkeypatch, next_sweep + timedelta(seconds=1)) == []
