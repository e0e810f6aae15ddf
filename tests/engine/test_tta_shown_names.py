"""Commands shown to players name the players (`shown_command`, the contract's optional hook): "aggression Raid I
Bob" for "aggression Raid I player 2", and only where the shown text parses back to the same move."""
import random

import pytest

from pbem.engine import tta
from pbem.engine.tta.moves import Standing

from tta_helpers import tta_state
from test_tta_conflict import politics
from test_tta_military import mil, units

# Awkward names: a bot's "Bot 2" (a number at its end), two names sharing a first word, one name the last word of
# another, a duplicate, names that look like a number, a keyword ("as") or a card ("Raid"), accents.
NAME_SETS = [["ann", "Bot 2", "bob", "Bot 4"], ["Ann Lee", "Ann Smith", "Lee", "as"], ["Bob", "Bob", "p3", "2"],
             ["Raid", "Holy War", "Player 3", "Zoë Ärger"], ["Éve", "sacrifice", "Bot 3", "Bot 3"]]


def attacker(players: int = 3) -> dict:
    """Seat 0 at its political phase, strong, with an aggression, a war and an asymmetric pact in hand."""
    state = politics(tta_state(players=players))
    units(state, 0, swordsmen=2)
    for c in ("mil/I/raid", "mil/II/acceptance_of_supremacy"):
        mil(state, c)
    return state


def targeted(state: dict, seat: int) -> list[str]:
    return [str(m) for m in tta.legal(state, seat) if "player " in str(m)]


def test_targets_read_as_names_and_parse_back():
    state = attacker()
    names = ["ann", "Bot 2", "Bob Smith"]
    shown = [tta.shown_command(t, state, 0, names) for t in targeted(state, 0)]
    assert "aggression Raid I Bot 2" in shown and "aggression Raid I Bob Smith" in shown
    assert "pact Acceptance of Supremacy Bob Smith as A" in shown
    assert not any("player " in s for s in shown)


@pytest.mark.parametrize("names, shown", [
    (["ann", "Bob", "Bob"], "aggression Raid I player 2"),          # the same name twice: ambiguous
    (["ann", "3", "bob"], "aggression Raid I player 2"),            # a bare number would be read as a number
    (["ann", "p3", "bob"], "aggression Raid I player 2"),           # ... and "p3" as player 3
    (["ann", "", "bob"], "aggression Raid I player 2"),             # no name to show
    (["ann", "Bob; done", "bob"], "aggression Raid I player 2"),    # a separator would make two commands
    (["ann", "Ann Lee", "Lee"], "aggression Raid I Ann Lee"),       # a whole name beats its last word
])
def test_a_name_that_would_not_parse_back_uniquely_stays_player_n(names, shown):
    assert tta.shown_command("aggression Raid I player 2", attacker(), 0, names) == shown


def test_a_pact_side_keyword_as_a_name_stays_player_n():
    state = attacker()
    assert (tta.shown_command("pact Acceptance of Supremacy player 2 as A", state, 0, ["ann", "as", "bob"])
            == "pact Acceptance of Supremacy player 2 as A")
    assert tta.shown_command("aggression Raid I player 2", state, 0, ["ann", "as", "bob"]) == "aggression Raid I as"


def test_a_standing_order_names_each_player_it_can():
    state = tta_state(players=4)
    text = str(Standing("pacts", "accept", (0, 2, 3)))
    shown = tta.shown_command(text, state, 1, ["ann", "bob", "Bob", "Bot 4"])
    assert shown == "standing pacts accept ann player 3 Bot 4"
    assert tta.parse(shown, state, 1, ["ann", "bob", "Bob", "Bot 4"]) == [Standing("pacts", "accept", (0, 2, 3))]


def test_texts_without_a_player_or_that_are_no_command_are_shown_as_they_are():
    state = attacker()
    assert tta.shown_command("take 3", state, 0, ["a", "b", "c"]) == "take 3"
    assert tta.shown_command("aggression Nothing player 2", state, 0, ["a", "b", "c"]) == "aggression Nothing player 2"
    assert tta.shown_command("aggression Raid I player 2", state, 0, []) == "aggression Raid I player 2"


def test_a_bot_name_ending_in_a_number_is_that_name_but_player_n_stays_a_number():
    """"Bot 3" at seat 1 names seat 1; "player 3" and "p3" still name seat 2 (stored moves replay unchanged)."""
    state = attacker()
    names = ["ann", "Bot 3", "bob"]
    assert tta.parse("aggression Raid I Bot 3", state, 0, names)[0].target == 1
    assert tta.parse("aggression Raid I player 3", state, 0, names)[0].target == 2
    assert tta.parse("aggression Raid I p3", state, 0, names)[0].target == 2


@pytest.mark.parametrize("players", [3, 4])
def test_every_shown_command_of_bot_games_parses_to_its_move(players):
    """For every position of a bot game and each awkward set of names: every legal command with a target, as
    shown, parses to the move its canonical text does; and most are shown by name."""
    seed = f"shown-{players}"
    state, rnd = tta.setup(players, {}, seed), random.Random(seed)
    checked = named = 0
    while tta.pending(state):
        seat = tta.pending(state)[0].seat
        for names in NAME_SETS:
            names = names[:players]
            for text in targeted(state, seat) + tta.legal_texts(state, seat):
                shown = tta.shown_command(text, state, seat, names)
                if shown != text:
                    assert tta.parse(shown, state, seat, names) == tta.parse(text, state, seat), (text, shown, names)
                    named += 1
                checked += "player " in text
        state, _ = tta.apply(state, seat, tta.bot_move(state, seat, rnd))
    assert checked > 100 and named > checked // 2
