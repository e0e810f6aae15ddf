"""TtA civil rules and the game's end, audited case by case against the Japanese summary (JA l.N)."""
import pytest

from pbem.engine import IllegalMove
from pbem.engine.tta import economy as eco
from pbem.engine.tta import turn

from tta_helpers import act, in_play, to_hand, tta_state


# --- governments: a revolution is the turn's only civil action (JA l.386-388) ---------------------------------


def test_no_revolution_after_a_civil_action_that_newton_gave_back():
    """JA l.388: on the turn of a revolution no other civil action is taken. Newton gives the civil action of a
    discovery back, so the count is full again, but a civil action was taken: no revolution this turn."""
    state = tta_state()
    in_play(state, "civ/II/isaac_newton")
    to_hand(state, "civ/I/iron")
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 20
    state, _ = act(state, "discover Iron")
    p = state["seats"][0]
    assert p["ca"] == p["ca_max"]  # Newton's civil action back
    with pytest.raises(IllegalMove, match="first civil action"):
        act(state, "revolution Monarchy")


def test_a_revolution_spends_the_civil_actions_left_after_a_rebellion():
    """JA l.388: a revolution spends every civil action the seat has this turn. Rebellion left it 2 fewer; none
    was used yet, so the revolution is its first civil action and is allowed (it spends the 2 it has)."""
    state = tta_state()
    to_hand(state, "civ/I/monarchy")
    p = state["seats"][0]
    p["science"] = 3
    p["ca"] = p["ca_max"] - 2  # Rebellion: 2 civil actions fewer this turn (turn.ready)
    state, _ = act(state, "revolution Monarchy")
    p = state["seats"][0]
    assert p["government"].startswith("civ/I/monarchy") and p["ca"] == 0 and p["science"] == 0


def test_the_first_civil_action_of_a_new_turn_may_be_a_revolution():
    """JA l.388: the mark of a civil action used is the turn's: the next turn may start with a revolution."""
    state = tta_state(players=2)
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    state, _ = act(state, "take 1")
    with pytest.raises(IllegalMove, match="first civil action"):
        act(state, "revolution Monarchy")
    state, _ = act(state, "done")
    state, _ = act(state, "done", seat=1)
    assert state["turn"] == 0
    state, _ = act(state, "revolution Monarchy")
    assert state["seats"][0]["government"].startswith("civ/I/monarchy")
