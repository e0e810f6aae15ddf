"""The undo barrier (optional contract `undo_barrier(events)`): every move that drew chance or took a card or tile
from a face-down pile says so in its events, and moves that reveal nothing do not."""
import random

import pytest

from pbem import engine


def _hidden_piles(slug: str, state: dict) -> tuple:
    """What a move cannot change without revealing something: the RNG's position and the face-down piles."""
    if slug == "stone-age":
        # Under each stack's open top tile: building the last tile of a stack turns nothing up.
        return (state["rng"]["pos"], len(state["deck"]), tuple(max(0, len(s) - 1) for s in state["stacks"]),
                len(state["box"]))
    return (state["rng"]["pos"], tuple(len(d) for d in state["decks"].values()),
            tuple(len(d) for d in state["mil_decks"].values()), len(state["current"]))


@pytest.mark.parametrize("slug,players,seed", [("stone-age", 2, 1), ("stone-age", 4, 2), ("tta", 2, 3),
                                               ("tta", 4, 4)])
def test_every_move_that_reveals_is_a_barrier(slug, players, seed):
    rules = engine.get(slug)
    state = rules.setup(players, {}, seed)
    rnd = random.Random(seed)
    barriers = free = 0
    while rules.pending(state):
        seat = rules.pending(state)[0].seat
        move = rules.bot_move(state, seat, rnd)
        before = _hidden_piles(slug, state)
        state, events = rules.apply(state, seat, move)
        if _hidden_piles(slug, state) != before:
            assert rules.undo_barrier(events), f"{move} changed a hidden pile but is no undo barrier: {events}"
        barriers += rules.undo_barrier(events)
        free += not rules.undo_barrier(events)
    assert barriers and free  # both kinds of move occur, so the check above had something to check


def test_stone_age_a_placement_is_no_barrier_and_a_hunt_is():
    rules = engine.get("stone-age")
    state = rules.setup(2, {}, 7)
    state, events = rules.apply(state, 0, rules.parse("place 2 hunt", state, 0)[0])
    assert not rules.undo_barrier(events)
    assert rules.undo_barrier([{"kind": "rolled", "seat": 0, "dice": [3, 4]}])


def test_tta_taking_a_card_from_the_row_is_no_barrier():
    # The row is open: taking a card from it shows nobody anything new.
    rules = engine.get("tta")
    state = rules.setup(2, {}, 7)
    take = next(m for m in rules.legal(state, 0) if str(m).startswith("take"))
    state, events = rules.apply(state, 0, take)
    assert not rules.undo_barrier(events)
    assert rules.undo_barrier([{"kind": "military_draw", "seat": 0, "count": 2, "age": "I"}])
    assert rules.undo_barrier([{"kind": "event", "seat": 0, "card": "x"}])
