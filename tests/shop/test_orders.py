"""Orders pulled from the shop: the page's list, the import job, the single pull, and their refusals."""
import pytest
from sqlalchemy import func, select

from api.extensions import db
from api.jobs.runner import result_mail_key
from api.notifications.models import OutboundEmail
from api.orders.models import FulfillmentRequest, Shipment
from api.shop_orders.models import ShopOrderImport
from tests.api.helpers import assert_error
from tests.shop_platform import link_shop

SHOP = "acme-outdoor.myshopify.com"


@pytest.fixture
def shop(app, platform, acme):
    platform.admin.reset()
    link_shop(app, acme, SHOP)
    yield platform.admin
    platform.admin.reset()


@pytest.fixture
def items(factory, acme):
    return {"tent": factory.item(acme, upc="TENT", sku="TENT-1", shopify_variant_id="777"),
            "stove": factory.item(acme, upc="STOVE", sku="STOVE-1")}


@pytest.fixture
def headers(factory, acme):
    return factory.headers(factory.user("client", acme, email="acme.manager@example.com"))


def result_mail(job_id):
    return db.session.scalars(select(OutboundEmail).filter_by(key=result_mail_key(job_id))).one()


def requests_of(client_id):
    return db.session.scalars(select(FulfillmentRequest).where(FulfillmentRequest.client_id == client_id)
                              .order_by(FulfillmentRequest.id)).all()


def test_the_page_lists_the_shops_open_unfulfilled_orders(client, shop, items, headers):
    first = shop.add_order(SHOP, [("TENT-1", 777, 2)])
    second = shop.add_order(SHOP, [("STOVE-1", None, 1)], risk_level="HIGH", recommendation="CANCEL")
    shop.add_order(SHOP, [("STOVE-1", None, 1)], displayFulfillmentStatus="FULFILLED")

    body = client.get("/api/v4/shopify/orders", headers=headers).get_json()

    assert [(order["name"], order["lines"], order["risk_recommendation"], order["fulfillment_request_id"])
            for order in body["orders"]] == [(first["name"], 2, "accept", None), (second["name"], 1, "cancel", None)]
    assert body["orders"][0]["ship_to"] == "Pat Doe, Brooklyn, NY, US"
    assert body["cursor"] is None


def test_the_import_job_imports_the_chosen_orders_once_and_mails_the_result(client, shop, items, headers, acme):
    tent_order = shop.add_order(SHOP, [("WRONG-SKU", 777, 2)])  # the variant id decides before the SKU
    stove_order = shop.add_order(SHOP, [("STOVE-1", None, 1), ("STOVE-1", None, 2)])
    ids = [tent_order["legacyResourceId"], stove_order["legacyResourceId"]]

    job = client.post("/api/v4/shopify/orders/import", json={"shop_order_ids": ids}, headers=headers)
    again = client.post("/api/v4/shopify/orders/import", json={"shop_order_ids": ids}, headers=headers)

    assert job.status_code == 202, job.get_json()
    done = client.get(f"/api/v4/jobs/{job.get_json()['id']}", headers=headers).get_json()
    assert (done["state"], done["total"], done["processed"], done["succeeded"], done["failed"]) == ("succeeded", 2, 2, 2, 0)
    assert [entry["status"] for entry in done["results"]] == ["imported", "imported"]
    repeated = client.get(f"/api/v4/jobs/{again.get_json()['id']}", headers=headers).get_json()
    assert [entry["status"] for entry in repeated["results"]] == ["already_imported", "already_imported"]
    tent, stove = requests_of(acme.id)
    assert (tent.fulfillment_request_id, tent.order_id) == (f"SHOPIFY-{ids[0]}", tent_order["name"])
    assert [(item.upc, item.quantity) for item in tent.sets[0].items] == [("TENT", 2)]
    assert [(item.upc, item.quantity) for item in stove.sets[0].items] == [("STOVE", 3)]
    assert (tent.to_name, tent.to_city.lower(), tent.to_state, tent.to_postal_code, tent.to_phone) == (
        "Pat Doe", "brooklyn", "NY", "11201", "718 555 0100")
    assert tent.requires_approval is False and tent.shopify_risk_recommendation == "accept"
    assert db.session.scalar(select(func.count()).select_from(ShopOrderImport)) == 2
    listed = client.get("/api/v4/shopify/orders", headers=headers).get_json()["orders"]
    assert [order["fulfillment_request_id"] for order in listed] == [tent.id, stove.id]
    sent = result_mail(done["id"])
    assert (sent.recipient, sent.subject) == ("acme.manager@example.com", "Shopify order import for Acme")
    assert sent.body == "2 order(s) imported from Shopify for Acme, 0 imported before, 0 refused."


def test_all_open_orders_are_imported_with_all(client, shop, items, headers, acme):
    for _ in range(3):
        shop.add_order(SHOP, [("TENT-1", 777, 1)])

    job = client.post("/api/v4/shopify/orders/import", json={"all": True}, headers=headers).get_json()

    done = client.get(f"/api/v4/jobs/{job['id']}", headers=headers).get_json()
    assert (done["total"], done["succeeded"]) == (3, 3)
    assert len(requests_of(acme.id)) == 3


