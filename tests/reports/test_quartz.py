"""Quartz cron semantics: parsing, Quartz's rejections, day rules (L, W, #), years and daylight saving."""
from datetime import UTC, datetime

import pytest
from croniter import croniter
from hypothesis import given, settings, strategies as st

from api.reports.quartz import CronError, parse


def fire(expression, after, count=3, tz="UTC"):
    return [moment.strftime("%Y-%m-%d %H:%M:%S %a") for moment in parse(expression).next_fire_times(after, count, tz)]


def at(*parts):
    return datetime(*parts, tzinfo=UTC)


@pytest.mark.parametrize(("expression", "after", "expected"), [
    ("0 0 * * * ?", at(2025, 1, 1, 0, 0), ["2025-01-01 01:00:00 Wed", "2025-01-01 02:00:00 Wed", "2025-01-01 03:00:00 Wed"]),
    ("0 15 10 ? * 6L", at(2025, 1, 1), ["2025-01-31 10:15:00 Fri", "2025-02-28 10:15:00 Fri", "2025-03-28 10:15:00 Fri"]),
    # Saturday 1 February 2025: the nearest weekday inside the month is Monday the 3rd.
    ("0 0 12 1W * ?", at(2025, 1, 15), ["2025-02-03 12:00:00 Mon", "2025-03-03 12:00:00 Mon", "2025-04-01 12:00:00 Tue"]),
    # Sunday 31 August 2025: Friday the 29th, not Monday 1 September.
    ("0 0 12 31W * ?", at(2025, 8, 1), ["2025-08-29 12:00:00 Fri", "2025-10-31 12:00:00 Fri", "2025-12-31 12:00:00 Wed"]),
    ("0 0 12 15W * ?", at(2025, 6, 1), ["2025-06-16 12:00:00 Mon", "2025-07-15 12:00:00 Tue", "2025-08-15 12:00:00 Fri"]),
    ("0 0 0 L * ?", at(2024, 1, 31, 12), ["2024-02-29 00:00:00 Thu", "2024-03-31 00:00:00 Sun", "2024-04-30 00:00:00 Tue"]),
    ("0 0 0 L-2 * ?", at(2025, 2, 1), ["2025-02-26 00:00:00 Wed", "2025-03-29 00:00:00 Sat", "2025-04-28 00:00:00 Mon"]),
    ("0 0 18 LW * ?", at(2025, 5, 1), ["2025-05-30 18:00:00 Fri", "2025-06-30 18:00:00 Mon", "2025-07-31 18:00:00 Thu"]),
    ("0 0 9 ? * 2#1", at(2025, 1, 1), ["2025-01-06 09:00:00 Mon", "2025-02-03 09:00:00 Mon", "2025-03-03 09:00:00 Mon"]),
    # A fifth Friday exists only in some months.
    ("0 0 9 ? * FRI#5", at(2025, 1, 1), ["2025-01-31 09:00:00 Fri", "2025-05-30 09:00:00 Fri", "2025-08-29 09:00:00 Fri"]),
    # Day-of-week 1 is Sunday, 7 is Saturday; L alone is Saturday.
    ("0 0 8 ? * 1", at(2025, 1, 1), ["2025-01-05 08:00:00 Sun", "2025-01-12 08:00:00 Sun", "2025-01-19 08:00:00 Sun"]),
    ("0 0 8 ? * 7", at(2025, 1, 1), ["2025-01-04 08:00:00 Sat", "2025-01-11 08:00:00 Sat", "2025-01-18 08:00:00 Sat"]),
    ("0 0 8 ? * L", at(2025, 1, 1), ["2025-01-04 08:00:00 Sat", "2025-01-11 08:00:00 Sat", "2025-01-18 08:00:00 Sat"]),
    ("0 0 8 ? * MON-FRI", at(2025, 1, 3), ["2025-01-03 08:00:00 Fri", "2025-01-06 08:00:00 Mon", "2025-01-07 08:00:00 Tue"]),
    # Ranges wrap: FRI-MON, hours 22-1.
    ("0 0 8 ? * FRI-MON", at(2025, 1, 1), ["2025-01-03 08:00:00 Fri", "2025-01-04 08:00:00 Sat", "2025-01-05 08:00:00 Sun"]),
    ("0 0 22-1 * * ?", at(2025, 1, 1, 12), ["2025-01-01 22:00:00 Wed", "2025-01-01 23:00:00 Wed", "2025-01-02 00:00:00 Thu"]),
    ("0 0 0 1 NOV-FEB ?", at(2025, 1, 15), ["2025-02-01 00:00:00 Sat", "2025-11-01 00:00:00 Sat", "2025-12-01 00:00:00 Mon"]),
    ("5/20 * * * * ?", at(2025, 1, 1), ["2025-01-01 00:00:05 Wed", "2025-01-01 00:00:25 Wed", "2025-01-01 00:00:45 Wed"]),
    ("0 10-40/15 * * * ?", at(2025, 1, 1), ["2025-01-01 00:10:00 Wed", "2025-01-01 00:25:00 Wed", "2025-01-01 00:40:00 Wed"]),
    ("0 0 12 29 2 ?", at(2025, 1, 1), ["2028-02-29 12:00:00 Tue", "2032-02-29 12:00:00 Sun", "2036-02-29 12:00:00 Fri"]),
    ("0 0 12 1 1 ? 2026-2027", at(2025, 6, 1), ["2026-01-01 12:00:00 Thu", "2027-01-01 12:00:00 Fri"]),
    ("0 0 12 * * ? 2020", at(2025, 6, 1), []),
    ("0 0 12 31 * ?", at(2025, 4, 1), ["2025-05-31 12:00:00 Sat", "2025-07-31 12:00:00 Thu", "2025-08-31 12:00:00 Sun"]),
    ("0 0 0 ? * 3,5", at(2025, 1, 1), ["2025-01-02 00:00:00 Thu", "2025-01-07 00:00:00 Tue", "2025-01-09 00:00:00 Thu"]),
    ("0 0 0 ? * 6#3", at(2025, 1, 1), ["2025-01-17 00:00:00 Fri", "2025-02-21 00:00:00 Fri", "2025-03-21 00:00:00 Fri"]),
    ("0 0 12 ? * sun", at(2025, 1, 1), ["2025-01-05 12:00:00 Sun", "2025-01-12 12:00:00 Sun", "2025-01-19 12:00:00 Sun"]),
])
def test_fire_times(expression, after, expected):
    assert fire(expression, after, count=3) == expected


