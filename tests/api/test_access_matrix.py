"""Every API route against every role: the access each route should have, checked by calling it.

EXPECTED lists every route; a route added without an entry here fails ``test_every_route_has_an_expectation``.
Access kinds:
  public          anyone, no token
  signed_in_any   any signed-in caller, no client needed
  read            any signed-in caller, acting for a client (client-scoped)
  <permission>    callers holding that client permission, acting for a client (client-scoped)
  manage_clients  admins who manage clients (role admin), no client needed
  admin_only      provider staff of any admin role, acting for a client (client-scoped)
  staff:<permission>  provider staff holding that permission (not admin_read_only), acting for a client
  staff_read      provider staff of any admin role, no client needed
  manage_reports  provider staff who may write (admin, admin_client_account_manager), no client needed
  manage_reference_data  the same staff, editing reference data (warehouses), no client needed
"""
import base64
import itertools
import re
import uuid

import pytest
from sqlalchemy import select

from api.audit.models import RequestLog
from api.common.timeutil import utcnow
from api.extensions import db
from api.inbound.models import Asn, ExpectedInboundShipment, ExpectedInboundShipmentItem
from api.jobs.models import Job
from api.jobs.runner import result_mail_key
from api.notifications.models import OutboundEmail
from api.reports.models import Report, ReportSchedule
from api.freight.models import BillOfLading
from api.orders.models import (
    READY_TO_PROCESS, VALIDATING, FulfillmentRequest, RequestSet, ReturnLabel, SetItem, Shipment, ShipmentGroup,
    ShipmentLine,
)
from api.products.models import ItemType
from api.returns.models import Rma
from api.shipments.models import CUSTOM_LABEL, DOCUMENT, ShipmentDetails, ShipmentFile
from api.shipping.models import LTL_CARRIER, Carrier, ShipProfile
from tests import shop_platform
from tests.factories import PASSWORD
from tests.shipments.test_documents import pdf

PDF = pdf()
ZPL_LABEL = b"^XA^FO50,50^FDTarget^FS^XZ"

