"""TtA part 2: pacts (JA l.292-308) and the pacts that touch aggressions and wars; one test per rule and per pact."""
import random

import pytest

from pbem.engine import tta
from pbem.engine.base import CommandError, IllegalMove
from pbem.engine.tta.cards.military import MILITARY
from pbem.engine.tta import economy as eco
from pbem.engine.tta import pacts, row, turn
from pbem.engine.tta.effects import strength
from pbem.engine.tta.moves import Pact

from tta_helpers import act, in_play, set_workers, tta_state
from test_tta_conflict import asked, kinds, politics
from test_tta_military import mil, units


def in_pact(state: dict, card_id: str, a: int, b: int, by: int) -> str:
    """Put pact `card_id` in play between seats a (side A) and b."""
    copy = mil(state, card_id, seat=by)
    state["seats"][by]["mil_hand"].remove(copy)
    state["pacts"].append({"card": copy, "a": a, "b": b, "by": by})
    return copy


def test_no_pacts_with_two_players():
    """JA l.294: pacts are out of the 2-player game (not in its decks) and cannot be offered."""
    decks = tta.setup(2, {}, 1)["mil_decks"]
    assert not any(MILITARY[c.split(":")[0]].kind == "pact" for age in ("I", "II", "III") for c in decks[age])
    state = politics(tta_state(players=2))
    state["seats"][0]["mil_hand"].append("mil/III/peace_treaty:1")  # not in this game: only the check matters
    assert str(pacts.can_offer(state, 0, "mil/III/peace_treaty:1", 1, 0)) == "no pacts with 2 players (JA l.294)"
    state["seats"][0]["mil_hand"].pop()


def test_an_offer_asks_the_other_player_and_acceptance_puts_it_in_play_with_the_sides_chosen():
    """JA l.296-300: the offerer names the partner and who is A; the partner accepts or refuses."""
    state = politics(tta_state(players=3))
    copy = mil(state, "mil/II/acceptance_of_supremacy")
    assert "pact Acceptance of Supremacy player 2 as B" in [str(m) for m in tta.legal(state, 0)]
    state, events = act(state, "pact acceptance of supremacy player 2 as B")
    assert asked(state) == [(1, "pact_answer")] and [str(m) for m in tta.legal(state, 1)] == ["accept", "refuse"]
    state, events = act(state, "accept", seat=1)
    assert state["pacts"] == [{"card": copy, "a": 0, "b": 1, "by": 0}]
    assert asked(state) == [(0, "actions")]  # the political phase is over


def test_the_partners_mail_says_the_offer_and_what_the_deadline_answers():
    """The asked partner sees the bot's answer at its deadline (accept as side A or a symmetric pact, else refuse:
    docs/tta.md); the offerer does not see the partner's default."""
    state = politics(tta_state(players=3))
    mil(state, "mil/II/acceptance_of_supremacy")
    as_b, _ = act(state, "pact acceptance of supremacy player 2 as B")
    assert tta.view(as_b, 1)["deadline_default"] == "refuse" and tta.view(as_b, 0)["deadline_default"] is None
    board = tta.board_text(tta.view(as_b, 1), "en", ["Ann", "Bob", "Cy"])
    assert ("Acceptance of Supremacy offered by Ann to Bob (you): A Ann\n"
            "Not answered by the deadline, the bot answers for you: refuse\n") in board
    as_a, _ = act(state, "pact acceptance of supremacy player 2 as A")
    assert tta.view(as_a, 1)["deadline_default"] == "accept"


def test_a_refused_pact_goes_back_to_the_offerers_hand():
    """JA l.298: refused, the card returns to the offerer's hand and the political phase ends."""
    state = politics(tta_state(players=3))
    copy = mil(state, "mil/III/peace_treaty")
    state, _ = act(state, "pact peace treaty player 3")
    state, events = act(state, "refuse", seat=2)
    assert copy in state["seats"][0]["mil_hand"] and state["pacts"] == [] and "pact_refused" in kinds(events)
    assert asked(state) == [(0, "actions")]


