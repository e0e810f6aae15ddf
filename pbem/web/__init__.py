"""The web side: blueprints, the signed-in user, the locale, time zones and error pages."""
from __future__ import annotations

from flask import Flask, current_app, g, request
from flask_babel import refresh
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException


def select_locale() -> str:
    """The signed-in user's language, else the browser's best match."""
    user = getattr(g, "user", None)
    if user is not None and user.locale in current_app.config["LANGUAGES"]:
        return user.locale
    return request.accept_languages.best_match(current_app.config["LANGUAGES"]) or "en"


def load_user() -> None:
    from .auth import session_user

    g.user = session_user()
    refresh()  # the language and zone follow the user just loaded, never a cached guess


def register_blueprints(app: Flask) -> None:
    from . import api, auth, dashboard, dev, game_page, guide, hooks, lobby, local_time, settings, tokens_page, unsubscribe

    app.before_request(load_user)
    for module in (auth, dashboard, lobby, game_page, dev, api, tokens_page, settings, hooks, unsubscribe, guide):
        app.register_blueprint(module.bp)
    local_time.init_app(app)
    app.register_error_handler(404, lambda e: api.not_found(e) if request.path.startswith("/api/")
                               else (dashboard.error_page(404, str(e.description)), 404))
    app.register_error_handler(CSRFError, dashboard.csrf_refused)
    app.register_error_handler(HTTPException, dashboard.http_error)
