"""One-click unsubscribe (RFC 8058) from every mail but turn mails, authenticated by a signed token."""
from __future__ import annotations

from flask import Blueprint, abort, render_template

from .. import tokens
from ..extensions import csrf, db
from ..mail import outbound
from .errors import bad_link

bp = Blueprint("unsubscribe", __name__)


def _user(token: str):
    try:
        return outbound.read_unsubscribe_token(token)
    except tokens.BadToken as exc:
        abort(404, bad_link(exc))


@bp.get("/unsubscribe/<token>")
def confirm(token: str):
    """The confirm page: opening the link changes nothing (mail scanners open every link)."""
    return render_template("unsubscribe/confirm.html", user=_user(token), token=token)


# Exempt from CSRF: mail providers POST here with only the RFC 8058 body, and the signed token
# in the path is what authenticates the request.
@bp.post("/unsubscribe/<token>")
@csrf.exempt
def one_click(token: str):
    """Turn off every mail but turn mails, digests, reminders and sign-in links."""
    user = _user(token)
    outbound.unsubscribe(user)
    db.session.commit()
    return render_template("unsubscribe/done.html", user=user)
