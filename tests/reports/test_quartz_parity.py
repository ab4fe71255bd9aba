"""Parity with Quartz's own CronExpression.

Ported from quartz-scheduler/quartz, quartz/src/test/java/org/quartz/CronExpressionTest.java (commit
93adc83, the JUnit 5 suite of the 2.5 line), against the behaviour of
quartz/src/main/java/org/quartz/CronExpression.java at commit ca21629 (main after 2.5.0, with PR #1175's
lists of L, LW, L-n and nW in day-of-month and PR #1350's getTimeBefore). Quartz's isSatisfiedBy(t) is
"the first fire time after t - 1s is t", in the JVM's zone; here the zone is UTC.
"""
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from api.reports.quartz import CronError, parse


def at(*parts):
    return datetime(*parts, tzinfo=UTC)


def satisfied(expression, moment):
    return parse(expression).next_fire_times(moment - timedelta(seconds=1), 1) == [moment]


def fire(expression, after, count=4):
    return [moment.strftime("%Y-%m-%d %H:%M:%S %a") for moment in parse(expression).next_fire_times(after, count)]


@pytest.mark.parametrize(("expression", "moment", "expected"), [
    # testIsSatisfiedBy
    ("0 15 10 * * ? 2005", at(2005, 6, 1, 10, 15), True),
    ("0 15 10 * * ? 2005", at(2005, 6, 30, 10, 15), True),
    ("0 15 10 * * ? 2005", at(2006, 6, 30, 10, 15), False),
    ("0 15 10 * * ? 2005", at(2005, 6, 1, 10, 16), False),
    ("0 15 10 * * ? 2005", at(2005, 6, 1, 10, 14), False),
    ("0 15 10 * * ? 2005", at(2005, 3, 1, 10, 15), True),
    ("0 15 10 * * ? 2005", at(2005, 3, 31, 10, 15), True),
    ("0 15 10 * * ? 2005", at(2005, 3, 1, 10, 16), False),
    ("0 15 10 * * ? 2005", at(2005, 2, 1, 10, 15), True),
    ("0 15 10 * * ? 2005", at(2005, 2, 28, 10, 15), True),
    ("0 15 10 * * ? 2005", at(2005, 2, 1, 10, 14), False),
    ("0 15 10 12 * ? 2005", at(2005, 12, 12, 10, 15), True),
    ("0 15 10 12 * ? 2005", at(2005, 12, 11, 10, 15), False),
    ("0 15 10 12 * ? 2005", at(2005, 12, 13, 10, 15), False),
    # testIsSatisfiedByLastDayOfMonth
    ("0 15 10 L * ? 2005", at(2005, 12, 31, 10, 15), True),
    ("0 15 10 L * ? 2005", at(2005, 12, 30, 10, 15), False),
    ("0 15 10 L * ? 2005", at(2005, 9, 30, 10, 15), True),
    ("0 15 10 L * ? 2005", at(2005, 9, 29, 10, 15), False),
    ("0 15 10 L 2 ? 2005", at(2005, 2, 28, 10, 15), True),
    ("0 15 10 L 2 ? 2005", at(2005, 2, 27, 10, 15), False),
    ("0 15 10 L 2 ? 2004", at(2004, 2, 29, 10, 15), True),
    ("0 15 10 L 2 ? 2004", at(2004, 2, 28, 10, 15), False),
    # testIsSatisfiedByLastDayOfMonthWithOffset
    ("0 15 10 L-2 * ? 2005", at(2005, 12, 29, 10, 15), True),
    ("0 15 10 L-2 * ? 2005", at(2005, 12, 28, 10, 15), False),
    ("0 15 10 L-2 * ? 2005", at(2005, 12, 30, 10, 15), False),
    ("0 15 10 L-2 * ? 2005", at(2005, 12, 31, 10, 15), False),
    ("0 15 10 L-1 * ? 2005", at(2005, 9, 29, 10, 15), True),
    ("0 15 10 L-1 * ? 2005", at(2005, 9, 28, 10, 15), False),
    ("0 15 10 L-1 * ? 2005", at(2005, 9, 30, 10, 15), False),
    ("0 15 10 L-3 2 ? 2005", at(2005, 2, 25, 10, 15), True),
    ("0 15 10 L-3 2 ? 2005", at(2005, 2, 24, 10, 15), False),
    ("0 15 10 L-3 2 ? 2005", at(2005, 2, 28, 10, 15), False),
    ("0 15 10 L-3 2 ? 2000", at(2000, 2, 26, 10, 15), True),
    ("0 15 10 L-3 2 ? 2000", at(2000, 2, 29, 10, 15), False),
    # testLastDayOffset
    ("0 15 10 L-2 * ? 2010", at(2010, 10, 29, 10, 15), True),
    ("0 15 10 L-2 * ? 2010", at(2010, 10, 28, 10, 15), False),
    ("0 15 10 L-2 * ? 2010", at(2010, 2, 26, 10, 15), True),
    ("0 15 10 L-2 * ? 2010", at(2010, 6, 28, 10, 15), True),
    ("0 15 10 L-5W * ? 2010", at(2010, 10, 26, 10, 15), True),
    ("0 15 10 L-5W * ? 2010", at(2010, 10, 25, 10, 15), False),
    ("0 15 10 L-5W * ? 2010", at(2010, 10, 27, 10, 15), False),
    ("0 15 10 L-5W * ? 2010", at(2010, 9, 24, 10, 15), True),
    ("0 15 10 L-5W * ? 2010", at(2010, 9, 25, 10, 15), False),
    ("0 15 10 L-1 * ? 2010", at(2010, 10, 30, 10, 15), True),
    ("0 15 10 L-1W * ? 2010", at(2010, 10, 29, 10, 15), True),
    ("0 15 10 1,L * ? 2010", at(2010, 10, 1, 10, 15), True),
    ("0 15 10 1,L * ? 2010", at(2010, 10, 31, 10, 15), True),
    ("0 15 10 1,L * ? 2010", at(2010, 10, 30, 10, 15), False),
    ("0 15 10 1,L * ? 2010", at(2010, 2, 1, 10, 15), True),
    ("0 15 10 1,L * ? 2010", at(2010, 2, 28, 10, 15), True),
    ("0 15 10 1,L * ? 2010", at(2010, 2, 27, 10, 15), False),
    ("0 15 10 L-1W,L-1 * ? 2010", at(2010, 10, 29, 10, 15), True),
    ("0 15 10 L-1W,L-1 * ? 2010", at(2010, 10, 30, 10, 15), True),
    ("0 15 10 L-1W,L-1 * ? 2010", at(2010, 2, 26, 10, 15), True),
    ("0 15 10 L-1W,L-1 * ? 2010", at(2010, 2, 27, 10, 15), True),
    ("0 15 10 2W,16 * ? 2010", at(2010, 10, 1, 10, 15), True),
    ("0 15 10 2W,16 * ? 2010", at(2010, 10, 2, 10, 15), False),
    ("0 15 10 2W,16 * ? 2010", at(2010, 10, 16, 10, 15), True),
    ("0 15 10 2W,16 * ? 2010", at(2010, 11, 2, 10, 15), True),
    ("0 15 10 2W,16 * ? 2010", at(2010, 11, 16, 10, 15), True),
])
def test_is_satisfied_by(expression, moment, expected):
    assert satisfied(expression, moment) is expected


