"""Moments as a reader reads them: in their language and time zone, and in UTC beside it."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import dates as babel_dates
from flask import current_app, has_request_context
from flask_babel import get_locale

from ..models import User


def reader_locale(user: User | None) -> str:
    """The language `user` reads (theirs if the site speaks it, else the request's, else English)."""
    if user is not None and user.locale in current_app.config["LANGUAGES"]:
        return user.locale
    if has_request_context():
        return str(get_locale() or "en")
    return "en"


def zone_of(name: str | None) -> ZoneInfo:
    """The time zone named `name`, UTC when it is unknown or missing."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local_time(moment: datetime, user: User | None) -> str:
    """A naive UTC moment as the reader reads it: "Thu, Nov 26, 2026 6:00 PM (Asia/Tokyo)", in their language."""
    locale = reader_locale(user) if user is not None else "en"
    zone = zone_of(user.timezone if user is not None else None)
    aware = moment.replace(tzinfo=timezone.utc).astimezone(zone)
    day = babel_dates.format_skeleton("yMMMEd", aware, tzinfo=zone, locale=locale, fuzzy=True)
    return f"{day} {babel_dates.format_time(aware, 'short', tzinfo=zone, locale=locale)} ({zone.key})"


def utc_time(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


@dataclass
class Deadline:
    local: str
    utc: str
    same_zone: bool


def deadline_for(moment: datetime | None, user: User | None) -> Deadline | None:
    if moment is None:
        return None
    zone = zone_of(user.timezone if user is not None else None)
    return Deadline(local_time(moment, user), utc_time(moment), zone.key in ("UTC", "Etc/UTC"))
