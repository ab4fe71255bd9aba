"""People's comments on a shipment: written in any status by those who may change shipments, each with
its author and time, listed newest first a page at a time, neither empty nor longer than 2000
characters, and never on another client's shipment."""
import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.shipments.models import ShipmentComment
from tests.api.helpers import assert_error
from tests.shipments.test_documents import set_status, shipment_id  # noqa: F401 (fixture)


def comments_url(shipment_id):
    return f"/api/v4/shipments/{shipment_id}/comments"


def comment_count():
    return db.session.scalar(select(func.count()).select_from(ShipmentComment))


def test_a_comment_has_its_author_and_time_and_comes_back_newest_first(client, factory, acme, shipment_id):
    author = factory.user("client", acme, username="pat.doe")
    headers = factory.headers(author)

    first = client.post(comments_url(shipment_id), headers=headers, json={"body": "  Please pack the tent upright.  "})
    second = client.post(comments_url(shipment_id), headers=headers, json={"body": "Customer called: gift wrap."})

    assert (first.status_code, second.status_code) == (201, 201), first.get_json()
    comment = first.get_json()
    assert comment == {"id": comment["id"], "body": "Please pack the tent upright.", "author_username": "pat.doe",
                       "author_name": "Pat.Doe", "created_at": comment["created_at"]}
    listed = client.get(comments_url(shipment_id), headers=headers)
    assert listed.status_code == 200
    assert listed.get_json() == {"comments": [second.get_json(), comment], "cursor": None}


def test_comments_are_listed_a_page_at_a_time(client, manager, shipment_id):
    for n in range(5):
        client.post(comments_url(shipment_id), headers=manager, json={"body": f"note {n}"})

    first = client.get(comments_url(shipment_id), headers=manager, query_string={"limit": 3}).get_json()
    rest = client.get(comments_url(shipment_id), headers=manager,
                      query_string={"limit": 3, "cursor": first["cursor"]}).get_json()

    assert [c["body"] for c in first["comments"]] == ["note 4", "note 3", "note 2"]
    assert ([c["body"] for c in rest["comments"]], rest["cursor"]) == (["note 1", "note 0"], None)


@pytest.mark.parametrize("status", ["validating", "processing", "shipped", "delivered", "canceled", "exception"])
def test_a_shipment_takes_comments_in_any_status(client, manager, shipment_id, status):
    set_status(shipment_id, status)

    assert client.post(comments_url(shipment_id), headers=manager, json={"body": "Noted."}).status_code == 201


@pytest.mark.parametrize("body, message", [
    ("", "Comment: Must not be empty."),
    ("   \n ", "Comment: Must not be empty."),
    ("x" * 2001, "Comment: Longer than maximum length 2000."),
    (None, "Comment: Field may not be null."),
])
def test_a_comment_is_one_to_two_thousand_characters(client, manager, shipment_id, body, message):
    answer = client.post(comments_url(shipment_id), headers=manager, json={"body": body})

    error = assert_error(answer, 422, "validation_error")
    assert (error["field"], error["description"]) == ("body", message)
    assert comment_count() == 0


def test_two_thousand_characters_are_taken(client, manager, shipment_id):
    answer = client.post(comments_url(shipment_id), headers=manager, json={"body": "x" * 2000})

    assert answer.status_code == 201 and len(answer.get_json()["body"]) == 2000


def test_readers_read_comments_but_do_not_write_them(client, factory, acme, manager, shipment_id):
    client.post(comments_url(shipment_id), headers=manager, json={"body": "Noted."})
    reader = factory.headers(factory.user("client_read_only", acme))

    assert [c["body"] for c in client.get(comments_url(shipment_id), headers=reader).get_json()["comments"]] == ["Noted."]
    assert_error(client.post(comments_url(shipment_id), headers=reader, json={"body": "Mine."}), 403)
    assert comment_count() == 1


def test_another_clients_shipment_is_not_found(client, factory, manager, shipment_id, globex):
    client.post(comments_url(shipment_id), headers=manager, json={"body": "Noted."})
    stranger = factory.headers(factory.user("client", globex))

    assert_error(client.get(comments_url(shipment_id), headers=stranger), 404)
    assert_error(client.post(comments_url(shipment_id), headers=stranger, json={"body": "Hello"}), 404)
    assert comment_count() == 1
