"""Help for players, in the reader's language: how to play each game here, the commands, and how the site works."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from .. import engine

bp = Blueprint("guide", __name__)
# The help pages, in the order of their menu; each is written in every language of the site (help/<lang>/<page>).
PAGES = ("index", "stone-age", "tta", "site", "commands")


def _language() -> str:
    """The reader's language if the help is written in it (every language of the site), else English."""
    locale = str(get_locale() or "en")
    return locale if locale in current_app.config["LANGUAGES"] else "en"


def _page(page: str):
    return render_template(f"help/{_language()}/{page}.html", page=page, lang=_language())


@bp.route("/help")
def index():
    """What the help holds: the games, the commands, the site."""
    return _page("index")


@bp.route("/help/commands")
def commands():
    """Every command by mail and on the web, with examples: turn mails link here."""
    return _page("commands")


@bp.route("/help/<page>")
def show(page: str):
    """One help page: a game's "how to play here" (by the game's slug), or the site's own guide."""
    if page not in PAGES and page in engine.games(unoffered=True):
        return redirect(url_for("guide.index"))  # a game without a page of its own: the help's contents
    if page not in PAGES:
        abort(404, _("There is no help page “%(page)s”.", page=page[:40]))
    return _page(page)
