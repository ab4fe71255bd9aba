"""A page of the request list, dumped without marshmallow (api.orders.routes.LIST_PAGE), answers what
its documented schema, RequestList, dumps: with and without sets and shipments, for requests of every
kind (options, EDI, customs values, a risk score, text beyond ASCII)."""
import json

import pytest
from sqlalchemy import select

from api.audit.models import RequestLog
from api.audit.request_log import redact
from api.extensions import db
from api.orders import listing
from api.orders.models import FulfillmentRequest
from api.orders.schemas import RequestList, RequestListArgs
from tests.orders.test_fulfillment_requests import BROOKLYN, TORONTO, URL, new_request


@pytest.fixture
def varied_requests(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    for reference, fields in {
        "PLAIN": {},
        "OPTIONS": {"order_id": "#1004", "signature_required": True, "reference1": "PO 7",
                    "to_address": {**BROOKLYN, "name": "Zoë Ångström"}},
        "ABROAD": {"to_address": TORONTO, "sets": [{"items": [{"upc": "STOVE", "quantity": 2, "customs_value": 12.5}]}]},
        "BUNDLE": {"sets": [{"gift_note": "Enjoy", "items": [{"upc": "CAMP-SET", "quantity": 1}]}]},
    }.items():
        response = client.post(URL, headers=manager, json={**new_request(reference), **fields})
        assert response.status_code == 201, response.get_json()
    risky = db.session.query(FulfillmentRequest).filter_by(fulfillment_request_id="OPTIONS").one()
    risky.shopify_risk_score, risky.shopify_risk_recommendation = 0.75, "investigate"
    risky.edi = {"retailer": "rei", "po_number": "PO-1"}
    db.session.commit()


@pytest.mark.parametrize("query", [{}, {"includeSetsAndItems": "true"}, {"includeShipments": "true"},
                                   {"includeSetsAndItems": "true", "includeShipments": "true", "limit": "2"}])
def test_a_list_page_answers_what_its_schema_dumps(app, client, manager, acme, varied_requests, query):
    answer = client.get(URL, headers=manager, query_string=query)
    assert answer.status_code == 200, answer.get_json()

    rows, cursor = listing.list_requests(acme.id, RequestListArgs().load(query))
    documented = RequestList().dump({"fulfillment_requests": rows, "cursor": cursor})

    assert answer.get_json() == app.json.loads(app.json.dumps(documented))
    assert len(documented["fulfillment_requests"]) == int(query.get("limit", 4))
    assert all(("sets" in row) == ("includeSetsAndItems" in query) for row in documented["fulfillment_requests"])


def test_the_request_log_keeps_a_list_page_as_it_was_answered(app, client, manager, varied_requests, monkeypatch):
    """The log takes the page's rows as written (dates and times among them), not parsed again from the text."""
    monkeypatch.setitem(app.config, "REQUEST_LOG_BODY_LIMIT", 1_000_000)
    answer = client.get(URL, headers=manager, query_string={"includeShipments": "true"})

    db.session.expire_all()
    logged = db.session.scalars(select(RequestLog).where(RequestLog.uri.startswith(URL))
                                .order_by(RequestLog.id.desc())).first()
    assert json.loads(logged.response_body) == redact(answer.get_json())
    assert answer.get_json()["fulfillment_requests"][0]["created_at"] in logged.response_body
