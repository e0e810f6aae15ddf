"""The replay check: the stored moves, re-applied from the seed, must give the stored state."""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import func, select

from .. import engine
from ..extensions import db
from ..models import Game, Move
from ..presentation.news import UNDO


def replay(game: Game) -> list[str]:
    """Re-apply the stored moves from the seed; the differences from the stored state (empty: all good).

    Moves an undo took back are left out and each undo row must list exactly the moves marked with its seq.
    """
    rules = engine.get(game.slug)
    if game.state is None:
        return []
    state = rules.setup(game.num_seats, game.options, game.seed)
    problems = []
    moves: Iterable[Move] = db.session.scalars(
        select(Move).where(Move.game_id == game.id).order_by(Move.seq))
    expected = 1
    undone: dict[int, int] = {}  # move seq -> the seq of the undo row that must list it
    for move in moves:
        if move.seq != expected:
            problems.append(f"move seq {move.seq} found where {expected} was expected")
            expected = move.seq
        expected += 1
        if move.undone_by is not None:
            if move.undone_by <= move.seq:
                problems.append(f"move {move.seq} is marked undone by move {move.undone_by}, which is not later")
            undone[move.seq] = move.undone_by
            continue  # an undo takes back only moves that revealed nothing: the state never saw them
        if move.text == UNDO:
            listed = {seq for ev in move.events or () if ev.get("kind") == UNDO for seq in ev.get("moves", ())}
            marked = {seq for seq, by in undone.items() if by == move.seq}
            if listed != marked or not listed:
                problems.append(f"undo {move.seq} lists moves {sorted(listed)} but {sorted(marked)} are marked "
                                f"undone by it")
            continue
        try:
            parsed = rules.parse(move.text, state, move.seat)
            if [str(m) for m in parsed] != [move.text]:
                problems.append(f"move {move.seq} {move.text!r} parses as {[str(m) for m in parsed]}")
            for m in parsed:
                state, _events = rules.apply(state, move.seat, m)
        except engine.CommandError as exc:
            problems.append(f"move {move.seq} {move.text!r} by seat {move.seat} is refused: {exc.message}")
            return problems
    stray = sorted(seq for seq, by in undone.items() if by > game.version)
    if stray:
        problems.append(f"moves {stray} are marked undone by an undo that is not stored")
    if state != game.state:
        problems.append("the replayed state differs from the stored state"
                        + "".join(f"\n  {k}" for k in _diff_keys(state, game.state)))
    count = db.session.scalar(select(func.count()).select_from(Move).where(Move.game_id == game.id))
    if count != game.version:
        problems.append(f"game version {game.version} but {count} moves stored")
    return problems


def state_at(game: Game, version: int) -> dict:
    """The game's state as it was after move `version`: the setup from the seed, then the moves standing then."""
    rules = engine.get(game.slug)
    state = rules.setup(game.num_seats, game.options, game.seed)
    for text, seat in db.session.execute(select(Move.text, Move.seat).where(
            Move.game_id == game.id, Move.seq <= version, standing(version)).order_by(Move.seq)):
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


def standing(version: int):
    """The condition on moves that stood after move `version`: no undo rows, nothing an undo took back by then."""
    return (Move.text != UNDO) & (Move.undone_by.is_(None) | (Move.undone_by > version))
