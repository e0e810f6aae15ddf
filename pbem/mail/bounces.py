"""Bounces and complaints: what the inbound side learns about an address, and what it stops."""
from __future__ import annotations

import logging

from sqlalchemy import func, select

from ..clock import now
from ..extensions import db
from ..models import User

log = logging.getLogger(__name__)
SOFT_BOUNCE_LIMIT = 3  # soft bounces in a row that count as a hard one


def _user_by_address(address: str) -> User | None:
    return db.session.scalar(select(User).where(func.lower(User.email) == address.strip().lower()))


def record_bounce(address: str, hard: bool, detail: str) -> User | None:
    """Note a bounce for `address`: a hard one, or SOFT_BOUNCE_LIMIT soft ones in a row, marks it "bounced".

    The caller commits. Returns the user, or None when no user has that address.
    """
    user = _user_by_address(address)
    if user is not None:
        note_bounce(user, hard, detail)
    return user


def note_bounce(user: User, hard: bool, detail: str) -> None:
    if not hard:
        user.soft_bounces += 1
    if hard or user.soft_bounces >= SOFT_BOUNCE_LIMIT:
        user.email_status = "bounced"
        user.email_status_at = now()
        user.email_status_detail = (detail if hard else
                                    f"{user.soft_bounces} soft bounces in a row; last: {detail}")[:2000]
    log.info("bounce for %s (%s): %s", user.email, "hard" if hard else "soft", detail[:200])


def record_complaint(address: str, detail: str) -> User | None:
    """Note a spam complaint for `address`: it is marked "complained" and gets only mail it cannot do without."""
    user = _user_by_address(address)
    if user is None:
        return None
    if user.email_status != "bounced":
        user.email_status = "complained"
    user.email_status_at = now()
    user.email_status_detail = detail[:2000]
    return user


def record_reachable(address: str) -> User | None:
    """Mail came from `address` (a reply, a sign-in): the soft-bounce count starts again. The caller commits."""
    user = _user_by_address(address)
    if user is not None:
        user.soft_bounces = 0
    return user
