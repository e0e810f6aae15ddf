"""Every setting, read from the environment (twelve-factor), with embedded defaults for one machine."""
from __future__ import annotations

import json
import os
import secrets
from functools import partial
from pathlib import Path


def database_url(raw: str | None, instance_path: str) -> str:
    """The SQLAlchemy URL: `postgres://` (Heroku's spelling) becomes psycopg 3; none means SQLite in the instance folder."""
    if not raw:
        return "sqlite:///" + str(Path(instance_path) / "pbem.sqlite3")
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


def engine_options(pre_ping: bool = False) -> dict:
    """SQLAlchemy engine options. Web requests do not ping a pooled connection before each use (a round
    trip per request): one the database dropped fails its first statement and the request runs again
    (web/errors.py). The worker pings (worker.py): a task has no such retry."""
    # JSON written without blanks: the move log's events are stored as JSON text (models.Move).
    return {"pool_pre_ping": pre_ping, "json_serializer": partial(json.dumps, separators=(",", ":"))}


def _secret_key(instance_path: str) -> str:
    # Embedded mode keeps a generated key in the instance folder so sign-in links survive a restart.
    path = Path(instance_path) / "secret_key"
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    path.write_text(key)
    return key


def from_environ(instance_path: str, env: os._Environ | dict | None = None) -> dict:
    """The app configuration built from the environment."""
    env = os.environ if env is None else env
    redis_url = env.get("REDIS_URL") or None
    base_url = (env.get("BASE_URL") or "http://127.0.0.1:5000").rstrip("/")
    return {
        "SQLALCHEMY_DATABASE_URI": database_url(env.get("DATABASE_URL"), instance_path),
        "SQLALCHEMY_ENGINE_OPTIONS": engine_options(),
        "SECRET_KEY": env.get("SECRET_KEY") or _secret_key(instance_path),
        "BASE_URL": base_url,
        "REDIS_URL": redis_url,
        # Without Redis the app runs tasks in-process (the embedded default).
        "EMBEDDED_TASKS": redis_url is None,
        # Where rate-limit counters live (Flask-Limiter for HTTP, `limits` for mail): Redis when
        # there is one, so every process counts together; memory in the embedded default.
        "RATELIMIT_STORAGE_URI": env.get("RATELIMIT_STORAGE_URI") or redis_url or "memory://",
        # Prefixed to every counter, so that two services (or test runs) can share one Redis.
        "RATELIMIT_KEY_PREFIX": env.get("RATELIMIT_KEY_PREFIX") or "pbem",
        # The HTTP limits (web/rate_limits.py), in Flask-Limiter's notation; several are joined by ";".
        "RATELIMIT_SIGNIN_PER_ADDRESS": env.get("RATELIMIT_SIGNIN_PER_ADDRESS") or "5 per hour",
        "RATELIMIT_SIGNIN_PER_CLIENT": env.get("RATELIMIT_SIGNIN_PER_CLIENT") or "30 per hour",
        "RATELIMIT_SAY": env.get("RATELIMIT_SAY") or "60 per hour",
        "RATELIMIT_TOKENS": env.get("RATELIMIT_TOKENS") or "10 per hour",
        "RATELIMIT_INVITES": env.get("RATELIMIT_INVITES") or "20 per hour;50 per day",
        "RATELIMIT_API": env.get("RATELIMIT_API") or "300 per minute",
        # Requests with a bad API token, per client address (a valid token is never counted here).
        "RATELIMIT_API_BAD_TOKENS": env.get("RATELIMIT_API_BAD_TOKENS") or "30 per minute",
        # How many proxies (Heroku's router: 1) put the client's address in X-Forwarded-For; 0 trusts none.
        "PROXY_COUNT": int(env.get("PROXY_COUNT") or 0),
        # The largest request body read, chunked or not (the mail webhooks allow more: web/hooks.py).
        "MAX_CONTENT_LENGTH": int(env.get("MAX_CONTENT_LENGTH") or 1024 * 1024),
        # Mail-side rate limits (pbem/mail/throttle.py, docs/security.md): "say" lines read from one
        # mail; table talk by mail per player; answers to strangers, all addresses together (each
        # address also gets one an hour at most); answers per address to mail that proves no sender,
        # so a forged From cannot make pbem mail a player all day; explanations per player to a registered
        # player whose mail went to another seat's reply address (apart from strangers' one an hour).
        "MAIL_SAY_PER_MESSAGE": int(env.get("MAIL_SAY_PER_MESSAGE") or 3),
        "MAIL_SAY_LIMIT": env.get("MAIL_SAY_LIMIT") or "20 per hour",
        "MAIL_STRANGER_LIMIT": env.get("MAIL_STRANGER_LIMIT") or "60 per hour",
        "MAIL_UNPROVEN_LIMIT": env.get("MAIL_UNPROVEN_LIMIT") or "10 per hour",
        "MAIL_MISDIRECTED_LIMIT": env.get("MAIL_MISDIRECTED_LIMIT") or "5 per hour",
        "MAIL_URL": env.get("MAIL_URL") or None,
        # One mail per turn for a player at the table (outbox.held_until): a seat that played on the game page in
        # the last QUIET_WINDOW_SECONDS has its turn mails held QUIET_DELAY_SECONDS, and dropped if it answered
        # meanwhile; 0 sends every turn mail at once. The embedded default has no beat to send a held mail
        # later, so there the window is 0 unless set.
        "QUIET_WINDOW_SECONDS": int(env.get("QUIET_WINDOW_SECONDS") or (300 if redis_url else 0)),
        "QUIET_DELAY_SECONDS": int(env.get("QUIET_DELAY_SECONDS") or 300),
        # Seconds a delivery run waits, the kick held, before it looks for more mail (tasks._look_again): under a
        # stream of moves from scripts its next look carries several mails, and fewer turn mails go out for
        # prompts answered at once. 0: it looks at once.
        "DELIVERY_LINGER_SECONDS": float(env.get("DELIVERY_LINGER_SECONDS") or 0),
        # Days a sent mail keeps its text and HTML in the outbox (mail/retention.py); the row itself stays.
        "MAIL_RETENTION_DAYS": float(env.get("MAIL_RETENTION_DAYS") or 7),
        "OUTBOX_DIR": env.get("OUTBOX_DIR") or str(Path(instance_path) / "outbox"),
        "MAIL_FROM": env.get("MAIL_FROM") or "pbem <pbem@" + (env.get("INBOUND_DOMAIN") or "pbem.localhost") + ">",
        "INBOUND_DOMAIN": env.get("INBOUND_DOMAIN") or "pbem.localhost",
        "IMAP_URL": env.get("IMAP_URL") or None,
        "MAILGUN_SIGNING_KEY": env.get("MAILGUN_SIGNING_KEY") or None,
        "POSTMARK_INBOUND_USER": env.get("POSTMARK_INBOUND_USER") or None,
        "POSTMARK_INBOUND_PASSWORD": env.get("POSTMARK_INBOUND_PASSWORD") or None,
        "SENDGRID_INBOUND_SECRET": env.get("SENDGRID_INBOUND_SECRET") or None,
        # The secret path segment of the raw MIME webhook (/inbound/raw/<secret>); unset: no such hook.
        "INBOUND_SECRET": env.get("INBOUND_SECRET") or None,
        "DKIM_PRIVATE_KEY": env.get("DKIM_PRIVATE_KEY") or None,
        "DKIM_SELECTOR": env.get("DKIM_SELECTOR") or None,
        "SIGNIN_MAX_AGE": int(env.get("SIGNIN_MAX_AGE") or 3600),
        "SEAT_LINK_MAX_AGE": int(env.get("SEAT_LINK_MAX_AGE") or 30 * 24 * 3600),
        "DEFAULT_TURN_SECONDS": int(env.get("DEFAULT_TURN_SECONDS") or 2 * 24 * 3600),
        "WTF_CSRF_TIME_LIMIT": None,  # a move form may stay open for days
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ("en", "ja", "fr", "de"),
        # The host's components file (pbem/components.py): the printed values of Style is the Goal from its own copy;
        # unset, components.toml in the instance folder if there is one; neither: the expansion is not offered.
        "COMPONENTS": env.get("PBEM_COMPONENTS") or None,
    }
