"""The rate limits of the HTTP routes (Flask-Limiter), each a setting; a refused request gets a 429 with Retry-After.

The counts live in RATELIMIT_STORAGE_URI through pbem.rate_counts: while that storage (Redis) cannot be
reached, each limit is counted in this process's memory, except the sign-in mails per address, which are
refused (503, "try again in a minute") rather than sent uncounted (docs/security.md).
"""
from __future__ import annotations

import hashlib
import time
import unicodedata
from typing import Callable, NamedTuple

from flask import Flask, current_app, g, request
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter import Limiter
from limits import parse_many
from limits.strategies import FixedWindowRateLimiter

from .. import addresses
from ..rate_counts import Counts, CountsAway, storage_options
from .auth import requested_address
from .errors import error_page, error_response, for_api

# Seconds to wait when a limit that must not be counted in memory cannot be counted (rate_counts.RECHECK is 10).
AWAY_RETRY_AFTER = 60
_INVITATION_SENT = "pbem.invitation_sent"  # in the request's environ, which is this request's alone


def client_address() -> str:
    """The client's IP address (the proxy's own unless PROXY_COUNT says how many proxies to look through)."""
    return "ip:" + (request.remote_addr or "unknown")


def address_key(text: str) -> str:
    """The budget of the address `text` asks for: the address the mail would go to (addresses.normalise, as
    sign-in uses it), so that `victim@ｅxample.com`, `VICTIM@example.com`, a punycode or an NFD spelling of one
    mailbox share its budget. Text that is no usable address (no mail goes to it) keeps a key of its own, in
    one form whatever its case, width or composition, and of bounded length."""
    try:
        return "address:" + requested_address(text)
    except addresses.BadAddress:
        folded = unicodedata.normalize("NFKC", text.strip()).casefold()
        return "unusable:" + hashlib.sha256(folded.encode("utf-8", "replace")).hexdigest()[:32]


def signin_address() -> str:
    """The address a sign-in link is asked for, as its mail would be addressed."""
    return address_key(request.form.get("email", ""))


def caller() -> str:
    """The signed-in user (by session or API token), else the client's address."""
    user = getattr(g, "user", None)
    return f"user:{user.id}" if user is not None else client_address()


def api_caller() -> str:
    """The API token of the request (each token its own budget), else the session's user or the client."""
    scheme, _sep, raw = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() == "bearer" and raw.strip():
        return "token:" + hashlib.sha256(raw.strip().encode()).hexdigest()[:32]
    return caller()


def invitation_sent() -> None:
    """Count this request against the invitation budget: only an invitation actually sent uses it up."""
    request.environ[_INVITATION_SENT] = True


def _sent(_response) -> bool:
    return bool(request.environ.get(_INVITATION_SENT))


def _setting(name: str):
    return lambda: current_app.config[name]


class Budget(NamedTuple):
    endpoint: str
    setting: str
    key: Callable[[], str]  # whose budget
    methods: list[str] | None  # the methods counted (None: all)
    scope: str  # shared by the endpoints that name it
    counted: Callable | None = None  # which answers use the budget up (None: every request)
    when_away: str = "memory"  # while the storage is unreachable: count in memory, or "refuse" the request


# Web and API invitations draw on one budget, and only those sent count.
ROUTE_LIMITS = (
    Budget("auth.signin", "RATELIMIT_SIGNIN_PER_ADDRESS", signin_address, ["POST"], "signin-address",
           when_away="refuse"),
    Budget("auth.signin", "RATELIMIT_SIGNIN_PER_CLIENT", client_address, ["POST"], "signin-client"),
    Budget("games.say", "RATELIMIT_SAY", caller, None, "say"),
    Budget("tokens.tokens", "RATELIMIT_TOKENS", caller, ["POST"], "tokens"),
    Budget("lobby.invite", "RATELIMIT_INVITES", caller, None, "invites", counted=_sent),
    Budget("api.invite", "RATELIMIT_INVITES", caller, None, "invites", counted=_sent),
)
REFUSED_WHEN_AWAY = frozenset(budget.scope for budget in ROUTE_LIMITS if budget.when_away == "refuse")


