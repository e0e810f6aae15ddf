"""Turn deadlines: when a prompt expires (optionally not counting weekends) and when to remind."""
from __future__ import annotations

from datetime import datetime, timedelta

REMINDERS = (timedelta(hours=24), timedelta(hours=4))  # before the deadline, to seats that have not acted


def deadline_after(start: datetime, seconds: int, weekend_pause: bool = False) -> datetime:
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


def reminder_due(deadline: datetime, reminded: int, now: datetime) -> bool:
    """Whether the next reminder (the `reminded`-th, counting from 0) is due now."""
    return reminded < len(REMINDERS) and now >= deadline - REMINDERS[reminded] and now < deadline
