"""The replay check: the stored moves, re-applied from the seed, must give the stored state."""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import func, select

from .. import engine
from ..extensions import db
from ..models import Game, Move


def replay(game: Game) -> list[str]:
    """Re-apply the stored moves from the seed; the differences from the stored state (empty: all good)."""
    rules = engine.get(game.slug)
    if game.state is None:
        return []
    state = rules.setup(game.num_seats, game.options, game.seed)
    problems = []
    moves: Iterable[Move] = db.session.scalars(
        select(Move).where(Move.game_id == game.id).order_by(Move.seq))
    expected = 1
    for move in moves:
        if move.seq != expected:
            problems.append(f"move seq {move.seq} found where {expected} was expected")
            expected = move.seq
        expected += 1
        try:
            parsed = rules.parse(move.text, state, move.seat)
            if [str(m) for m in parsed] != [move.text]:
                problems.append(f"move {move.seq} {move.text!r} parses as {[str(m) for m in parsed]}")
            for m in parsed:
                state, _events = rules.apply(state, move.seat, m)
        except engine.CommandError as exc:
            problems.append(f"move {move.seq} {move.text!r} by seat {move.seat} is refused: {exc.message}")
            return problems
    if state != game.state:
        problems.append("the replayed state differs from the stored state"
                        + "".join(f"\n  {k}" for k in _diff_keys(state, game.state)))
    count = db.session.scalar(select(func.count()).select_from(Move).where(Move.game_id == game.id))
    if count != game.version:
        problems.append(f"game version {game.version} but {count} moves stored")
    return problems


def state_at(game: Game, version: int) -> dict:
    """The game's state as it was after move `version`: the setup from the seed, then the stored moves."""
    rules = engine.get(game.slug)
    state = rules.setup(game.num_seats, game.options, game.seed)
    for text, seat in db.session.execute(select(Move.text, Move.seat).where(
            Move.game_id == game.id, Move.seq <= version).order_by(Move.seq)):
        for move in rules.parse(text, state, seat):
            state, _events = rules.apply(state, seat, move)
    return state


def _diff_keys(a, b, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            out += _diff_keys(a.get(k), b.get(k), f"{path}/{k}")
        return out
    return [] if a == b else [path or "/"]
