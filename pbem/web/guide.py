"""The command guide, served so that turn mails can link to it: docs/commands.md as a page of the site."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, render_template
from markdown_it import MarkdownIt
from markupsafe import Markup

bp = Blueprint("guide", __name__)
DOCS = Path(__file__).resolve().parents[2] / "docs"


@lru_cache(maxsize=4)
def _rendered(path: Path, mtime: float) -> Markup:
    # The guide is the project's own text; raw HTML in it is still not passed through.
    return Markup(MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text(encoding="utf-8")))


@bp.route("/help/commands")
def commands():
    """The same text as docs/commands.md of this release, readable on any phone."""
    path = DOCS / "commands.md"
    if not path.is_file():
        abort(404, "The command guide is not installed with this copy of pbem.")
    return render_template("guide.html", body=_rendered(path, path.stat().st_mtime))
