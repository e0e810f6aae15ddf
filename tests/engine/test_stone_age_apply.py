"""Stone Age `apply` never changes its input, whatever the move: it copies only what a move touches and
shares the rest with the state before (issue 15), so every rule that changes a list must replace it."""
import json
import random

import pytest

from pbem.engine import CommandError
from pbem.engine.stone_age.rules import PHASES, prompt_kind
from stone_age_helpers import SA

STYLE = {"expansion": "style"}


def frozen(state: dict) -> str:
    return json.dumps(state, sort_keys=True)


def try_every_move(state: dict) -> int:
    """Apply every legal move of every seat, each also as the wrong seat; the state must not change.
    Returns how many moves were applied."""
    before = frozen(state)
    tried = 0
    for seat in range(state["players"]):
        for move in SA.legal(state, seat):
            for who in (seat, (seat + 1) % state["players"]):
                try:
                    SA.apply(state, who, move)
                except CommandError:
                    pass
                tried += 1
                assert frozen(state) == before, f"seat {who} applying {move} changed the state it was given"
    return tried


@pytest.mark.parametrize("players, options, seed", [
    (2, {}, 1), (4, {}, 2), (3, STYLE, 3), (5, {**STYLE, "spielbox_buildings": True}, 4),
])
def test_no_move_changes_the_state_it_is_applied_to(players, options, seed):
    """Issue 15: from every state of a whole game (uniformly random legal moves, so that rare rules come
    up: extra cards, one-use tools, the any-two card, picks, buildings, a stack running out), every legal
    move and every move made by the wrong seat leaves the input as it was."""
    state = SA.setup(players, dict(options), seed)
    rnd = random.Random(seed)
    tried = 0
    for step in range(10_000):
        if not SA.pending(state):
            break
        # The seats a phase says it waits for (apply's and legal's quick check) are the prompts' seats.
        assert set(PHASES[state["phase"]].asked(state)) == {pr.seat for pr in SA.pending(state)}
        # The bot's shortcut to what a seat is asked tells what the prompts tell.
        kinds = {pr.seat: pr.kind for pr in SA.pending(state)}
        assert all(prompt_kind(state, s) == kinds.get(s) for s in range(players)), state["phase"]
        if step % 3 == 0:  # every third state: enough to reach every rule, at a third of the time
            tried += try_every_move(state)
        seat = SA.pending(state)[0].seat
        state, _ = SA.apply(state, seat, rnd.choice(SA.legal(state, seat)))
    assert tried > 300


@pytest.mark.parametrize("players, options", [(4, {}), (5, STYLE)])
def test_bot_games_never_change_a_state_they_have_left(players, options):
    """Issue 15: states share unchanged parts with the states before them; in a whole bot game no state
    changes after the next one was made from it."""
    state = SA.setup(players, dict(options), 7)
    rnd = random.Random(7)
    history = []
    while SA.pending(state):
        history.append((state, frozen(state)))
        seat = SA.pending(state)[0].seat
        state, _ = SA.apply(state, seat, SA.bot_move(state, seat, rnd))
    for n, (old, text) in enumerate(history):
        assert frozen(old) == text, f"state {n} changed later"