EXPECTED = {
    ("GET", "/api/v4/openapi.json"): "public",
    ("GET", "/api/v4/static/openapi.yaml"): "public",
    ("POST", "/api/v4/auth/token"): "public",
    ("GET", "/api/v4/settings/ui"): "public",
    ("GET", "/api/v4/me"): "signed_in_any",
    ("GET", "/api/v4/clients"): "signed_in_any",
    ("POST", "/api/v4/clients"): "manage_clients",
    ("GET", "/api/v4/clients/<int:client_id>"): "signed_in_any",
    ("PUT", "/api/v4/clients/<int:client_id>"): "manage_clients",
    ("GET", "/api/v4/users"): "read",
    ("POST", "/api/v4/users"): "write:users",
    ("GET", "/api/v4/users/<string:username>"): "read",
    ("PUT", "/api/v4/users/<string:username>"): "write:users",
    ("POST", "/api/v4/users/export"): "read",
    ("GET", "/api/v4/jobs"): "read",
    ("GET", "/api/v4/jobs/<string:job_id>"): "read",
    ("POST", "/api/v4/jobs/<string:job_id>/resend_mail"): "staff:admin:resend_mail",
    ("GET", "/api/v4/logs/requests/<string:object_type>/<path:object_id>"): "read",
    ("GET", "/api/v4/logs/request/<int:log_id>"): "read",
    ("GET", "/api/v4/logs/breadcrumbs/<string:object_type>/<path:object_id>"): "admin_only",
    ("POST", "/api/v4/logs/server_errors"): "signed_in_any",
    ("PUT", "/api/v4/inventory/<string:upc>"): "update:inventory",
    ("POST", "/api/v2/inbound/client_upload"): "write:asns",
    ("GET", "/api/v4/asns"): "read",
    ("GET", "/api/v4/asns/<int:asn_id>"): "read",
    ("POST", "/api/v4/asns/<int:asn_id>/receive"): "staff:write:asns",
    ("POST", "/api/v4/rmas/bulk"): "create:rmas",
    ("GET", "/api/v4/rmas"): "read",
    ("GET", "/api/v4/rmas/<int:rma_id>"): "read",
    ("GET", "/api/v4/shopify/auth_callback"): "write:users",
    ("GET", "/api/v4/shopify/connection"): "read",
    ("GET", "/api/v4/notification_settings"): "read",
    ("PUT", "/api/v4/notification_settings"): "write:users",
    ("GET", "/api/v4/items"): "read",
    ("POST", "/api/v4/items"): "create:items",
    ("GET", "/api/v4/items/<string:upc>"): "read",
    ("PUT", "/api/v4/items/<string:upc>"): "update:items",
    ("PUT", "/api/v4/items/<string:upc>/convert_to_case_pack"): "update:items",
    ("POST", "/api/v4/items/bulk"): "create:items",
    ("POST", "/api/v4/case_packs"): "create:items",
    ("PUT", "/api/v4/case_packs/<string:case_pack_upc>"): "update:items",
    ("POST", "/api/v4/case_packs/bulk"): "create:items",
    ("POST", "/api/v4/virtual_bundles"): "create:items",
    ("GET", "/api/v4/reports/categories"): "read:reports",
    ("GET", "/api/v4/reports"): "read:reports",
    ("POST", "/api/v4/reports"): "manage_reports",
    ("GET", "/api/v4/reports/<string:report_id>"): "read:reports",
    ("PUT", "/api/v4/reports/<string:report_id>"): "manage_reports",
    ("DELETE", "/api/v4/reports/<string:report_id>"): "manage_reports",
    ("PUT", "/api/v4/reports/<string:report_id>/run"): "read:reports",
    ("GET", "/api/v4/reports/<string:report_id>/csv"): "read:reports",
    ("GET", "/api/v4/reports/cron_preview"): "signed_in_any",
    ("GET", "/api/v4/reports/<string:report_id>/schedules"): "staff_read",
    ("POST", "/api/v4/reports/<string:report_id>/schedules"): "manage_reports",
    ("GET", "/api/v4/reports/<string:report_id>/schedules/<int:schedule_id>"): "staff_read",
    ("PUT", "/api/v4/reports/<string:report_id>/schedules/<int:schedule_id>"): "manage_reports",
    ("DELETE", "/api/v4/reports/<string:report_id>/schedules/<int:schedule_id>"): "manage_reports",
    ("GET", "/api/v4/reports/<string:report_id>/schedules/<int:schedule_id>/runs"): "staff_read",
    ("GET", "/api/v4/warehouses"): "signed_in_any",
    ("PUT", "/api/v4/warehouses/<string:code>"): "manage_reference_data",
    ("GET", "/api/v4/carriers"): "signed_in_any",
    ("GET", "/api/v4/shipment_types"): "signed_in_any",
    ("GET", "/api/v4/ship_profiles"): "read",
    ("POST", "/api/v4/ship_profiles"): "staff:admin:manage_reference_data",
    ("PUT", "/api/v4/ship_profiles/<int:profile_id>"): "staff:admin:manage_reference_data",
    ("POST", "/api/v4/address_validation"): "signed_in_any",
    ("GET", "/api/v4/address_validation/zip_lookup"): "signed_in_any",
    ("GET", "/api/v4/fulfillment_requests"): "read",
    ("POST", "/api/v4/fulfillment_requests"): "create:fulfillment_requests",
    ("POST", "/api/v4/fulfillment_requests/export"): "read",
    ("GET", "/api/v4/fulfillment_requests/<int:request_id>"): "read",
    ("PUT", "/api/v4/fulfillment_requests/<int:request_id>"): "create:fulfillment_requests",
    ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/approve"): "create:fulfillment_requests",
    ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/cancel"): "create:fulfillment_requests",
    ("GET", "/api/v4/fulfillment_requests/<int:request_id>/history"): "read",
    ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/to_address"): "create:fulfillment_requests",
    ("POST", "/api/v2/request/get_return_label"): "create:fulfillment_requests",
    ("POST", "/api/v4/return_labels/<tracking_number>/receive"): "staff:admin:receive_inbound",
    ("POST", "/api/v4/shipments/<int:shipment_id>/cancel"): "create:fulfillment_requests",
    ("PUT", "/api/v4/shipments/<int:shipment_id>/cancel"): "create:fulfillment_requests",
    ("GET", "/api/v4/shipments/<int:shipment_id>/documents"): "read",
    ("POST", "/api/v4/shipments/<int:shipment_id>/documents"): "update:shipments",
    ("GET", "/api/v4/shipments/<int:shipment_id>/documents/<int:document_id>"): "read",
    ("DELETE", "/api/v4/shipments/<int:shipment_id>/documents/<int:document_id>"): "update:shipments",
    ("GET", "/api/v4/shipments/<int:shipment_id>/custom_label"): "read",
    ("POST", "/api/v4/shipments/<int:shipment_id>/custom_label"): "update:shipments",
    ("DELETE", "/api/v4/shipments/<int:shipment_id>/custom_label"): "update:shipments",
    ("GET", "/api/v4/shipments/<int:shipment_id>/details"): "read",
    ("PUT", "/api/v4/shipments/<int:shipment_id>/details"): "update:shipments",
    ("GET", "/api/v4/shipments/<int:shipment_id>/comments"): "read",
    ("POST", "/api/v4/shipments/<int:shipment_id>/comments"): "update:shipments",
    ("GET", "/api/v4/shipments"): "read",
    ("GET", "/api/v4/shipments/<int:shipment_id>"): "read",
    ("GET", "/api/v4/shipments/<int:shipment_id>/history"): "read",
    ("PUT", "/api/v4/shipments/<int:shipment_id>"): "update:shipments",
    ("PUT", "/api/v4/shipments/<int:shipment_id>/sets/<int:set_id>/items/<int:item_id>"): "update:shipments",
    ("PUT", "/api/v4/shipments/<int:shipment_id>/to_address"): "update:shipments",
    ("POST", "/api/v4/shipments/<int:shipment_id>/events"): "staff:admin:report_shipment_events",
    ("POST", "/api/v4/shipment_events"): "staff:admin:report_shipment_events",
    ("POST", "/api/v4/fulfillment_requests/bulk"): "create:fulfillment_requests",
    ("GET", "/api/v4/fulfillment_requests/bulk/columns"): "signed_in_any",
    ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/sets/<int:set_id>"): "create:fulfillment_requests",
    ("GET", "/api/v4/shopify/orders"): "read",
    ("POST", "/api/v4/shopify/orders/import"): "create:fulfillment_requests",
    ("POST", "/api/v2/orders/get_from_shopify"): "create:fulfillment_requests",
    ("POST", "/api/v4/shopify/webhooks/orders_create"): "public",
    ("GET", "/api/v4/dashboards/orders"): "read",
    ("GET", "/api/v4/dashboards/shipments"): "read",
    ("GET", "/api/v4/shipment_groups"): "read",
    ("GET", "/api/v4/shipment_groups/<int:group_id>"): "read",
    ("GET", "/api/v4/shipment_groups/<int:group_id>/history"): "read",
    ("PUT", "/api/v4/shipment_groups/<int:group_id>/approve"): "approve:ltl",
    ("PUT", "/api/v4/shipment_groups/<int:group_id>/cancel"): "update:ltl",
    ("PUT", "/api/v4/shipment_groups/<int:group_id>/ship_method"): "staff:update:ltl",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/to_address"): "update:ltl",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/shipments"): "update:ltl",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/shipments/<int:shipment_id>/remove"): "update:ltl",
    ("GET", "/api/v4/shipment_groups/<int:group_id>/comments"): "read",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/comments"): "update:ltl",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/events"): "staff:admin:report_shipment_events",
    ("GET", "/api/v4/shipment_groups/<int:group_id>/bol"): "read",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/bol"): "update:ltl",
    ("POST", "/api/v4/shipment_groups/<int:group_id>/bol/generate"): "update:ltl",
}
# Changes of a group that leave it unable to take the same change again: each call gets a group of its own.
FRESH_GROUP_ROUTES = {
    ("PUT", "/api/v4/shipment_groups/<int:group_id>/approve"), ("PUT", "/api/v4/shipment_groups/<int:group_id>/cancel"),
    ("POST", "/api/v4/shipment_groups/<int:group_id>/shipments/<int:shipment_id>/remove"),
}
GROUPS = "/api/v4/shipment_groups"
SHOP_ORDER_ROUTES = ("/api/v4/shopify/orders", "/api/v4/shopify/orders/import", "/api/v2/orders/get_from_shopify",
                     "/api/v4/shopify/webhooks/orders_create")

