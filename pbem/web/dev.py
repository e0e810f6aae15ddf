"""The dev mailbox of the embedded default: read the mail the service would have sent, and answer it."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, formatdate, make_msgid

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from .. import health
from ..extensions import db
from ..mail.report import HELD_BACK
from ..models import InboundMessage, Outbox

bp = Blueprint("dev", __name__, url_prefix="/dev")
MAX_REPLY = 20_000


@bp.before_request
def only_without_real_mail():
    # With a real MAIL_URL the mail went to real people: nobody may read it here.
    if current_app.config.get("MAIL_URL"):
        abort(404, _("The dev mailbox exists only when no MAIL_URL is configured."))


def _row(row_id: int) -> Outbox:
    row = db.session.get(Outbox, row_id) if 0 < row_id < 2**62 else None
    if row is None:
        abort(404, _("There is no such mail."))
    return row


def reply_to(row: Outbox) -> str:
    """Where a reply to `row` goes: its Reply-To, else the service's sender address."""
    return row.headers.get("Reply-To") or current_app.config["MAIL_FROM"]


def build_reply(row: Outbox, text: str) -> bytes:
    """The MIME reply a mail client would send: from the recipient, threaded, the original quoted below."""
    msg = EmailMessage()
    msg["From"] = row.to_address
    msg["To"] = reply_to(row)
    msg["Subject"] = row.subject if row.subject.lower().startswith("re:") else f"Re: {row.subject}"
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain="dev-mailbox." + current_app.config["INBOUND_DOMAIN"])
    msg["In-Reply-To"] = row.message_id
    references = row.headers.get("References")
    msg["References"] = f"{references} {row.message_id}" if references and row.message_id not in references \
        else row.message_id
    sent = format_datetime(row.sent_at or row.created_at)
    quoted = "\n".join(f"> {line}" if line else ">" for line in row.text.splitlines())
    msg.set_content(f"{text.strip()}\n\nOn {sent}, {current_app.config['MAIL_FROM']} wrote:\n{quoted}\n")
    return msg.as_bytes()


@bp.route("/mailbox")
def mailbox():
    rows = db.session.scalars(select(Outbox).order_by(Outbox.id.desc()).limit(200)).all()
    # Mail that got no answer because a cap held it back: nothing is in the list above for it.
    held = db.session.scalars(select(InboundMessage).where(InboundMessage.detail.contains(HELD_BACK))
                              .order_by(InboundMessage.id.desc()).limit(50)).all()
    return render_template("dev/mailbox.html", rows=rows, held=held, health=health.report())


@bp.route("/mailbox/<int:row_id>")
def message(row_id: int):
    row = _row(row_id)
    return render_template("dev/message.html", row=row, reply_address=reply_to(row))


@bp.post("/mailbox/<int:row_id>/reply")
def reply(row_id: int):
    """Send a reply through the real inbound path, as if the recipient's mail client had sent it."""
    row = _row(row_id)
    text = request.form.get("text", "")
    if not text.strip() or len(text) > MAX_REPLY:
        return render_template("dev/message.html", row=row, reply_address=reply_to(row), text=text[:MAX_REPLY],
                               error=_("Write the reply (up to %(n)d characters) above the quoted mail.",
                                       n=MAX_REPLY)), 400
    try:
        from ..mail.inbound import receive  # the inbound path: decode, classify, find the seat, submit
    except ImportError:
        abort(503, _("This installation cannot read incoming mail yet, so a reply cannot be delivered."))
    result = receive(build_reply(row, text), source="dev")
    detail = getattr(result, "detail", None) or getattr(result, "outcome", None) \
        or (result if isinstance(result, str) else "")
    flash(_("Your reply was delivered as mail from %(sender)s. %(detail)s Any answer is in the mailbox.",
            sender=row.to_address, detail=detail), "ok")
    return redirect(url_for("dev.mailbox"))
