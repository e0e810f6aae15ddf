"""Bounces and complaints: which reports prove they answer our mail, what they mark on an address, and clearing it.

The policy (docs/mail.md, "Bounces and complaints"): a proven hard bounce marks the address
"bounced" (only sign-in links go, until the player signs in or says in settings that it works
again); a proven complaint marks it "complained" (optional mail stops; turn mails, digests,
reminders and sign-in links still go); soft bounces are counted and shown but stop nothing.
A report that does not prove it answers a mail we sent to that address changes nothing.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable

from sqlalchemy import select

from .. import outbox, tokens
from ..clock import now
from ..extensions import db
from ..models import Outbox, User
from .classify import Bounce

log = logging.getLogger(__name__)


def answered_mail(bounce: Bounce, recipients: Iterable[str]) -> Outbox | None:
    """The mail we sent that a report proves to be about, or None when it proves nothing.

    Proof is either the report being addressed to the signed return path (VERP) of one sent
    outbox row, or it quoting the Message-ID of a mail we sent; in both cases to the address
    the report names, when it names one. Anyone can write a report naming any address; only
    the receiving server of our mail knows its return path and Message-ID.
    """
    named = (bounce.recipient or "").strip().lower() or None

    def fits(row: Outbox | None) -> bool:
        return (row is not None and row.sent_at is not None
                and (named is None or row.to_address.strip().lower() == named))

    for address in recipients:
        outbox_id = tokens.find_bounce_token(address)
        row = db.session.get(Outbox, outbox_id) if outbox_id is not None else None
        if fits(row):
            return row
    if bounce.original_message_id:
        rows = db.session.scalars(select(Outbox).where(Outbox.message_id == bounce.original_message_id,
                                                       Outbox.sent_at.is_not(None)).order_by(Outbox.id)).all()
        return next((row for row in rows if fits(row)), None)
    return None


def note_bounce(user: User, hard: bool, detail: str) -> None:
    """Record a proven bounce: a hard one marks the address "bounced"; a soft one is counted and shown only.

    Soft bounces (a full mailbox, a server busy for now) never stop mail: the next one may go
    through, and a player who gets no turn mail loses their game unseen. The caller commits.
    """
    detail = detail[:1900]
    if hard:
        user.email_status = "bounced"
        user.email_status_detail = detail
    else:
        user.soft_bounces += 1
        if user.email_status == "ok":
            user.email_status_detail = f"{user.soft_bounces} soft bounce(s) in a row; last: {detail}"
    user.email_status_at = now()
    log.info("bounce for %s (%s): %s", user.email, "hard" if hard else "soft", detail[:200])


def note_complaint(user: User, detail: str) -> None:
    """Record a proven spam complaint: only mail the player cannot do without still goes. The caller commits."""
    if user.email_status != "bounced":
        user.email_status = "complained"
        user.email_status_detail = detail[:2000]
    user.email_status_at = now()


def record_bounce(address: str, hard: bool, detail: str) -> User | None:
    """note_bounce for the user with `address` (a proven report); the user, or None when there is none."""
    user = outbox.user_by_address(address)
    if user is not None:
        note_bounce(user, hard, detail)
    return user


def record_complaint(address: str, detail: str) -> User | None:
    """note_complaint for the user with `address` (a proven report); the user, or None when there is none."""
    user = outbox.user_by_address(address)
    if user is not None:
        note_complaint(user, detail)
    return user


def record_reachable(address: str) -> User | None:
    """Mail came from `address` (a signed reply): the soft-bounce count starts again. The caller commits."""
    user = outbox.user_by_address(address)
    if user is not None:
        user.soft_bounces = 0
    return user


def clear(user: User, why: str) -> bool:
    """The address works again (the player signed in with a link mailed to it, or said so): all mail resumes.

    Whether there was anything to clear. The caller commits.
    """
    if user.email_status == "ok" and not user.soft_bounces:
        return False
    log.info("mail status of %s (%s) cleared: %s", user.email, user.email_status, why)
    user.email_status, user.email_status_detail, user.email_status_at, user.soft_bounces = "ok", None, None, 0
    return True