READS_NO_CLIENT_DATA = {
    ("GET", "/api/v4/warehouses"), ("GET", "/api/v4/carriers"), ("GET", "/api/v4/shipment_types"),
    ("POST", "/api/v4/address_validation"), ("GET", "/api/v4/address_validation/zip_lookup"),
    ("GET", "/api/v4/fulfillment_requests/bulk/columns"),
}

CLIENT_ROLES = ("client", "client_read_only", "client_custom")
ADMIN_ROLES = ("admin", "admin_read_only", "admin_client_account_manager")
# client_custom twice: once with no permission, once with the permission the route needs.
ACTORS = ("client", "client_read_only", "client_custom", "client_custom+needed", *ADMIN_ROLES)
FULL_CLIENT_ROLES = ("client", "admin", "admin_client_account_manager")


def client_scoped(access):
    return access in ("read", "admin_only") or ":" in access


def allowed(access, actor):
    if access in ("public", "signed_in_any", "read"):
        return True
    if access == "manage_clients":
        return actor == "admin"
    if access in ("admin_only", "staff_read"):
        return actor in ADMIN_ROLES
    if access in ("manage_reports", "manage_reference_data"):
        return actor in ("admin", "admin_client_account_manager")
    if access.startswith("staff:"):
        return actor in ("admin", "admin_client_account_manager")
    if access == "read:reports":  # the one permission the read-only roles hold too
        return actor != "client_custom"
    return actor in FULL_CLIENT_ROLES or actor == "client_custom+needed"


def api_routes(app):
    return {
        (method, rule.rule)
        for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }


def test_every_route_has_an_expectation(app):
    assert api_routes(app) == set(EXPECTED)


