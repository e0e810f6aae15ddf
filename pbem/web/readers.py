"""Who reads a page: the signed-in user, or the player whose signed seat link was opened; their language; and the
checks every request passes before its view."""
from __future__ import annotations

from flask import abort, current_app, g, request
from flask_babel import gettext as _
from flask_babel import refresh

from ..text_input import unstorable
from .auth import session_user


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
