"""Parcel zones and the warehouses' local days, worked out offline.

Zones are the 1-8 distance bands US parcel carriers price by: the great-circle distance from the
centre of the origin's three-digit ZIP prefix (its sectional centre) to the centre of the
destination's, both the mean of the ZIP code centres the ``zipcodes`` package ships for that prefix.
A warehouse outside the US (BC01) is placed at its own coordinates."""
import math
from functools import lru_cache
from statistics import fmean

import zipcodes

# The upper bound (miles, inclusive) of zones 1 to 7; anything further is zone 8.
ZONE_LIMITS_MILES = (50, 150, 300, 600, 1000, 1400, 1800)
ZONES = tuple(range(1, len(ZONE_LIMITS_MILES) + 2))
EARTH_RADIUS_MILES = 3958.8

# A warehouse counts its day in the zone of the state or province it stands in: the whole state's
# zone, or the zone most of its people keep where a state has two.
TIME_ZONE_STATES = {
    "America/New_York": ("CT", "DE", "DC", "FL", "GA", "IN", "KY", "ME", "MD", "MA", "MI", "NH", "NJ", "NY", "NC",
                         "OH", "PA", "RI", "SC", "VT", "VA", "WV", "ON", "QC"),
    "America/Chicago": ("AL", "AR", "IL", "IA", "KS", "LA", "MN", "MS", "MO", "NE", "ND", "OK", "SD", "TN", "TX",
                        "WI", "MB"),
    "America/Denver": ("CO", "ID", "MT", "NM", "UT", "WY", "AB"),
    "America/Phoenix": ("AZ",),
    "America/Los_Angeles": ("CA", "NV", "OR", "WA"),
    "America/Vancouver": ("BC",),
    "America/Regina": ("SK",),
    "America/Halifax": ("NS", "NB", "PE"),
    "America/St_Johns": ("NL",),
    "America/Anchorage": ("AK",),
    "Pacific/Honolulu": ("HI",),
    "America/Puerto_Rico": ("PR", "VI"),
}
STATE_TIME_ZONES = {state: zone for zone, states in TIME_ZONE_STATES.items() for state in states}
FALLBACK_TIME_ZONE = "UTC"


def warehouse_time_zone(warehouse):
    """The IANA time zone of the day a warehouse counts in."""
    return STATE_TIME_ZONES.get((warehouse.state or "").upper(), FALLBACK_TIME_ZONE)


@lru_cache(maxsize=1)
def zip3_centres():
    """{three-digit ZIP prefix: (latitude, longitude)}, built once per process."""
    points = {}
    for record in zipcodes.list_all():
        if record["active"] and record["lat"] and record["long"]:
            points.setdefault(record["zip_code"][:3], []).append((float(record["lat"]), float(record["long"])))
    return {prefix: (fmean(lat for lat, _ in place), fmean(lon for _, lon in place))
            for prefix, place in points.items()}


def miles_between(a, b):
    (lat1, lon1), (lat2, lon2) = (map(math.radians, point) for point in (a, b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_MILES * math.asin(math.sqrt(h))


def zone_for_miles(miles):
    return next((zone for zone, limit in zip(ZONES, ZONE_LIMITS_MILES) if miles <= limit), ZONES[-1])


def warehouse_origin(warehouse):
    """Where a warehouse's parcels start from: its ZIP prefix's centre in the US, else its own place."""
    if warehouse.country == "US":
        centre = zip3_centres().get((warehouse.postal_code or "")[:3])
        if centre:
            return centre
    return (warehouse.latitude, warehouse.longitude)


@lru_cache(maxsize=65536)
def zone_between(origin, zip3):
    """The zone from ``origin`` (latitude, longitude) to a destination ZIP prefix, or None for a
    prefix that is no US ZIP prefix. Kept once worked out: a dashboard asks for thousands of pairs of a
    few warehouses and a thousand prefixes."""
    centre = zip3_centres().get(zip3 or "")
    return zone_for_miles(miles_between(origin, centre)) if centre else None
