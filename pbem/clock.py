"""The service's one source of the current time (UTC, naive), so tests can move it."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

_offset = timedelta(0)


def now() -> datetime:
    """The current UTC time as a naive datetime, shifted by any test offset."""
    return datetime.now(timezone.utc).replace(tzinfo=None) + _offset


def advance(delta: timedelta) -> None:
    """Move this process's clock forward (tests only)."""
    global _offset
    _offset += delta


def reset() -> None:
    global _offset
    _offset = timedelta(0)
