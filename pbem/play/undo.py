"""`undo`: a seat takes back its own moves of this turn, while they revealed nothing and asked nobody.

An undo is a row of the move log like a move (text `undo`, the next seq, so `Game.version` only
grows and forms and mail keys made before it go stale); the moves it took back stay in the log,
marked with its seq in `Move.undone_by`. The state goes back to the one before the first move
taken back, recomputed from the seed (engines replay a whole game in milliseconds).

How far back: over the seat's latest standing moves, stopping at a move of another seat (a bot's
included), one the bot or the clock played for the seat, one the engine's `undo_barrier(events)`
says revealed something (dice, cards from a face-down pile), one that opened a round (the page
indexes rounds by it), and at any point after which another seat's prompts changed (it was asked,
or released). See docs/architecture.md, "Undo".
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from .. import engine, keywords
from ..extensions import db
from ..languages import N_
from ..models import Game, Move, Submission
from ..presentation.news import UNDO
from .errors import service_error
from .log import append_move
from .replay import state_at

LOOK_BACK = 200  # the newest moves an undo looks at: a turn is never that long

NOT_OFFERED = N_("%(game)s does not allow taking a move back: a move is final once applied")
ALONE = N_("write undo alone on its line: it takes back your moves since the start of your turn")
NOTHING = N_("you have no move to take back in this turn")
OTHER_PLAYED = N_("you have no move to take back: %(name)s has played since your last move")
CLOCK_PLAYED = N_("you have no move to take back: the bot played your last move when the deadline passed")
REVEALED = N_("your last move revealed what was hidden (dice rolled, or cards or tiles turned up), so it cannot be "
              "taken back")
ASKED = N_("your last move asked %(names)s to play, so it cannot be taken back")
UNREPLAYABLE = N_("the moves of your turn could not be replayed, so nothing was taken back; please tell the host")


@dataclass
class Reach:
    """The moves an undo would take back, oldest first; or, when there are none, why (a message and its values)."""

    moves: list[Move] = field(default_factory=list)
    refusal: str | None = None
    values: dict = field(default_factory=dict)


def undo_rest(line: str) -> str | None:
    """What follows the undo word of a line ("" for the word alone), in any of its languages; None: not an undo."""
    matched = keywords.match(line)
    return matched[1] if matched is not None and matched[0] == UNDO else None


def reach(game: Game, rules, seat: int) -> Reach:
    """How far `seat` could undo now, from the stored moves and prompts (no replay: cheap enough for each page)."""
    if rules.CAPABILITIES.undo_barrier is None:
        return Reach(refusal=NOT_OFFERED, values={"game": rules.NAME})
    moves: list[Move] = []
    stop = None
    for move in _newest_first(game):
        if move.undone_by is not None or (move.text == UNDO and move.seat == seat):
            continue  # already taken back, or this seat's own earlier undo: neither moved the game
        if move.seat != seat or move.text == UNDO or move.source in ("bot", "timeout") \
                or rules.CAPABILITIES.undo_barrier(move.events or ()) or move.opens_round is not None:
            stop = move
            break
        moves.append(move)
    moves.reverse()
    # A seat asked after a move we would take back has been mailed about it: stop after its prompt.
    asked = _asked_since(game, seat, moves[0].seq if moves else None)
    if asked:
        since = max(s.prompt_version for s in asked)
        moves = [m for m in moves if m.seq > since]
    if moves:
        return Reach(moves)
    if asked:
        return Reach(refusal=ASKED, values={"names": ", ".join(s.display_name for s in asked)})
    if stop is None:
        return Reach(refusal=NOTHING)
    if stop.seat != seat or stop.text == UNDO:
        other = game.seat_at(stop.seat)
        return Reach(refusal=OTHER_PLAYED, values={"name": other.display_name if other else str(stop.seat + 1)})
    if stop.source in ("bot", "timeout"):
        return Reach(refusal=CLOCK_PLAYED)
    return Reach(refusal=REVEALED)


def _asked_since(game: Game, seat: int, seq: int | None) -> list:
    """The other seats asked at move `seq` or later (and still asked)."""
    if seq is None:
        return []
    return [s for s in game.seats if s.position is not None and s.position != seat and s.prompt_version is not None
            and s.prompt_version >= seq]


def _newest_first(game: Game):
    """The game's newest LOOK_BACK moves, newest first, read a few at a time (the walk usually stops at once)."""
    upto = game.version
    for size in (8, 32, LOOK_BACK - 40):
        rows = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq <= upto, Move.seq > upto - size)
                                  .order_by(Move.seq.desc())).all()
        yield from rows
        upto -= size
        if upto <= 0:
            return


def offer(game: Game, seat: int | None) -> int:
    """How many moves an undo by `seat` would take back now, as far as the page can tell (0: no undo to offer)."""
    if seat is None or game.status != "active":
        return 0
    return len(reach(game, engine.get(game.slug), seat).moves)


def take_back(game: Game, rules, seat: int, line: str, source: str, submission: Submission | None) -> dict:
    """Undo `seat`'s moves of this turn (the line is an undo) and append the undo row; the state it returns to.

    Raises engine.CommandError, worded for the reader, when there is nothing `seat` may take back.
    """
    if undo_rest(line):
        raise service_error(ALONE, line)
    found = reach(game, rules, seat)
    if found.refusal is not None:
        raise service_error(found.refusal, line, **found.values)
    # Replay the turn from the state before it: the undo goes back only to a point after which the
    # other seats were asked exactly what they are asked now (nobody was asked, nobody released).
    states = [state_at(game, found.moves[0].seq - 1)]
    for move in found.moves:
        state = states[-1]
        try:
            for parsed in rules.parse(move.text, state, seat):
                state, _events = rules.apply(state, seat, parsed)
        except engine.CommandError:
            raise service_error(UNREPLAYABLE, line) from None
        states.append(state)
    if states[-1] != game.state:
        raise service_error(UNREPLAYABLE, line)

    def others(state) -> list:
        return sorted((p.seat, p.kind) for p in rules.pending(state) if p.seat != seat)

    now = others(game.state)
    back = len(states) - 1
    while back > 0 and others(states[back - 1]) == now:
        back -= 1
    if back == len(states) - 1:
        changed = sorted({s for s, _kind in set(now) ^ set(others(states[-2]))})
        shown = [game.seat_at(s).display_name for s in changed if game.seat_at(s)] or ["?"]
        raise service_error(ASKED, line, names=", ".join(shown))
    undone = found.moves[back:]
    game.state = states[back]
    row = append_move(game, rules, seat, UNDO, source,
                      [{"kind": UNDO, "seat": seat, "moves": [m.seq for m in undone]}], submission)
    for move in undone:
        move.undone_by = row.seq
    return game.state
