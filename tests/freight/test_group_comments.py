"""People's comments on a shipment group: written in any status by those who may change LTL groups, each
with its author and time, listed newest first a page at a time, neither empty nor longer than 2000
characters, never on another client's group, and none for a client below version 2."""
from datetime import datetime

import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.freight.models import ShipmentGroupComment
from api.orders.models import ShipmentGroup
from tests.api.helpers import assert_error
from tests.freight.test_group_list import make_group


def comments_url(group_id):
    return f"/api/v4/shipment_groups/{group_id}/comments"


def comment_count():
    return db.session.scalar(select(func.count()).select_from(ShipmentGroupComment))


@pytest.fixture
def group_id(acme):
    return make_group(acme, datetime(2026, 3, 1, 9, 0))


def test_a_comment_has_its_author_and_time_and_comes_back_newest_first(client, factory, acme, group_id):
    headers = factory.headers(factory.user("client", acme, username="pat.doe"))

    first = client.post(comments_url(group_id), headers=headers, json={"body": "  Dock 4, after 2 pm.  "})
    second = client.post(comments_url(group_id), headers=headers, json={"body": "Liftgate needed."})

    assert (first.status_code, second.status_code) == (201, 201), first.get_json()
    comment = first.get_json()
    assert comment == {"id": comment["id"], "body": "Dock 4, after 2 pm.", "author_username": "pat.doe",
                       "author_name": "Pat.Doe", "created_at": comment["created_at"]}
    listed = client.get(comments_url(group_id), headers=headers)
    assert listed.status_code == 200
    assert listed.get_json() == {"comments": [second.get_json(), comment], "cursor": None}


def test_comments_are_listed_a_page_at_a_time(client, manager, group_id):
    for n in range(5):
        client.post(comments_url(group_id), headers=manager, json={"body": f"note {n}"})

    first = client.get(comments_url(group_id), headers=manager, query_string={"limit": 3}).get_json()
    rest = client.get(comments_url(group_id), headers=manager,
                      query_string={"limit": 3, "cursor": first["cursor"]}).get_json()

    assert [c["body"] for c in first["comments"]] == ["note 4", "note 3", "note 2"]
    assert ([c["body"] for c in rest["comments"]], rest["cursor"]) == (["note 1", "note 0"], None)
    assert_error(client.get(comments_url(group_id), headers=manager, query_string={"cursor": "x"}), 400,
                 "invalid_cursor")


@pytest.mark.parametrize("status", ["validating", "ready_to_process", "processing", "shipped", "canceled"])
def test_a_group_takes_comments_in_any_status(client, manager, group_id, status):
    db.session.get(ShipmentGroup, group_id).status = status
    db.session.commit()

    assert client.post(comments_url(group_id), headers=manager, json={"body": "Noted."}).status_code == 201


@pytest.mark.parametrize("body, message", [
    ("", "Comment: Must not be empty."),
    ("   \n ", "Comment: Must not be empty."),
    ("x" * 2001, "Comment: Longer than maximum length 2000."),
    (None, "Comment: Field may not be null."),
])
def test_a_comment_is_one_to_two_thousand_characters(client, manager, group_id, body, message):
    answer = client.post(comments_url(group_id), headers=manager, json={"body": body})

    error = assert_error(answer, 422, "validation_error")
    assert (error["field"], error["description"]) == ("body", message)
    assert comment_count() == 0


def test_readers_and_users_without_update_ltl_read_comments_but_do_not_write_them(client, factory, acme, manager,
                                                                                   group_id):
    client.post(comments_url(group_id), headers=manager, json={"body": "Noted."})
    reader = factory.headers(factory.user("client_read_only", acme))
    approver_only = factory.headers(factory.user("client_custom", acme, permissions=["approve:ltl"]))

    for headers in (reader, approver_only):
        assert [c["body"] for c in client.get(comments_url(group_id), headers=headers).get_json()["comments"]] == [
            "Noted."]
        assert_error(client.post(comments_url(group_id), headers=headers, json={"body": "Mine."}), 403)
    assert comment_count() == 1


def test_another_clients_group_is_not_found(client, factory, manager, group_id):
    client.post(comments_url(group_id), headers=manager, json={"body": "Noted."})
    stranger = factory.headers(factory.user("client", factory.client("Globex", version=2)))

    assert_error(client.get(comments_url(group_id), headers=stranger), 404)
    assert_error(client.post(comments_url(group_id), headers=stranger, json={"body": "Hello"}), 404)
    assert_error(client.get(comments_url(987654), headers=manager), 404)
    assert comment_count() == 1


def test_a_client_below_version_2_may_not_comment(client, factory):
    old = factory.client("Oldco", version=1)
    group_id = make_group(old, datetime(2026, 3, 1, 9, 0))
    headers = factory.headers(factory.user("client", old))

    assert_error(client.post(comments_url(group_id), headers=headers, json={"body": "Hello"}), 403, "ltl_not_available")
    assert_error(client.get(comments_url(group_id), headers=headers), 403, "ltl_not_available")
    assert comment_count() == 0
