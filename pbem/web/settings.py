"""A player's settings: name, language, time zone, which mail they get, a vacation date, who sees their profile;
signing out everywhere."""
from __future__ import annotations

import unicodedata
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import refresh

from ..clock import now
from ..extensions import db
from ..mail import bounces
from .auth import end_all_sessions, login_required
from .local_time import localise

bp = Blueprint("settings", __name__, url_prefix="/settings")
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "fr": "Français", "de": "Deutsch"}


@lru_cache(maxsize=1)
def time_zones() -> dict[str, list[str]]:
    """IANA zone names grouped by region ("Asia" -> ["Asia/Tokyo", ...]), for the select box."""
    groups: dict[str, list[str]] = {}
    for name in sorted(available_timezones()):
        if name.startswith(("Etc/", "SystemV/")) or "/" not in name:
            continue
        groups.setdefault(name.split("/", 1)[0], []).append(name)
    groups["UTC"] = ["UTC"]
    return groups


def _clean_name(raw: str) -> str | None:
    name = " ".join(raw.split())
    if not 1 <= len(name) <= 80 or any(unicodedata.category(c).startswith("C") for c in name):
        return None
    return name


def vacation_end(day: date, zone: ZoneInfo) -> datetime:
    """The end of `day` in the player's zone, as the naive UTC time the database keeps."""
    local_end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone)
    return local_end.astimezone(timezone.utc).replace(tzinfo=None)


def _parse(form, user) -> tuple[dict, list[str]]:
    """The settings a form asks for, and what is wrong with it (each reason in words)."""
    errors, values = [], {}
    name = _clean_name(form.get("name", ""))
    if name is None:
        errors.append(_("Your name must be 1 to 80 characters of ordinary text."))
    values["name"] = name
    locale = form.get("locale", "")
    if locale not in current_app.config["LANGUAGES"]:
        errors.append(_("Please choose one of the languages offered."))
    values["locale"] = locale
    zone = form.get("timezone", "")
    if zone not in available_timezones():
        errors.append(_("“%(zone)s” is not a time zone we know; choose one from the list.", zone=zone[:64]))
    values["timezone"] = zone
    for flag in ("digest", "reminders", "notices", "profile_hidden"):
        values[flag] = form.get(flag) == "on"
    raw = form.get("vacation_until", "").strip()
    values["vacation_until"] = None
    if raw:
        try:
            day = date.fromisoformat(raw)
        except ValueError:
            errors.append(_("The vacation date must be a date such as 2026-08-31."))
        else:
            end = vacation_end(day, ZoneInfo(zone if zone in available_timezones() else "UTC"))
            if end <= now():
                errors.append(_("The vacation date is in the past; leave it empty when you are not away."))
            elif end > now() + timedelta(days=366):
                errors.append(_("A vacation can be set at most a year ahead."))
            values["vacation_until"] = end
    return values, errors


@bp.route("", methods=["GET", "POST"])
@login_required
def index():
    user = g.user
    errors: list[str] = []
    if request.method == "POST":
        values, errors = _parse(request.form, user)
        if not errors:
            for key, value in values.items():
                setattr(user, key, value)
            db.session.commit()
            refresh()  # say it in the language just chosen
            flash(_("Your settings are saved."), "ok")
            return redirect(url_for("settings.index"))
    form = request.form if request.method == "POST" else None
    vacation_day = None
    if user.vacation_until is not None:
        vacation_day = (localise(user.vacation_until) - timedelta(seconds=1)).date()
    return render_template("settings/index.html", user=user, form=form, errors=errors,
                           languages=LANGUAGE_NAMES, zones=time_zones(), vacation_day=vacation_day,
                           on_vacation=user.vacation_until is not None and user.vacation_until > now()), \
        (400 if errors else 200)


@bp.post("/sign-out-everywhere")
@login_required
def sign_out_everywhere():
    end_all_sessions(g.user)
    flash(_("You are signed out on every browser and device."), "ok")
    return redirect(url_for("dashboard.index"))


@bp.post("/mail-works")
@login_required
def mail_works():
    """The player says their address receives mail again (after a bounce or a spam report): all mail resumes."""
    if bounces.clear(g.user, "the player said so in the settings"):
        db.session.commit()
        flash(_("Thank you: pbem sends your mail again."), "ok")
    return redirect(url_for("settings.index"))
