"""Quartz cron expressions: Quartz's own acceptance and fire times, computed in a time zone.

An expression has six or seven fields: seconds, minutes, hours, day-of-month, month, day-of-week
and an optional year. Day-of-week counts 1 = SUN .. 7 = SAT. Exactly one of the two day fields is
'?'. Beyond '*', lists, ranges (which may wrap) and steps, day-of-month takes L, L-n, LW, L-nW and
nW, also in lists with plain days, and day-of-week takes L, nL and n#k.

This is a port of Quartz's ``CronExpression`` (quartz-scheduler/quartz, main after 2.5.0): fields
are read by ``quartz_fields`` as ``storeExpressionVals`` reads them, and ``_time_after`` is
``getTimeAfter``. Anything Quartz refuses raises ``CronError`` with a message that says what to
change; so do expressions Quartz accepts but cannot compute a fire time for (an empty seconds,
minutes, hours, month or day-of-week field), since such a schedule could never run. Day-of-month
selects the days Quartz documents, where 2.5's findSmallestDay loses some: a W day moved forward
(1W on Saturday the 1st is Monday the 3rd; quartz issue #1322), a later nW after one moved back
before the current day, and an L-n day when a plain day follows it in a short month (28,L-1).

Fire times are local wall-clock times of the schedule's zone: a time that does not exist on a day
(clocks go forward) does not fire, and a time that occurs twice (clocks go back) fires once.
"""
import calendar
from bisect import bisect_left
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from api.reports.quartz_fields import (
    DAY_OF_MONTH,
    DAY_OF_WEEK,
    FIELDS,
    HOURS,
    LAST_DAY_OFFSET_END,
    LAST_DAY_OFFSET_START,
    MAX_YEAR,
    MINUTES,
    MONTH,
    NO_VALUE,
    SECONDS,
    YEAR,
    CronError,
    ParsedFields,
)

__all__ = ["CronError", "CronSchedule", "parse"]

# Quartz gives up searching past this year whatever the year field says.
LAST_SEARCHED_YEAR = 2999
SUNDAY, SATURDAY = 1, 7
_JAVA_TRIMMED = "".join(chr(code) for code in range(33))