@pytest.mark.parametrize(("expression", "message"), [
    ("0 15 10 * * ? 2005 *", "at most seven"),  # testTooManyTokens
    ("* * * * Foo ? ", "month: 'FOO' is not a number"),  # testQuartz574
    ("* * * * Jan-Foo ? ", "month: 'FOO' is not a number"),
    ("0 0 * * * *", "exactly one of day-of-month and day-of-week"),  # testQuartz621
    ("0 0 * 4 * *", "exactly one of day-of-month and day-of-week"),
    ("0 0 * * * 4", "exactly one of day-of-month and day-of-week"),
    ("0 43 9 ? * SAT,SUN,L", "'L' cannot be used in a list"),  # testQuartz640
    ("0 43 9 ? * 6,7,L", "'L' cannot be used in a list"),
    ("0/5 * * 32W 1 ?", "'W' must follow a day from 1 to 31"),  # testQtz96
    # Issue #58: steps after '/' larger than the field, and '/' with no number, in every field.
    ("/120 0 8-18 ? * 2-6", "seconds: the step 120 is larger than 59"),
    ("0/120 0 8-18 ? * 2-6", "seconds: the step 120 is larger than 59"),
    ("/ 0 8-18 ? * 2-6", "seconds: '/' must be followed by a whole number"),
    ("0/ 0 8-18 ? * 2-6", "seconds: '/' must be followed by a whole number"),
    ("0 /120 8-18 ? * 2-6", "minutes: the step 120 is larger than 59"),
    ("0 0/120 8-18 ? * 2-6", "minutes: the step 120 is larger than 59"),
    ("0 / 8-18 ? * 2-6", "minutes: '/' must be followed by a whole number"),
    ("0 0/ 8-18 ? * 2-6", "minutes: '/' must be followed by a whole number"),
    ("0 0 /120 ? * 2-6", "hours: the step 120 is larger than 23"),
    ("0 0 0/120 ? * 2-6", "hours: the step 120 is larger than 23"),
    ("0 0 / ? * 2-6", "hours: '/' must be followed by a whole number"),
    ("0 0 0/ ? * 2-6", "hours: '/' must be followed by a whole number"),
    ("0 0 0 /120 * 2-6", "day-of-month: the step 120 is larger than 31"),
    ("0 0 0 0/120 * 2-6", "day-of-month: the step 120 is larger than 31"),
    ("0 0 0 / * 2-6", "day-of-month: '/' must be followed by a whole number"),
    ("0 0 0 0/ * 2-6", "day-of-month: '/' must be followed by a whole number"),
    ("0 0 0 ? /120 2-6", "month: the step 120 is larger than 12"),
    ("0 0 0 ? 0/120 2-6", "month: the step 120 is larger than 12"),
    ("0 0 0 ? / 2-6", "month: '/' must be followed by a whole number"),
    ("0 0 0 ? 0/ 2-6", "month: '/' must be followed by a whole number"),
    ("0 0 0 ? * /120", "day-of-week: the step 120 is larger than 7"),
    ("0 0 0 ? * 0/120", "day-of-week: the step 120 is larger than 7"),
    ("0 0 0 ? * /", "day-of-week: '/' must be followed by a whole number"),
    ("0 0 0 ? * 0/", "day-of-week: '/' must be followed by a whole number"),
    # From the issue: an increment larger than the field with its start left out, a backwards year range.
    ("0 /60 * * * ?", "minutes: the step 60 is larger than 59"),
    ("/60 * * * * ?", "seconds: the step 60 is larger than 59"),
    ("0 0 /24 * * ?", "hours: the step 24 is larger than 23"),
    ("0 0 12 ? * /8", "day-of-week: the step 8 is larger than 7"),
    ("0 0 12 1 /13 ?", "month: the step 13 is larger than 12"),
    ("0 0 12 1 1 ? 2027-2026", "year: the range 2027-2026 runs backwards"),
    # Further refusals read off CronExpression.java.
    ("L 0 12 1 * ?", "seconds: 'L' is only allowed in the day fields"),
    ("0 0 12 1 L ?", "month: 'L' is only allowed in the day fields"),  # Quartz accepts it, then cannot compute
    ("0 0 12 5L * ?", "day-of-month: 'L' cannot follow a day here"),
    ("0 0 12 L- * ?", "'L-' must be followed by the number of days"),
    ("0 0 12 L-31 * ?", "30 or less"),
    ("0 0 12 ? * 0L", "day-of-week: 0 is out of range; use 1 to 7"),
    ("0 0 12 ? * 2#1,3#2", "only one entry can use it"),
    ("0 0 12 ? * MON-5", "day-of-week: '5' is not a number"),
    ("0 0 12 ? * 2-FRI", "day-of-week: 'FRI' is not a number"),
    ("0 0 12 5/1X * ?", "day-of-month: '/' must be followed by a whole number"),
    ("0 0 12 ?55 * MON", "'?' must stand alone"),
    ("0 0 12 ? * ,", "day-of-week: empty value"),
])
def test_quartz_refuses(expression, message):
    with pytest.raises(CronError, match=message.replace("?", r"\?").replace("(", r"\(")):
        parse(expression)