class World:
    """Two clients, one user per actor in Acme (admins act for Acme), and an object of each kind."""

    def __init__(self, factory, access):
        self.factory = factory
        self.acme = factory.client("Acme", version=2)
        self.globex = factory.client("Globex")
        needed = [access] if ":" in access else []
        self.users = {
            actor: factory.user(
                actor.split("+")[0], None if actor in ADMIN_ROLES else self.acme,
                permissions=needed if actor == "client_custom+needed" else (),
            )
            for actor in ACTORS
        }
        factory.user("client_custom", self.acme, username="target.user")
        job = Job(id=str(uuid.uuid4()), client_id=self.acme.id, kind="export_users", requested_by="target.user", results=[])
        log = RequestLog(client_id=self.acme.id, object_type="user", object_id="target.user", http_method="GET",
                         uri="/api/v4/users/target.user", response_status=200, request_id=str(uuid.uuid4()))
        sent_mail = OutboundEmail(key=result_mail_key(job.id), client_id=self.acme.id, recipient="target@example.com",
                                  subject="Users export", body="Done.", sent_at=utcnow())
        db.session.add_all([job, log, sent_mail])
        db.session.commit()
        inbound_item = factory.item(self.acme, upc="INBOUND-ITEM")
        asn = Asn(client_id=self.acme.id, warehouse_id="CA01", external_id="TARGET-ASN", created_by="target.user",
                  expected_inbound_shipments=[ExpectedInboundShipment(expected_inbound_shipment_items=[
                      ExpectedInboundShipmentItem(item_type_id=inbound_item.id, quantity=5, received_quantity=0)])])
        rma = Rma(client_id=self.acme.id, warehouse_id="CA01", rma_id="TARGET-RMA", created_by="target.user")
        db.session.add_all([asn, rma])
        db.session.commit()
        target_child = factory.item(self.acme, upc="TARGET-CHILD")
        factory.item(self.acme, upc="TARGET-ITEM")
        factory.item(self.acme, upc="TARGET-PACK", composite_type=1, children=[(target_child, 6)])
        report = db.session.get(Report, "R_CLIENT_9001") or Report(
            id="R_CLIENT_9001", name="Target report", report_type="client", category="Receive", sub_category="",
            query="SELECT id FROM clients WHERE id = :client_id", parameters=[], created_by_username="admin")
        db.session.add(report)
        db.session.commit()
        self.report_id = report.id
        self.path_values = {
            "report_id": report.id, "schedule_id": self._schedule_id(),
            "client_id": self.acme.id, "username": "target.user", "job_id": job.id,
            "object_type": "user", "object_id": "target.user", "log_id": log.id,
            "upc": "TARGET-ITEM", "case_pack_upc": "TARGET-PACK",
            "asn_id": asn.id, "rma_id": rma.id, "code": "NJ01", "profile_id": self._ship_profile_id(),
            "request_id": self._fulfillment_request_id(),
        }
        self.path_values["set_id"] = self._set_id(self.path_values["request_id"])
        self.path_values.update(self._shipment_and_return_label(self.path_values["request_id"]))
        self.path_values["document_id"] = self._shipment_file(DOCUMENT)
        self._shipment_file(CUSTOM_LABEL)
        self._shipment_details()
        self.path_values["item_id"] = self._shipment_item_id()
        self._serial = itertools.count()
        self.cookies = {}

    def _fulfillment_request_id(self):
        request = FulfillmentRequest(client_id=self.acme.id, fulfillment_request_id=f"TARGET-FR-{uuid.uuid4()}", warehouse_id="NJ01",
                                     fill_type="partial", shipment_type="default_shipment_type",
                                     desired_ship_date=utcnow().date(), created_by_username="target.user",
                                     options={}, requires_approval=True, requires_approval_reason="ltl")
        db.session.add(request)
        db.session.commit()
        return request.id

    def _set_id(self, request_id):
        request_set = RequestSet(request_id=request_id)
        db.session.add(request_set)
        db.session.commit()
        return request_set.id

    def _shipment_and_return_label(self, request_id):
        shipment = Shipment(client_id=self.acme.id, request_id=request_id, warehouse_id="NJ01")
        label = ReturnLabel(client_id=self.acme.id, request_id=request_id, ship_profile_id=self.path_values["profile_id"],
                            carrier="UPS", ship_method="UPS_GROUND", warehouse_id="NJ01", tracking_number="RT000000009001",
                            length=10, width=8, height=4, weight=1, created_by_username="target.user")
        db.session.add_all([shipment, label])
        db.session.commit()
        return {"shipment_id": shipment.id, "tracking_number": label.tracking_number}

    def _shipment_item_id(self):
        """A set item of the target request that the target shipment sends one of."""
        item = db.session.scalars(select(ItemType).filter_by(client_id=self.acme.id, upc="TARGET-ITEM")).one()
        set_item = SetItem(set_id=self.path_values["set_id"], item_type_id=item.id, upc=item.upc, name=item.name,
                           quantity=1)
        db.session.add(set_item)
        db.session.flush()
        db.session.add(ShipmentLine(shipment_id=self.path_values["shipment_id"], set_item_id=set_item.id,
                                    item_type_id=item.id, quantity_desired=1))
        db.session.commit()
        return set_item.id

    def _shipment_file(self, kind):
        shipment_file = ShipmentFile(client_id=self.acme.id, shipment_id=self.path_values["shipment_id"], kind=kind,
                                     stored_name=f"{uuid.uuid4().hex}.pdf", name="slip.pdf", format="pdf",
                                     content_type="application/pdf", size=len(PDF), content=PDF,
                                     created_by_username="target.user")
        db.session.add(shipment_file)
        db.session.commit()
        return shipment_file.id

    def _shipment_details(self):
        db.session.add(ShipmentDetails(client_id=self.acme.id, shipment_id=self.path_values["shipment_id"],
                                       retailer="target", cancel_date=utcnow().date(), po_number="PO-1",
                                       updated_by_username="target.user"))
        db.session.commit()

    def _ship_profile_id(self):
        carrier = db.session.scalars(select(Carrier).filter_by(name="UPS")).one()
        profile = ShipProfile(client_id=self.acme.id, name="Target profile", carrier=carrier)
        db.session.add(profile)
        db.session.commit()
        return profile.id

    def _schedule_id(self):
        schedule = ReportSchedule(report_id=self.report_id, name="Target schedule", crontab="0 0 * * * ?",
                                  created_by_username="admin")
        db.session.add(schedule)
        db.session.commit()
        return schedule.id

    def _spare_report_id(self):
        report = Report(id=f"R_CLIENT_{9100 + next(self._serial)}", name="Spare report", report_type="client",
                        category="Receive", sub_category="", query="SELECT id FROM clients WHERE id = :client_id",
                        parameters=[], created_by_username="admin")
        db.session.add(report)
        db.session.commit()
        return report.id

    def _ltl_profile_id(self):
        carrier = db.session.scalars(select(Carrier).filter_by(name=LTL_CARRIER)).one()
        profile = ShipProfile(client_id=self.acme.id, name=f"Freight {uuid.uuid4().hex[:8]}", carrier=carrier)
        db.session.add(profile)
        db.session.commit()
        return profile.id

    def _group(self, status=VALIDATING):
        """A group of Acme at NJ01, needing approval, with one LTL shipment in ``status`` of a request of its own."""
        profile_id = self.path_values.get("ltl_profile_id") or self._ltl_profile_id()
        self.path_values["ltl_profile_id"] = profile_id
        group = ShipmentGroup(client_id=self.acme.id, warehouse_id="NJ01", desired_ship_date=utcnow().date(),
                              address_key=uuid.uuid4().hex, status=status, approval_required=True, approved=False,
                              ship_profile_id=profile_id, ship_method="LTL_STANDARD", to_name="Receiving",
                              to_address_1="75 Livingston St", to_city="Brooklyn", to_state="NY",
                              to_postal_code="11201", to_country="US", address_validated=True)
        db.session.add(group)
        db.session.commit()
        request = db.session.get(FulfillmentRequest, self._fulfillment_request_id())
        request.shipment_group_id = group.id
        shipment = Shipment(client_id=self.acme.id, request_id=request.id, warehouse_id="NJ01", status=status,
                            shipment_group_id=group.id, ship_profile_id=profile_id, ship_method="LTL_STANDARD")
        db.session.add(shipment)
        db.session.commit()
        return group.id, shipment.id

    def _freight(self, method, rule):
        """The groups a freight call acts on: a group with a bill of lading, another group to move a shipment
        into, a group ready for the warehouse's events; a fresh group for a change that cannot be made twice."""
        if "group_id" not in self.path_values:
            self.path_values["group_id"], self.path_values["grouped_shipment_id"] = self._group()
            db.session.add(BillOfLading(client_id=self.acme.id, shipment_group_id=self.path_values["group_id"],
                                        bol_number="BOL-TARGET", name="BOL-TARGET.pdf", size=len(PDF), content=PDF,
                                        created_by_username="target.user"))
            db.session.commit()
            self.ready_group_id, _ = self._group(READY_TO_PROCESS)
        values = dict(self.path_values)
        if (method, rule) in FRESH_GROUP_ROUTES:
            values["group_id"], values["shipment_id"] = self._group()
        elif rule.endswith("/shipments"):
            _, values["moved_shipment_id"] = self._group()  # its own group, which the move empties
        elif rule.endswith("/events"):
            values["group_id"] = self.ready_group_id
        else:
            values["shipment_id"] = self.path_values["grouped_shipment_id"]
        return values

    def path(self, rule, method="GET"):
        values = self.path_values
        if rule.startswith(GROUPS + "/"):
            values = self._freight(method, rule)
            self.path_values["moved_shipment_id"] = values.get("moved_shipment_id")
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda match: str(values[match.group(1)]), rule)
        query = self.QUERIES.get(rule)
        return f"{path}?{query(self)}" if query else path

    def shop_install_callback(self):
        """A fresh signed callback query (one-time code, state); the browser's nonce cookie goes with the call."""
        query, self.cookies = shop_platform.callback_query(self.factory.app, "acme-shop.myshopify.com")
        return query

    QUERIES = {
        "/api/v4/shopify/auth_callback": lambda world: world.shop_install_callback(),
        "/api/v4/reports/cron_preview": lambda world: "crontab=0+0+*+*+*+%3F&time_zone=UTC",
        "/api/v4/address_validation/zip_lookup": lambda world: "zip=10001",
    }

    def shop_order_id(self):
        """An order of Acme's shop (linked on first use) on the local shop platform, matching TARGET-ITEM."""
        platform = shop_platform.connect(self.factory.app)
        if not getattr(self, "shop_linked", False):
            platform.admin.reset()
            db.session.scalars(select(ItemType).filter_by(client_id=self.acme.id, upc="TARGET-ITEM")).one().sku = "TARGET-SKU"
            shop_platform.link_shop(self.factory.app, self.acme, "acme-orders.myshopify.com")
            self.shop_linked = True
        return platform.admin.add_order("acme-orders.myshopify.com", [("TARGET-SKU", None, 1)])["legacyResourceId"]

    def body(self, method, rule):
        n = next(self._serial)
        if (method, rule) in self.NEEDS_A_FREE_CHILD:
            return self.NEEDS_A_FREE_CHILD[(method, rule)](n, self.factory.item(self.acme).upc)
        return {
            ("POST", "/api/v4/auth/token"): {"username": "target.user", "password": PASSWORD},
            ("POST", "/api/v4/reports"): {"name": f"Report {n}", "report_type": "client",
                                          "query": "SELECT id FROM clients WHERE id = :client_id"},
            ("PUT", "/api/v4/reports/<string:report_id>"): {"name": "Target report", "report_type": "client",
                                                            "query": "SELECT id FROM clients WHERE id = :client_id"},
            ("PUT", "/api/v4/reports/<string:report_id>/run"): {"parameters": {}},
            ("POST", "/api/v4/reports/<string:report_id>/schedules"): {"crontab": "0 0 * * * ?"},
            ("PUT", "/api/v4/reports/<string:report_id>/schedules/<int:schedule_id>"): {"crontab": "0 0 * * * ?"},
            ("POST", "/api/v4/clients"): {"name": f"New client {n}"},
            ("PUT", "/api/v4/clients/<int:client_id>"): {"name": "Acme"},
            ("POST", "/api/v4/users"): {"username": f"made.{n}", "password": "a-long-password",
                                        "email": f"made.{n}@example.com", "role": "client_custom"},
            ("PUT", "/api/v4/users/<string:username>"): {"email": "target@example.com", "role": "client_custom"},
            ("POST", "/api/v4/logs/server_errors"): {"status": 502, "method": "GET", "url": "/api/v4/users"},
            ("PUT", "/api/v4/inventory/<string:upc>"): {"locations": [{"location": "CA01", "reserved": 0}]},
            ("POST", "/api/v2/inbound/client_upload"): {"lines": [
                {"Warehouse ID": "CA01", "ASN ID": f"ASN-{n}", "UPC": "INBOUND-ITEM", "Quantity": "3"}]},
            ("POST", "/api/v4/rmas/bulk"): {"rmas": [{"warehouse_id": "CA01", "rma_id": f"RMA-{n}", "expected_inbound_shipments": [
                {"tracking_id": "1Z", "items": [{"upc": "INBOUND-ITEM", "quantity": "1", "line": 2}]}]}]},
            ("PUT", "/api/v4/notification_settings"): {"email_addresses": "ops@example.com"},
            ("POST", "/api/v4/items"): {"upc": f"NEW-{n}", "sku": f"NEW-{n}", "name": "New item"},
            ("PUT", "/api/v4/items/<string:upc>"): {"name": "Target item"},
            ("PUT", "/api/v4/case_packs/<string:case_pack_upc>"): {"children": [{"upc": "TARGET-CHILD", "quantity": 12}]},
            ("POST", "/api/v4/virtual_bundles"): {"upc": f"VB-{n}", "sku": f"VB-{n}", "name": "Bundle",
                                                  "children": [{"upc": "TARGET-ITEM", "quantity": 2}]},
            ("POST", "/api/v4/items/bulk"): [{"upc": f"BULK-{n}", "sku": f"BULK-{n}", "name": "Bulk item"}],
            ("PUT", "/api/v4/warehouses/<string:code>"): {
                "name": "Edison", "address_1": "300 Raritan Center Pkwy", "city": "Edison", "state": "NJ",
                "postal_code": "08837", "country": "US", "phone": "+1 732 555 0102"},
            ("POST", "/api/v4/ship_profiles"): {"name": f"UPS {n}", "carrier_name": "UPS"},
            ("PUT", "/api/v4/ship_profiles/<int:profile_id>"): {"name": "Target profile", "carrier_name": "FedEx"},
            ("POST", "/api/v4/fulfillment_requests"): {
                "fulfillment_request_id": f"FR-{n}", "sets": [{"items": [{"upc": "TARGET-ITEM", "quantity": 1}]}],
                "to_address": {"name": "Pat Doe", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
                               "postal_code": "11201", "country": "US", "phone": "718 555 0100"}},
            ("PUT", "/api/v4/fulfillment_requests/<int:request_id>"): {"reference1": "R1"},
            ("POST", "/api/v4/fulfillment_requests/bulk"): [{
                "fulfillment_request_id": f"BULK-FR-{n}", "upc": "TARGET-ITEM", "quantity": "1", "to_name": "Pat Doe",
                "to_address_1": "75 Livingston St", "to_city": "Brooklyn", "to_state": "NY", "to_postal_code": "11201",
                "to_country": "US", "to_phone": "718 555 0100"}],
            ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/sets/<int:set_id>"): {"gift_note": "Thank you"},
            ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/to_address"): {
                "name": "Pat Doe", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
                "postal_code": "11201", "country": "US", "phone": "718 555 0100"},
            ("POST", "/api/v2/request/get_return_label"): {
                "fr_id": self.path_values["request_id"], "ship_profile_id": self.path_values["profile_id"],
                "ship_method": "UPS_GROUND", "length": 10, "width": 8, "height": 4, "weight": 1.5},
            ("PUT", "/api/v4/shipments/<int:shipment_id>"): {"ship_profile_id": self.path_values["profile_id"],
                                                             "ship_method": "UPS_GROUND"},
            ("PUT", "/api/v4/shipments/<int:shipment_id>/sets/<int:set_id>/items/<int:item_id>"): {"quantity_desired": 1},
            ("PUT", "/api/v4/shipments/<int:shipment_id>/to_address"): {
                "name": "Pat Doe", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
                "postal_code": "11201", "country": "US", "phone": "718 555 0100"},
            ("POST", "/api/v4/address_validation"): {"address_1": "350 Fifth Ave", "city": "New York", "state": "NY",
                                                     "postal_code": "10118", "country": "US"},
            ("POST", "/api/v4/shipments/<int:shipment_id>/documents"): {
                "content": base64.b64encode(PDF).decode(), "name": "slip.pdf", "format": "pdf", "copies": 2},
            ("POST", "/api/v4/shipments/<int:shipment_id>/custom_label"): {
                "content": base64.b64encode(ZPL_LABEL).decode(), "name": "label.zpl", "format": "zpl"},
            ("PUT", "/api/v4/shipments/<int:shipment_id>/details"): {
                "retailer": "target", "cancel_date": "2031-01-31", "po_number": f"PO-{n}"},
            ("POST", "/api/v4/shipments/<int:shipment_id>/comments"): {"body": f"Comment {n}"},
            # The warehouse's warning state fits the target shipment's status; a repeat is answered as the first.
            ("POST", "/api/v4/shipments/<int:shipment_id>/events"): {
                "event_id": "TARGET-EVENT", "status": "exception", "occurred_at": "2026-03-02T10:00:00Z",
                "reason": "Damaged"},
            ("PUT", f"{GROUPS}/<int:group_id>/ship_method"): {"ship_profile_id": self.path_values.get("ltl_profile_id"),
                                                              "ship_method": "LTL_GUARANTEED"},
            ("POST", f"{GROUPS}/<int:group_id>/to_address"): {
                "name": "Receiving", "address_1": "75 Livingston St", "city": "Brooklyn", "state": "NY",
                "postal_code": "11201", "country": "US", "phone": "718 555 0100"},
            ("POST", f"{GROUPS}/<int:group_id>/shipments"): {"shipmentId": self.path_values.get("moved_shipment_id")},
            ("POST", f"{GROUPS}/<int:group_id>/shipments/<int:shipment_id>/remove"): {
                "ship_profile_id": self.path_values["profile_id"], "ship_method": "UPS_GROUND"},
            ("POST", f"{GROUPS}/<int:group_id>/comments"): {"body": f"Comment {n}"},
            ("POST", f"{GROUPS}/<int:group_id>/events"): {
                "event_id": "TARGET-GROUP-EVENT", "status": "processing", "occurred_at": "2026-03-02T10:00:00Z"},
            ("POST", f"{GROUPS}/<int:group_id>/bol"): {
                "content": base64.b64encode(PDF).decode(), "name": "bol.pdf", "format": "pdf"},
            ("POST", "/api/v4/shipment_events"): {"events": [{
                "event_id": "TARGET-BATCH-EVENT", "shipment_id": self.path_values["shipment_id"], "status": "exception",
                "occurred_at": "2026-03-02T10:00:00Z", "reason": "Damaged"}]},
        }.get((method, rule))

    # Case packs take a child that no other composite holds: each call gets a new one.
    NEEDS_A_FREE_CHILD = {
        ("POST", "/api/v4/case_packs"): lambda n, child: {
            "upc": f"CP-{n}", "sku": f"CP-{n}", "name": "Case pack", "children": [{"upc": child, "quantity": 6}]},
        ("PUT", "/api/v4/items/<string:upc>/convert_to_case_pack"): lambda n, child: {
            "children": [{"upc": child, "quantity": 6}]},
        ("POST", "/api/v4/case_packs/bulk"): lambda n, child: [
            {"upc": f"BCP-{n}", "sku": f"BCP-{n}", "name": "Case pack", "child_upc": child, "child_quantity": "6"}],
    }

    def headers(self, actor, acting_for="default"):
        if actor is None:
            return {}
        client = self.acme if actor in ADMIN_ROLES else None
        if acting_for != "default":
            client = acting_for
        return self.factory.headers(self.users[actor], client)

    def call(self, http, method, rule, actor, acting_for="default"):
        if (method, rule) == ("DELETE", "/api/v4/reports/<string:report_id>/schedules/<int:schedule_id>"):
            self.path_values["schedule_id"] = self._schedule_id()  # each delete takes its own schedule
        if (method, rule) == ("DELETE", "/api/v4/reports/<string:report_id>"):
            self.path_values["report_id"] = self._spare_report_id()  # each delete takes its own report
        if (method, rule) == ("DELETE", "/api/v4/shipments/<int:shipment_id>/documents/<int:document_id>"):
            self.path_values["document_id"] = self._shipment_file(DOCUMENT)  # each delete takes its own document
        if (method, rule) == ("DELETE", "/api/v4/shipments/<int:shipment_id>/custom_label"):
            self._shipment_file(CUSTOM_LABEL)  # each delete takes a label
        if (method, rule) == ("PUT", "/api/v4/fulfillment_requests/<int:request_id>/approve"):
            self.path_values["request_id"] = self._fulfillment_request_id()  # each approval takes its own request
        path = self.path(rule, method)
        if rule in SHOP_ORDER_ROUTES:
            order_id = self.shop_order_id()
            if rule == "/api/v4/shopify/webhooks/orders_create":  # signed by the shop platform, whoever calls
                data = f'{{"id": {order_id}}}'.encode()
                headers = {**self.headers(actor, acting_for), **shop_platform.webhook_headers("acme-orders.myshopify.com", data)}
                return http.open(path, method=method, headers=headers, data=data)
            if rule == "/api/v2/orders/get_from_shopify":
                return http.open(path, method=method, headers=self.headers(actor, acting_for), json={"order_id": order_id})
            if rule == "/api/v4/shopify/orders/import":
                return http.open(path, method=method, headers=self.headers(actor, acting_for), json={"all": True})
        for name, value in self.cookies.items():
            http.set_cookie(name, value)
        return http.open(path, method=method, headers=self.headers(actor, acting_for), json=self.body(method, rule))


