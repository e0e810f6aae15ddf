"""The service's one source of the current time (UTC, naive), so tests can move it, in one process or in all."""
from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

# PBEM_CLOCK_OFFSET (tests only) shifts every process that has it: a number of seconds, or a
# Redis URL whose key OFFSET_KEY holds the seconds, read on each call so a test can move a
# running worker's clock. Unset in production: then now() is the machine's UTC time.
ENV = "PBEM_CLOCK_OFFSET"
OFFSET_KEY = "pbem:clock-offset"

_offset = timedelta(0)
_redis: dict = {}


def now() -> datetime:
    """The current UTC time as a naive datetime, shifted by any test offset."""
    return datetime.now(timezone.utc).replace(tzinfo=None) + _offset + _shared_offset()


def advance(delta: timedelta) -> None:
    """Move this process's clock forward (tests only)."""
    global _offset
    _offset += delta


def reset() -> None:
    global _offset
    _offset = timedelta(0)


def set_shared_offset(redis_url: str, delta: timedelta) -> None:
    """Set the offset every process started with PBEM_CLOCK_OFFSET=`redis_url` adds to its clock (tests only)."""
    _client(redis_url).set(OFFSET_KEY, delta.total_seconds())


def _shared_offset() -> timedelta:
    source = os.environ.get(ENV)
    if not source:
        return timedelta(0)
    if source.startswith(("redis://", "rediss://", "unix://")):
        value = _client(source).get(OFFSET_KEY)
        return timedelta(seconds=float(value)) if value else timedelta(0)
    return timedelta(seconds=float(source))


def _client(url: str):
    # One client per URL; redis-py's pool notices a fork and reconnects in the child.
    if url not in _redis:
        import redis

        _redis[url] = redis.Redis.from_url(url)
    return _redis[url]
