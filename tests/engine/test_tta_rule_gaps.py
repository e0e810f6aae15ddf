"""TtA rule cases of issue 28, each checked against the Japanese summary (JA l.N): a revolution's turn, the
military hand limit with Open Borders Agreement, and the yellow tokens a territory adds."""
import pytest

from pbem.engine import IllegalMove, tta
from pbem.engine.tta import economy as eco
from pbem.engine.tta import turn
from pbem.engine.tta.moves import Build, Destroy, Populate, Take

from tta_helpers import act, in_play, to_hand, tta_state


# --- a revolution's turn (JA l.388) ------------------------------------------------------------------------------


def _revolted(state: dict) -> dict:
    """Seat 0 makes a revolution to Monarchy as the first civil action of its turn."""
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    state, _ = act(state, "revolution Monarchy")
    return state


def test_no_free_population_increase_after_a_revolution():
    """JA l.388: in the turn of a revolution no civil action but the revolution may be taken. Ocean Liner Service's
    increase costs no civil action but is one: it is refused, and legal() does not list it."""
    state = tta_state()
    in_play(state, "civ/II/ocean_liner_service")
    state["seats"][0]["food"] = 10
    assert Populate() in tta.legal(state, 0)
    state = _revolted(state)
    assert Populate() not in tta.legal(state, 0)
    with pytest.raises(IllegalMove, match="you made a revolution this turn: no other civil action"):
        act(state, "populate")


def test_every_civil_action_is_refused_after_a_revolution_and_military_ones_are_not():
    """JA l.388: taking a card, building, destroying a building, playing a leader, discovering are civil actions
    and are refused after the revolution (even with civil actions given back); a unit is disbanded (military)."""
    state = tta_state()
    to_hand(state, "civ/I/iron")
    to_hand(state, "civ/A/moses")
    state = _revolted(state)
    p = state["seats"][0]
    p["ca"] = 2  # as if a card had given civil actions back: the rule, not the count, refuses
    for text in ("take 1", "build farm Agriculture", "destroy Bronze", "play Moses", "discover Iron"):
        with pytest.raises(IllegalMove, match="no other civil action"):
            act(state, text)
    legal = tta.legal(state, 0)
    assert not any(isinstance(m, (Take, Populate)) for m in legal)
    assert Build("civ/A/agriculture") not in legal and Destroy("civ/A/bronze") not in legal
    assert Destroy("civ/A/warriors") in legal
    state, _ = act(state, "destroy Warriors")
    assert state["seats"][0]["workers"]["civ/A/warriors"] == 0


def test_the_refusal_speaks_the_players_language():
    """The refusal of JA l.388 exists in en/ja/fr/de."""
    state = tta_state()
    in_play(state, "civ/II/ocean_liner_service")
    state["seats"][0]["food"] = 10
    state = _revolted(state)
    with pytest.raises(IllegalMove) as caught:
        act(state, "populate")
    assert "革命以外のCivilアクション" in caught.value.in_locale("ja")
    assert "aucune autre action civile" in caught.value.in_locale("fr")
    assert "keine andere Zivilaktion" in caught.value.in_locale("de")


def test_a_revolution_under_robespierre_leaves_the_civil_actions():
    """Robespierre: the revolution spends all military actions instead of the civil ones (card text), so the
    civil actions the seat holds stay usable (docs/tta.md); JA l.388's bar follows the civil actions spent."""
    state = tta_state()
    in_play(state, "civ/II/maximilien_robespierre")
    state = _revolted(state)
    p = state["seats"][0]
    assert p["ma"] == 0 and p["ca"] > 0
    state, _ = act(state, "take 1")


# --- the military hand limit with Open Borders Agreement (JA l.316) -----------------------------------------------


def _hand_of(state: dict, n: int, seat: int = 0) -> None:
    """Give `seat` a military hand of `n` cards from the Age I deck."""
    deck = state["mil_decks"]["I"]
    state["seats"][seat]["mil_hand"] += [deck.pop() for _ in range(n)]


