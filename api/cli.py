"""Command-line tasks: ``flask --app api.app create-user``, ``seed-demo`` and ``simulate-warehouse``."""
import random
import sys
import time

import click
from sqlalchemy import select

from api.clients.models import Client
from api.common.auth import ALL_ROLES, CLIENT_ROLES
from api.common.passwords import hash_password
from api.extensions import db
from api.freight.demo import seed_demo_freight
from api.inventory.cli import check_inventory
from api.orders.demo import seed_demo_requests
from api.reports.builtin import seed_builtin_reports, seed_reports
from api.shipments.demo import seed_demo_shipments
from api.shipments.history_demo import seed_demo_history
from api.shipments.simulation import EVERY_SECONDS, simulate_round, simulated_clients
from api.shipping.models import ShipProfile
from api.shipping.service import create_ship_profile
from api.users.models import User
from api.users.schemas import PASSWORD

DEMO_PASSWORD = "demo-password-1"
DEMO_CLIENTS = (
    {"name": "Acme Outdoor Supply", "fulfillment_request_api_version": 2, "shopify_shop_name": "acme-outdoor.myshopify.com"},
    {"name": "Bluebird Tea Company", "fulfillment_request_api_version": 1, "shopify_shop_name": None},
)
DEMO_USERS = (
    ("admin", "Dana Admin", "admin", None, []),
    ("acme.manager", "Alex Manager", "client", "Acme Outdoor Supply", []),
    ("acme.viewer", "Robin Viewer", "client_read_only", "Acme Outdoor Supply", []),
    ("acme.custom", "Casey Custom", "client_custom", "Acme Outdoor Supply", ["create:items", "update:items", "read:reports"]),
    ("bluebird.manager", "Blake Bird", "client", "Bluebird Tea Company", []),
)

# name, carrier, the client's own account number (None: ships on the provider's account)
DEMO_SHIP_PROFILES = (
    ("UPS on our account", "UPS", None),
    ("FedEx on the client's account", "FedEx", "740561073"),
    ("USPS parcels", "USPS", None),
    ("Freight (LTL)", "LTL", None),
    ("Customer pickup", "Custom", None),
)


def _add_user(username, password, role, client_id, real_name=None, email=None, permissions=()):
    user = User(
        username=username, password_hash=hash_password(password), role=role, client_id=client_id,
        real_name=real_name, email=email, permissions=list(permissions), active=True,
    )
    db.session.add(user)
    return user


def register_commands(app):
    app.cli.add_command(check_inventory)
    app.cli.add_command(seed_reports)

    @app.cli.command("create-user")
    @click.argument("username")
    @click.option("--role", required=True, type=click.Choice(ALL_ROLES))
    @click.option("--client", "client_id", type=int, help="Client id, required for client roles.")
    @click.option("--email", default=None)
    @click.option("--name", "real_name", default=None)
    def create_user(username, role, client_id, email, real_name):
        """Create a user; the password is read from standard input."""
        if role in CLIENT_ROLES and client_id is None:
            raise click.UsageError("Client roles need --client.")
        if role not in CLIENT_ROLES and client_id is not None:
            raise click.UsageError("Admin roles act for every client; leave out --client.")
        if client_id is not None and db.session.get(Client, client_id) is None:
            raise click.UsageError(f"No client with id {client_id}.")
        if db.session.scalars(select(User).filter_by(username=username)).first():
            raise click.UsageError(f"User {username} already exists.")
        password = sys.stdin.readline().rstrip("\r\n")
        try:
            PASSWORD(password)
        except Exception as error:
            raise click.UsageError(str(error)) from None
        _add_user(username, password, role, client_id, real_name, email)
        db.session.commit()
        click.echo(f"Created {role} user {username}.")

    @app.cli.command("seed-demo")
    def seed_demo():
        """Add demo clients, one user of each role and demo fulfilment requests (skipped when they exist),
        their shipments moved on by the demo warehouse's events; prints the logins."""
        clients = {}
        for fields in DEMO_CLIENTS:
            client = db.session.scalars(select(Client).filter_by(name=fields["name"])).first()
            if client is None:
                client = Client(**fields)
                db.session.add(client)
                db.session.flush()
            clients[client.name] = client
        for username, real_name, role, client_name, permissions in DEMO_USERS:
            if db.session.scalars(select(User).filter_by(username=username)).first() is None:
                client_id = clients[client_name].id if client_name else None
                _add_user(username, DEMO_PASSWORD, role, client_id, real_name, f"{username}@example.com", permissions)
        db.session.commit()
        for client in clients.values():
            if db.session.scalars(select(ShipProfile.id).filter_by(client_id=client.id)).first() is None:
                for name, carrier, account_number in DEMO_SHIP_PROFILES:
                    create_ship_profile(client.id, {"name": name, "carrier_name": carrier, "account_number": account_number})
        seed_builtin_reports()
        seed_demo_requests(clients[DEMO_CLIENTS[0]["name"]].id)
        seed_demo_shipments(clients[DEMO_CLIENTS[0]["name"]].id)
        seed_demo_freight(clients[DEMO_CLIENTS[0]["name"]].id)
        seed_demo_history(clients[DEMO_CLIENTS[0]["name"]].id)
        for client in clients.values():
            click.echo(f"Demo client {client.id}: {client.name} (client version {client.fulfillment_request_api_version})")
        click.echo(f"Demo logins, password for all: {DEMO_PASSWORD}")
        for username, _, role, client_name, _ in DEMO_USERS:
            click.echo(f"  {username:<18} {role:<30} {client_name or 'all clients'}")

    @app.cli.command("simulate-warehouse")
    @click.option("--every", type=click.FloatRange(min=0), default=EVERY_SECONDS, show_default=True,
                  help="Seconds between rounds.")
    @click.option("--rounds", type=click.IntRange(min=0), default=0, help="Stop after this many rounds (0: until Ctrl-C).")
    @click.option("--seed", type=int, default=None, help="Seed of the rounds' chances, to repeat a run.")
    def simulate_warehouse(every, rounds, seed):
        """Keep the demo moving while the portal runs: each round new orders come in for the demo clients and
        their warehouse picks, labels, ships and delivers some of the open parcels (after seed-demo)."""
        clients = simulated_clients()
        if not clients:
            click.echo("Nothing to move on: the demo's history is not there (run seed-demo first).", err=True)
            sys.exit(1)
        rng, done = random.Random(seed), 0
        try:
            while True:
                for client_id in clients:
                    outcome = simulate_round(client_id, rng)
                    click.echo(f"client {client_id}: new orders {outcome.placed}, parcels moved on {outcome.moved}, "
                               f"stocks topped up {outcome.received}")
                done += 1
                if done == rounds:
                    break
                time.sleep(every)
        except KeyboardInterrupt:
            click.echo("Stopped.")