@pytest.mark.parametrize(("expression", "after", "expected"), [
    # The tutorial's own example: a day name containing W is a name, not the W flag.
    ("0 10,44 14 ? 3 WED", at(2025, 1, 1),
     ["2025-03-05 14:10:00 Wed", "2025-03-05 14:44:00 Wed", "2025-03-12 14:10:00 Wed", "2025-03-12 14:44:00 Wed"]),
    # Day-of-month lists mixing plain days with L, LW, L-n and nW entries.
    ("0 0 12 1,15,L * ?", at(2025, 2, 1),
     ["2025-02-01 12:00:00 Sat", "2025-02-15 12:00:00 Sat", "2025-02-28 12:00:00 Fri", "2025-03-01 12:00:00 Sat"]),
    ("0 0 12 10,LW * ?", at(2025, 5, 1),
     ["2025-05-10 12:00:00 Sat", "2025-05-30 12:00:00 Fri", "2025-06-10 12:00:00 Tue", "2025-06-30 12:00:00 Mon"]),
    ("0 0 12 L-3,10 * ?", at(2025, 2, 1),
     ["2025-02-10 12:00:00 Mon", "2025-02-25 12:00:00 Tue", "2025-03-10 12:00:00 Mon", "2025-03-28 12:00:00 Fri"]),
    ("0 0 12 2W,16 * ?", at(2010, 10, 1),
     ["2010-10-01 12:00:00 Fri", "2010-10-16 12:00:00 Sat", "2010-11-02 12:00:00 Tue", "2010-11-16 12:00:00 Tue"]),
    ("0 0 12 L-1W,L-1 * ?", at(2010, 10, 1),
     ["2010-10-29 12:00:00 Fri", "2010-10-30 12:00:00 Sat", "2010-11-29 12:00:00 Mon", "2010-12-30 12:00:00 Thu"]),
    # L-nW: the weekday nearest the n-th day before the last (25 September 2010 is a Saturday).
    ("0 15 10 L-5W * ? 2010", at(2010, 9, 1),
     ["2010-09-24 10:15:00 Fri", "2010-10-26 10:15:00 Tue", "2010-11-25 10:15:00 Thu", "2010-12-27 10:15:00 Mon"]),
    ("0 0 12 L-W * ?", at(2025, 5, 1),  # Quartz reads L-W as LW
     ["2025-05-30 12:00:00 Fri", "2025-06-30 12:00:00 Mon", "2025-07-31 12:00:00 Thu", "2025-08-29 12:00:00 Fri"]),
    # Where Quartz 2.5's findSmallestDay loses days its documentation promises, the documented days fire:
    # 15 November 2025 is a Saturday (14th, already past), the 20th still fires; L-1 in February with 28.
    ("0 0 12 15W,20W * ?", at(2025, 11, 14, 13),
     ["2025-11-20 12:00:00 Thu", "2025-12-15 12:00:00 Mon", "2025-12-19 12:00:00 Fri", "2026-01-15 12:00:00 Thu"]),
    ("0 0 12 28,L-1 2 ?", at(2025, 1, 1),
     ["2025-02-27 12:00:00 Thu", "2025-02-28 12:00:00 Fri", "2026-02-27 12:00:00 Fri", "2026-02-28 12:00:00 Sat"]),
    # Steps Quartz accepts: at most the field's size after '*', any size after a range, 0 meaning none.
    ("0 /59 12 * * ?", at(2025, 1, 1),
     ["2025-01-01 12:00:00 Wed", "2025-01-01 12:59:00 Wed", "2025-01-02 12:00:00 Thu", "2025-01-02 12:59:00 Thu"]),
    ("0 0 12 ? * /7", at(2025, 1, 1),
     ["2025-01-05 12:00:00 Sun", "2025-01-12 12:00:00 Sun", "2025-01-19 12:00:00 Sun", "2025-01-26 12:00:00 Sun"]),
    ("0 5-10/60 12 * * ?", at(2025, 1, 1),
     ["2025-01-01 12:05:00 Wed", "2025-01-02 12:05:00 Thu", "2025-01-03 12:05:00 Fri", "2025-01-04 12:05:00 Sat"]),
    ("0 0/0 12 * * ?", at(2025, 1, 1),
     ["2025-01-01 12:00:00 Wed", "2025-01-02 12:00:00 Thu", "2025-01-03 12:00:00 Fri", "2025-01-04 12:00:00 Sat"]),
    ("0 0 12 1 1 ? */2", at(2025, 1, 1),
     ["2026-01-01 12:00:00 Thu", "2028-01-01 12:00:00 Sat", "2030-01-01 12:00:00 Tue", "2032-01-01 12:00:00 Thu"]),
    # Quartz reads a value and ignores the rest of that list entry.
    ("0 0 12 15X * ?", at(2025, 1, 1),
     ["2025-01-15 12:00:00 Wed", "2025-02-15 12:00:00 Sat", "2025-03-15 12:00:00 Sat", "2025-04-15 12:00:00 Tue"]),
    ("0 0 12 1 JANUARY ?", at(2025, 1, 1),
     ["2025-01-01 12:00:00 Wed", "2026-01-01 12:00:00 Thu", "2027-01-01 12:00:00 Fri", "2028-01-01 12:00:00 Sat"]),
    ("0 0 12 ? * 6L-2", at(2025, 1, 1),
     ["2025-01-31 12:00:00 Fri", "2025-02-28 12:00:00 Fri", "2025-03-28 12:00:00 Fri", "2025-04-25 12:00:00 Fri"]),
    ("0 0 12 ?5 * MON", at(2025, 1, 1),
     ["2025-01-06 12:00:00 Mon", "2025-01-13 12:00:00 Mon", "2025-01-20 12:00:00 Mon", "2025-01-27 12:00:00 Mon"]),
    # With one '#', day-of-week may list more days; Quartz uses the lowest with the '#'.
    ("0 0 9 ? * 3,2#1", at(2025, 1, 1),
     ["2025-01-06 09:00:00 Mon", "2025-02-03 09:00:00 Mon", "2025-03-03 09:00:00 Mon", "2025-04-07 09:00:00 Mon"]),
    ("0 0 12 ? * SATL", at(2025, 5, 1),
     ["2025-05-31 12:00:00 Sat", "2025-06-28 12:00:00 Sat", "2025-07-26 12:00:00 Sat", "2025-08-30 12:00:00 Sat"]),
    ("0 0 12 ? * LW", at(2025, 5, 1),  # day-of-week L, whatever follows it, is Saturday
     ["2025-05-03 12:00:00 Sat", "2025-05-10 12:00:00 Sat", "2025-05-17 12:00:00 Sat", "2025-05-24 12:00:00 Sat"]),
    ("0 0 22-2 ? * FRI-MON", at(2025, 5, 1),
     ["2025-05-02 00:00:00 Fri", "2025-05-02 01:00:00 Fri", "2025-05-02 02:00:00 Fri", "2025-05-02 22:00:00 Fri"]),
    # Accepted, but never firing: years are not range-checked, an empty year or day-of-month list,
    # 0W, and 8#1 (Quartz's arithmetic always steps past the Sunday it lands on).
    ("0 0 12 1 * ? 1969", at(2025, 1, 1), []),
    ("0 0 12 1 * ? 2999", at(2025, 1, 1), []),
    ("0 0 12 1 * ? ,", at(2025, 1, 1), []),
    ("0 0 12 , * ?", at(2025, 1, 1), []),
    ("0 0 12 0W * ?", at(2025, 1, 1), []),
    ("0 0 12 ? * 8#1", at(2025, 1, 1), []),
])
def test_quartz_accepts_and_fires(expression, after, expected):
    assert fire(expression, after) == expected


def test_quartz_571_trailing_space_and_month_name():
    assert fire("19 15 10 4 Apr ? ", at(2025, 1, 1), 2) == ["2025-04-04 10:15:19 Fri", "2026-04-04 10:15:19 Sat"]


@pytest.mark.parametrize("expression", ["0 0 0 L-2 * ? *", "0 0 0 LW * ? *"])
def test_qtz_259_last_day_rules_never_repeat_a_fire_time(expression):
    times = parse(expression).next_fire_times(at(2025, 1, 1), 26)
    assert len(times) == 26 and all(earlier < later for earlier, later in pairwise(times))
