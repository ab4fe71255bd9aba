"""seed-demo gives the first demo client requests in every tab of the list, placed like any other,
with the ledger in step, some moved on by the demo warehouse's events; running it again adds nothing."""
from sqlalchemy import func, select

from api.clients.models import Client
from api.extensions import db
from api.inventory.service import ledger_drift
from api.orders.models import FulfillmentRequest
from api.shipping.models import ShipProfile
from tests.orders.test_fulfillment_requests import URL

TABS = {"shipmentStatus=validating": ["DEMO-8", "DEMO-7", "DEMO-4", "DEMO-3"], "shipmentStatus=ready_to_process": [
            "DEMO-5", "DEMO-2", "DEMO-1"], "shipmentStatus=processing": ["DEMO-6"],
        "shipmentStatus=pending_ship_label": ["DEMO-9"], "shipmentStatus=shipped": ["DEMO-10"],
        "shipmentStatus=canceled": ["DEMO-13"],
        "invalidToAddress=true": ["DEMO-4"], "fraud=true": ["DEMO-7"], "unallocatedInventory=true": ["DEMO-3"],
        "missingCustomsInfo=true": ["DEMO-8"]}


def test_seed_demo_fills_every_tab_of_the_request_list(app, client, factory, monkeypatch):
    # The month of history beside these (tests/dashboards/test_demo_history.py) is left out here.
    monkeypatch.setattr("api.cli.seed_demo_history", lambda client_id: None)
    # So are the LTL groups (tests/freight/test_freight_demo.py).
    monkeypatch.setattr("api.cli.seed_demo_freight", lambda client_id: None)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    assert runner.invoke(args=["seed-demo"]).exit_code == 0

    acme = db.session.scalars(select(Client).filter_by(name="Acme Outdoor Supply")).one()
    headers = factory.headers(factory.user("client", acme))
    listed = client.get(URL, headers=headers).get_json()["fulfillment_requests"]
    assert [request["fulfillment_request_id"] for request in listed] == [f"DEMO-{n}" for n in range(13, 0, -1)]
    profiles = {profile.id: profile.carrier.name for profile in db.session.scalars(select(ShipProfile).filter_by(client_id=acme.id))}
    carried = {request["fulfillment_request_id"]: (profiles.get(request["ship_profile_id"]), request["ship_method"])
               for request in listed if request["ship_profile_id"] is not None}
    assert carried == {"DEMO-1": ("UPS", "UPS_GROUND"), "DEMO-2": ("FedEx", "FEDEX_2_DAY"),
                       "DEMO-5": ("UPS", "UPS_2ND_DAY_AIR"), "DEMO-6": ("USPS", "USPS_PRIORITY_MAIL"),
                       **{f"DEMO-{n}": ("UPS", "UPS_GROUND") for n in range(9, 13)}}
    for query, expected in TABS.items():
        page = client.get(f"{URL}?{query}", headers=headers).get_json()["fulfillment_requests"]
        assert [request["fulfillment_request_id"] for request in page] == expected, query
    assert db.session.scalar(select(func.count()).select_from(FulfillmentRequest)) == 13
    assert ledger_drift() == []