def test_an_a_b_pact_needs_the_sides():
    state = politics(tta_state(players=3))
    mil(state, "mil/II/international_trade_agreement")
    with pytest.raises(CommandError, match="as A"):
        act(state, "pact international trade agreement player 2")


def test_accepting_replaces_only_the_offerers_own_pact():
    """JA l.300-302: a new pact of the offerer discards its old one; the partner's own pacts stay."""
    state = politics(tta_state(players=3))
    old = in_pact(state, "mil/III/peace_treaty", 0, 2, by=0)
    theirs = in_pact(state, "mil/III/military_pact", 1, 0, by=1)
    mil(state, "mil/II/international_trade_agreement")
    state, _ = act(state, "pact international trade agreement player 2 as A")
    state, _ = act(state, "accept", seat=1)
    cards = [pk["card"] for pk in state["pacts"]]
    assert old not in cards and theirs in cards and len(cards) == 2
    assert old in state["mil_discard"]["III"]


def test_a_player_cancels_only_the_pact_it_played():
    """JA l.306-308: "cancel pact" discards the seat's own pact; a partner cannot cancel it."""
    state = politics(tta_state(players=3))
    theirs = in_pact(state, "mil/III/peace_treaty", 1, 0, by=1)
    assert "cancel pact" not in [str(m) for m in tta.legal(state, 0)]
    with pytest.raises(IllegalMove, match="no pact of your own"):
        act(state, "cancel pact")
    mine = in_pact(state, "mil/III/military_pact", 0, 2, by=0)
    state, events = act(state, "cancel pact")
    assert [pk["card"] for pk in state["pacts"]] == [theirs] and mine in state["mil_discard"]["III"]


@pytest.mark.parametrize("card_id", ["mil/II/acceptance_of_supremacy", "mil/III/loss_of_sovereignty",
                                     "mil/III/peace_treaty"])
def test_pacts_that_forbid_attacks_between_the_two(card_id):
    """Acceptance of Supremacy, Loss of Sovereignty, Peace Treaty: the two cannot attack each other."""
    state = politics(tta_state(players=3))
    units(state, 0, swordsmen=3)
    in_pact(state, card_id, 1, 0, by=1)
    mil(state, "mil/I/raid")
    with pytest.raises(IllegalMove, match="forbids attacking player 2"):
        act(state, "aggression raid i player 2")
    assert [str(m) for m in tta.legal(state, 0) if str(m).startswith("aggression")] == ["aggression Raid I player 3"]


def test_loss_of_sovereignty_forbids_everybody_to_declare_war_on_b():
    state = politics(tta_state(players=3), ma=3)
    in_pact(state, "mil/III/loss_of_sovereignty", 2, 1, by=2)   # seat 1 is B
    mil(state, "mil/II/war_over_culture")
    with pytest.raises(IllegalMove, match="nobody may declare war on player 2"):
        act(state, "war war over culture ii player 2")


@pytest.mark.parametrize("card_id", ["mil/II/promise_of_military_protection", "mil/III/military_pact"])
def test_pacts_that_end_on_attack_end_before_strengths_compare(card_id):
    """Promise of Military Protection, Military Pact: they end when one side attacks the other; their strength
    is gone for that attack (docs/tta.md)."""
    state = politics(tta_state(players=3))
    units(state, 0, swordsmen=3)
    copy = in_pact(state, card_id, 0, 1, by=0)
    mil(state, "mil/I/raid")
    state, events = act(state, "aggression raid i player 2")
    age = copy.split("/")[1]
    assert state["pacts"] == [] and "pact_ended" in kinds(events) and copy in state["mil_discard"][age]
    assert [e for e in events if e["kind"] == "aggression"][0]["strength"] == 6


