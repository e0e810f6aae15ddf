"""The move log: appending a row (an engine move's or an undo's) under the game's lock, with what the pages index
it by."""
from __future__ import annotations

from .. import outbox
from ..clock import now
from ..extensions import db
from ..models import Game, Move, Submission


def append_move(game: Game, rules, seat: int, text: str, source: str, events: list,
                submission: Submission | None = None) -> Move:
    """The log's next row (an engine move's, or an undo's); the game's version grows by one."""
    game.version += 1
    if source in outbox.AT_THE_TABLE:
        game.seat_at(seat).table_move_at = now()  # its turn mails wait a while (outbox.held_until)
    # Scores after the move, for the score-over-time chart (games without a score track keep None).
    scores = rules.CAPABILITIES.scores(game.state) if rules.CAPABILITIES.scores else None
    move = Move(game_id=game.id, seq=game.version, seat=seat, text=text, source=source, events=events,
                submission=submission, scores=scores, opens_round=_opened(events))
    db.session.add(move)
    return move


def _opened(events: list) -> int | None:
    """The round the last "round" event of a move opens, if any (the game page finds rounds by it)."""
    opened = [ev["round"] for ev in events if ev.get("kind") == "round" and "round" in ev]
    return opened[-1] if opened else None
