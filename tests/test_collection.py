"""The collector is held off only while every piece of work in the process asked for it: a request
served beside an upload (another gunicorn thread) turns it back on while it runs, so the cycles such
requests leave are freed as usual however long the upload takes."""
import gc

import pytest

from api.common import collection
from api.jobs import service


@pytest.fixture
def collector_on(monkeypatch):
    """The collector on, as a process starts, and the module's counts as they were after the test."""
    for name in ("_holders", "_others", "_switched_off"):
        monkeypatch.setattr(collection, name, getattr(collection, name))
    gc.enable()
    yield
    gc.enable()


def test_the_collector_is_off_while_uploads_hold_it_and_on_while_other_work_runs(collector_on):
    collection.hold_collection()
    collection.hold_collection()  # two uploads side by side
    assert not gc.isenabled()

    collection.begin_collected_work()
    assert gc.isenabled()
    collection.end_collected_work()
    assert not gc.isenabled()

    collection.release_collection()
    assert not gc.isenabled()
    collection.release_collection()
    assert gc.isenabled()


def test_a_collector_switched_off_elsewhere_stays_off(collector_on):
    gc.disable()
    with collection.collection_held():
        collection.begin_collected_work()
        collection.end_collected_work()
    assert not gc.isenabled()


def test_a_request_served_beside_an_upload_runs_with_the_collector_on(client, factory, collector_on, monkeypatch):
    acme = factory.client("Acme")
    headers = factory.headers(factory.user("client", acme, username="acme.beside"))
    seen = []
    list_jobs = service.list_jobs
    monkeypatch.setattr(service, "list_jobs", lambda *args: seen.append(gc.isenabled()) or list_jobs(*args))

    with collection.collection_held():  # an upload on another thread
        response = client.get("/api/v4/jobs", headers=headers)
        assert not gc.isenabled(), "the upload's hold ended with the request beside it"

    assert response.status_code == 200, response.get_json()
    assert seen == [True]
    assert gc.isenabled()
