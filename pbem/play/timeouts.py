"""What the clock makes due (the beat's scan): the host's timeout policy, reminders, vacations ending, digests."""
from __future__ import annotations

import random

from sqlalchemy import select

from .. import engine, outbox
from ..clock import now
from ..deadlines import deadline_after, reminder_due
from ..extensions import db
from ..models import Game, Seat
from .moves import MAX_BOT_MOVES, Waits, advance, play_move
from .transaction import commit, lock, note, rolls_back
from .vacations import end_due_vacations, on_vacation


def due_seats(moment) -> list[tuple[int, int]]:
    """(game id, seat) of every human seat whose deadline has passed, oldest first."""
    rows = db.session.execute(
        select(Seat.game_id, Seat.position).join(Game)
        .where(Game.status == "active", Seat.deadline <= moment, Seat.is_bot.is_(False))
        .order_by(Seat.deadline)).all()
    return [(g, s) for g, s in rows]


@rolls_back
def expire_turn(game_id: int, seat: int, moment=None) -> str | None:
    """Apply the host's timeout policy to a seat whose deadline passed; what was done (None: nothing was due).

    Safe to run twice: it re-checks the deadline under the game lock.
    """
    moment = moment or now()
    game = lock(game_id)
    row = game.seat_at(seat)
    if game.status != "active" or row is None or row.is_bot or row.deadline is None or row.deadline > moment:
        db.session.rollback()
        return None
    rules = engine.get(game.slug)
    name = row.display_name
    played: list[str] = []
    replaced = False
    if row.extensions_used < game.timeout_extensions:
        row.extensions_used += 1
        row.deadline = deadline_after(moment, game.turn_seconds, game.weekend_pause)
        row.reminded = 0
        done = f"{name} did not move in time: the deadline is extended to {row.deadline:%Y-%m-%d %H:%M} UTC " \
               f"(extension {row.extensions_used} of {game.timeout_extensions})"
    else:
        waits = Waits(game)
        # The bot answers this seat's whole prompt: every decision it is asked in a row.
        for _ in range(MAX_BOT_MOVES):
            move = rules.CAPABILITIES.deadline_move(game.state, seat) if rules.CAPABILITIES.deadline_move \
                else rules.bot_move(game.state, seat, random.Random(f"{game.seed}:{game.version}"))
            play_move(game, rules, seat, move, "timeout", waits)
            played.append(str(move))
            if waits.asked.get(seat) != row.prompt_version:
                break
        row.timeouts += 1
        done = f"{name} did not move in time: the bot played {'; '.join(played)}"
        if row.timeouts >= game.replace_after:
            row.is_bot = True
            row.replaced = True
            replaced = True
            done += f". After {row.timeouts} missed turns the bot takes over {name}'s seat for good"
        advance(game, rules, waits)
    if played:
        note(game, "bot_played", seat, moves=played, replaced=replaced, timeouts=row.timeouts)
    else:
        note(game, "extended", seat, deadline=row.deadline.isoformat(), n=row.extensions_used,
              of=game.timeout_extensions)
    outbox.timeout_notice(game, row, f"timeout:{game.id}:{seat}:{game.version}:{row.extensions_used}",
                          extended=not played, played=played, replaced=replaced)
    commit()
    return done


def send_reminders(moment=None) -> int:
    """Queue the reminders that are due (24 h and 4 h before a deadline); the number queued.

    Players on vacation get none: their deadlines wait, and the reminders come after.
    """
    moment = moment or now()
    seats = db.session.scalars(
        select(Seat).join(Game).where(Game.status == "active", Seat.deadline.is_not(None),
                                      Seat.is_bot.is_(False), Seat.reminded < 2)
        .with_for_update(of=Seat, skip_locked=True)).all()
    count = 0
    for seat in seats:
        if seat.user is not None and on_vacation(seat.user, moment):
            continue
        if reminder_due(seat.deadline, seat.reminded, moment):
            seat.reminded += 1
            if seat.user is not None and seat.user.reminders:
                outbox.reminder(seat.game, seat)
                count += 1
    commit()
    return count


def scan(moment=None, digests=None) -> dict:
    """Everything the clock makes due, for the beat: timeouts, reminders, vacations ending, and daily digests
    (`digests(moment) -> how many`, the mail package's: the tasks pass it).

    Each step is safe to run twice (row locks and dedupe keys); a PostgreSQL advisory lock
    keeps two overlapping scans from doing the same work at once.
    """
    moment = moment or now()
    done = {"expired": 0, "reminders": 0, "vacations": 0, "digests": 0, "skipped": False}
    with _ScanLock() as mine:
        if not mine:
            done["skipped"] = True
            return done
        for game_id, seat in due_seats(moment):
            if expire_turn(game_id, seat, moment):
                done["expired"] += 1
        done["vacations"] = end_due_vacations(moment)
        done["reminders"] = send_reminders(moment)
        done["digests"] = digests(moment) if digests is not None else 0
        commit()
    return done


class _ScanLock:
    """A session-level advisory lock on its own connection (PostgreSQL); elsewhere always granted."""

    KEY = 0x70626D73  # "pbms"

    def __enter__(self) -> bool:
        self.conn = None
        if db.engine.dialect.name != "postgresql":
            return True
        self.conn = db.engine.connect()
        got = self.conn.exec_driver_sql(f"SELECT pg_try_advisory_lock({self.KEY})").scalar()
        self.conn.commit()
        return bool(got)

    def __exit__(self, *exc) -> None:
        if self.conn is not None:
            self.conn.exec_driver_sql(f"SELECT pg_advisory_unlock({self.KEY})")
            self.conn.commit()
            self.conn.close()
