"""Players named in TtA commands (the contract's optional `names` of parse): "aggression Raid Bob", "pact Open
Borders Agreement Alice as A"; "player 2" keeps working and the move's text still says "player N"."""
import pytest

from pbem.engine import tta
from pbem.engine.base import Ambiguous, NotACommand
from pbem.engine.tta.moves import Standing

from tta_helpers import tta_state
from test_tta_military import mil

NAMES = ["Alice", "Bob Smith", "Carol"]


def hand(*cards: str, seat: int = 0) -> dict:
    state = tta_state(players=3)
    for c in cards:
        mil(state, c, seat=seat)
    return state


@pytest.mark.parametrize("text", ["aggression Raid I Bob Smith", "aggression raid i bob", "攻撃 Raid I Bob",
                                  "aggression Raid I player 2", "aggression Raid I BOB SMITH"])
def test_an_aggression_names_its_target_by_name_or_number(text):
    state = hand("mil/I/raid")
    (move,) = tta.parse(text, state, 0, NAMES)
    assert move.target == 1 and str(move) == "aggression Raid I player 2"   # the log needs no names


def test_a_pact_names_its_partner_and_the_side():
    state = hand("mil/II/acceptance_of_supremacy", seat=1)
    (move,) = tta.parse("pact Acceptance of Supremacy Alice as A", state, 1, NAMES)
    assert (move.target, move.a) == (0, 0) and str(move) == "pact Acceptance of Supremacy player 1 as A"
    assert tta.parse(str(move), state, 1) == [move]


def test_a_side_said_for_a_symmetric_pact_is_ignored_so_its_text_replays_the_same_move():
    state = hand("mil/I/open_borders_agreement", seat=1)
    (move,) = tta.parse("pact Open Borders Agreement Alice as A", state, 1, NAMES)
    assert move.a == 1 and tta.parse(str(move), state, 1) == [move]


def test_a_standing_order_names_several_players():
    (move,) = tta.parse("standing pacts accept Alice Carol", tta_state(players=3), 1, NAMES)
    assert move == Standing("pacts", "accept", (0, 2))


def test_an_ambiguous_name_lists_the_players_it_may_mean():
    state = hand("mil/I/raid")
    with pytest.raises(Ambiguous, match=r"Bob \(player 2\), Bob \(player 3\)") as exc:
        tta.parse("aggression Raid I Bob", state, 0, ["Ann", "Bob", "Bob"])
    assert exc.value.candidates == ["player 2", "player 3"]


def test_an_unknown_name_lists_the_names_one_may_use():
    state = hand("mil/I/raid")
    with pytest.raises(NotACommand, match=r"you can name: Bob Smith \(player 2\), Carol \(player 3\)"):
        tta.parse("aggression Raid I Zed", state, 0, NAMES)
    with pytest.raises(NotACommand, match=r"you can name: player 2, player 3"):
        tta.parse("aggression Raid I Bob", state, 0)   # without names: numbers only
