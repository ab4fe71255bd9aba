"""Many rows written at once: the new ones of a batch whose keys may be taken, with the table's
Python-side defaults and JSON columns written as the ORM would write them."""
from datetime import date

from sqlalchemy import select

from api.common.row_writes import insert_new_rows
from api.extensions import db
from api.orders.models import FulfillmentRequest

TABLE = FulfillmentRequest.__table__


def request_row(client_id, reference, **values):
    """A row of a new request; the rows of one call have the same keys."""
    return {"client_id": client_id, "fulfillment_request_id": reference, "warehouse_id": "optimal",
            "fill_type": "partial", "shipment_type": "default_shipment_type", "desired_ship_date": date(2099, 1, 2),
            "created_by_username": "tester", "edi": None, "order_id": None, **values}


def test_rows_whose_key_is_free_are_inserted_and_answered(app, acme):
    with app.app_context():
        rows = [request_row(acme.id, "A-1", edi={"retailer": "target", "po_number": "PO 7"}),
                request_row(acme.id, "A-2", order_id="tab\there, new\nline and back\\slash")]

        answered = insert_new_rows(TABLE, rows, unique=("client_id", "fulfillment_request_id"),
                                   returning=("fulfillment_request_id", "id"))
        db.session.commit()

        stored = {request.fulfillment_request_id: request for request in db.session.scalars(select(FulfillmentRequest))}
        assert {reference: request_id for reference, request_id in answered} == {
            reference: request.id for reference, request in stored.items()}
        assert stored["A-1"].id < stored["A-2"].id, "ids ascend in the order of the rows"
        assert stored["A-1"].edi == {"retailer": "target", "po_number": "PO 7"} and stored["A-2"].edi is None
        assert stored["A-2"].order_id == "tab\there, new\nline and back\\slash"
        # The Python-side defaults the rows leave out: a JSON dict, text, flags and a timestamp.
        assert all(request.options == {} and request.billing_type == "sender" and request.fraud is False
                   and request.created_at is not None for request in stored.values())


def test_rows_whose_key_is_taken_are_left_out_and_the_others_written(app, acme, globex):
    with app.app_context():
        insert_new_rows(TABLE, [request_row(acme.id, "TAKEN")], unique=("client_id", "fulfillment_request_id"),
                        returning=("id",))
        db.session.commit()

        answered = insert_new_rows(
            TABLE, [request_row(acme.id, "NEW"), request_row(acme.id, "TAKEN", order_id="second"),
                    request_row(globex.id, "TAKEN")],  # another client's reference is its own
            unique=("client_id", "fulfillment_request_id"), returning=("client_id", "fulfillment_request_id"))
        db.session.commit()

        assert sorted(answered) == sorted([(acme.id, "NEW"), (globex.id, "TAKEN")])
        taken = db.session.scalars(select(FulfillmentRequest).filter_by(client_id=acme.id, fulfillment_request_id="TAKEN")).one()
        assert taken.order_id is None


def test_no_rows_write_nothing(app):
    with app.app_context():
        assert insert_new_rows(TABLE, [], unique=("client_id", "fulfillment_request_id"), returning=("id",)) == []
        assert db.session.scalars(select(FulfillmentRequest)).all() == []
