"""Dates, times and durations in the viewer's time zone and language (stored times are naive UTC)."""
from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_datetime, format_skeleton
from flask import Flask
from flask_babel import get_locale
from markupsafe import Markup, escape

from ..languages import duration
from .readers import reader


def viewer_zone() -> ZoneInfo:
    """The reader's time zone (readers.reader: the signed-in user, or a seat link's player; UTC for visitors or an
    unknown name)."""
    user = reader()
    try:
        return ZoneInfo(user.timezone) if user is not None and user.timezone else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def localise(moment: datetime, zone: ZoneInfo | None = None) -> datetime:
    """A naive UTC time from the database as an aware time in `zone` (the viewer's by default)."""
    return moment.replace(tzinfo=timezone.utc).astimezone(zone or viewer_zone())


def when(moment: datetime | None, date_only: bool = False) -> str:
    """"Tue, Nov 24 15:00 JST" in the viewer's language and zone; the year only when it is not this one."""
    if moment is None:
        return ""
    local = localise(moment)
    locale = str(get_locale() or "en")
    skeleton = "yMMMd" if date_only else ("MMMEd" if local.year == datetime.now(local.tzinfo).year else "yMMMEd")
    day = format_skeleton(skeleton, local, locale=locale)
    if date_only:
        return day
    return f"{day} {format_datetime(local, 'HH:mm', tzinfo=local.tzinfo, locale=locale)} {local.strftime('%Z')}"


def time_tag(moment: datetime | None, date_only: bool = False) -> Markup:
    """A <time> element: machine-readable UTC, readable local text."""
    if moment is None:
        return Markup("")
    iso = moment.replace(tzinfo=timezone.utc).isoformat().replace("+00:00", "Z")
    return Markup('<time datetime="{}">{}</time>').format(iso, escape(when(moment, date_only)))


def init_app(app: Flask) -> None:
    app.jinja_env.filters.update(when=when, time_tag=time_tag, duration=duration)
    app.jinja_env.globals.update(get_locale=get_locale)
