"""The rate limits of the HTTP routes (Flask-Limiter), each a setting; a refused request gets a 429 with Retry-After."""
from __future__ import annotations

import hashlib
import time

from flask import Flask, current_app, g, request
from flask_babel import ngettext
from flask_limiter import Limiter


def client_address() -> str:
    """The client's IP address (the proxy's own unless PROXY_COUNT says how many proxies to look through)."""
    return "ip:" + (request.remote_addr or "unknown")


def signin_address() -> str:
    """The address a sign-in link is asked for, as sign-in reads it."""
    return "address:" + request.form.get("email", "").strip().lower()[:320]


def caller() -> str:
    """The signed-in user (by session or API token), else the client's address."""
    user = getattr(g, "user", None)
    return f"user:{user.id}" if user is not None else client_address()


def api_caller() -> str:
    """The API token of the request (each token its own budget), else the session's user or the client."""
    scheme, _, raw = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() == "bearer" and raw.strip():
        return "token:" + hashlib.sha256(raw.strip().encode()).hexdigest()[:32]
    return caller()


def _setting(name: str):
    return lambda: current_app.config[name]


# (endpoint, setting, whose budget, methods counted, shared scope). Web and API invitations draw on one budget.
ROUTE_LIMITS = (
    ("auth.signin", "RATELIMIT_SIGNIN_PER_ADDRESS", signin_address, ["POST"], "signin-address"),
    ("auth.signin", "RATELIMIT_SIGNIN_PER_CLIENT", client_address, ["POST"], "signin-client"),
    ("games.say", "RATELIMIT_SAY", caller, None, "say"),
    ("tokens.tokens", "RATELIMIT_TOKENS", caller, ["POST"], "tokens"),
    ("lobby.invite", "RATELIMIT_INVITES", caller, None, "invites"),
    ("api.invite", "RATELIMIT_INVITES", caller, None, "invites"),
)


def init_app(app: Flask) -> Limiter:
    """This app's limiter (its own: it holds the storage) with the limits of ROUTE_LIMITS and the API's."""
    # No X-RateLimit headers on every answer: they cost a storage round trip per request (on the move path too);
    # a refusal alone says when to come back.
    limiter = Limiter(client_address, storage_uri=app.config["RATELIMIT_STORAGE_URI"],
                      key_prefix=app.config["RATELIMIT_KEY_PREFIX"], headers_enabled=False)
    limiter.init_app(app)

    @app.after_request
    def retry_after(response):
        current = limiter.current_limit
        if response.status_code == 429 and current is not None:
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

    for endpoint, setting, key, methods, scope in ROUTE_LIMITS:
        # Two limits may sit on one view: each wraps the last, and each is counted once per request.
        app.view_functions[endpoint] = limiter.shared_limit(
            _setting(setting), scope, key_func=key, methods=methods, error_message=refusal,
            exempt_when=(lambda: "@" not in signin_address()) if key is signin_address else None,
            override_defaults=False)(app.view_functions[endpoint])
    limiter.limit(_setting("RATELIMIT_API"), key_func=api_caller, error_message=refusal,
                  override_defaults=False)(app.blueprints["api"])
    return limiter
