"""The embedded broker publishes a message whole: a worker polling while it is written sees nothing,
then the complete message; never an empty file (which lost the message)."""
import threading
from queue import Empty

import pytest
from kombu import Connection

from api import filesystem_broker
from api.celery_app import celery_init_app
from api.filesystem_broker import Transport


@pytest.fixture
def channel(tmp_path):
    folder = str(tmp_path / "queue")
    (tmp_path / "queue").mkdir()
    (tmp_path / "processed").mkdir()
    options = {"data_folder_in": folder, "data_folder_out": folder, "processed_folder": str(tmp_path / "processed"),
               "store_processed": False}
    with Connection("filesystem://", transport=Transport, transport_options=options) as connection:
        yield connection.default_channel


def test_a_message_being_written_is_not_taken_until_it_is_complete(channel, monkeypatch):
    writing, may_finish = threading.Event(), threading.Event()
    serialise = filesystem_broker.dumps

    def slow_dumps(payload):
        writing.set()
        assert may_finish.wait(10)
        return serialise(payload)

    monkeypatch.setattr(filesystem_broker, "dumps", slow_dumps)
    publisher = threading.Thread(target=channel._put, args=("celery", {"job": 7}))
    publisher.start()
    try:
        assert writing.wait(10)
        with pytest.raises(Empty):
            channel._get("celery")
    finally:
        may_finish.set()
        publisher.join()
    assert channel._get("celery") == {"job": 7}
    assert channel._size("celery") == 0


def test_each_message_is_taken_once_from_its_own_queue(channel, tmp_path):
    for n in range(3):
        channel._put("celery", {"n": n})
    channel._put("other", {"n": "elsewhere"})
    assert sorted(channel._get("celery")["n"] for _ in range(3)) == [0, 1, 2]
    with pytest.raises(Empty):
        channel._get("celery")
    assert channel._get("other") == {"n": "elsewhere"}
    assert list((tmp_path / "queue").iterdir()) == list((tmp_path / "processed").iterdir()) == []


def test_consumers_polling_one_queue_take_each_message_exactly_once(channel):
    for n in range(300):
        channel._put("celery", {"n": n})
    taken = [[], []]

    def consume(into):
        while True:
            try:
                into.append(channel._get("celery")["n"])
            except Empty:
                return

    consumers = [threading.Thread(target=consume, args=(into,)) for into in taken]
    for consumer in consumers:
        consumer.start()
    for consumer in consumers:
        consumer.join()
    assert sorted(taken[0] + taken[1]) == list(range(300))


def test_the_portal_sends_its_tasks_through_this_transport(tmp_path):
    class App:
        name = "portal"
        config = {"BROKER_VISIBILITY_TIMEOUT": 60, "BROKER_KEY_PREFIX": "", "CELERY_BROKER_URL": "filesystem://",
                  "CELERY_BROKER_FOLDER": str(tmp_path / "broker"), "TASK_SOFT_TIME_LIMIT": 10,
                  "TASK_TIME_LIMIT": 20, "CELERY_TASK_ALWAYS_EAGER": False}
        extensions = {}

    celery = celery_init_app(App())
    with celery.connection_for_write() as connection:
        assert isinstance(connection.transport, Transport)
    celery.send_task("jobs.run", args=[42])
    [message] = list((tmp_path / "broker" / "queue").iterdir())
    assert message.name.endswith(".celery.msg") and message.stat().st_size > 0
