"""Texts worded before the reader's language is known, kept in every language the service speaks.

A refusal is decided inside a transaction that has no reader (a mail being handled, a form
being applied) and shown later to one; so it is rendered once in each language and the page
or answer picks its own.
"""
from __future__ import annotations

from typing import Callable

from flask import current_app
from flask_babel import force_locale, gettext, ngettext


def in_each_locale(render: Callable[[str], str]) -> dict[str, str]:
    """`render(locale)` for every language but English, each called inside its locale."""
    out = {}
    for locale in current_app.config["LANGUAGES"]:
        if locale != "en":
            with force_locale(locale):
                out[locale] = render(locale)
    return out


def translated(message: str, **values) -> dict[str, str]:
    """A service sentence (a msgid with %(name)s places) in every language but English."""
    return in_each_locale(lambda _locale: gettext(message, **values))


def N_(message: str) -> str:
    """Mark a sentence kept in a constant for extraction (scripts/catalogs passes -k N_); translate it later."""
    return message


def duration(seconds: int | None) -> str:
    """"2 days", "36 hours", "45 minutes": the largest unit that divides `seconds` exactly."""
    seconds = int(seconds or 0)
    if seconds and seconds % 86400 == 0:
        return ngettext("%(num)d day", "%(num)d days", seconds // 86400)
    if seconds and seconds % 3600 == 0:
        return ngettext("%(num)d hour", "%(num)d hours", seconds // 3600)
    return ngettext("%(num)d minute", "%(num)d minutes", max(1, round(seconds / 60)))
