"""Return labels: a 4×6 inch PDF back to the warehouse the request shipped from, with the tracking
number as a Code 128 barcode, recorded on the request; every field checked, nothing recorded on a
refusal."""
import io

import pytest
from pypdf import PdfReader
from sqlalchemy import func, select

from api.extensions import db
from api.orders.models import ReturnLabel
from tests.api.helpers import assert_error
from tests.orders.test_fulfillment_requests import URL, new_request

LABEL_URL = "/api/v2/request/get_return_label"


@pytest.fixture
def shipped(client, manager, catalogue, stock):
    stock(catalogue["tent"], NJ01=1)
    answer = client.post(URL, headers=manager, json=new_request(order_id="ORD-31"))
    assert answer.status_code == 201
    return answer.get_json()


def label_fields(request_id, ship_profile_id, **changes):
    return {"fr_id": request_id, "ship_profile_id": ship_profile_id, "ship_method": "UPS_GROUND",
            "length": 12, "width": 8.5, "height": 4, "weight": 2.25, **changes}


def label_count():
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(ReturnLabel))


def test_a_return_label_is_a_4x6_pdf_back_to_the_warehouse_and_is_recorded(client, manager, shipped, profiles):
    answer = client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["UPS"]))

    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.mimetype == "application/pdf"
    assert 'filename="return-label-FR-1.pdf"' in answer.headers["Content-Disposition"]
    pdf = PdfReader(io.BytesIO(answer.data))
    [page] = pdf.pages
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (288.0, 432.0)  # 4 × 6 inches
    text = page.extract_text()
    [recorded] = client.get(f"{URL}/{shipped['id']}", headers=manager).get_json()["return_labels"]
    assert recorded["tracking_number"].startswith("RT")
    assert (recorded["carrier"], recorded["ship_method"], recorded["warehouse_id"]) == ("UPS", "UPS_GROUND", "NJ01")
    assert (recorded["length"], recorded["width"], recorded["height"], recorded["weight"]) == (12, 8.5, 4, 2.25)
    for shown in ("UPS", "UPS Ground", "RETURN", "75 LIVINGSTON ST", "Brooklyn" if "Brooklyn" in text else "BROOKLYN",
                  "FROM", "SHIP TO", "12.00 x 8.50 x 4.00 in", "2.25 lb", f"TRACKING # {recorded['tracking_number']}",
                  "Ref FR-1", "Order ORD-31"):
        assert shown in text, (shown, text)
    warehouse = client.get("/api/v4/warehouses", headers=manager).get_json()["warehouses"]
    nj01 = next(w for w in warehouse if w["code"] == "NJ01")
    assert nj01["address_1"] in text and nj01["postal_code"] in text
    # the barcode is drawn: the page holds many filled bars beside the text
    assert page.get_contents().get_data().count(b" re") > 30
    logged = client.get(f"/api/v4/logs/requests/fulfillment_request/{shipped['id']}", headers=manager).get_json()
    assert [entry["uri"] for entry in logged["requests"]] == [LABEL_URL, URL]


def test_each_label_gets_its_own_tracking_number(client, manager, shipped, profiles):
    for _ in range(2):
        assert client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["USPS"],
                                                                         ship_method="USPS_PRIORITY_MAIL")).status_code == 200
    labels = client.get(f"{URL}/{shipped['id']}", headers=manager).get_json()["return_labels"]
    assert len({label["tracking_number"] for label in labels}) == 2


@pytest.mark.parametrize(("changes", "named"), [
    ({"length": 0}, "length"), ({"width": 0.5}, "width"), ({"height": -1}, "height"), ({"weight": -0.01}, "weight"),
    ({"weight": 1.005}, "weight"), ({"length": "twelve"}, "length"), ({"ship_method": ""}, "ship_method"),
    ({"fr_id": "1"}, "fr_id"), ({"ship_profile_id": None}, "ship_profile_id"),
])
def test_out_of_range_or_wrongly_typed_fields_are_refused(client, manager, shipped, profiles, changes, named):
    answer = client.post(LABEL_URL, headers=manager, json={**label_fields(shipped["id"], profiles["UPS"]), **changes})

    assert named.replace("_", " ") in assert_error(answer, 422, "validation_error")["description"].lower()
    assert label_count() == 0


def test_weight_zero_is_allowed(client, manager, shipped, profiles):
    answer = client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["UPS"], weight=0))
    assert answer.status_code == 200


