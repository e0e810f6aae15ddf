"""Passwordless sign-in: an emailed, signed, expiring, single-use link."""
from __future__ import annotations

from functools import wraps

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .. import addresses, tokens
from ..extensions import db
from ..mail import outbound
from ..models import UsedToken, User
from ..tasks import kick_delivery

bp = Blueprint("auth", __name__)


def login_required(view):
    """Send anonymous visitors to the sign-in page, coming back afterwards."""
    @wraps(view)
    def wrapped(*args, **kwargs):
        if g.user is None:
            return redirect(url_for("auth.signin", next=request.path))
        return view(*args, **kwargs)
    return wrapped


def find_or_create_user(email: str) -> User:
    """The user with this address, created on first sign-in with a name from the address."""
    email = email.strip().lower()
    user = db.session.scalar(select(User).where(User.email == email))
    if user is None:
        user = User(email=email, name=email.split("@")[0][:80])
        db.session.add(user)
        db.session.flush()
    return user


@bp.route("/signin", methods=["GET", "POST"])
def signin():
    error = None
    email = request.form.get("email", "").strip().lower()
    if request.method == "POST":
        try:
            email = addresses.normalise(email)
        except addresses.BadAddress as exc:
            error = _("Please enter an email address such as name@example.com.") + " " + exc.why
        else:
            token, _nonce = tokens.signin_token(email)
            next_path = request.args.get("next") or request.form.get("next") or ""
            link = f"{current_app.config['BASE_URL']}{url_for('auth.confirm', token=token)}"
            if next_path.startswith("/") and not next_path.startswith("//"):
                link += "?next=" + next_path
            outbound.queue_signin(email, link)
            db.session.commit()
            kick_delivery()
            return render_template("auth/sent.html", email=email)
    return render_template("auth/signin.html", error=error, email=email,
                           next=request.args.get("next", "")), (400 if error else 200)


@bp.route("/signin/<token>", methods=["GET", "POST"])
def confirm(token: str):
    """GET only shows a button (mail scanners open links); the POST spends the link."""
    try:
        payload = tokens.unsign("signin", token, current_app.config["SIGNIN_MAX_AGE"])
    except tokens.BadToken as exc:
        error = _("This link has expired: ask for a new one.") if "expired" in str(exc) \
            else _("This link is not valid: ask for a new one.")
        return render_template("auth/signin.html", error=error, email="", next=""), 400
    if request.method == "GET":
        return render_template("auth/confirm.html", email=payload["e"])
    try:
        db.session.add(UsedToken(nonce=payload["n"]))
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return render_template("auth/signin.html", error=_("This link was already used: ask for a new one."),
                               email=payload["e"], next=""), 400
    user = find_or_create_user(payload["e"])
    db.session.commit()
    session.clear()
    session["uid"] = user.id
    session.permanent = True
    next_path = request.args.get("next", "")
    if not next_path.startswith("/") or next_path.startswith("//"):
        next_path = url_for("dashboard.index")
    return redirect(next_path)


@bp.post("/signout")
def signout():
    session.clear()
    flash(_("You are signed out."), "ok")
    return redirect(url_for("dashboard.index"))
