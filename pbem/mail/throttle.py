"""Rate limits on the mail side: table talk by mail, answers to strangers and to mail that proves no sender.

Counted with `limits` (the library under Flask-Limiter) in RATELIMIT_STORAGE_URI: Redis when
there is one, so every web and worker process counts together; memory in the embedded default.
While that storage cannot be reached, each process counts in its own memory (pbem.rate_counts):
a mail is still answered, and still limited, never refused for want of a counter.
The limits themselves are settings (config.py, documented in docs/security.md).
"""
from __future__ import annotations

from enum import Enum

from flask import current_app
from limits import RateLimitItem, parse, strategies

from ..rate_counts import Counts

_EXTENSION = "pbem.mail.throttle"


class Verdict(Enum):
    """What a limited sender gets: served, told once that they are limited, or nothing more."""

    OK = "ok"
    NOTICE = "notice"  # over the limit, the first time in its window: one short answer
    SILENT = "silent"  # over the limit again: telling every time would be the flood itself


def _limiter() -> Counts:
    uri = current_app.config["RATELIMIT_STORAGE_URI"]
    found = current_app.extensions.get(_EXTENSION)
    if found is None or found[0] != uri:
        found = (uri, Counts(strategies.MovingWindowRateLimiter, uri, "mail"))
        current_app.extensions[_EXTENSION] = found
    return found[1]


def _item(setting: str) -> RateLimitItem:
    return parse(current_app.config[setting])


def check(setting: str, *who: str) -> Verdict:
    """Count one more of what `setting` limits (e.g. MAIL_SAY_LIMIT, "20 per hour") for `who`, and say what it gets."""
    limiter, item = _limiter(), _item(setting)
    if limiter.hit(item, setting, *who):
        return Verdict.OK
    once = type(item)(1, item.multiples)  # one notice per window of the limit itself
    return Verdict.NOTICE if limiter.hit(once, setting + ":notice", *who) else Verdict.SILENT


def describe(setting: str) -> str:
    """The limit of `setting` in words for an answer ("20 per 1 hour")."""
    return str(_item(setting))


def reset() -> None:
    """Forget every count (tests, between cases; memory storage only lives as long as the process anyway)."""
    found = current_app.extensions.get(_EXTENSION)
    if found is not None:
        found[1].reset()