@dataclass(frozen=True)
class CronSchedule:
    expression: str
    seconds: tuple
    minutes: tuple
    hours: tuple
    days_of_month: tuple | None  # None when day-of-month is '?'; L-n is coded as in quartz_fields
    nearest_weekdays: tuple
    months: tuple
    days_of_week: tuple | None  # None when day-of-week is '?'
    last_day_of_week: bool
    nth_day_of_week: int
    years: tuple

    def next_fire_times(self, after, count, tz="UTC"):
        """The next ``count`` fire times strictly after ``after``, as aware UTC datetimes.

        ``after`` may be aware or naive UTC. Fewer are returned when the expression ends (year field).
        """
        zone = _zone(tz)
        after_utc = after.replace(tzinfo=UTC) if after.tzinfo is None else after.astimezone(UTC)
        # Only the first pass of a repeated hour fires, so a wall-clock time before the local time of
        # ``after`` is never after it and the search can start from that local time.
        local = after_utc.astimezone(zone).replace(tzinfo=None)
        fire_times = []
        while len(fire_times) < count:
            local = self._time_after(local)
            if local is None:
                break
            instant = _to_utc(local, zone)
            if instant is not None and instant > after_utc:
                fire_times.append(instant)
        return fire_times

    def _time_after(self, after):
        """Quartz's getTimeAfter on wall-clock fields: the first matching second after ``after``, or None."""
        clock = _LenientCalendar(after.replace(microsecond=0) + timedelta(seconds=1))
        while True:
            now = clock.read()
            if now.year > LAST_SEARCHED_YEAR:
                return None

            second, minute = now.second, now.minute
            found = _ceiling(self.seconds, second)
            if found is None:
                second, clock.minute = self.seconds[0], minute + 1
            else:
                second = found
            clock.second = second

            now = clock.read()
            minute, hour = now.minute, now.hour
            found = _ceiling(self.minutes, minute)
            if found != minute:
                if found is None:
                    found, hour = self.minutes[0], hour + 1
                clock.second, clock.minute, clock.hour = 0, found, hour
                continue

            now = clock.read()
            hour, day = now.hour, now.day
            found = _ceiling(self.hours, hour)
            if found != hour:
                if found is None:
                    found, day = self.hours[0], day + 1
                clock.second, clock.minute, clock.day, clock.hour = 0, 0, day, found
                continue

            now = clock.read()
            if self.days_of_month is not None:
                day, month = self._day_of_month_rule(now)
            else:
                day, month = self._day_of_week_rule(now)
            if (day, month) != (now.day, now.month):
                clock.second, clock.minute, clock.hour, clock.day, clock.month = 0, 0, 0, day, month
                continue

            if now.year > MAX_YEAR:
                return None
            found = _ceiling(self.months, now.month)
            if found != now.month:
                year = now.year
                if found is None:
                    found, year = self.months[0], year + 1
                clock.second, clock.minute, clock.hour, clock.day = 0, 0, 0, 1
                clock.month, clock.year = found, year
                continue

            found = _ceiling(self.years, now.year)
            if found is None:
                return None
            if found != now.year:
                if found > LAST_SEARCHED_YEAR:
                    return None
                clock.second, clock.minute, clock.hour, clock.day, clock.month, clock.year = 0, 0, 0, 1, 1, found
                continue
            return now

    def _day_of_month_rule(self, now):
        """(day, month) to move to, or the current ones when the day matches; months past 12 roll over."""
        days = _days_of_month(self.days_of_month, self.nearest_weekdays, now.year, now.month)
        index = bisect_left(days, now.day)
        return (days[index], now.month) if index < len(days) else (1, now.month + 1)

    def _day_of_week_rule(self, now):
        day, month = now.day, now.month
        last_day = _month_length(now.year, month)
        current_weekday = _quartz_weekday(now)
        wanted = self.days_of_week[0]
        if not self.last_day_of_week and not self.nth_day_of_week:
            later = _ceiling(self.days_of_week, current_weekday)
            wanted = wanted if later is None else later
        days_to_add = 0
        if current_weekday < wanted:
            days_to_add = wanted - current_weekday
        elif current_weekday > wanted:
            days_to_add = wanted + 7 - current_weekday
        if self.last_day_of_week:
            if day + days_to_add > last_day:
                return 1, month + 1
            while day + days_to_add + 7 <= last_day:
                days_to_add += 7
            return day + days_to_add, month
        if self.nth_day_of_week:
            shifted = days_to_add > 0
            day += days_to_add
            week_of_month = day // 7 + (1 if day % 7 > 0 else 0)
            days_to_add = (self.nth_day_of_week - week_of_month) * 7
            day += days_to_add
            if days_to_add < 0 or day > last_day:
                return 1, month + 1
            return (day, month) if days_to_add > 0 or shifted else (now.day, month)
        if day + days_to_add > last_day:
            return 1, month + 1
        return day + days_to_add, month


class _LenientCalendar:
    """The fields of java.util.GregorianCalendar in lenient mode, without a zone: values set out of
    range (minute 60, day 32, month 13, day 0) roll over when the calendar is next read."""

    def __init__(self, moment):
        self._take(moment)

    def _take(self, moment):
        self.year, self.month, self.day = moment.year, moment.month, moment.day
        self.hour, self.minute, self.second = moment.hour, moment.minute, moment.second

    def read(self):
        if (1 <= self.month <= 12 and 1 <= self.day <= 28 and 0 <= self.hour <= 23 and 0 <= self.minute <= 59
                and 0 <= self.second <= 59):
            return datetime(self.year, self.month, self.day, self.hour, self.minute, self.second)
        extra_years, month_index = divmod(self.month - 1, 12)
        moment = datetime(self.year + extra_years, month_index + 1, 1) + timedelta(
            days=self.day - 1, hours=self.hour, minutes=self.minute, seconds=self.second)
        self._take(moment)
        return moment