def route_params(select=lambda access: True):
    return [
        pytest.param(method, rule, access, id=f"{method} {rule}")
        for (method, rule), access in sorted(EXPECTED.items(), key=lambda item: (item[0][1], item[0][0]))
        if select(access)
    ]


def is_error(response, status):
    body = response.get_json(silent=True) or {}
    return response.status_code == status and {"error", "description"} <= set(body)


@pytest.mark.parametrize("method, rule, access", route_params())
def test_route_access_by_role(client, factory, method, rule, access):
    world = World(factory, access)
    wrong = []
    for actor in (None, *ACTORS):
        response = world.call(client, method, rule, actor)
        status = response.status_code
        if actor is None and access != "public":
            expected, ok = "401", is_error(response, 401)
        elif actor is None or allowed(access, actor):
            expected, ok = "2xx", 200 <= status < 300
        else:
            expected, ok = "403", is_error(response, 403)
        if not ok:
            wrong.append(f"{actor or 'no token'}: expected {expected}, got {status} {response.get_data(as_text=True)[:200]}")

    assert not wrong, f"{method} {rule} ({access}):\n" + "\n".join(wrong)


@pytest.mark.parametrize("method, rule, access", route_params(client_scoped))
def test_client_users_cannot_name_another_client(client, factory, method, rule, access):
    world = World(factory, access)

    statuses = {actor: world.call(client, method, rule, actor, acting_for=world.globex).status_code
                for actor in ACTORS if actor not in ADMIN_ROLES}

    assert statuses == {actor: 403 for actor in statuses}


