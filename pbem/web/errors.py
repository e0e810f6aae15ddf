"""The app's error answers: a page with the reason, JSON under /api/, and 503 while the database is away."""
from __future__ import annotations

import logging

from flask import Flask, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException

from ..extensions import db

log = logging.getLogger(__name__)
# Seconds a client should wait while the database is away: the pool checks each connection
# before use (pool_pre_ping), so the first request after the database is back succeeds.
RETRY_AFTER = 3
# The database is unreachable, restarting, or dropped the connection: try again, not a bug.
UNAVAILABLE = (sa.OperationalError, sa.InterfaceError, sa.TimeoutError)


def for_api() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, headers: dict | None = None, **extra):
    """The one shape of every error under /api/: `{"error": message, **extra}`."""
    response = jsonify({"error": message, **extra})
    response.status_code = status
    response.headers.update(headers or {})
    return response


def error_page(code: int, message: str):
    return render_template("error.html", code=code, message=message)


def _reset_session() -> None:
    # A failed statement leaves the session unusable until rolled back, and the error page
    # itself reads the database (the signed-in user): roll back before anything else.
    try:
        db.session.rollback()
    except sa.SQLAlchemyError:
        db.session.close()


def http_error(exc: HTTPException):
    """Every HTTP error as a page with the reason (JSON under /api/); a 500 never says more than that."""
    _reset_session()
    code = exc.code or 500
    if for_api():
        if code >= 500:
            return error_response(code, "an unexpected error on our side; please try again later "
                                        "(and tell us if it persists)")
        return error_response(code, exc.description or exc.name)
    if code >= 500:
        message = _("Something went wrong on our side. Please try again in a moment.")
    elif code == 405:
        message = _("This address does not take that kind of request.")
    else:
        message = exc.description or exc.name
    return error_page(code, message), code


def csrf_refused(exc: CSRFError):
    """A form without (or with a wrong) CSRF token: say so in words, never a bare 400."""
    _reset_session()
    message = _("This form could not be accepted (%(reason)s). It may have been open for too long or "
                "come from another site. Go back, reload the page and send it again.", reason=exc.description)
    return error_page(400, message), 400


def database_unavailable(exc: Exception):
    """503 with Retry-After while the database cannot be reached; the next request reconnects."""
    log.warning("database unavailable on %s %s: %s", request.method, request.path, exc)
    _reset_session()
    g.user = None  # this answer must not need the database: no name in the page header
    headers = {"Retry-After": str(RETRY_AFTER)}
    if for_api():
        return error_response(503, f"the database is not reachable just now: try again in {RETRY_AFTER} seconds "
                                   "(a move sent with a `key` is safe to send again)", headers)
    return error_page(503, _("Something went wrong on our side. Please try again in a moment.")), 503, headers


def register(app: Flask) -> None:
    """Install the handlers; 404 and 405 under /api/ are answered by the API itself."""
    from . import api

    app.register_error_handler(404, lambda e: api.not_found(e) if for_api() else http_error(e))
    app.register_error_handler(405, lambda e: api.wrong_method(e) if for_api() else http_error(e))
    app.register_error_handler(CSRFError, csrf_refused)
    app.register_error_handler(HTTPException, http_error)  # also any uncaught exception, as a 500
    for error in UNAVAILABLE:
        app.register_error_handler(error, database_unavailable)
