"""Where rate-limit counts live, and what happens while that storage (Redis) cannot be reached.

Both the web's limits (Flask-Limiter, web/rate_limits.py) and the mail's (mail/throttle.py) count through
`Counts`: a `limits` strategy on RATELIMIT_STORAGE_URI, with this process's memory behind it. While the
storage fails, a limit is counted in memory (each process alone, from zero) unless its caller asked to be
refused instead (`refuse_when_away`): then counting raises `CountsAway`, and the caller says "try again
later" rather than let through what it cannot count. The storage is asked again every `RECHECK` seconds;
the first failure and the return are logged once each, not every request in between.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from limits import RateLimitItem
from limits.errors import StorageError
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import RateLimiter

log = logging.getLogger(__name__)
# Seconds between two tries of a storage that failed: in between, nobody waits on it.
RECHECK = 10.0
# Seconds a Redis may take to connect or answer before it counts as away: one that drops packets instead of
# refusing the connection must not hold a request for the system's TCP timeout (minutes).
REDIS_TIMEOUT = 2.0


def storage_options(uri: str) -> dict:
    """The options a storage is made with: timeouts for Redis, nothing for memory."""
    if uri.partition("://")[0] in ("redis", "rediss", "redis+unix"):
        return {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT}
    return {}


class CountsAway(Exception):
    """A limit that must not be counted in memory could not be counted: refuse the request, for now."""


class Counts:
    """A `limits` strategy (hit, test, get_window_stats, clear) on a storage, with memory behind it."""

    def __init__(self, strategy: type[RateLimiter], uri: str, name: str,
                 refuse_when_away: Callable[[tuple[str, ...]], bool] | None = None, storage: Storage | None = None):
        self.name, self.uri = name, uri
        self.shared = strategy(storage if storage is not None else storage_from_string(uri, **storage_options(uri)))
        self.memory = strategy(MemoryStorage())
        self.refuse_when_away = refuse_when_away or (lambda _identifiers: False)
        storage = self.shared.storage
        base = storage.base_exceptions
        self.failures = (StorageError, *(base if isinstance(base, tuple) else (base,)))
        if isinstance(storage, MemoryStorage):
            self.failures = ()  # memory does not go away (and its ValueError is no outage)
        self.away_until: float | None = None  # set while the storage is away: when to try it again
        self.lock = threading.Lock()

    # The strategy's interface, as Flask-Limiter and mail/throttle.py call it.

    def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        return self._call("hit", item, identifiers, refuse=True, cost=cost)

    def test(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        return self._call("test", item, identifiers, refuse=True, cost=cost)

    def get_window_stats(self, item: RateLimitItem, *identifiers: str):
        # Only to say when to come back: from memory while the storage is away, whatever the limit.
        return self._call("get_window_stats", item, identifiers, refuse=False)

    def clear(self, item: RateLimitItem, *identifiers: str) -> None:
        self._call("clear", item, identifiers, refuse=False)

    @property
    def away(self) -> bool:
        return self.away_until is not None

    def reset(self) -> None:
        """Forget every count, in the storage (when it answers) and in memory."""
        self.memory.storage.reset()
        try:
            self.shared.storage.reset()
        except self.failures as exc:
            self._went_away(exc)

    def _call(self, method: str, item: RateLimitItem, identifiers: tuple[str, ...], refuse: bool, **kwargs):
        """The storage's answer; while it is away, memory's, or CountsAway for a count that must be refused."""
        if self.away_until is None or time.monotonic() >= self.away_until:
            try:
                answer = getattr(self.shared, method)(item, *identifiers, **kwargs)
            except self.failures as exc:
                self._went_away(exc)
            else:
                self._came_back()
                return answer
        if refuse and self.refuse_when_away(identifiers):
            raise CountsAway(f"the {self.name} rate-limit storage is unreachable")
        return getattr(self.memory, method)(item, *identifiers, **kwargs)

    def _went_away(self, exc: Exception) -> None:
        with self.lock:
            first = self.away_until is None
            self.away_until = time.monotonic() + RECHECK
        if first:
            log.warning("the %s rate-limit storage (%s) is unreachable (%s): counting in this process's memory "
                        "until it answers again (asked every %d s)", self.name, _shown(self.uri),
                        str(exc).strip() or type(exc).__name__, RECHECK)

    def _came_back(self) -> None:
        if self.away_until is None:
            return
        with self.lock:
            was_away, self.away_until = self.away_until is not None, None
            # Each outage counts from zero: what memory counted during the last one is over.
            self.memory.storage.reset()
        if was_away:
            log.warning("the %s rate-limit storage (%s) answers again", self.name, _shown(self.uri))


def _shown(uri: str) -> str:
    """The storage's address without a password (redis://:secret@host -> redis://host)."""
    scheme, sep, rest = uri.partition("://")
    return scheme + sep + rest.rpartition("@")[2] if sep else uri
