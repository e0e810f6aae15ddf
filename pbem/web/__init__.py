"""The web side: blueprints, the signed-in user, the locale, time zones, and the one check on form text."""
from __future__ import annotations

from flask import Flask, abort, current_app, g, request
from flask_babel import gettext as _
from flask_babel import refresh

from ..text_input import unstorable


def reader():
    """Whose language and time zone a page speaks: the signed-in user, else the player whose signed seat link
    (from a turn mail) was opened without a session; None for a visitor."""
    return getattr(g, "user", None) or g.get("link_reader")


def read_as_link_player(user) -> None:
    """A seat link opened without a session reads in that seat's player's language and zone, as the mail did."""
    if getattr(g, "user", None) is None and user is not None:
        g.link_reader = user
        refresh()


def select_locale() -> str:
    """The reader's language (see `reader`), else the browser's best match."""
    user = reader()
    if user is not None and user.locale in current_app.config["LANGUAGES"]:
        return user.locale
    return request.accept_languages.best_match(current_app.config["LANGUAGES"]) or "en"


def load_user() -> None:
    from .auth import session_user

    g.user = session_user()
    refresh()  # the language and zone follow the user just loaded, never a cached guess


def refuse_unstorable_form() -> None:
    """400 for a form or query holding NUL, before any view: no text column takes it.

    The API refuses it in its JSON with the same test (api._load); mail drops control characters as it
    decodes (mail/decode.py), since a mail cannot be answered with a 400.
    """
    if request.blueprint in ("api", "hooks"):
        return
    fields = [*request.args.items(multi=True)]
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        fields += request.form.items(multi=True)
    if any(unstorable(name) or unstorable(value) for name, value in fields):
        abort(400, _("The form holds a character that no text here may contain (NUL). Go back and type it again."))


def register_blueprints(app: Flask) -> None:
    from . import api, auth, dashboard, dev, errors, game_page, guide, hooks, lobby, local_time, settings
    from . import tokens_page, unsubscribe

    app.before_request(load_user)
    app.before_request(refuse_unstorable_form)
    for module in (auth, dashboard, lobby, game_page, dev, api, tokens_page, settings, hooks, unsubscribe, guide):
        app.register_blueprint(module.bp)
    local_time.init_app(app)
    errors.register(app)
