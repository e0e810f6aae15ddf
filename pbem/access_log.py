"""Secrets kept out of the logs: the access log (gunicorn), the dev server's request lines and the app's own lines.

Some URLs are keys: a move-form link (`/play/<token>`), a sign-in link (`/signin/<token>`), an unsubscribe link
(`/unsubscribe/<token>`) and the inbound hooks that carry their secret in the path (`/inbound/raw/<secret>`,
`/inbound/sendgrid/<secret>`). `mask` replaces that one path segment with `***` and keeps the rest, so that a
log still says which route was hit (`GET /play/*** HTTP/1.1`): wherever such a path stands in a text (a
request line, a Referer, a `next=` value, percent-encoded or not) and whatever follows it (a query string, a
trailing slash). The values of query parameters named like a secret (`token=`, `key=`, ...) are masked too.

Used by gunicorn (`Logger`, named in gunicorn.conf.py) and by the app (`init_app`: a filter on the app's
logger, its handlers and werkzeug's, which prints the dev server's request lines).
"""
from __future__ import annotations

import logging
import re

from flask import current_app
from gunicorn import glogging

MASK = "***"

# Routes whose next path segment is a bearer secret (pbem/web/game_page.py, auth.py, unsubscribe.py, hooks.py).
SECRET_ROUTES = ("/play/", "/signin/", "/unsubscribe/", "/inbound/raw/", "/inbound/sendgrid/")
# Query parameters whose value is a secret. No pbem page takes one, but a hand-made link may carry one.
SECRET_PARAMS = ("token", "access_token", "auth_token", "api_key", "apikey", "key", "secret", "password",
                 "signature", "sig")
# Request and response headers (gunicorn's `{name}i`, `{name}o` and `{name}e` atoms) that are credentials whole.
CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie",
                                "http_authorization", "http_proxy_authorization", "http_cookie"})


def _encoded(char: str) -> str:
    """`char` as sent or percent-encoded, once or more (`/`, `%2F`, `%252F`); case is ignored by the patterns."""
    return f"(?:{re.escape(char)}|%(?:25)*{ord(char):02x})"


def _spelled(text: str) -> str:
    # A run of slashes counts as one: werkzeug merges them (`/play//x` is redirected to `/play/x`).
    return "".join(_encoded("/") + "+" if char == "/" else _encoded(char) for char in text)


def _ends(chars: str) -> str:
    """What ends a segment or a value: one of `chars`, whitespace or a quote, as sent or percent-encoded."""
    codes = "|".join(f"{ord(c):02x}" for c in chars + "\"'<>\\ \t\r\n")
    return rf"(?:[{re.escape(chars)}\s\"'<>\\]|%(?:25)*(?:{codes}))"


_SEGMENT_END = _ends("/?#&")
_VALUE_END = _ends("&#;")
_ROUTE = re.compile(rf"(?P<route>{'|'.join(_spelled(r) for r in SECRET_ROUTES)})"
                    rf"(?P<secret>(?:(?!{_SEGMENT_END}).)+)", re.IGNORECASE | re.DOTALL)
_PARAM = re.compile(rf"(?P<name>(?:^|[?&;]|%(?:25)*(?:3f|26|3b))(?:{'|'.join(_spelled(p) for p in SECRET_PARAMS)})"
                    rf"(?:=|%(?:25)*3d))(?P<secret>(?:(?!{_VALUE_END}).)+)", re.IGNORECASE | re.DOTALL)


_WORDS = tuple(sorted({route.strip("/").rsplit("/", 1)[-1] for route in SECRET_ROUTES}))


def mask(text: str) -> str:
    """`text` (a path, a URL, a request line or any log message) with every secret in a URL replaced by MASK."""
    if "%" not in text and "=" not in text and not any(word in text.lower() for word in _WORDS):
        return text  # most text (a user agent, a status, a plain path) needs no regular expression
    text = _ROUTE.sub(lambda m: m["route"] + MASK, text)
    return _PARAM.sub(lambda m: m["name"] + MASK, text)


def mask_atom(key: str, value):
    """One of gunicorn's access-log atoms, masked: credentials whole, any other text by `mask`."""
    if not isinstance(value, str):
        return value
    name = key[1:-2].lower() if key.startswith("{") else key
    if key == "u" or name in CREDENTIAL_HEADERS:  # `u`: the basic-auth user name (the Postmark hook's)
        return MASK if value and value != "-" else value
    return mask(value)


class MaskFilter(logging.Filter):
    """Masks the secrets in a log record's message and traceback text; drops nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is logging's own error to report, not ours
            return True
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        if record.exc_info and not record.exc_text:
            text = logging.Formatter().formatException(record.exc_info)
            if mask(text) != text:
                record.exc_text = mask(text)
        return True


def add_filter(target: logging.Logger | logging.Handler) -> None:
    """Install MaskFilter on a logger or handler, once."""
    if not any(isinstance(f, MaskFilter) for f in target.filters):
        target.addFilter(MaskFilter())


def init_app(app) -> None:
    """Mask the app's own log lines, from its first request on (install_filters)."""
    # First of all, so that even a request that fails in another before_request hook is logged masked.
    app.before_request_funcs.setdefault(None, []).insert(0, install_filters)


def install_filters() -> None:
    """MaskFilter on Flask's logger ("Exception on <path> [GET]"), on its handlers (which the pbem.* loggers reach:
    Flask's default handler under gunicorn) and on werkzeug's (the dev server's request lines, `pbem serve`).

    Not at create_app: alembic's logging setup (`pbem serve` migrates after create_app) disables every logger that
    exists when it runs, so a logger looked up before it would fall silent.
    """
    app = current_app
    if app.extensions.get("pbem.log_masks"):
        return
    for logger in (app.logger, logging.getLogger("werkzeug")):
        add_filter(logger)
    for handler in app.logger.handlers:
        add_filter(handler)
    app.extensions["pbem.log_masks"] = True


class MaskedAtoms(glogging.SafeAtoms):
    """gunicorn's access-log atoms, each masked as the format reads it (only those it uses cost anything)."""

    def __getitem__(self, key):
        return mask_atom(key, super().__getitem__(key))


class Logger(glogging.Logger):
    """gunicorn's logger with the secrets masked in the access log (every atom) and in its error log."""

    atoms_wrapper_class = MaskedAtoms

    def setup(self, cfg) -> None:
        super().setup(cfg)
        add_filter(self.error_log)  # "Error handling request /play/..." when a request fails in a worker
