"""reference data: warehouses with their addresses, carriers and ship methods, shipment types, and
the clients' ship profiles

Revision ID: 0014_reference_data
Revises: 0013_mail_next_attempt
Create Date: 2026-11-24 09:00:00.000000

"""
from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0014_reference_data'
down_revision = '0013_mail_next_attempt'
branch_labels = None
depends_on = None

WAREHOUSES = [
    # code, name, address_1, city, state, postal_code, country, phone, latitude, longitude
    ("CA01", "Inland Empire", "1500 S MILLIKEN AVE", "ONTARIO", "CA", "91761", "US", "+1 909 555 0101", 34.0316, -117.6187),
    ("NJ01", "Edison", "300 RARITAN CENTER PKWY", "EDISON", "NJ", "08837", "US", "+1 732 555 0102", 40.5325, -74.3375),
    ("TX01", "Dallas", "4800 MOUNTAIN CREEK PKWY", "DALLAS", "TX", "75236", "US", "+1 214 555 0103", 32.69, -96.9177),
    ("BC01", "Delta", "7655 Hopcott Rd", "Delta", "BC", "V4G 1B6", "CA", "+1 604 555 0104", 49.1364, -122.9689),
    ("IL01", "Joliet", "2500 CHANNAHON RD", "JOLIET", "IL", "60436", "US", "+1 815 555 0105", 41.4884, -88.1572),
    ("NJ03", "Cranbury", "200 STATION RD", "CRANBURY", "NJ", "08512", "US", "+1 609 555 0106", 40.3039, -74.5065),
    ("CA02", "Stockton", "4200 NEWTON RD", "STOCKTON", "CA", "95205", "US", "+1 209 555 0107", 37.9625, -121.2624),
    ("TX02", "Houston", "16000 JOHN F KENNEDY BLVD", "HOUSTON", "TX", "77032", "US", "+1 281 555 0108", 29.9368, -95.3299),
]

CARRIERS = {
    "UPS": [("UPS_GROUND", "UPS Ground", "ground"), ("UPS_2ND_DAY_AIR", "UPS 2nd Day Air", "express"),
            ("UPS_NEXT_DAY_AIR", "UPS Next Day Air", "express")],
    "FedEx": [("FEDEX_GROUND", "FedEx Ground", "ground"), ("FEDEX_2_DAY", "FedEx 2Day", "express"),
              ("FEDEX_PRIORITY_OVERNIGHT", "FedEx Priority Overnight", "express")],
    "USPS": [("USPS_GROUND_ADVANTAGE", "USPS Ground Advantage", "ground"),
             ("USPS_PRIORITY_MAIL", "USPS Priority Mail", "express"),
             ("USPS_PRIORITY_MAIL_EXPRESS", "USPS Priority Mail Express", "express")],
    "DHL": [("DHL_ECOMMERCE_GROUND", "DHL eCommerce Ground", "ground"),
            ("DHL_EXPRESS_WORLDWIDE", "DHL Express Worldwide", "express")],
    "LTL": [("LTL_STANDARD", "LTL Standard", "ground"), ("LTL_GUARANTEED", "LTL Guaranteed", "express")],
    "Custom": [("CUSTOM_GROUND", "Custom Ground", "ground"), ("CUSTOM_EXPRESS", "Custom Express", "express")],
}

SHIPMENT_TYPES = ("default_shipment_type", "retail", "wholesale", "ltl")


def upgrade():
    warehouses = op.create_table(
        'warehouses',
        sa.Column('code', sa.String(length=8), nullable=False),
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('address_1', sa.String(length=200), nullable=False),
        sa.Column('address_2', sa.String(length=200), nullable=True),
        sa.Column('city', sa.String(length=100), nullable=False),
        sa.Column('state', sa.String(length=100), nullable=False),
        sa.Column('postal_code', sa.String(length=20), nullable=False),
        sa.Column('country', sa.String(length=2), nullable=False),
        sa.Column('phone', sa.String(length=40), nullable=True),
        sa.Column('latitude', sa.Float(), nullable=False),
        sa.Column('longitude', sa.Float(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('code'),
    )
    carriers = op.create_table(
        'carriers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=50), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    ship_methods = op.create_table(
        'ship_methods',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('carrier_id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=60), nullable=False),
        sa.Column('name', sa.String(length=100), nullable=False),
        sa.Column('service', sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(['carrier_id'], ['carriers.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('code'),
    )
    op.create_index('ix_ship_methods_carrier_id', 'ship_methods', ['carrier_id'])
    shipment_types = op.create_table(
        'shipment_types',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    op.create_table(
        'ship_profiles',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('client_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=100), nullable=False),
        sa.Column('carrier_id', sa.Integer(), nullable=False),
        sa.Column('account_number', sa.String(length=60), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['client_id'], ['clients.id']),
        sa.ForeignKeyConstraint(['carrier_id'], ['carriers.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_ship_profiles_client_id', 'ship_profiles', ['client_id'])

    now = datetime.now(timezone.utc).replace(tzinfo=None)
    op.bulk_insert(warehouses, [
        dict(zip(("code", "name", "address_1", "city", "state", "postal_code", "country", "phone", "latitude", "longitude"), row),
             updated_at=now)
        for row in WAREHOUSES
    ])
    # Ids come from the tables' own sequences, so rows added later through the API do not collide.
    op.bulk_insert(carriers, [{"name": name} for name in CARRIERS])
    carrier_ids = dict(op.get_bind().execute(sa.select(carriers.c.name, carriers.c.id)).all())
    op.bulk_insert(ship_methods, [
        {"carrier_id": carrier_ids[carrier], "code": code, "name": name, "service": service}
        for carrier, methods in CARRIERS.items() for code, name, service in methods
    ])
    op.bulk_insert(shipment_types, [{"name": name} for name in SHIPMENT_TYPES])


def downgrade():
    op.drop_index('ix_ship_profiles_client_id', table_name='ship_profiles')
    op.drop_table('ship_profiles')
    op.drop_table('shipment_types')
    op.drop_index('ix_ship_methods_carrier_id', table_name='ship_methods')
    op.drop_table('ship_methods')
    op.drop_table('carriers')
    op.drop_table('warehouses')