def test_a_high_risk_order_waits_for_approval_with_reason_fraud(client, shop, items, headers, acme):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)], risk_level="HIGH", recommendation="INVESTIGATE")

    answer = client.post("/api/v2/orders/get_from_shopify", json={"order_id": order["legacyResourceId"]}, headers=headers)

    assert answer.status_code == 200, answer.get_json()
    [request] = requests_of(acme.id)
    assert answer.get_json() == {"shop_order_id": order["legacyResourceId"], "order_name": order["name"],
                                 "result": "imported", "fulfillment_request_id": request.id, "reason": None}
    assert (request.requires_approval, request.requires_approval_reason, request.fraud) == (True, "fraud", True)
    assert (request.shopify_risk_score, request.shopify_risk_recommendation) == (1.0, "investigate")
    assert [shipment.status for shipment in request.shipments] == ["validating"]
    fraud_tab = client.get("/api/v4/fulfillment_requests?fraud=true&requiresApproval=true", headers=headers).get_json()
    assert [row["id"] for row in fraud_tab["fulfillment_requests"]] == [request.id]


def test_pulling_an_order_twice_answers_the_request_it_became(client, shop, items, headers, acme):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1)])
    first = client.post("/api/v2/orders/get_from_shopify", json={"order_id": order["legacyResourceId"]}, headers=headers)

    second = client.post("/api/v2/orders/get_from_shopify", json={"order_id": order["legacyResourceId"]}, headers=headers)

    assert second.get_json()["result"] == "already_imported"
    assert second.get_json()["fulfillment_request_id"] == first.get_json()["fulfillment_request_id"]
    assert len(requests_of(acme.id)) == 1


def test_an_order_with_an_unknown_sku_is_refused_with_its_lines_named_and_nothing_written(client, shop, items, headers, acme):
    order = shop.add_order(SHOP, [("TENT-1", 777, 1), ("GHOST-9", 999, 1)])

    answer = client.post("/api/v2/orders/get_from_shopify", json={"order_id": order["legacyResourceId"]}, headers=headers)

    body = assert_error(answer, 422, "shop_order_refused")
    assert "'Item GHOST-9' (SKU GHOST-9)" in body["description"]
    assert "TENT" not in body["description"]
    assert requests_of(acme.id) == [] and db.session.scalar(select(func.count()).select_from(Shipment)) == 0
    assert db.session.scalar(select(func.count()).select_from(ShopOrderImport)) == 0


def test_a_refused_order_is_named_in_the_jobs_result_and_the_others_go_on(client, shop, items, headers, acme):
    good = shop.add_order(SHOP, [("TENT-1", 777, 1)])
    bad = shop.add_order(SHOP, [("GHOST-9", None, 1)])

    job = client.post("/api/v4/shopify/orders/import", json={"shop_order_ids": [
        good["legacyResourceId"], bad["legacyResourceId"], "424242"]}, headers=headers).get_json()

    done = client.get(f"/api/v4/jobs/{job['id']}", headers=headers).get_json()
    assert (done["state"], done["succeeded"], done["failed"]) == ("partly_succeeded", 1, 2)
    assert [entry["status"] for entry in done["results"]] == ["imported", "refused", "refused"]
    assert "match no product" in done["results"][1]["error"]
    assert done["results"][2]["error"] == "The shop has no order 424242."
    assert "GHOST-9" in result_mail(done["id"]).body


def test_an_order_the_shop_does_not_have_is_refused(client, shop, headers):
    assert_error(client.post("/api/v2/orders/get_from_shopify", json={"order_id": "99999"}, headers=headers),
                 422, "shop_order_not_found")


@pytest.mark.parametrize("body", [{"order_id": "#1001"}, {"order_id": ""}, {}])
def test_a_pull_needs_a_numeric_order_id(client, shop, headers, body):
    assert_error(client.post("/api/v2/orders/get_from_shopify", json=body, headers=headers), 422)


def test_an_import_needs_orders_or_all(client, shop, headers):
    assert_error(client.post("/api/v4/shopify/orders/import", json={}, headers=headers), 422)


def test_a_client_without_a_shop_is_told_to_install_it(client, platform, factory, globex):
    headers = factory.headers(factory.user("client", globex))

    assert_error(client.get("/api/v4/shopify/orders", headers=headers), 409, "shop_not_connected")
    assert_error(client.post("/api/v4/shopify/orders/import", json={"all": True}, headers=headers), 409,
                 "shop_not_connected")


def test_a_revoked_token_says_to_reauthenticate(client, shop, items, headers, platform):
    platform.admin.revoked.update(platform.tokens)

    body = assert_error(client.get("/api/v4/shopify/orders", headers=headers), 409, "shop_reauthentication_required")

    assert "reauthenticate" in body["description"]


def test_a_read_only_user_lists_but_cannot_import(client, shop, factory, acme):
    viewer = factory.headers(factory.user("client_read_only", acme))

    assert client.get("/api/v4/shopify/orders", headers=viewer).status_code == 200
    assert client.post("/api/v4/shopify/orders/import", json={"all": True}, headers=viewer).status_code == 403
