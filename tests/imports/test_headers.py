"""Every upload reads its header row the same way: a byte-order mark, blanks or capitals around a
column name still name the column."""
import pytest

from api.extensions import db
from api.products.models import ItemComponent, ItemType
from tests.api.helpers import assert_error

BOM = "\ufeff"


def uploaded_items():
    db.session.expire_all()
    return {item.upc: item for item in db.session.scalars(db.select(ItemType))}


@pytest.mark.parametrize("upc_header", [BOM + "upc", " UPC "])
def test_an_items_upload_reads_a_column_name_however_the_file_spells_it(client, headers, upc_header):
    answer = client.post("/api/v4/items/bulk", headers=headers,
                         json=[{upc_header: "100000000001", "sku": "SKU-1", "name": "A tent"}])

    assert answer.status_code == 202, answer.get_json()
    assert uploaded_items()["100000000001"].sku == "SKU-1"


def test_a_case_pack_upload_reads_a_column_name_behind_a_byte_order_mark(client, factory, acme, headers):
    tent = factory.item(acme, upc="TENT")

    answer = client.post("/api/v4/case_packs/bulk", headers=headers, json=[
        {BOM + "upc": "CP-1", "sku": "SKU-CP-1", "name": "Case of tents", "child_upc": "TENT", "child_quantity": "12"},
    ])

    assert answer.status_code == 202, answer.get_json()
    pack = uploaded_items()["CP-1"]
    assert [(component.child_id, component.quantity)
            for component in db.session.scalars(db.select(ItemComponent).filter_by(parent_id=pack.id))] == [(tent.id, 12)]


def test_two_headers_naming_one_column_are_refused(client, headers):
    answer = client.post("/api/v4/items/bulk", headers=headers,
                         json=[{"upc": "100000000001", BOM + "UPC": "100000000002", "sku": "SKU-1", "name": "A tent"}])

    body = assert_error(answer, 422, "invalid_headers")
    assert body["errors"] == [{"line": 1, "error": body["description"]}]
    assert f"Unknown column: {BOM}UPC." in body["description"]
    assert uploaded_items() == {}
