"""The daily digest: for a player who chose it instead of turn mails, one mail a day listing every game waiting on
them, each as its turn mail would tell it."""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import force_locale, ngettext
from sqlalchemy import select

from .. import outbox
from ..clock import now
from ..extensions import db
from ..models import Game, Outbox, Seat, User
from ..presentation.times import reader_locale, zone_of
from ..presentation.turn import commands_doc, turn_block
from .folding import fold
from .outbound import footer, list_headers, render, subject as mail_subject

DIGEST_HOUR = 7  # local time of the daily digest, in each player's own time zone


def waiting_seats(user: User) -> list[Seat]:
    """The seats of `user` that are asked to act now, in active games, oldest prompt first."""
    return list(db.session.scalars(
        select(Seat).join(Game).where(Seat.user_id == user.id, Game.status == "active",
                                      Seat.prompt_version.is_not(None), Seat.is_bot.is_(False))
        .order_by(Seat.waiting_since, Seat.id)))


def digest_due(user: User, moment: datetime) -> str | None:
    """The local date of the digest due for `user` at `moment` (DIGEST_HOUR has passed there), else None."""
    local = moment.replace(tzinfo=timezone.utc).astimezone(zone_of(user.timezone))
    return local.date().isoformat() if local.hour >= DIGEST_HOUR else None


def queue_digests(moment: datetime | None = None) -> int:
    """One digest per digest player with games waiting, once per local day after DIGEST_HOUR; the number queued."""
    moment = moment or now()
    users = db.session.scalars(
        select(User).where(User.digest.is_(True), User.email_status != "bounced",
                           User.id.in_(select(Seat.user_id).join(Game).where(
                               Game.status == "active", Seat.prompt_version.is_not(None),
                               Seat.is_bot.is_(False))))
        .order_by(User.id)).all()
    count = 0
    for user in users:
        day = digest_due(user, moment)
        if day is not None and queue_digest(user, day) is not None:
            count += 1
    return count


def queue_digest(user: User, day: str) -> Outbox | None:
    """The digest of `day` for `user`: every game waiting on them, each as in a turn mail."""
    key = f"digest:{user.id}:{day}"
    if db.session.scalar(select(Outbox.id).where(Outbox.dedupe_key == key)) is not None:
        return None  # rendering is the costly part: skip it when the day's digest exists
    seats = waiting_seats(user)
    if not seats:
        return None
    with force_locale(reader_locale(user)):
        blocks = [turn_block(seat.game, seat, user) for seat in seats]
        context = {"blocks": blocks, "user": user, "commands_doc": commands_doc(), **footer(user)}
        subject = ngettext("[pbem] %(num)s game is waiting for you", "[pbem] %(num)s games are waiting for you",
                           len(blocks))
        return outbox.store(key, "digest", user.email, subject=mail_subject(None, subject), text=fold(render("digest.txt", **context)),
                            html=render("digest.html", **context), user=user, status="pending",
                            headers={"Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All",
                                     **list_headers(user)})
