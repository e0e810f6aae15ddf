"""The app's error answers: a page with the reason, JSON under /api/, and 503 while the database is away."""
from __future__ import annotations

import logging

from flask import current_app, g, has_request_context, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException

from ..access_log import mask
from ..extensions import db

log = logging.getLogger(__name__)
# Seconds a client should wait while the database is away: the first request after the database
# is back finds its pooled connection dropped and runs again on a fresh one (database_unavailable).
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


def bad_link(exc) -> str:
    """Why a signed link from a mail (tokens.BadToken) does not open, in the reader's language (BadToken's words
    are English). Only move-form links expire: unsubscribe links are refused when edited or stale."""
    if "expired" in str(exc):
        return _("This link has expired: sign in to open the game.")
    return _("This link is not valid.")


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


# Kept in the request's environ, which is this request's alone (g may outlive it: an app context
# pushed around several requests, as in tests).
COMMIT_TRIED, RAN_AGAIN = "pbem.db_commit_tried", "pbem.db_ran_again"


def note_commit(_session) -> None:
    if has_request_context():
        request.environ[COMMIT_TRIED] = True


def dropped_connection(exc: Exception) -> bool:
    """Whether `exc` is a pooled connection the database dropped (a restart, an idle timeout,
    pg_terminate_backend), met at its first statement."""
    return isinstance(exc, sa.DBAPIError) and exc.connection_invalidated


def may_run_again(exc: Exception) -> bool:
    """Whether database_unavailable will run the request again for `exc`: a dropped connection, the first
    time, while the request has tried no commit. A view that answers database errors itself (web/hooks.py)
    lets such an error through to it."""
    return dropped_connection(exc) and not (request.environ.get(COMMIT_TRIED) or request.environ.get(RAN_AGAIN))


def _run_again(exc: Exception) -> bool:
    """Whether the request may run once more: only once, and only while it has tried no commit, so
    that nothing it did is stored (a COMMIT that failed on a dropped connection may have been applied)."""
    if not may_run_again(exc):
        return False
    request.environ[RAN_AGAIN] = True
    return True


def database_unavailable(exc: Exception):
    """A dropped pooled connection: the request runs again, once, on a fresh one. Else 503 with Retry-After
    while the database cannot be reached; the next request reconnects.

    The pool does not ping a connection before each use (config.engine_options): one the database
    dropped (a restart, an idle timeout, pg_terminate_backend) fails its first statement instead,
    and SQLAlchemy then discards it with every connection pooled before the failure.
    """
    if _run_again(exc):
        log.warning("database connection dropped on %s %s (%s); running the request again", request.method,
                    mask(request.path), (str(exc.orig).strip().splitlines() or ["?"])[0])
        _reset_session()
        app = current_app._get_current_object()
        try:
            # What Flask's full_dispatch_request does between request_started and finalize_request.
            answer = app.preprocess_request()
            return answer if answer is not None else app.dispatch_request()
        except Exception as again:  # noqa: BLE001 - answered as any error of this request would be
            return app.handle_user_exception(again)
    log.warning("database unavailable on %s %s: %s", request.method, mask(request.path), exc)
    _reset_session()
    g.user = None  # this answer must not need the database: no name in the page header
    headers = {"Retry-After": str(RETRY_AFTER)}
    if for_api():
        return error_response(503, f"the database is not reachable just now: try again in {RETRY_AFTER} seconds "
                                   "(a move sent with a `key` is safe to send again)", headers)
    return error_page(503, _("Something went wrong on our side. Please try again in a moment.")), 503, headers