@lru_cache(maxsize=4096)
def _days_of_month(days_of_month, nearest_weekdays, year, month):
    """The days of a month that day-of-month selects: days, L-n, and the weekdays nearest nW and L-nW."""
    length = _month_length(year, month)

    def resolve(value):  # a day, or an L-n code, as a day of this month (possibly outside it)
        return value if value < LAST_DAY_OFFSET_START else length - (LAST_DAY_OFFSET_END - value)

    days = {resolve(value) for value in days_of_month if value <= LAST_DAY_OFFSET_END}
    days |= {_nearest_weekday(year, month, day) for day in map(resolve, nearest_weekdays) if 1 <= day <= length}
    return tuple(sorted(day for day in days if 1 <= day <= length))


def _ceiling(values, value):
    """The smallest of the sorted ``values`` not below ``value`` (TreeSet.ceiling), or None."""
    index = bisect_left(values, value)
    return values[index] if index < len(values) else None


def _month_length(year, month):
    return calendar.monthrange(year, month)[1]


def _quartz_weekday(day):
    """1 = Sunday .. 7 = Saturday."""
    return (day.weekday() + 1) % 7 + 1


def _nearest_weekday(year, month, day):
    """The weekday (Mon-Fri) nearest the given day, never leaving the month (Quartz's W)."""
    weekday = _quartz_weekday(date(year, month, day))
    if weekday == SATURDAY:
        return day + 2 if day == 1 else day - 1
    if weekday == SUNDAY:
        return day - 2 if day == _month_length(year, month) else day + 1
    return day


def _zone(tz):
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise CronError(f"'{tz}' is not a known time zone; use a name such as America/New_York.") from None


def _to_utc(local, zone):
    """The instant of a local wall-clock time: None when the clocks skip it, the first when it repeats."""
    instant = local.replace(tzinfo=zone, fold=0).astimezone(UTC)
    if instant.astimezone(zone).replace(tzinfo=None) != local:
        return None
    return instant


def parse(expression):
    """Parse a Quartz cron expression; raises CronError saying what is wrong."""
    if not isinstance(expression, str):
        raise CronError("The schedule is empty; write six or seven fields, as in '0 0 * * * ?'.")
    # Quartz splits on spaces and tabs only, then trims each field as Java's String.trim does.
    parts = [part.strip(_JAVA_TRIMMED) for part in expression.upper().replace("\t", " ").split(" ") if part]
    if not parts:
        raise CronError("The schedule is empty; write six or seven fields, as in '0 0 * * * ?'.")
    if len(parts) < 6:
        raise CronError(f"The schedule has {len(parts)} fields; it needs six or seven: seconds, minutes, hours, "
                        "day-of-month, month, day-of-week and optionally year.")
    if len(parts) > 7:
        raise CronError(f"The schedule has {len(parts)} fields; it can have at most seven.")

    fields = ParsedFields()
    for text, field in zip(parts + ["*"], FIELDS):
        fields.read(text, field)
    values = fields.values
    day_of_month_given = NO_VALUE not in values[DAY_OF_MONTH]
    if day_of_month_given == (NO_VALUE not in values[DAY_OF_WEEK]):
        raise CronError("Put '?' in exactly one of day-of-month and day-of-week (Quartz cannot combine "
                        "both), as in '0 0 12 ? * MON' or '0 0 12 1 * ?'.")
    needed = (SECONDS, MINUTES, HOURS, MONTH) + (() if day_of_month_given else (DAY_OF_WEEK,))
    for text, field in zip(parts, FIELDS):
        if field in needed and not values[field]:
            if "L" in text:
                raise CronError(f"{field.name}: 'L' is only allowed in the day fields.")
            raise CronError(f"{field.name}: empty value; write at least one {field.name} value.")

    return CronSchedule(
        expression=" ".join(parts),
        seconds=tuple(sorted(values[SECONDS])),
        minutes=tuple(sorted(values[MINUTES])),
        hours=tuple(sorted(values[HOURS])),
        days_of_month=tuple(sorted(values[DAY_OF_MONTH])) if day_of_month_given else None,
        nearest_weekdays=tuple(sorted(fields.nearest_weekdays)),
        months=tuple(sorted(values[MONTH])),
        days_of_week=None if day_of_month_given else tuple(sorted(values[DAY_OF_WEEK])),
        last_day_of_week=fields.last_day_of_week,
        nth_day_of_week=fields.nth_day_of_week,
        years=tuple(sorted(values[YEAR])),
    )
