"""Vacations: a player's deadlines wait in every game, within a yearly allowance; the others are told."""
from __future__ import annotations

from sqlalchemy import select

from .. import outbox
from ..clock import now
from ..deadlines import VACATION_DAYS_PER_YEAR, deadline_after_pause, time_left, vacation_days, whole_days
from ..extensions import db
from ..models import Game, Seat, User
from .errors import PlayError
from .transaction import commit, lock, note, rolls_back


def on_vacation(user: User, moment) -> bool:
    return user.vacation_from is not None and user.vacation_until is not None and user.vacation_until > moment


def turn_clock_start(seat: Seat, moment):
    """When a new prompt's clock starts: now, or when the player's vacation ends."""
    if seat.user is not None and on_vacation(seat.user, moment):
        return seat.user.vacation_until
    return moment


def vacation_days_left(user: User, moment=None) -> int:
    """Days of vacation `user` may still take this (UTC) year."""
    moment = moment or now()
    used = user.vacation_days_used if user.vacation_year == moment.year else 0
    return max(0, vacation_allowance() - used)


def vacation_allowance() -> int:
    from flask import current_app

    return int(current_app.config.get("VACATION_DAYS_PER_YEAR", VACATION_DAYS_PER_YEAR))


def _active_games_of(user: User) -> list[Game]:
    """Every active game `user` plays in, locked, in id order (one order for every caller: no deadlock)."""
    ids = db.session.scalars(select(Seat.game_id).join(Game).where(
        Seat.user_id == user.id, Game.status == "active", Seat.is_bot.is_(False)).order_by(Seat.game_id)).all()
    return [lock(game_id) for game_id in ids]


def seat_of(game: Game, user: User) -> int | None:
    seat = game.seat_of(user)
    return seat.position if seat is not None else None


@rolls_back
def start_vacation(user: User, until, moment=None) -> list[Game]:
    """Pause `user`'s deadlines in every active game until `until`, within the yearly allowance; the games told.

    The pause shifts each waiting deadline by the vacation's length, and a prompt that comes
    during the vacation gets its clock started at its end; the other players are mailed.
    """
    moment = moment or now()
    user = db.session.execute(select(User).where(User.id == user.id).with_for_update()
                              .execution_options(populate_existing=True)).scalar_one()
    if on_vacation(user, moment):
        raise PlayError("you are already on vacation until %(until)s UTC; end it first",
                        until=f"{user.vacation_until:%Y-%m-%d %H:%M}")
    if until <= moment:
        raise PlayError("a vacation must end in the future")
    days = vacation_days(moment, until)
    left = vacation_days_left(user, moment)
    if days > left:
        raise PlayError("%(days)d days of vacation asked, %(left)d left this year", days=days, left=left)
    if user.vacation_year != moment.year:
        user.vacation_year, user.vacation_days_used = moment.year, 0
    user.vacation_days_used += days
    user.vacation_from, user.vacation_until = moment, until
    games = _active_games_of(user)
    for game in games:
        for seat in game.seats:
            if seat.user_id == user.id and seat.deadline is not None and not seat.is_bot:
                seat.deadline = deadline_after_pause(seat.deadline, moment, until, game.weekend_pause)
    for game in games:
        note(game, "vacation_start", seat_of(game, user), until=until.isoformat())
    outbox.vacation_notice(user, games, True, f"{user.id}:{moment:%Y%m%d%H%M%S}:start")
    commit()
    return games


@rolls_back
def end_vacation(user: User, moment=None) -> list[Game]:
    """End `user`'s vacation (early, or when it is over): deadlines run again; unused whole days come back."""
    moment = moment or now()
    user = db.session.execute(select(User).where(User.id == user.id).with_for_update()
                              .execution_options(populate_existing=True)).scalar_one()
    if user.vacation_from is None:
        db.session.rollback()
        return []
    started, until = user.vacation_from, user.vacation_until
    early = time_left(until, moment) if until is not None else None
    games = _active_games_of(user)
    if early:
        # Back early: take back the part of the pause not used (a prompt that came during the
        # vacation had its clock started at `until`, so this starts it now instead).
        for game in games:
            for seat in game.seats:
                if seat.user_id == user.id and seat.deadline is not None and not seat.is_bot:
                    seat.deadline = deadline_after_pause(seat.deadline, until, moment, game.weekend_pause)
        if user.vacation_year == moment.year:
            user.vacation_days_used = max(0, user.vacation_days_used - whole_days(early))
    user.vacation_until = min(until, moment) if until is not None else moment
    for game in games:
        note(game, "vacation_end", seat_of(game, user))
    outbox.vacation_notice(user, games, False, f"{user.id}:{started:%Y%m%d%H%M%S}:end")
    user.vacation_from = None
    commit()
    return games


def end_due_vacations(moment=None) -> int:
    """End every vacation whose time is up (the beat calls this); the number ended."""
    moment = moment or now()
    users = db.session.scalars(select(User).where(User.vacation_from.is_not(None),
                                                  User.vacation_until <= moment)).all()
    for user in users:
        end_vacation(user, moment)
    return len(users)
