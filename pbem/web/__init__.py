"""The web side: the blueprints, the error handlers, and what every request passes first (web/readers.py)."""
from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFError
from sqlalchemy import event
from werkzeug.exceptions import HTTPException

from ..extensions import db
from . import (api, auth, dashboard, dev, errors, finder, game_page, guide, hooks, lobby, local_time, players,
               replay_page, settings, tokens_page, unsubscribe)
from .readers import load_user, refuse_unstorable_form


def register_blueprints(app: Flask) -> None:
    app.before_request(load_user)
    app.before_request(refuse_unstorable_form)
    for module in (auth, dashboard, lobby, game_page, dev, api, tokens_page, settings, hooks, unsubscribe, guide,
                   replay_page, players, finder):
        app.register_blueprint(module.bp)
    local_time.init_app(app)
    register_error_handlers(app)


def register_error_handlers(app: Flask) -> None:
    """Install the handlers; 404 and 405 under /api/ are answered by the API itself."""
    app.register_error_handler(404, lambda e: api.not_found(e) if errors.for_api() else errors.http_error(e))
    app.register_error_handler(405, lambda e: api.wrong_method(e) if errors.for_api() else errors.http_error(e))
    app.register_error_handler(CSRFError, errors.csrf_refused)
    app.register_error_handler(HTTPException, errors.http_error)  # also any uncaught exception, as a 500
    for error in errors.UNAVAILABLE:
        app.register_error_handler(error, errors.database_unavailable)
    if not event.contains(db.session, "before_commit", errors.note_commit):
        event.listen(db.session, "before_commit", errors.note_commit)