def test_open_borders_gives_a_military_action_and_three_strength_against_the_partner():
    """Open Borders Agreement: both +1 military action; +3 strength when one attacks the other."""
    state = politics(tta_state(players=3))
    units(state, 0, swordsmen=1)
    in_pact(state, "mil/I/open_borders_agreement", 0, 1, by=1)
    mil(state, "mil/I/raid")
    state, events = act(state, "aggression raid i player 2")
    assert [e for e in events if e["kind"] == "aggression"][0]["strength"] == 2 + 3
    state["turn"] = 1
    turn.ready(state, [])
    assert state["seats"][1]["ma"] == eco.military_actions_max(state["seats"][1]) + 1


def test_military_pact_and_protection_add_strength():
    """Military Pact: +4 strength to both; Promise of Military Protection: B +5 (events and attacks read it)."""
    state = tta_state(players=3)
    before = [strength(state, s) for s in range(3)]
    in_pact(state, "mil/III/military_pact", 0, 1, by=0)
    in_pact(state, "mil/II/promise_of_military_protection", 2, 1, by=2)
    assert [strength(state, s) - before[s] for s in range(3)] == [4, 9, 0]
    assert tta.view(state, 0)["seats"][1]["ratings"]["strength"] == before[1] + 9


@pytest.mark.parametrize("card_id, culture", [("mil/III/peace_treaty", (1, 1)),
                                              ("mil/III/loss_of_sovereignty", (2, -2)),
                                              ("mil/II/promise_of_military_protection", (1, -1))])
def test_pacts_culture_per_turn(card_id, culture):
    """Peace Treaty +1 each; Loss of Sovereignty A +2, B -2; Promise of Military Protection A +1, B -1."""
    for seat, want in zip((0, 1), culture):
        state = tta_state(players=3)
        in_pact(state, card_id, 0, 1, by=0)
        state["turn"] = seat
        state["seats"][seat]["culture"] = 10
        base = eco.ratings(state["seats"][seat])["culture"]
        turn.production(state, [])
        assert state["seats"][seat]["culture"] == 10 + base + want


@pytest.mark.parametrize("card_id, a_gets, b_gets", [
    ("mil/II/acceptance_of_supremacy", ("resource", 1), ("resource", -1)),
    ("mil/II/international_trade_agreement", ("resource", 1), ("food", 1))])
def test_pacts_food_and_resources_each_turn(card_id, a_gets, b_gets):
    for seat, (what, n) in zip((0, 1), (a_gets, b_gets)):
        state = tta_state(players=3)
        in_pact(state, card_id, 0, 1, by=0)
        state["turn"] = seat
        base_state = tta_state(players=3)
        base_state["turn"] = seat
        turn.production(state, [])
        turn.production(base_state, [])
        assert eco.amount(state["seats"][seat], what) - eco.amount(base_state["seats"][seat], what) == n


def test_international_tourism_counts_the_partners_wonders():
    state = tta_state(players=3)
    in_pact(state, "mil/III/international_tourism", 0, 1, by=0)
    in_play(state, "civ/A/colossus", seat=1)
    in_play(state, "civ/A/pyramids", seat=1)
    assert pacts.rate(state, 0, "culture") == 2 and pacts.rate(state, 1, "culture") == 0


def test_pacts_of_an_obsolete_age_leave_play():
    """Notes G17 (JA l.164): at an age end the pacts of the age no longer valid are discarded."""
    state = tta_state(players=3)
    state["age"] = "II"
    copy = in_pact(state, "mil/I/open_borders_agreement", 0, 1, by=0)
    row.end_age(state, [])
    assert state["pacts"] == [] and copy in state["mil_box"]


@pytest.mark.parametrize("text, side", [("pact acceptance of supremacy player 2 as a", 1),
                                        ("契約 acceptance of supremacy プレイヤー2 として b", 0),
                                        ("pacte acceptance of supremacy joueur 2 comme a", 1),
                                        ("pakt acceptance of supremacy spieler 2 als b", 0)])