def test_fire_times_are_strictly_after_and_aware_utc():
    schedule = parse("0 0 * * * ?")
    times = schedule.next_fire_times(at(2025, 1, 1, 1, 0), 2)
    assert times == [at(2025, 1, 1, 2), at(2025, 1, 1, 3)]
    assert all(moment.tzinfo is UTC for moment in times)
    # Naive datetimes are read as UTC, the way the database stores them.
    assert schedule.next_fire_times(datetime(2025, 1, 1, 1, 0), 1) == [at(2025, 1, 1, 2)]


def test_time_zone_wall_clock():
    assert fire("0 30 9 ? * MON", at(2025, 1, 1), 2, tz="America/New_York") == [
        "2025-01-06 14:30:00 Mon", "2025-01-13 14:30:00 Mon",
    ]
    assert fire("0 30 9 ? * MON", at(2025, 7, 1), 1, tz="Europe/Berlin") == ["2025-07-07 07:30:00 Mon"]


def test_a_local_time_skipped_by_daylight_saving_does_not_fire():
    # 9 March 2025, New York: 02:00 jumps to 03:00, so 02:30 does not exist that day.
    assert fire("0 30 2 * * ?", at(2025, 3, 8, 12), 2, tz="America/New_York") == [
        "2025-03-10 06:30:00 Mon", "2025-03-11 06:30:00 Tue",
    ]


def test_a_local_time_that_occurs_twice_fires_once():
    # 2 November 2025, New York: 01:00-02:00 happens twice (EDT, then EST).
    assert fire("0 30 1 * * ?", at(2025, 11, 1, 12), 2, tz="America/New_York") == [
        "2025-11-02 05:30:00 Sun", "2025-11-03 06:30:00 Mon",
    ]
    # Asked from inside the second pass of the hour, the repeated times are not fired again.
    assert fire("0 */20 1 * * ?", at(2025, 11, 2, 6, 10), 1, tz="America/New_York") == ["2025-11-03 06:00:00 Mon"]
    assert fire("0 */20 1 * * ?", at(2025, 11, 2, 5, 0), 3, tz="America/New_York") == [
        "2025-11-02 05:20:00 Sun", "2025-11-02 05:40:00 Sun", "2025-11-03 06:00:00 Mon",
    ]


