"""Turn deadlines: when a prompt expires (optionally not counting weekends) and when to remind."""
from __future__ import annotations

import math
from datetime import datetime, timedelta

REMINDERS = (timedelta(hours=24), timedelta(hours=4))  # before the deadline, to seats that have not acted


def deadline_after(start: datetime, seconds: float, weekend_pause: bool = False) -> datetime:
    """`start` plus `seconds` of play time; with the weekend pause, Saturdays and Sundays (UTC) do not count."""
    if not weekend_pause:
        return start + timedelta(seconds=seconds)
    left = timedelta(seconds=seconds)
    moment = start
    while True:
        if moment.weekday() >= 5:  # jump to Monday 00:00
            moment = datetime(moment.year, moment.month, moment.day) + timedelta(days=7 - moment.weekday())
            continue
        day_end = datetime(moment.year, moment.month, moment.day) + timedelta(days=1)
        if moment + left <= day_end:
            return moment + left
        left -= day_end - moment
        moment = day_end


def play_time(start: datetime, end: datetime, weekend_pause: bool = False) -> timedelta:
    """The play time from `start` to `end` (nothing if `end` is not later): the inverse of `deadline_after`."""
    if end <= start:
        return timedelta(0)
    if not weekend_pause:
        return end - start
    total = timedelta(0)
    moment = start
    while moment < end:
        day_end = datetime(moment.year, moment.month, moment.day) + timedelta(days=1)
        if moment.weekday() < 5:
            total += min(day_end, end) - moment
        moment = day_end
    return total


def deadline_after_pause(deadline: datetime, paused_from: datetime, paused_until: datetime,
                         weekend_pause: bool = False) -> datetime:
    """A deadline moved by a pause: the play time it had left at `paused_from` runs again from `paused_until`.

    With the weekend pause, counting play time (not hours) keeps a vacation over a weekend from
    costing or granting the weekend twice. `paused_until` before `paused_from` moves it earlier
    (taking back the unused end of a pause).
    """
    left = play_time(paused_from, deadline, weekend_pause)
    return deadline_after(paused_until, left.total_seconds(), weekend_pause)


def reminder_due(deadline: datetime, reminded: int, now: datetime) -> bool:
    """Whether the next reminder (the `reminded`-th, counting from 0) is due now."""
    return reminded < len(REMINDERS) and now >= deadline - REMINDERS[reminded] and now < deadline


VACATION_DAYS_PER_YEAR = 30  # the default allowance; VACATION_DAYS_PER_YEAR in the app config overrides it


def vacation_days(start: datetime, end: datetime) -> int:
    """Days of allowance a vacation from `start` to `end` takes: every day begun counts."""
    return math.ceil((end - start) / timedelta(days=1))


def whole_days(span: timedelta) -> int:
    """Whole days in `span` (what an early return gives back)."""
    return span // timedelta(days=1)


def time_left(until: datetime, moment: datetime) -> timedelta:
    """How long from `moment` to `until`; nothing once it has passed."""
    return max(until - moment, timedelta(0))
