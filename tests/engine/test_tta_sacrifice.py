"""What sacrificed units are worth (JA l.255-260, notes G11)."""
from __future__ import annotations

from tta_helpers import in_play, tta_state
from test_tta_military import mil, units

from pbem.engine.tta import sacrifice

WARRIORS, SWORDSMEN, KNIGHTS = "civ/A/warriors", "civ/I/swordsmen", "civ/I/knights"


def seat(state):
    return state["seats"][0]


def test_a_unit_is_worth_its_card_strength():
    state = tta_state()
    units(state, warriors=2, knights=1)
    assert sacrifice.value(seat(state), {WARRIORS: 2, KNIGHTS: 1}) == 1 * 2 + 2


def test_a_whole_army_of_the_tactic_adds_its_value_and_a_partial_one_nothing():
    """JA l.257-259: removing as many units as the tactic's army adds that army's value."""
    state = tta_state()
    units(state, warriors=1, swordsmen=2)
    p = seat(state)
    p["tactic"] = mil(state, "mil/I/legion")   # 3 infantry: +2
    p["mil_hand"].remove(p["tactic"])
    assert sacrifice.value(p, {WARRIORS: 1, SWORDSMEN: 2}) == 1 + 4 + 2
    assert sacrifice.value(p, {SWORDSMEN: 2}) == 4


def test_leader_and_wonder_strength_does_not_go_with_the_units_but_genghis_khan_does():
    state = tta_state()
    units(state, knights=2)
    in_play(state, "civ/A/alexander_the_great")
    assert sacrifice.value(seat(state), {KNIGHTS: 2}) == 4           # Alexander's +1 per unit stays home
    state = tta_state()
    units(state, knights=2)
    in_play(state, "civ/I/genghis_khan")
    assert sacrifice.value(seat(state), {KNIGHTS: 2}) == 4 + 2       # his cavalry carry his +1


def test_only_units_the_seat_has_can_go_and_their_workers_return_to_the_bank():
    state = tta_state()
    units(state, warriors=1)
    p = seat(state)
    assert sacrifice.problem(p, {WARRIORS: 2}) is not None
    assert sacrifice.problem(p, {"civ/A/agriculture": 1}) is not None
    assert sacrifice.problem(p, {WARRIORS: 1}) is None
    yellow = p["yellow"]
    sacrifice.remove(p, {WARRIORS: 1})
    assert p["workers"][WARRIORS] == 0 and p["yellow"] == yellow + 1
