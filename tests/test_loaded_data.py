"""A schema's loaded data kept as JSON (an upload's chunk) reads back with its dates and decimals typed."""
from datetime import date
from decimal import Decimal

import pytest

from api.common.loaded_data import revived
from api.imports.job import pack, unpack
from api.orders.schemas import RequestWrite

REQUEST = {
    "fulfillment_request_id": "RT-1", "desired_ship_date": "2099-05-04",
    "to_address": {"name": "Sam Roy", "address_1": "100 Queen St W", "city": "Toronto", "state": "ON",
                   "postal_code": "M5H 2N2", "country": "CA", "phone": "+1 416 555 0100"},
    "edi": {"retailer": "target", "cancel_date": "2099-06-01", "po_number": "PO-1"},
    "sets": [{"items": [{"upc": "TENT", "quantity": 2, "customs_value": "120.50", "serial_numbers": ["S1", "S2"]},
                        {"upc": "STOVE", "quantity": 1, "customs_value": "0.99"}]}],
}


def test_loaded_request_comes_back_from_a_chunk_as_it_was_loaded():
    schema = RequestWrite()
    loaded = schema.load(REQUEST)

    back = revived(schema, unpack(pack(loaded)))

    assert back == loaded
    assert back["desired_ship_date"] == date(2099, 5, 4) and back["edi"]["cancel_date"] == date(2099, 6, 1)
    assert [item["customs_value"] for item in back["sets"][0]["items"]] == [Decimal("120.50"), Decimal("0.99")]


def test_absent_and_null_values_stay_as_they_are():
    schema = RequestWrite()
    loaded = schema.load({**REQUEST, "desired_ship_date": None, "edi": None})

    back = revived(schema, unpack(pack(loaded)))

    assert back["desired_ship_date"] is None and back["edi"] is None and back == loaded


def test_a_value_json_cannot_hold_is_refused_when_packed():
    with pytest.raises(TypeError):
        pack({"when": object()})