@pytest.mark.parametrize("method, rule, access", route_params(client_scoped))
def test_admins_must_name_a_client(client, factory, method, rule, access):
    world = World(factory, access)
    admins = [actor for actor in ADMIN_ROLES if allowed(access, actor)]

    for actor in admins:
        response = world.call(client, method, rule, actor, acting_for=None)
        assert is_error(response, 400) and response.get_json()["error"] == "client_required", (actor, response.get_json())


@pytest.mark.parametrize("method, rule, access", route_params(lambda access: not client_scoped(access) and access != "public"))
def test_routes_without_a_client_ignore_the_header_for_client_users(client, factory, method, rule, access):
    """Client-independent routes still never let a client user act as another client."""
    world = World(factory, access)

    response = world.call(client, method, rule, "client", acting_for=world.globex)

    if rule == "/api/v4/clients/<int:client_id>" and method == "GET":
        assert response.status_code == 200 and response.get_json()["id"] == world.acme.id
    elif rule == "/api/v4/clients" and method == "GET":
        assert [row["id"] for row in response.get_json()["clients"]] == [world.acme.id]
    elif rule == "/api/v4/me":
        assert response.get_json()["clientId"] == world.acme.id
    elif rule == "/api/v4/logs/server_errors":
        assert response.status_code == 204  # touches nothing of any client
    elif rule == "/api/v4/reports/cron_preview":
        assert response.status_code == 200  # computes fire times, reads nothing of any client
    elif (method, rule) in READS_NO_CLIENT_DATA:
        assert response.status_code == 200  # reference data and postal checks, the same for every client
    else:
        assert response.status_code == 403


@pytest.mark.parametrize("method, rule, access", [
    param for param in route_params(lambda access: access != "public") if param.values[0] == "GET"
])
def test_head_needs_the_same_token_as_get(client, factory, method, rule, access):
    world = World(factory, access)

    assert client.head(world.path(rule)).status_code == 401
    assert world.call(client, "HEAD", rule, "admin").status_code == 200
