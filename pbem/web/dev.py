"""The dev mailbox of the embedded default: read the mail the service would have sent."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template
from sqlalchemy import select

from ..extensions import db
from ..models import Outbox

bp = Blueprint("dev", __name__, url_prefix="/dev")


@bp.before_request
def only_without_real_mail():
    # With a real MAIL_URL the mail went to real people: nobody may read it here.
    if current_app.config.get("MAIL_URL"):
        abort(404, "The dev mailbox exists only when no MAIL_URL is configured.")


@bp.route("/mailbox")
def mailbox():
    rows = db.session.scalars(select(Outbox).order_by(Outbox.id.desc()).limit(200)).all()
    return render_template("dev/mailbox.html", rows=rows)


@bp.route("/mailbox/<int:row_id>")
def message(row_id: int):
    row = db.session.get(Outbox, row_id) or abort(404, "No such mail.")
    return render_template("dev/message.html", row=row)
