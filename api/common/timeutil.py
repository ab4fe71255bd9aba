"""Times are stored as naive UTC in every database and sent with a 'Z' suffix."""
from datetime import UTC, datetime

from marshmallow import fields


def utcnow():
    return datetime.now(UTC).replace(tzinfo=None)


class UtcDateTime(fields.DateTime):
    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        return value.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"