def test_pact_commands_in_four_languages(text, side):
    state = politics(tta_state(players=3))
    copy = mil(state, "mil/II/acceptance_of_supremacy")
    assert tta.parse(text, state, 0) == [Pact(copy, 1, side)]


@pytest.mark.parametrize("text", ["accept", "受諾", "accepter", "annehmen"])
def test_accept_in_four_languages(text):
    state = politics(tta_state(players=3))
    assert str(tta.parse(text, state, 1)[0]) == "accept"


def test_the_bot_answers_a_pact_offer():
    state = politics(tta_state(players=3))
    mil(state, "mil/III/peace_treaty")
    state, _ = act(state, "pact peace treaty player 2")
    assert str(tta.bot_move(state, 1, random.Random(1))) in ("accept", "refuse")


def test_scientific_cooperation_discounts_technologies_and_the_partner_pays_one_science():
    """Scientific Cooperation: whoever plays a technology pays 2 science less; the other pays 1 (what it has)."""
    from tta_helpers import to_hand
    state = tta_state(players=3)
    in_pact(state, "mil/II/scientific_cooperation", 1, 0, by=1)
    to_hand(state, "civ/I/alchemy")
    state["seats"][0]["science"] = 2                  # Alchemy costs 4: 2 with the pact
    state["seats"][1]["science"] = 5
    assert "discover Alchemy" in [str(m) for m in tta.legal(state, 0)]
    state, events = act(state, "discover alchemy")
    assert state["seats"][0]["science"] == 0 and state["seats"][1]["science"] == 4


def holding(state: dict, seat: int, food: int, resource: int) -> None:
    """Seat `seat` holds exactly `food` and `resource` (its tokens back to the blue bank first)."""
    p = state["seats"][seat]
    eco.apply_tokens(p, {cid: 0 for cid in p["tokens"]})
    eco.produce(p, "food", food)
    eco.produce(p, "resource", resource)


def test_trade_routes_a_pays_one_resource_with_food_once_a_round():
    """Trade Routes Agreement (card: once per round, A may use 1 food in place of 1 resource; notes §pacts): used
    when A is 1 short, at most once a round."""
    state = tta_state(players=3)
    copy = in_pact(state, "mil/I/trade_routes_agreement", 0, 1, by=1)
    state["seats"][0]["yellow"] -= 2
    state["seats"][0]["idle"] += 2                                          # workers for three mines
    holding(state, 0, food=3, resource=1)
    assert "build mine Bronze" in [str(m) for m in tta.legal(state, 0)]      # Bronze's mine costs 2
    state, events = act(state, "build bronze")
    assert eco.amount(state["seats"][0], "food") == 2 and eco.amount(state["seats"][0], "resource") == 0
    assert [e for e in events if e["kind"] == "traded"] == [
        dict(kind="traded", seat=0, card=copy, what="food", instead="resource")]
    holding(state, 0, food=3, resource=1)
    with pytest.raises(IllegalMove, match="it costs 2 resources and you have 1"):
        act(state, "build bronze")                                          # used this round
    state["round"] += 1
    state, _ = act(state, "build bronze")
    assert eco.amount(state["seats"][0], "food") == 2


def test_trade_routes_b_pays_one_food_with_a_resource_and_a_needs_not_trade():
    state = tta_state(players=3)
    in_pact(state, "mil/I/trade_routes_agreement", 1, 0, by=1)              # seat 0 is B
    p = state["seats"][0]
    from pbem.engine.tta.checks import population_food
    cost = population_food(p)
    holding(state, 0, food=cost - 1, resource=2)
    assert "populate" in [str(m) for m in tta.legal(state, 0)]
    state, events = act(state, "populate")
    assert eco.amount(state["seats"][0], "food") == 0 and eco.amount(state["seats"][0], "resource") == 1
    assert "traded" in kinds(events)
    holding(state, 0, food=0, resource=3)
    state["round"] += 1
    state, events = act(state, "build bronze")                              # B trades only food
    assert eco.amount(state["seats"][0], "resource") == 1 and "traded" not in kinds(events)


