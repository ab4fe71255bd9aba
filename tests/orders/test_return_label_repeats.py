"""A return label is made once per filled form: a second click with the form's Idempotency-Key answers
the same label and records nothing; and a request with no live shipment has nothing to return."""
import io

from pypdf import PdfReader
from sqlalchemy import select

from api.extensions import db
from api.orders.models import Shipment
from tests.api.helpers import assert_error
from tests.orders.test_fulfillment_requests import URL
from tests.orders.test_return_labels import LABEL_URL, label_count, label_fields, shipped  # noqa: F401 (fixture)


def text_of(answer):
    return PdfReader(io.BytesIO(answer.data)).pages[0].extract_text()


def test_a_second_click_with_the_forms_key_answers_the_same_label(client, manager, shipped, profiles):
    headers = {**manager, "Idempotency-Key": "return-form-1"}
    first = client.post(LABEL_URL, headers=headers, json=label_fields(shipped["id"], profiles["UPS"]))

    again = client.post(LABEL_URL, headers=headers, json=label_fields(shipped["id"], profiles["UPS"], weight=2.250))

    assert (first.status_code, again.status_code) == (200, 200)
    assert again.mimetype == "application/pdf" and text_of(again) == text_of(first)
    assert label_count() == 1
    other = client.post(LABEL_URL, headers={**manager, "Idempotency-Key": "return-form-2"},
                        json=label_fields(shipped["id"], profiles["UPS"]))
    assert other.status_code == 200 and label_count() == 2


def test_a_key_used_for_another_label_is_refused(client, manager, shipped, profiles):
    headers = {**manager, "Idempotency-Key": "return-form-1"}
    client.post(LABEL_URL, headers=headers, json=label_fields(shipped["id"], profiles["UPS"]))

    answer = client.post(LABEL_URL, headers=headers, json=label_fields(shipped["id"], profiles["UPS"], weight=3))

    assert_error(answer, 422, "idempotency_key_reused")
    assert_error(client.post(LABEL_URL, headers={**manager, "Idempotency-Key": " "},
                             json=label_fields(shipped["id"], profiles["UPS"])), 400, "invalid_idempotency_key")
    assert label_count() == 1


def test_a_request_whose_only_shipment_is_cancelled_has_nothing_to_return(client, manager, shipped, profiles):
    [shipment] = shipped["shipments"]
    assert client.post(f"/api/v4/shipments/{shipment['id']}/cancel", headers=manager).status_code == 200

    answer = client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["UPS"]))

    body = assert_error(answer, 409, "nothing_to_return")
    assert f"shipment {shipment['id']} is Cancelled" in body["description"]
    assert label_count() == 0
    db.session.expire_all()
    assert db.session.scalars(select(Shipment.status).filter_by(request_id=shipped["id"])).all() == ["canceled"]
    assert client.get(f"{URL}/{shipped['id']}", headers=manager).get_json()["return_labels"] == []
