"""Keyed e-mail: one row per event, delivered once, over SMTP or to the mail folder."""
from datetime import timedelta
from email.utils import parsedate_to_datetime
from pathlib import Path

from api.common.timeutil import utcnow
from api.extensions import db
from api.notifications import service
from api.notifications.models import OutboundEmail


def _queue(key="event:1", attachment=None):
    email = service.queue_email(key, "someone@example.com", "Subject", "Body", attachment=attachment)
    db.session.commit()
    return email


def test_queueing_the_same_key_twice_keeps_one_message(factory):
    first = _queue()
    second = _queue()
    assert first.id == second.id
    assert OutboundEmail.query.count() == 1


def test_delivery_over_smtp_sends_once(app, factory, mail, monkeypatch):
    monkeypatch.setitem(app.config, "MAIL_URL", mail.url)
    email = _queue(attachment=("report.csv", "text/csv", "naïve,é\r\n".encode()))

    assert service.deliver(email.id) is True
    assert service.deliver(email.id) is False

    [message] = mail.wait_for(1)
    [attachment] = list(message.iter_attachments())
    assert attachment.get_filename() == "report.csv"
    assert attachment.get_content() == "naïve,é\r\n"
    assert message["Message-ID"]


def test_a_claim_held_by_a_live_worker_is_respected_and_a_stale_one_is_taken_over(app, factory):
    email = _queue()
    email.claimed_at = utcnow()
    db.session.commit()
    assert service.deliver(email.id) is False

    email.claimed_at = utcnow() - timedelta(hours=1)
    db.session.commit()
    assert service.deliver(email.id) is True
    assert list(Path(app.config["MAIL_FOLDER"]).glob(f"{email.id:08d}-*.eml"))


def test_every_attempt_at_one_mail_carries_the_same_date_and_message_id(app, factory):
    email = _queue()
    first = service._build_message(email, "portal@example.com")
    second = service._build_message(email, "portal@example.com")

    assert first["Message-ID"] == second["Message-ID"]
    assert first["Date"] == second["Date"]
    assert parsedate_to_datetime(first["Date"]).replace(tzinfo=None) == email.created_at.replace(microsecond=0)
    assert _queue("event:2").id != email.id
    assert service._build_message(_queue("event:2"), "portal@example.com")["Message-ID"] != first["Message-ID"]