def test_trade_routes_is_used_by_choice_when_the_payment_names_it():
    """Trade Routes Agreement (card: once per round, A *may* use 1 food in place of 1 resource, B 1 resource in place
    of 1 food): "pay trade" uses it though the seat could pay without it; named when it cannot be used, refused."""
    state = tta_state(players=3)
    copy = in_pact(state, "mil/I/trade_routes_agreement", 0, 1, by=1)
    state["seats"][0]["yellow"] -= 2
    state["seats"][0]["idle"] += 2
    holding(state, 0, food=3, resource=4)
    for text in ("build mine Bronze pay trade", "build bronze payer échange", "建設 鉱山 bronze 支払い 交易",
                 "baue mine bronze zahle tausch"):
        (move,) = tta.parse(text, state, 0)
        assert str(move) == "build mine Bronze pay trade", text
    state, events = act(state, "build mine Bronze pay trade")             # Bronze's mine costs 2: 1 food, 1 resource
    assert (eco.amount(state["seats"][0], "food"), eco.amount(state["seats"][0], "resource")) == (2, 3)
    assert [e for e in events if e["kind"] == "traded"] == [
        dict(kind="traded", seat=0, card=copy, what="food", instead="resource")]
    with pytest.raises(IllegalMove, match="no Trade Routes Agreement lets you pay 1 resource with 1 food this round"):
        act(state, "build mine Bronze pay trade")                         # used this round
    state, events = act(state, "build mine Bronze")                       # not named, not short: no trade
    assert "traded" not in kinds(events)
    state["round"] += 1
    holding(state, 0, food=3, resource=4)
    state, events = act(state, "build mine Bronze pay trade, Bronze")     # with the tokens named too
    assert (eco.amount(state["seats"][0], "food"), eco.amount(state["seats"][0], "resource")) == (2, 3)


def test_trade_routes_named_by_b_pays_food_and_refused_without_the_other_good():
    state = tta_state(players=3)
    in_pact(state, "mil/I/trade_routes_agreement", 1, 0, by=1)              # seat 0 is B
    from pbem.engine.tta.checks import population_food
    cost = population_food(state["seats"][0])
    holding(state, 0, food=cost + 2, resource=0)
    with pytest.raises(IllegalMove, match="you have no resource to pay 1 food with 1 resource"):
        act(state, "populate pay trade")
    holding(state, 0, food=cost + 2, resource=2)
    with pytest.raises(IllegalMove, match="no Trade Routes Agreement lets you pay 1 resource with 1 food"):
        act(state, "build mine Bronze pay trade")                          # B trades only food
    state, events = act(state, "populate pay trade")
    assert (eco.amount(state["seats"][0], "food"), eco.amount(state["seats"][0], "resource")) == (3, 1)
    assert "traded" in kinds(events)


@pytest.mark.parametrize("card_id", ["civ/II/wave_of_nationalism", "civ/III/military_build_up"])
def test_the_cards_that_count_stronger_rivals_read_the_pacts_strength(card_id):
    """A pact's strength is part of the strength rating (the one events, attacks and the board read): Wave of
    Nationalism and Military Build-Up count the rivals stronger by it ("per civilization stronger than yours")."""
    from tta_helpers import to_hand
    from pbem.engine.tta.cards import card
    state = tta_state(players=4)
    for seat in range(4):
        set_workers(state, "civ/A/warriors", 0, seat)
    units(state, 0, warriors=1)                              # seat 0: 1; seats 1 and 2: 0 + 4 from the pact
    in_pact(state, "mil/III/military_pact", 1, 2, by=1)
    assert [strength(state, s) for s in range(4)] == [1, 4, 4, 0]
    c = card(card_id)
    to_hand(state, card_id)
    state, _ = act(state, f"play {c.name} {c.age}")
    assert state["seats"][0]["mil_res"] == 2 * c.effects[0].by_players[2]
