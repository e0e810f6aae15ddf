"""Personal API tokens: the settings page that issues them (shown once) and revokes them."""
from __future__ import annotations

import hashlib
import secrets

from flask import Blueprint, abort, flash, g, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from ..extensions import db
from ..models import ApiToken, User
from .auth import login_required

bp = Blueprint("tokens", __name__, url_prefix="/settings")


def hash_token(raw: str) -> str:
    """The stored form of a token.

    A plain SHA-256 is enough: tokens are 256 random bits, so there is nothing to guess
    that a slow hash would protect, and lookups stay one indexed equality.
    """
    return hashlib.sha256(raw.encode()).hexdigest()


def issue_token(user: User, name: str) -> str:
    """Store a new token for `user` and return its text, which is never stored or shown again."""
    raw = "pbem_" + secrets.token_urlsafe(32)
    db.session.add(ApiToken(user_id=user.id, name=name, token_hash=hash_token(raw)))
    db.session.commit()
    return raw


@bp.route("/tokens", methods=["GET", "POST"])
@login_required
def tokens():
    new_token = error = None
    name = request.form.get("name", "").strip()
    if request.method == "POST":
        if not name or len(name) > 80:
            error = _("Please name the token (up to 80 characters), e.g. after the script that will use it.")
        else:
            new_token = issue_token(g.user, name)
    rows = db.session.scalars(select(ApiToken).where(ApiToken.user_id == g.user.id).order_by(ApiToken.id)).all()
    page = render_template("settings/tokens.html", tokens=rows, new_token=new_token, new_name=name, error=error)
    response = make_response(page, 400 if error else 200)
    # The new token is in this page only: keep it out of every cache.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/tokens/<int:token_id>/revoke")
@login_required
def revoke(token_id: int):
    token = db.session.get(ApiToken, token_id)
    if token is None or token.user_id != g.user.id:
        abort(404, _("There is no such token."))
    name = token.name
    db.session.delete(token)
    db.session.commit()
    flash(_("The token “%(name)s” is revoked: scripts using it are refused from now on.", name=name), "ok")
    return redirect(url_for("tokens.tokens"))
