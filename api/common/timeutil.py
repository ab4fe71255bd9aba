"""Times are stored as naive UTC in every database and sent with a 'Z' suffix."""
from datetime import UTC, datetime, time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from marshmallow import ValidationError, fields


def utcnow():
    return datetime.now(UTC).replace(tzinfo=None)


def check_time_zone(value):
    """A marshmallow validator: ``value`` names an IANA time zone."""
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValidationError(f"'{value}' is not a known time zone; use a name such as America/New_York.") from None


def day_start_utc(day, time_zone):
    """The naive UTC time at which ``day`` begins in ``time_zone``."""
    return datetime.combine(day, time.min, tzinfo=ZoneInfo(time_zone)).astimezone(UTC).replace(tzinfo=None)


class UtcDateTime(fields.DateTime):
    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        return value.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"
