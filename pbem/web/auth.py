"""Passwordless sign-in (an emailed, signed, expiring, single-use link) and the sessions it opens."""
from __future__ import annotations

import secrets
from datetime import timedelta
from functools import wraps

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from .. import addresses, tokens
from ..clock import now
from ..extensions import db
from ..mail import bounces, outbound
from ..models import UsedToken, User
from .redirects import safe_next

bp = Blueprint("auth", __name__)


def login_required(view):
    """Send anonymous visitors to the sign-in page, coming back afterwards."""
    @wraps(view)
    def wrapped(*args, **kwargs):
        if g.user is None:
            return redirect(url_for("auth.signin", next=safe_next(request.path)))
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


# --- sessions --------------------------------------------------------------------
# The session cookie is signed, not stored: to end it before it expires, the server keeps what no longer
# counts. A signed-out session's id is spent (a used_tokens row); "sign out everywhere" raises the user's
# session generation, which every older cookie still carries.

def _spent(sid: str) -> str:
    return f"session:{sid}"


def start_session(user: User) -> None:
    """Sign `user` in on this browser: a fresh session (never one an attacker set) of the current generation."""
    session.clear()
    session["uid"] = user.id
    session["gen"] = user.session_generation
    session["sid"] = secrets.token_urlsafe(16)
    session.permanent = True


def session_user() -> User | None:
    """The signed-in user of this request, or None (and the cookie cleared) when the session was ended."""
    uid, sid = session.get("uid"), session.get("sid")
    if not uid:
        return None
    user = db.session.get(User, uid) if isinstance(uid, int) else None
    if user is None or not isinstance(sid, str) or session.get("gen") != user.session_generation \
            or db.session.get(UsedToken, _spent(sid)) is not None:
        session.clear()
        return None
    return user


def end_session() -> None:
    """Sign this browser out for good: a copy of its cookie opens nothing afterwards."""
    sid = session.get("sid")
    if isinstance(sid, str):
        # Spent ids matter only while such a cookie could still be valid.
        oldest = now() - current_app.permanent_session_lifetime - timedelta(days=1)
        db.session.execute(delete(UsedToken).where(UsedToken.nonce.like("session:%"), UsedToken.used_at < oldest))
        if db.session.get(UsedToken, _spent(sid)) is None:
            db.session.add(UsedToken(nonce=_spent(sid)))
        db.session.commit()
    session.clear()


def end_all_sessions(user: User) -> None:
    """Sign `user` out on every browser: each cookie issued so far carries an older generation."""
    user.session_generation += 1
    db.session.commit()
    session.clear()


# --- the sign-in link --------------------------------------------------------------

def signin_link(email: str, next_path: str | None) -> str:
    """The sign-in link mailed to `email`: built from its parts, so request text is only ever an encoded value."""
    token, _nonce = tokens.signin_token(email)
    return current_app.config["BASE_URL"] + url_for("auth.confirm", token=token, next=safe_next(next_path))


def requested_address(text: str) -> str:
    """The address a sign-in link asked for with `text` is mailed to (BadAddress when none). The rate limit
    per address keys on it too (web/rate_limits.py), so every spelling of one mailbox shares one budget."""
    return addresses.normalise(text.strip().lower())


@bp.route("/signin", methods=["GET", "POST"])
def signin():
    error = None
    email = request.form.get("email", "").strip().lower()
    next_path = safe_next(request.args.get("next") or request.form.get("next"))
    if request.method == "POST":
        try:
            email = requested_address(email)
        except addresses.BadAddress as exc:
            error = _("Please enter an email address such as name@example.com.") + " " + exc.why
        else:
            outbound.queue_signin(email, signin_link(email, next_path))
            db.session.commit()
            return render_template("auth/sent.html", email=email)
    return render_template("auth/signin.html", error=error, email=email, next=next_path or ""), \
        (400 if error else 200)


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
    # Where to go is settled before the link is spent: nothing after the spending can fail on request text.
    destination = safe_next(request.args.get("next")) or url_for("dashboard.index")
    try:
        db.session.add(UsedToken(nonce=payload["n"]))
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return render_template("auth/signin.html", error=_("This link was already used: ask for a new one."),
                               email=payload["e"], next=""), 400
    user = find_or_create_user(payload["e"])
    bounces.clear(user, "signed in with a link mailed to the address")  # so the address receives mail
    db.session.commit()
    start_session(user)
    return redirect(destination)


@bp.post("/signout")
def signout():
    end_session()
    flash(_("You are signed out."), "ok")
    return redirect(url_for("dashboard.index"))
