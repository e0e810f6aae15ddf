"""The command guide, served so that turn mails can link to it."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort

bp = Blueprint("guide", __name__)
DOCS = Path(__file__).resolve().parents[2] / "docs"


@bp.route("/help/commands")
def commands():
    """docs/commands.md as plain text: readable on any phone, and always the text of this release."""
    path = DOCS / "commands.md"
    if not path.is_file():
        abort(404, "The command guide is not installed with this copy of pbem.")
    return path.read_text(encoding="utf-8"), 200, {"Content-Type": "text/plain; charset=utf-8"}
