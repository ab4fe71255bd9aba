"""Quartz cron expressions: parsing with Quartz's rules and computing fire times in a time zone.

An expression has six or seven fields: seconds, minutes, hours, day-of-month, month, day-of-week
and an optional year. Day-of-week counts 1 = SUN .. 7 = SAT. Exactly one of the two day fields is
'?'. Beyond '*', lists, ranges (which may wrap) and steps, day-of-month takes L, L-n, LW and nW, and
day-of-week takes L, nL and n#k, as in Quartz's ``CronExpression``. Anything Quartz rejects raises
``CronError`` with a message that says what to change.

Fire times are local wall-clock times of the schedule's zone: a time that does not exist on a day
(clocks go forward) does not fire, and a time that occurs twice (clocks go back) fires once.
"""
import calendar
from bisect import bisect_left
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MIN_YEAR, MAX_YEAR = 1970, 2199
MONTH_NAMES = {name: number for number, name in enumerate(
    ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"), start=1)}
DAY_NAMES = {name: number for number, name in enumerate(("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"), start=1)}


class CronError(ValueError):
    """The expression is not one Quartz accepts; the message says why."""


@dataclass(frozen=True)
class _Field:
    name: str
    low: int
    high: int
    names: dict | None = None


SECONDS = _Field("seconds", 0, 59)
MINUTES = _Field("minutes", 0, 59)
HOURS = _Field("hours", 0, 23)
DAY_OF_MONTH = _Field("day-of-month", 1, 31)
MONTH = _Field("month", 1, 12, MONTH_NAMES)
DAY_OF_WEEK = _Field("day-of-week", 1, 7, DAY_NAMES)
YEAR = _Field("year", MIN_YEAR, MAX_YEAR)


def _number(text, field):
    """A value of the field, written as a number or (month, day-of-week) a three-letter name."""
    if field.names and text in field.names:
        return field.names[text]
    if not text.isdigit():
        if field.names:
            raise CronError(f"{field.name}: '{text}' is not a number from {field.low} to {field.high} "
                            f"or a name such as {next(iter(field.names))}.")
        raise CronError(f"{field.name}: '{text}' is not a number from {field.low} to {field.high}.")
    value = int(text)
    if not field.low <= value <= field.high:
        raise CronError(f"{field.name}: {value} is out of range; use {field.low} to {field.high}.")
    return value


def _range_values(start, end, step, field):
    """Values from start to end by step, wrapping past the field's top (e.g. hours 22-2)."""
    span = field.high - field.low + 1
    if end < start:
        end += span
    return {field.low + (value - field.low) % span for value in range(start, end + 1, step)}


def _step(text, field):
    if not text.isdigit() or int(text) == 0:
        raise CronError(f"{field.name}: '/' must be followed by a whole number of at least 1.")
    step = int(text)
    limit = field.high - field.low + 1 if field is not YEAR else field.high - field.low
    if step > limit:
        raise CronError(f"{field.name}: the step {step} is larger than the field's {limit} values.")
    return step


def _parse_item(item, field):
    """One comma-separated part of a plain field: '*', 'n', 'a-b', each optionally with '/step'."""
    if "/" in item:
        base, step_text = item.split("/", 1)
        step = _step(step_text, field)
    else:
        base, step = item, None
    if base in ("*", ""):
        if base == "" and step is None:
            raise CronError(f"{field.name}: empty value.")
        return _range_values(field.low, field.high, step or 1, field)
    if "-" in base:
        start_text, end_text = base.split("-", 1)
        return _range_values(_number(start_text, field), _number(end_text, field), step or 1, field)
    start = _number(base, field)
    if step is None:
        return {start}
    return set(range(start, field.high + 1, step))


def _parse_plain(text, field):
    if "?" in text:
        raise CronError(f"{field.name}: '?' is only allowed in day-of-month or day-of-week.")
    for letter in ("L", "W", "#"):
        if letter in text:
            raise CronError(f"{field.name}: '{letter}' is only allowed in the day fields.")
    values = set()
    for item in text.split(","):
        values |= _parse_item(item, field)
    return frozenset(values)


@dataclass(frozen=True)
class _DayOfMonth:
    days: frozenset = frozenset()
    last_offset: int | None = None  # L (0) or L-n
    last_weekday: bool = False  # LW
    nearest_weekday_to: int | None = None  # nW

    def matches(self, year, month):
        """The days of this month the field selects."""
        length = calendar.monthrange(year, month)[1]
        if self.last_offset is not None:
            day = length - self.last_offset
            return {day} if day >= 1 else set()
        if self.last_weekday:
            return {_nearest_weekday(year, month, length)}
        if self.nearest_weekday_to is not None:
            if self.nearest_weekday_to > length:
                return set()
            return {_nearest_weekday(year, month, self.nearest_weekday_to)}
        return {day for day in self.days if day <= length}


@dataclass(frozen=True)
class _DayOfWeek:
    weekdays: frozenset = frozenset()  # Quartz numbering, 1 = SUN
    last_of_month: int | None = None  # nL
    nth: tuple | None = None  # (weekday, k) for n#k

    def matches(self, year, month):
        length = calendar.monthrange(year, month)[1]
        first = _quartz_weekday(date(year, month, 1))
        if self.last_of_month is not None:
            last = _quartz_weekday(date(year, month, length))
            return {length - (last - self.last_of_month) % 7}
        if self.nth is not None:
            weekday, k = self.nth
            day = 1 + (weekday - first) % 7 + 7 * (k - 1)
            return {day} if day <= length else set()
        return {day for day in range(1, length + 1) if (first + day - 2) % 7 + 1 in self.weekdays}


def _quartz_weekday(day):
    """1 = Sunday .. 7 = Saturday."""
    return (day.weekday() + 1) % 7 + 1


def _nearest_weekday(year, month, day):
    """The weekday (Mon-Fri) nearest the given day, never leaving the month (Quartz's W)."""
    length = calendar.monthrange(year, month)[1]
    weekday = date(year, month, day).weekday()  # Monday 0 .. Sunday 6
    if weekday == 5:  # Saturday: Friday before, or Monday after when the 1st
        return day - 1 if day > 1 else day + 2
    if weekday == 6:  # Sunday: Monday after, or Friday before when the last day
        return day + 1 if day < length else day - 2
    return day


def _parse_day_of_month(text):
    field = DAY_OF_MONTH
    if text.startswith("L"):
        if text == "L":
            return _DayOfMonth(last_offset=0)
        if text == "LW":
            return _DayOfMonth(last_weekday=True)
        if text.startswith("L-") and text[2:].isdigit():
            offset = int(text[2:])
            if offset > 30:
                raise CronError("day-of-month: the offset from the last day (L-n) must be 30 or less.")
            return _DayOfMonth(last_offset=offset)
        raise CronError(f"day-of-month: '{text}' is not valid; use L, L-n (n up to 30) or LW, on its own.")
    if "L" in text:
        raise CronError("day-of-month: 'L' cannot be combined with other days; use it on its own.")
    if "W" in text:
        day = text[:-1]
        if not text.endswith("W") or not day.isdigit():
            raise CronError(f"day-of-month: '{text}' is not valid; 'W' follows a single day, as in 15W.")
        return _DayOfMonth(nearest_weekday_to=_number(day, field))
    if "#" in text:
        raise CronError("day-of-month: '#' is only allowed in day-of-week, as in 6#3.")
    return _DayOfMonth(days=_parse_plain(text, field))


def _parse_day_of_week(text):
    field = DAY_OF_WEEK
    if text == "L":
        return _DayOfWeek(weekdays=frozenset({7}))
    if "L" in text and "#" not in text:
        weekday = text[:-1]
        if not text.endswith("L") or "," in text or "-" in text or "/" in text or not weekday:
            raise CronError(f"day-of-week: '{text}' is not valid; 'L' follows a single day, as in 6L, or stands alone.")
        return _DayOfWeek(last_of_month=_number(weekday, field))
    if "#" in text:
        weekday, _, k = text.partition("#")
        if "," in text or "-" in text or "/" in text:
            raise CronError("day-of-week: '#' takes a single day, as in 6#3; lists and ranges cannot use it.")
        if not k.isdigit() or not 1 <= int(k) <= 5:
            raise CronError("day-of-week: '#' must be followed by a number from 1 to 5, as in 6#3.")
        return _DayOfWeek(nth=(_number(weekday, field), int(k)))
    if "W" in text:
        raise CronError("day-of-week: 'W' is only allowed in day-of-month, as in 15W.")
    return _DayOfWeek(weekdays=_parse_plain(text, field))


@dataclass(frozen=True)
class CronSchedule:
    expression: str
    seconds: tuple
    minutes: tuple
    hours: tuple
    months: frozenset
    years: frozenset | None
    day_rule: object  # _DayOfMonth or _DayOfWeek, whichever field is not '?'

    def next_fire_times(self, after, count, tz="UTC"):
        """The next ``count`` fire times strictly after ``after``, as aware UTC datetimes.

        ``after`` may be aware or naive UTC. Fewer are returned when the expression ends (year field).
        """
        zone = _zone(tz)
        after_utc = after.replace(tzinfo=UTC) if after.tzinfo is None else after.astimezone(UTC)
        local_after = after_utc.astimezone(zone).replace(tzinfo=None)
        fire_times = []
        for local in self._local_times_from(local_after.date(), local_after.time()):
            instant = _to_utc(local, zone)
            if instant is None or instant <= after_utc:
                continue
            fire_times.append(instant)
            if len(fire_times) == count:
                break
        return fire_times

    def _local_times_from(self, first_day, not_before):
        """Local wall-clock times that match, in order, from ``not_before`` (included) on ``first_day``.

        The caller drops those not after its instant: only the first pass of a repeated hour is
        used, so a wall-clock time before ``not_before`` is never after it.
        """
        for day in self._days_from(first_day):
            times = self._times_of_day()
            if day == first_day:
                times = times[bisect_left(times, not_before):]
            for moment in times:
                yield datetime.combine(day, moment)

    def _times_of_day(self):
        return _times_of_day(self.hours, self.minutes, self.seconds)

    def _days_from(self, first_day):
        for year in range(first_day.year, MAX_YEAR + 1):
            if self.years is not None and year not in self.years:
                if year > max(self.years):
                    return
                continue
            for month in sorted(self.months):
                if (year, month) < (first_day.year, first_day.month):
                    continue
                for day in sorted(self.day_rule.matches(year, month)):
                    candidate = date(year, month, day)
                    if candidate >= first_day:
                        yield candidate


_time_cache = {}


def _times_of_day(hours, minutes, seconds):
    key = (hours, minutes, seconds)
    if key not in _time_cache:
        _time_cache[key] = [time(h, m, s) for h in hours for m in minutes for s in seconds]
    return _time_cache[key]


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
    if not isinstance(expression, str) or not expression.strip():
        raise CronError("The schedule is empty; write six or seven fields, as in '0 0 * * * ?'.")
    parts = expression.strip().upper().split()
    if len(parts) < 6:
        raise CronError(f"The schedule has {len(parts)} fields; it needs six or seven: seconds, minutes, hours, "
                        "day-of-month, month, day-of-week and optionally year.")
    if len(parts) > 7:
        raise CronError(f"The schedule has {len(parts)} fields; it can have at most seven.")
    seconds_text, minutes_text, hours_text, dom_text, month_text, dow_text = parts[:6]
    year_text = parts[6] if len(parts) == 7 else None

    for text, field in ((dom_text, DAY_OF_MONTH), (dow_text, DAY_OF_WEEK)):
        if "?" in text and text != "?":
            raise CronError(f"{field.name}: '?' must stand alone.")
    if (dom_text == "?") == (dow_text == "?"):
        raise CronError("Put '?' in exactly one of day-of-month and day-of-week (Quartz cannot combine "
                        "both), as in '0 0 12 ? * MON' or '0 0 12 1 * ?'.")
    day_rule = _parse_day_of_week(dow_text) if dom_text == "?" else _parse_day_of_month(dom_text)

    return CronSchedule(
        expression=" ".join(parts),
        seconds=tuple(sorted(_parse_plain(seconds_text, SECONDS))),
        minutes=tuple(sorted(_parse_plain(minutes_text, MINUTES))),
        hours=tuple(sorted(_parse_plain(hours_text, HOURS))),
        months=_parse_plain(month_text, MONTH),
        years=None if year_text is None else _parse_plain(year_text, YEAR),
        day_rule=day_rule,
    )