class _Limiter(Limiter):
    """Flask-Limiter counting through rate_counts.Counts (its own in-memory fallback would replace every limit
    by one global list while Redis is away, and could not refuse the sign-in mails)."""

    counts: Counts

    @property
    def limiter(self) -> Counts:
        return self.counts

    def reset(self) -> None:
        self.counts.reset()


def failed_authentication() -> int | None:
    """Count a request whose API token (or Authorization header) is not valid against its client: None while
    within RATELIMIT_API_BAD_TOKENS, else the seconds to wait. A valid token is never counted here."""
    limiter: _Limiter = current_app.extensions["pbem.limiter"]
    identifiers = (current_app.config["RATELIMIT_KEY_PREFIX"], client_address(), "api-bad-token")
    waits = [max(1, int(limiter.counts.get_window_stats(item, *identifiers)[0] - time.time()))
             for item in parse_many(current_app.config["RATELIMIT_API_BAD_TOKENS"])
             if not limiter.counts.hit(item, *identifiers)]
    return max(waits) if waits else None


def counts_away(_exc: CountsAway):
    """A limit that is not counted in memory (the sign-in mails per address) could not be counted."""
    headers = {"Retry-After": str(AWAY_RETRY_AFTER)}
    if for_api():
        return error_response(503, "the rate-limit storage is not reachable just now: try again in a minute", headers)
    return error_page(503, _("Sign-in links cannot be sent just now. Please try again in a minute.")), 503, headers


def init_app(app: Flask) -> Limiter:
    """This app's limiter (its own: it holds the storage) with the limits of ROUTE_LIMITS and the API's."""
    # No X-RateLimit headers on every answer: they cost a storage round trip per request (on the move path too);
    # a refusal alone says when to come back. No swallowed errors: a storage failure is Counts' to handle.
    uri = app.config["RATELIMIT_STORAGE_URI"]
    limiter = _Limiter(client_address, storage_uri=uri, storage_options=storage_options(uri),
                       key_prefix=app.config["RATELIMIT_KEY_PREFIX"], headers_enabled=False, strategy="fixed-window",
                       swallow_errors=False)
    limiter.init_app(app)
    # Every count goes through Counts, on the storage Flask-Limiter made.
    limiter.counts = Counts(FixedWindowRateLimiter, uri, "web", storage=limiter.storage,
                            refuse_when_away=lambda identifiers: bool(REFUSED_WHEN_AWAY & set(identifiers)))
    app.extensions["pbem.limiter"] = limiter
    app.register_error_handler(CountsAway, counts_away)

    @app.after_request
    def retry_after(response):
        current = limiter.current_limit
        if response.status_code == 429 and current is not None and "Retry-After" not in response.headers:
            response.headers["Retry-After"] = str(max(1, int(current.reset_at - time.time())))
        return response

    def refusal() -> str:
        # Said when the limit just met lets a request through again (Retry-After gives it in seconds).
        current = limiter.current_limit
        if request.path.startswith("/api/"):
            allowed = f"at most {current.limit} " if current else ""
            return f"too many requests ({allowed}for this call): wait the seconds the Retry-After header gives"
        wait = current.reset_at - time.time() if current else 60
        return ngettext("Too many requests. Please wait %(num)d minute and try again.",
                        "Too many requests. Please wait %(num)d minutes and try again.", max(1, round(wait / 60)))

    for budget in ROUTE_LIMITS:
        # Two limits may sit on one view: each wraps the last, and each is counted once per request.
        app.view_functions[budget.endpoint] = limiter.shared_limit(
            _setting(budget.setting), budget.scope, key_func=budget.key, methods=budget.methods,
            error_message=refusal, deduct_when=budget.counted,
            exempt_when=(lambda: "@" not in request.form.get("email", "")) if budget.key is signin_address else None,
            override_defaults=False)(app.view_functions[budget.endpoint])
    limiter.limit(_setting("RATELIMIT_API"), key_func=api_caller, error_message=refusal,
                  override_defaults=False)(app.blueprints["api"])
    return limiter