@pytest.mark.parametrize(("carrier", "method"), [("LTL", "LTL_STANDARD"), ("Custom", "CUSTOM_GROUND")])
def test_ltl_and_custom_profiles_make_no_return_labels(client, manager, shipped, acme, carrier, method):
    from api.shipping.models import Carrier, ShipProfile

    profile = ShipProfile(client_id=acme.id, name=carrier, carrier=db.session.query(Carrier).filter_by(name=carrier).one())
    db.session.add(profile)
    db.session.commit()

    answer = client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profile.id, ship_method=method))

    body = assert_error(answer, 422, "invalid_fulfillment_request")
    assert "ship_profile_id" in body["description"] and "LTL or Custom" in body["description"]
    assert label_count() == 0


def test_a_ship_method_of_another_carrier_is_refused(client, manager, shipped, profiles):
    answer = client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["UPS"],
                                                                       ship_method="USPS_PRIORITY_MAIL"))
    assert "Ship Method 'USPS_PRIORITY_MAIL' is not a UPS ship method" in assert_error(answer, 422)["description"]
    assert label_count() == 0


def test_another_clients_request_or_profile_is_not_found(client, factory, manager, shipped, profiles, globex):
    from api.shipping.models import Carrier, ShipProfile

    other = factory.headers(factory.user("client", globex))
    assert_error(client.post(LABEL_URL, headers=other, json=label_fields(shipped["id"], profiles["UPS"])), 404)
    theirs = ShipProfile(client_id=globex.id, name="theirs", carrier=db.session.query(Carrier).filter_by(name="UPS").one())
    db.session.add(theirs)
    db.session.commit()
    answer = client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], theirs.id))
    refusal = assert_error(answer, 422)
    assert "Ship Profile" in refusal["description"] and refusal["field"] == "ship_profile_id"
    assert label_count() == 0


def test_read_only_users_cannot_make_return_labels(client, factory, acme, shipped, profiles):
    reader = factory.headers(factory.user("client_read_only", acme))
    assert_error(client.post(LABEL_URL, headers=reader, json=label_fields(shipped["id"], profiles["UPS"])), 403)
    assert label_count() == 0


@pytest.fixture
def staff(factory):
    admin = factory.user("admin", username="dock.staff")
    return lambda client_of: factory.headers(admin, client_of)


def test_staff_scan_a_returned_parcel_in_once_and_the_request_shows_it(client, manager, shipped, profiles, staff, acme):
    assert client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["UPS"])).status_code == 200
    [label] = client.get(f"{URL}/{shipped['id']}", headers=manager).get_json()["return_labels"]
    assert label["received_at"] is None

    answer = client.post(f"/api/v4/return_labels/{label['tracking_number'].lower()}/receive", headers=staff(acme))

    assert answer.status_code == 200, answer.get_json()
    received = answer.get_json()
    assert (received["tracking_number"], received["fr_id"], received["fulfillment_request_id"]) == (
        label["tracking_number"], shipped["id"], "FR-1")
    assert received["received_at"]
    [shown] = client.get(f"{URL}/{shipped['id']}", headers=manager).get_json()["return_labels"]
    assert shown["received_at"] == received["received_at"]
    again = client.post(f"/api/v4/return_labels/{label['tracking_number']}/receive", headers=staff(acme))
    assert again.status_code == 200 and again.get_json()["received_at"] == received["received_at"]
    crumbs = client.get(f"/api/v4/logs/breadcrumbs/fulfillment_request/{shipped['id']}", headers=staff(acme)).get_json()
    assert [c["message"] for c in crumbs["breadcrumbs"]].count(
        f"Return {label['tracking_number']} received at NJ01.") == 1


def test_only_staff_receive_returns_and_only_for_the_client_they_act_for(client, manager, shipped, profiles, staff, globex):
    assert client.post(LABEL_URL, headers=manager, json=label_fields(shipped["id"], profiles["UPS"])).status_code == 200
    [label] = client.get(f"{URL}/{shipped['id']}", headers=manager).get_json()["return_labels"]
    receipt = f"/api/v4/return_labels/{label['tracking_number']}/receive"

    assert_error(client.post(receipt, headers=manager), 403, "not_authorized")
    assert_error(client.post(receipt, headers=staff(globex)), 404)
    assert_error(client.post("/api/v4/return_labels/RT999999999999/receive", headers=staff(globex)), 404)
    db.session.expire_all()
    assert db.session.scalars(select(ReturnLabel.received_at)).all() == [None]
