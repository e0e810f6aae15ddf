"""The news since a seat last moved, and lines of the log as a reader reads them (undo rows included), and what
became of a seat's queued lines."""
from __future__ import annotations

from flask_babel import gettext, ngettext
from sqlalchemy import Integer, bindparam, func, select
from sqlalchemy.orm import object_session

from .. import engine
from ..extensions import db
from ..models import Game, Move, Seat
from .words import seat_names, shown_commands, told_moves

UNDO = "undo"  # the text of an undo row and the kind of its one event (no engine has a move written so)


# A turn mail tells at most what happened in the last HISTORY_MOVES moves: a seat that has not
# moved for long gets the recent news, and the mail costs the same at move 100 and 100,000.
HISTORY_MOVES = 200


def _news_query():
    """The moves after the seat's newest move since `oldest` (else after `oldest`), newest first: built once, since
    building the statement cost more than running it."""
    game, oldest = bindparam("game", type_=Integer), bindparam("oldest", type_=Integer)
    own = (select(func.max(Move.seq)).where(Move.game_id == game, Move.seat == bindparam("seat", type_=Integer),
                                            Move.seq > oldest).scalar_subquery())
    return (select(Move.events, Move.undone_by).where(Move.game_id == game, Move.seq > func.coalesce(own, oldest))
            .order_by(Move.seq.desc()).limit(HISTORY_MOVES))


_NEWS = _news_query()


def describe(rules, ev: dict, viewer: int | None, locale: str, names) -> str:
    """One line for a logged event, as the game describes it, or the service for an undo row's event."""
    if ev.get("kind") != UNDO:
        return rules.describe(ev, viewer, locale, names)
    seat = ev.get("seat")
    n = len(ev.get("moves", ()))
    if seat is not None and seat == viewer:  # the reader's own undo: "You", as the game's lines say it
        return ngettext("You took back %(num)d move", "You took back %(num)d moves", n)
    name = names[seat] if names and seat is not None and 0 <= seat < len(names) else "?"
    return ngettext("%(name)s took back %(num)d move", "%(name)s took back %(num)d moves", n, name=name)


def news_lines(game: Game, seat: Seat, locale: str, limit: int = 60) -> list[str]:
    """The engine's last `limit` lines for the moves since `seat` last moved, as it sees them, from one query."""
    return news(game, seat, locale, limit)[1]


def news(game: Game, seat: Seat, locale: str, limit: int = 60) -> tuple[list[str], list[str]]:
    """What was done against `seat` since it last moved (events another seat played `on` it: an aggression and
    how it ended, a war, even when it was not asked: a tie that held, a standing order's defence), then the
    engine's last `limit` lines for those moves, as it sees them, from one query.

    News starts after the seat's newest move among the last HISTORY_MOVES (else where they begin).
    """
    # In the game's own session: the mail is written in a session of its own (mail/writing.py).
    session = object_session(game) or db.session
    rows = session.execute(_NEWS, {"game": game.id, "seat": seat.position,
                                   "oldest": max(0, game.version - HISTORY_MOVES)}).all()
    rules, names = engine.get(game.slug), seat_names(game)
    # Moves taken back are left out: the undo's own line says so.
    told = [(ev, describe(rules, ev, seat.position, locale, names))
            for events, undone_by in rows[::-1] if undone_by is None for ev in events or ()]
    against = [ev is not None and line and ev.get("on") == seat.position and ev.get("seat") != seat.position
               for ev, line in told]
    # What was done against the seat is told first, and not again among the rest.
    return ([line for (_, line), first in zip(told, against) if first][-limit:],
            [line for (_, line), first in zip(told, against) if line and not first][-limit:])


def held_text(lines: list[str], waiting_for: list[str]) -> str:
    """Lines held for later, in the current locale: behind other seats' answers, or until the seat is asked for
    them (a discard or an event's choice first, a later step of its turn or round)."""
    if waiting_for:
        return gettext("queued until %(names)s answers: %(lines)s", names=", ".join(waiting_for),
                       lines="; ".join(lines))
    return gettext("held until you are asked for them (answer what you are asked now first): %(lines)s",
                   lines="; ".join(lines))


QUEUED_LEGAL_SHOWN = 24  # legal commands listed after a queued line failed


def queued_text(results: list[dict], locale: str, game: Game | None = None, position: int | None = None) -> str:
    """What became of a seat's queued lines, in the current locale: for each {lines, outcome} (outcome: an
    Outcome's dict, None when dropped because the turn they were written for is over) what was applied, what
    failed (with what it may send, players named when `game` and the seat's `position` are given), what waits
    again. Paragraphs are separated by a blank line."""
    parts = []
    for result in results:
        outcome = result["outcome"]
        meanwhile = _meanwhile(game, position, result.get("since"), (outcome or {}).get("version"), locale)
        if meanwhile:
            parts.append(gettext("Meanwhile:") + "\n" + "\n".join(f"- {line}" for line in meanwhile))
        if outcome is None:
            parts.append(gettext("Your queued lines were dropped: the turn they were written for is over: %(lines)s",
                                 lines="; ".join(result["lines"])))
            continue
        applied = outcome.get("applied", [])
        if applied:
            applied = told_moves(game, applied) if game is not None else applied
            parts.append(gettext("Your queued lines were applied: %(moves)s", moves="; ".join(applied)))
        if outcome.get("error") is not None:
            legal = outcome.get("legal", [])[:QUEUED_LEGAL_SHOWN]
            if game is not None and position is not None:
                legal = shown_commands(game, position, legal)
            why = outcome.get("error_local", {}).get(locale, outcome["error"])
            parts.append(gettext("Your queued line \"%(line)s\" failed (%(why)s); the lines after it were not "
                                 "applied. You can send: %(legal)s", line=outcome.get("failed_line"),
                                 why=why, legal="; ".join(legal)))
        if outcome.get("queued"):
            parts.append(held_text(outcome["queued"], outcome.get("queued_for", [])))
    return "\n\n".join(parts)


MEANWHILE_LINES = 20  # what others did while a seat's lines waited, told with them (the newest)


def _meanwhile(game: Game | None, position: int | None, since: int | None, until: int | None,
               locale: str) -> list[str]:
    """What the other seats' moves did between `since` and `until` (None: now), as `position` sees it: the
    defence that answered an aggression, the event's choices, before the attacker's own lines run."""
    if game is None or position is None or since is None:
        return []
    session = object_session(game) or db.session
    query = (select(Move.events).where(Move.game_id == game.id, Move.seq > since, Move.seat != position,
                                       Move.undone_by.is_(None))
             .order_by(Move.seq.desc()).limit(MEANWHILE_LINES))
    if until is not None:
        query = query.where(Move.seq <= until)
    rules, names = engine.get(game.slug), seat_names(game)
    lines = [describe(rules, ev, position, locale, names) for events in session.scalars(query).all()[::-1]
             for ev in events or ()]
    return [line for line in lines if line][-MEANWHILE_LINES:]
