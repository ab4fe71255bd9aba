"""Reading the fields of a Quartz cron expression exactly as Quartz's ``CronExpression`` does.

A port of ``storeExpressionVals``, ``checkNext`` and ``addToSet`` (quartz-scheduler/quartz, main
after 2.5.0): what Quartz refuses raises ``CronError`` with a message that says what to change, and
what it accepts, however loosely, is accepted with the same meaning. Quartz reads a value and then
ignores whatever follows it in that list entry ('15X' is 15, 'JANUARY' is JAN, '6L-2' is 6L).
"""
import re
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from datetime import date

# Quartz keeps these markers in the value sets and encodes L-n as LAST_DAY_OFFSET_END - n.
ALL_VALUES, NO_VALUE = 99, 98
LAST_DAY_OFFSET_START, MAX_LAST_DAY_OFFSET = 32, 30
LAST_DAY_OFFSET_END = LAST_DAY_OFFSET_START + MAX_LAST_DAY_OFFSET
# Like Quartz, '*' in the year field runs to a hundred years after the year the code was loaded.
MAX_YEAR = date.today().year + 100
INT_MAX = 2**31 - 1

MONTH_NAMES = {name: number for number, name in enumerate(
    ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"), start=1)}
DAY_NAMES = {name: number for number, name in enumerate(("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"), start=1)}


class CronError(ValueError):
    """The expression is not one Quartz accepts; the message says why."""


@dataclass(frozen=True, eq=False)
class Field:
    name: str
    low: int
    high: int
    largest_step: int | None  # a larger '/n' after '*' or a single value is refused
    wrap: int | None  # a range whose end is below its start wraps modulo this (22-2, FRI-MON)
    names: dict | None = None


SECONDS = Field("seconds", 0, 59, 59, 60)
MINUTES = Field("minutes", 0, 59, 59, 60)
HOURS = Field("hours", 0, 23, 23, 24)
DAY_OF_MONTH = Field("day-of-month", 1, 31, 31, 31)
MONTH = Field("month", 1, 12, 12, 12, MONTH_NAMES)
DAY_OF_WEEK = Field("day-of-week", 1, 7, 7, 7, DAY_NAMES)
YEAR = Field("year", 1970, MAX_YEAR, None, None)
FIELDS = (SECONDS, MINUTES, HOURS, DAY_OF_MONTH, MONTH, DAY_OF_WEEK, YEAR)
TIME_FIELDS = (SECONDS, MINUTES, HOURS)


@dataclass
class ParsedFields:
    """The value sets Quartz builds; day-of-month also holds L-n codes, nearest_weekdays the nW and L-nW days."""
    values: dict = dataclass_field(default_factory=lambda: {each: set() for each in FIELDS})
    nearest_weekdays: set = dataclass_field(default_factory=set)
    last_day_of_week: bool = False  # nL
    nth_day_of_week: int = 0  # n#k

    def read(self, text, field):
        """Add one whole field as written (a comma-separated list)."""
        if field is DAY_OF_WEEK:
            if "L" in text and len(text) > 1 and "," in text:
                raise CronError("day-of-week: 'L' cannot be used in a list; 'L' follows a single day, as in 6L, "
                                "or stands alone.")
            if text.count("#") > 1:
                raise CronError("day-of-week: '#' takes a single day, as in 6#3; only one entry can use it.")
        for item in text.split(","):
            if item:
                self._read_item(item, field)

    def _read_item(self, item, field):
        first = item[0]
        if "A" <= first <= "Z" and item not in ("L", "LW") and not re.fullmatch(r"L-[0-9]*W?", item):
            self._read_name(item, field)
        elif first == "?":
            if len(item) > 2:
                raise CronError(f"{field.name}: '?' must stand alone.")
            if field not in (DAY_OF_MONTH, DAY_OF_WEEK):
                raise CronError(f"{field.name}: '?' is only allowed in day-of-month or day-of-week.")
            self.values[field].add(NO_VALUE)
        elif first in "*/":
            self._read_every(item, field)
        elif first == "L":
            self._read_last(item, field)
        elif "0" <= first <= "9":
            digits = _leading_digits(item)
            self._read_after_number(_number(digits, field), item[len(digits):], item, field)
        else:
            raise _not_a_number(item, field)

    def _read_name(self, item, field):
        if not field.names:
            raise _not_a_number(item, field)
        start, end = _name(item[:3], field), None
        follower = item[3:4]
        if follower == "-":
            end = _name(item[4:7], field)
        elif field is DAY_OF_WEEK and follower == "#":
            self.nth_day_of_week = _nth(item[4:])
        elif field is DAY_OF_WEEK and follower == "L":
            self.last_day_of_week = True
        self._add(start, end, 0 if end is None else 1, field)

    def _read_every(self, item, field):
        if item == "*":
            self._add(ALL_VALUES, None, 0, field)
            return
        slash = 1 if item[0] == "*" else 0
        if item[slash:slash + 1] != "/":  # Quartz reads '*X' as '*'
            self._add(ALL_VALUES, None, 1, field)
            return
        step = _java_int(item[slash + 1:])
        if step is None:
            raise _step_must_be_a_number(field)
        _check_step(step, field)
        self._add(ALL_VALUES, None, step, field)

    def _read_last(self, item, field):
        if field in TIME_FIELDS:
            raise CronError(f"{field.name}: 'L' is only allowed in the day fields.")
        if field is DAY_OF_WEEK:
            self.values[field].add(7)
        elif field is DAY_OF_MONTH:
            if item == "L-":
                raise CronError("day-of-month: 'L-' must be followed by the number of days before the last, as in L-3.")
            offset = _java_int("0" + item[2:].rstrip("W")) if item.startswith("L-") else 0
            if offset is None or offset > MAX_LAST_DAY_OFFSET:
                raise CronError("day-of-month: the offset from the last day (L-n) must be 30 or less.")
            days = self.nearest_weekdays if item.endswith("W") else self.values[field]
            days.add(LAST_DAY_OFFSET_END - offset)
        # In month and year Quartz reads L and adds nothing.

    def _read_after_number(self, value, rest, item, field):
        follower = rest[:1]
        if follower == "L":
            if field is not DAY_OF_WEEK:
                raise _only_in_day_of_week_last(field)
            if not 1 <= value <= 7:
                raise _out_of_range(value, field)
            self.last_day_of_week = True
            self.values[field].add(value)
        elif follower == "W":
            if field is not DAY_OF_MONTH:
                raise CronError(f"{field.name}: 'W' is only allowed in day-of-month, as in 15W.")
            if value > 31:
                raise CronError(f"day-of-month: 'W' must follow a day from 1 to 31, as in 15W; {value} is too large.")
            self.nearest_weekdays.add(value)
        elif follower == "#":
            if field is not DAY_OF_WEEK:
                raise CronError(f"{field.name}: '#' is only allowed in day-of-week, as in 6#3.")
            self.nth_day_of_week = _nth(rest[1:])
            self.values[field].add(value)
        elif follower == "-":
            end_digits = _leading_digits(rest[1:])
            if not end_digits:
                raise _not_a_number(rest[1:] or item, field)
            end = _number(end_digits, field)
            after_end = rest[1 + len(end_digits):]
            step = 1
            if after_end.startswith("/"):
                step_digits = _leading_digits(after_end[1:])
                if not step_digits:
                    raise _step_must_be_a_number(field)
                step = _number(step_digits, field)
            self._add(value, end, step, field)
        elif follower == "/":
            step_digits = _leading_digits(rest[1:])
            # Quartz reads one digit, then refuses a non-digit after it but ignores one after two or more.
            if not step_digits or (len(step_digits) == 1 and rest[2:]):
                raise _step_must_be_a_number(field)
            step = _number(step_digits, field)
            _check_step(step, field)
            self._add(value, None, step, field)
        else:
            self._add(value, None, 0 if rest else -1, field)

    def _add(self, start, end, step, field):
        """Quartz's addToSet: a value, or the values from start to end (wrapping) by step."""
        values = self.values[field]
        if start != ALL_VALUES and field is not YEAR:
            if not field.low <= start <= field.high:
                raise _out_of_range(start, field)
            if end is not None and end > field.high:
                raise _out_of_range(end, field)
        if step in (0, -1) and start != ALL_VALUES:
            values.add(start)
            return
        if start == ALL_VALUES:
            if step <= 0:
                step = 1
                values.add(ALL_VALUES)
            start = field.low
        stop = field.high if end is None else end
        wrap = None
        if stop < start:
            if field is YEAR:
                raise CronError(f"year: the range {start}-{stop} runs backwards; write the earlier year first.")
            wrap = field.wrap
            stop += wrap
        for value in range(start, stop + 1, step):
            if wrap:
                value %= wrap
                if value == 0 and field.low == 1:
                    value = wrap
            values.add(value)


def _leading_digits(text):
    return re.match(r"[0-9]*", text).group()


def _java_int(text):
    """Integer.parseInt: an optional sign and digits within 32 bits, else None."""
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        return None
    value = int(text)
    return value if -INT_MAX - 1 <= value <= INT_MAX else None


def _number(digits, field):
    value = int(digits)
    if value > INT_MAX:
        raise _out_of_range(digits, field)
    return value


def _name(text, field):
    if text not in field.names:
        raise _not_a_number(text, field)
    return field.names[text]


def _nth(text):
    nth = _java_int(text)
    if nth is None or not 1 <= nth <= 5:
        raise CronError("day-of-week: '#' must be followed by a number from 1 to 5, as in 6#3.")
    return nth


def _check_step(step, field):
    if field.largest_step is not None and step > field.largest_step:
        raise CronError(f"{field.name}: the step {step} is larger than {field.largest_step}, "
                        "the largest this field allows.")


def _step_must_be_a_number(field):
    return CronError(f"{field.name}: '/' must be followed by a whole number, as in 0/15.")


def _only_in_day_of_week_last(field):
    if field is DAY_OF_MONTH:
        return CronError("day-of-month: 'L' cannot follow a day here; use L, L-n, LW or L-nW "
                         "(a day followed by L, as in 6L, belongs in day-of-week).")
    return CronError(f"{field.name}: 'L' is only allowed in the day fields.")


def _out_of_range(value, field):
    if field is YEAR:
        return CronError(f"year: {value} is too large a number.")
    return CronError(f"{field.name}: {value} is out of range; use {field.low} to {field.high}.")


def _not_a_number(text, field):
    if field is YEAR:
        return CronError(f"year: '{text}' is not a year, such as 2030.")
    if field is DAY_OF_MONTH:
        return CronError(f"day-of-month: '{text}' is not a number from 1 to 31, L, L-n, LW or a day followed "
                         "by W, as in 15W.")
    names = f" or a name such as {next(iter(field.names))}" if field.names else ""
    return CronError(f"{field.name}: '{text}' is not a number from {field.low} to {field.high}{names}.")