def test_open_borders_counts_for_the_military_hand_limit():
    """JA l.316: the cards above the military actions a seat has in all are discarded. Open Borders Agreement gives
    a military action each turn (and the draw counts it): with Despotism's 2 and the pact's 1, 3 cards are kept."""
    from test_tta_conflict import asked, politics
    from test_tta_pacts import in_pact

    state = politics(tta_state(players=3))
    in_pact(state, "mil/I/open_borders_agreement", 0, 1, by=1)
    _hand_of(state, 3)
    assert eco.military_hand_limit(state["seats"][0]) == 2
    kept, _ = act(state, "done")
    assert asked(kept) == [(0, "actions")] and len(kept["seats"][0]["mil_hand"]) == 3
    _hand_of(state, 1)
    asked_to, _ = act(state, "done")
    assert asked_to["stack"][-1]["kind"] == "discard"
    assert tta.pending(asked_to)[0].data == {"limit": 3, "hand": 4}
    after, _ = act(asked_to, f"discard {_name(state['seats'][0]['mil_hand'][0])}")
    assert asked(after) == [(0, "actions")] and len(after["seats"][0]["mil_hand"]) == 3


def test_without_the_pact_the_limit_is_the_governments():
    """JA l.316: without a pact the same 3 cards are discarded down to Despotism's 2 military actions."""
    from test_tta_conflict import politics

    state = politics(tta_state(players=3))
    _hand_of(state, 3)
    state, _ = act(state, "done")
    assert state["stack"][-1]["kind"] == "discard" and tta.pending(state)[0].data == {"limit": 2, "hand": 3}


def _name(copy: str) -> str:
    from pbem.engine.tta.moves import name
    return name(copy)


# --- yellow tokens from a territory (JA l.262; the reference's player board) -------------------------------------


def test_a_territorys_yellow_tokens_sit_in_the_free_section():
    """JA l.262 puts a territory's yellow tokens into the population bank; the reference's player board puts them in
    its free section: taking one costs no food, and they count for neither the consumption nor the happy faces the
    bank asks for (read by the printed spaces). The next increases take them first."""
    from pbem.engine.tta import forecast
    from pbem.engine.tta.board import consumption, happy_needed, printed_yellow
    from test_tta_colonies import won

    state = won(armies={0: {"warriors": 1, "swordsmen": 1}}, territory="mil/I/fertile_territory")
    p = state["seats"][0]
    p["idle"] += p["yellow"] - 10  # 10 tokens on the printed spaces (the others unused workers)
    p["yellow"] = 10
    state, _ = act(state, "colonize sacrifice Swordsmen")
    p = state["seats"][0]
    assert (p["yellow"], p["yellow_free"], printed_yellow(p)) == (14, 3, 11)  # the Swordsmen's worker: printed
    assert tta.view(state, 0)["seats"][0]["ratings"]["happy_needed"] == happy_needed(11) == 2
    assert forecast.production(state, 0)["food_eaten"] == consumption(11) == 2
    while state["stack"][-1]["kind"] != "actions":
        state, _ = act(state, "done")
    food = eco.amount(state["seats"][0], "food")
    assert forecast.populate(state, 0)["food"] == 0 and forecast.populate(state, 0)["eats_after"] == 2
    state, events = act(state, "populate")
    p = state["seats"][0]
    assert [e["food"] for e in events if e["kind"] == "populated"] == [0] and eco.amount(p, "food") == food
    assert (p["yellow"], p["yellow_free"]) == (13, 2)


def test_tokens_come_back_to_the_printed_spaces_first():
    """A worker lost goes back to the printed spaces while they have room; only beyond the 18 to the free section.
    Tokens leave the bank (an increase, an age end's two) from the free section first."""
    from pbem.engine.tta.board import printed_yellow, return_yellow, take_yellow

    p = {"yellow": 12, "yellow_free": 2}
    return_yellow(p, 3)
    assert (p["yellow"], p["yellow_free"], printed_yellow(p)) == (15, 2, 13)
    return_yellow(p, 7)
    assert (p["yellow"], p["yellow_free"], printed_yellow(p)) == (22, 4, 18)
    assert take_yellow(p, 5) == 5 and (p["yellow"], p["yellow_free"]) == (17, 0)