@pytest.mark.parametrize(("expression", "message"), [
    ("", "empty"),
    ("0 0 * * *", "5 fields"),
    ("0 0 * * * ? 2025 1", "at most seven"),
    ("0 0 12 * * *", "exactly one of day-of-month and day-of-week"),
    ("0 0 12 ? * ?", "exactly one of day-of-month and day-of-week"),
    ("0 0 12 1 * 2", "exactly one of day-of-month and day-of-week"),
    ("60 0 12 * * ?", "seconds: 60 is out of range; use 0 to 59"),
    ("0 60 12 * * ?", "minutes: 60 is out of range"),
    ("0 0 24 * * ?", "hours: 24 is out of range; use 0 to 23"),
    ("0 0 12 0 * ?", "day-of-month: 0 is out of range; use 1 to 31"),
    ("0 0 12 32 * ?", "day-of-month: 32 is out of range"),
    ("0 0 12 1 13 ?", "month: 13 is out of range"),
    ("0 0 12 1 FOO ?", "month: 'FOO' is not a number from 1 to 12 or a name such as JAN"),
    ("0 0 12 ? * 0", "day-of-week: 0 is out of range; use 1 to 7"),
    ("0 0 12 ? * 8", "day-of-week: 8 is out of range"),
    ("0 0 12 ? * MON#6", "from 1 to 5"),
    ("0 0 12 ? * MON#0", "from 1 to 5"),
    ("0 0 12 ? * 2#1,3#2", "single day"),
    ("0 0 12 ? * 2L,3", "'L' follows a single day"),
    ("0 0 12 L-31 * ?", "30 or less"),
    ("0 0 12 W * ?", "day-of-month: 'W' is not a number from 1 to 31"),
    ("0 0 12 ? * 2W", "'W' is only allowed in day-of-month"),
    ("0 0 12 1#2 * ?", "'#' is only allowed in day-of-week"),
    ("0 0 L * * ?", "hours: 'L' is only allowed in the day fields"),
    ("? 0 12 * * ?", "seconds: '?' is only allowed"),
    ("0 0 12 ?55 * MON", "'?' must stand alone"),
    ("0 0/ 12 * * ?", "'/' must be followed by a whole number"),
    ("0 0/61 12 * * ?", "step 61 is larger"),
    ("0 0 0/25 * * ?", "step 25 is larger"),
    ("0 0 12 1 * ? 2027-2026", "year: the range 2027-2026 runs backwards"),
    ("0 0 12 1-x * ?", "'X' is not a number"),
    ("0 , 12 * * ?", "minutes: empty value"),
])
def test_rejected_expressions_say_what_is_wrong(expression, message):
    with pytest.raises(CronError, match=message.replace("?", r"\?")) as raised:
        parse(expression)
    assert isinstance(raised.value, ValueError)


def test_unknown_time_zone_is_refused():
    with pytest.raises(CronError, match="not a known time zone"):
        parse("0 0 * * * ?").next_fire_times(at(2025, 1, 1), 1, tz="Mars/Olympus")


# Plain expressions (no L, W, #, year) must agree with croniter's arithmetic once day-of-week is
# renumbered from Quartz's 1 = SUN to cron's 0 = SUN and wrapping ranges are spelt out for it.
FIELD_VALUES = {
    "second": st.sampled_from(["0", "*/15", "5,35", "10-20/5"]),
    "minute": st.sampled_from(["0", "*/7", "15,45", "50-10", "*"]),
    "hour": st.sampled_from(["*", "0", "9-17", "*/5", "22-2"]),
    "month": st.sampled_from(["*", "1", "2-4", "*/3", "6,12"]),
}


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    second=FIELD_VALUES["second"], minute=FIELD_VALUES["minute"], hour=FIELD_VALUES["hour"],
    month=FIELD_VALUES["month"],
    days=st.one_of(
        st.tuples(st.sampled_from(["*", "1", "1-5", "10,20,31", "28-31", "*/10"]), st.just("?")),
        st.tuples(st.just("?"), st.sampled_from(["1", "2-6", "1,7", "MON-FRI", "*", "3/2"])),
    ),
    start=st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2030, 12, 31)),
)
def test_plain_expressions_agree_with_croniter(second, minute, hour, month, days, start):
    dom, dow = days
    expression = f"{second} {minute} {hour} {dom} {month} {dow}"
    ours = parse(expression).next_fire_times(start, 5)
    cron_dow = "*" if dow == "?" else _to_cron_weekdays(dow)
    cron_dom = "*" if dom == "?" else dom
    if "-" in minute and "/" not in minute and int(minute.split("-")[0]) > int(minute.split("-")[1]):
        minute = f"{minute.split('-')[0]}-59,0-{minute.split('-')[1]}"
    if "-" in hour and "/" not in hour and int(hour.split("-")[0]) > int(hour.split("-")[1]):
        hour = f"{hour.split('-')[0]}-23,0-{hour.split('-')[1]}"
    reference = croniter(f"{minute} {hour} {cron_dom} {month} {cron_dow} {second}", start.replace(tzinfo=UTC))
    theirs = [reference.get_next(datetime) for _ in range(5)]
    assert ours == theirs, expression


def _to_cron_weekdays(dow):
    names = {"MON-FRI": "1-5", "*": "*"}
    if dow in names:
        return names[dow]
    if "/" in dow:
        start, step = dow.split("/")
        return ",".join(str(day - 1) for day in range(int(start), 8, int(step)))
    parts = []
    for part in dow.split(","):
        if "-" in part:
            low, high = part.split("-")
            parts.append(f"{int(low) - 1}-{int(high) - 1}")
        else:
            parts.append(str(int(part) - 1))
    return ",".join(parts)
