"""TtA part 2: aggressions, the defence, wars (JA l.177-189, l.266-290, l.310-312, l.581), one test per rule and
per aggression and war card. Each rule cites the summary (`JA l.N`, ../shared/rules/through_the_ages_full_game.ja.txt).
"""
import random

import pytest

from pbem.engine import tta
from pbem.engine.tta.board_text import stake
from pbem.engine.base import IllegalMove
from pbem.engine.tta import economy as eco
from pbem.engine.tta import rules
from pbem.engine.tta.effects import strength
from pbem.engine.tta.invariants import problems

from tta_helpers import act, in_play, pull, set_tokens, set_workers, tta_state
from test_tta_military import mil, units


def politics(state: dict, ma: int = 4) -> dict:
    """Seat 0 at its political phase with `ma` military actions; nobody has units (the starting Warriors leave)."""
    for seat in range(state["players"]):
        set_workers(state, "civ/A/warriors", 0, seat)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    state["seats"][0]["ma"] = ma
    return state


def asked(state: dict) -> list:
    return [(p.seat, p.kind) for p in tta.pending(state)]


def st(state: dict, seat: int) -> int:
    return strength(state, seat)


def kinds(events: list) -> list:
    return [e["kind"] for e in events]


# --- aggressions: cost, targets, the defence ----------------------------------------------------------


def test_an_aggression_costs_its_military_actions_and_asks_the_defender():
    """JA l.268-272: the card from the military hand, its military actions spent, the target named; the defender
    answers (a defend prompt for its seat) while the attacker waits."""
    state = politics(tta_state())
    units(state, 0, swordsmen=2)
    copy = mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    state, events = act(state, "aggression Raid I player 2")
    p = state["seats"][0]
    assert p["ma"] == 3 and copy not in p["mil_hand"]
    assert asked(state) == [(1, "defend")]
    assert [str(m) for m in tta.legal(state, 1)] == ["defend none"]  # +2 does not reach 5 against 1
    assert "aggression" in kinds(events)


def test_the_defender_wins_ties():
    """JA l.282: a defence equal to the attack holds; nothing is lost."""
    state = politics(tta_state())
    units(state, 0, swordsmen=2)
    units(state, 1, swordsmen=1)
    in_play(state, "civ/I/theology", workers=1, seat=1)  # any urban building for Raid to take
    mil(state, "mil/I/raid")
    bonus = mil(state, "mil/I/bonus", seat=1)
    assert st(state, 0) - st(state, 1) == 2
    state, _ = act(state, "aggression raid i player 2")
    state, events = act(state, "defend with +2", seat=1)
    assert "attack_held" in kinds(events) and "razed" not in kinds(events)
    assert state["seats"][1]["workers"]["civ/I/theology"] == 1
    assert bonus in state["mil_discard"]["I"]  # a defence card is used up


def test_a_stronger_attack_takes_effect():
    state = politics(tta_state())
    units(state, 0, swordsmen=3)
    in_play(state, "civ/I/theology", workers=1, seat=1)
    mil(state, "mil/I/raid")
    state, events = act(state, "aggression raid i player 2")
    assert asked(state) == [(0, "event_choice")]  # the defender had nothing to answer with: not asked
    state, more = act(state, "choose theology")   # the attacker chooses the building (docs/tta.md)
    assert asked(state) == [(0, "actions")]
    assert "attack_won" in kinds(events) and state["seats"][1]["workers"]["civ/I/theology"] == 0


def test_a_defender_already_strong_enough_is_not_asked():
    state = politics(tta_state())
    units(state, 0, swordsmen=1)
    units(state, 1, swordsmen=2)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    state, events = act(state, "aggression raid i player 2")
    assert "attack_held" in kinds(events) and asked(state) == [(0, "actions")]
    assert len(state["seats"][1]["mil_hand"]) == 1


def test_defence_cards_and_sacrifices_add_to_the_defence():
    """JA l.276-280: the defender sacrifices units (their worth, sacrifice.py) and plays any number of defence
    cards; sacrificed workers go back to the yellow bank."""
    state = politics(tta_state())
    units(state, 0, swordsmen=4)                        # 8
    units(state, 1, warriors=2)                         # 2
    mil(state, "mil/I/plunder")
    mil(state, "mil/I/bonus", seat=1)
    mil(state, "mil/I/bonus", seat=1)
    set_tokens(state, "civ/A/bronze", 3, seat=1)
    yellow = state["seats"][1]["yellow"]
    state, _ = act(state, "aggression plunder i player 2")
    state, events = act(state, "defend with +2 +2 sacrifice 2 Warriors", seat=1)
    # 2 (rating) + 2 (sacrificed worth) + 2 + 2 = 8 = the attack: the defender holds
    assert "attack_held" in kinds(events)
    q = state["seats"][1]
    assert q["workers"]["civ/A/warriors"] == 0 and q["yellow"] == yellow + 2 and q["mil_hand"] == []


def test_churchill_doubles_defence_cards():
    """Winston Churchill: defence bonus cards count twice (the card)."""
    state = politics(tta_state())
    units(state, 0, swordsmen=2)
    in_play(state, "civ/III/winston_churchill", seat=1)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    state, _ = act(state, "aggression raid i player 2")
    state, events = act(state, "defend with +2", seat=1)
    assert [e for e in events if e["kind"] == "defence"][0]["strength"] == 4 and "attack_held" in kinds(events)


def test_the_attacker_may_sacrifice_units():
    """JA l.274: the attacker's sacrificed units add their worth to its strength and leave play."""
    state = politics(tta_state())
    units(state, 0, swordsmen=2)
    units(state, 1, swordsmen=2)
    mil(state, "mil/I/raid")
    state, events = act(state, "aggression raid i player 2 sacrifice swordsmen")
    ev = [e for e in events if e["kind"] == "aggression"][0]
    assert ev["strength"] == 4 + 2 and state["seats"][0]["workers"]["civ/I/swordsmen"] == 1


def test_no_sacrifices_in_the_last_round():
    """JA l.581: in the last round units cannot be sacrificed, by the attacker or the defender."""
    state = politics(tta_state())
    state["last_round"] = state["round"]
    units(state, 0, swordsmen=2)
    units(state, 1, warriors=1)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    with pytest.raises(IllegalMove, match="last round"):
        act(state, "aggression raid i player 2 sacrifice swordsmen")
    state, _ = act(state, "aggression raid i player 2")  # aggressions are still allowed
    with pytest.raises(IllegalMove, match="last round"):
        act(state, "defend sacrifice warriors", seat=1)


def test_refusals_say_what_would_be_legal():
    state = politics(tta_state(), ma=0)
    mil(state, "mil/III/raid")
    with pytest.raises(IllegalMove, match="costs 3 military actions; you have 0"):
        act(state, "aggression raid iii player 2")
    state["seats"][0]["ma"] = 3
    with pytest.raises(IllegalMove, match="player 2"):
        act(state, "aggression raid iii player 1")


def test_gandhi_may_not_attack_and_costs_double_to_attack():
    """Mahatma Gandhi: no aggressions or wars; others pay double military actions against him (the card)."""
    state = politics(tta_state(), ma=1)
    in_play(state, "civ/III/mahatma_gandhi", seat=1)
    mil(state, "mil/II/spy")
    with pytest.raises(IllegalMove, match="costs 2 military actions; you have 1"):
        act(state, "aggression spy player 2")
    state["seats"][0]["ma"] = 2
    state, _ = act(state, "aggression spy player 2")
    assert state["seats"][0]["ma"] == 0
    g = politics(tta_state())
    in_play(g, "civ/III/mahatma_gandhi", seat=0)
    mil(g, "mil/II/spy")
    with pytest.raises(IllegalMove, match="forbids aggressions and wars"):
        act(g, "aggression spy player 2")


def test_joan_of_arc_scores_when_attacked_whatever_the_outcome():
    """Joan of Arc: +5 culture each time an aggression or war is waged against her civilization (notes: at play)."""
    state = politics(tta_state())
    in_play(state, "civ/I/joan_of_arc", seat=1)
    units(state, 1, swordsmen=3)
    mil(state, "mil/I/raid")
    before = state["seats"][1]["culture"]
    state, events = act(state, "aggression raid i player 2")
    assert "attack_held" in kinds(events) and state["seats"][1]["culture"] == before + 5


def test_the_cheapest_sufficient_defence_prefers_cards_then_the_fewest_units():
    """The default answer (bot and standing order "cheapest"): fewest units, then the smallest card total."""
    state = politics(tta_state())
    units(state, 0, swordsmen=3)                    # 6
    units(state, 1, warriors=3)                     # 3
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    mil(state, "mil/II/bonus", seat=1)
    state, _ = act(state, "aggression raid i player 2")
    best = [str(m) for m in tta.legal(state, 1)]
    assert best == ["defend none", "defend with +4"]  # 3 + 4 >= 6 with one card and no unit
    assert str(tta.bot_move(state, 1, random.Random(1))) == "defend with +4"


def test_the_bot_defends_with_nothing_when_it_cannot_hold():
    state = politics(tta_state())
    units(state, 0, swordsmen=6)
    units(state, 1, warriors=1)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    state, _ = act(state, "aggression raid i player 2")
    assert [str(m) for m in tta.legal(state, 1)] == ["defend none"]
    assert str(tta.bot_move(state, 1, random.Random(1))) == "defend none"


# --- aggression cards: effects, taking only what the loser has (JA l.286-288) ---------------------------


def attack(card_id: str, setup=None, ma: int = 4):
    """Seat 0 (much stronger) plays `card_id` on seat 1 (nothing to defend with); returns (before, after, events)."""
    state = politics(tta_state(), ma=ma)
    units(state, 0, swordsmen=5)
    if setup:
        setup(state)
    copy = mil(state, card_id)
    before = state
    state, events = act(state, f"aggression {tta.moves.name(copy)} player 2")
    if asked(state) == [(1, "defend")]:
        state, more = act(state, "defend none", seat=1)
        events += more
    assert "attack_won" in kinds(events), events
    for seat, kind in asked(state):
        if kind == "event_choice":  # the side that chooses (test_tta_event_choices.py): its default here
            state, more = act(state, str(tta.legal(state, seat)[0]), seat=seat)
            events += more
    return before, state, events


def test_enslave():
    """Enslave: the rival loses 1 population (an unused worker first, JA l.231); the attacker produces 3 resources."""
    before, after, _ = attack("mil/I/enslave", lambda s: None)
    assert after["seats"][1]["idle"] == before["seats"][1]["idle"] - 1
    assert after["seats"][1]["yellow"] == before["seats"][1]["yellow"] + 1
    assert eco.amount(after["seats"][0], "resource") == eco.amount(before["seats"][0], "resource") + 3


@pytest.mark.parametrize("card_id, amount", [("mil/I/plunder", 3), ("mil/II/plunder", 5), ("mil/III/plunder", 8)])
def test_plunder_takes_food_and_resources_up_to_what_the_rival_has(card_id, amount):
    """Plunder I-III: the rival loses food and/or resources (default: resources first); the attacker produces it."""
    def setup(s):
        set_tokens(s, "civ/A/bronze", 2, seat=1)
        set_tokens(s, "civ/A/agriculture", 2, seat=1)
    before, after, _ = attack(card_id, setup)
    taken = min(amount, 4)
    q0, q1 = before["seats"][1], after["seats"][1]
    assert eco.amount(q0, "resource") + eco.amount(q0, "food") - taken == eco.amount(q1, "resource") + eco.amount(
        q1, "food")
    assert eco.amount(after["seats"][0], "resource") + eco.amount(after["seats"][0], "food") == taken


def test_raid_i_destroys_one_urban_building_for_half_its_cost_rounded_up():
    """Raid I: one urban building destroyed; the attacker produces half its building cost, rounded up."""
    before, after, _ = attack("mil/I/raid", lambda s: in_play(s, "civ/I/theology", workers=1, seat=1))
    assert after["seats"][1]["workers"]["civ/I/theology"] == 0
    assert eco.amount(after["seats"][0], "resource") == -(-tta.cards.CARDS["civ/I/theology"].build // 2)


@pytest.mark.parametrize("card_id, n", [("mil/II/raid", 2), ("mil/III/raid", 3)])
def test_raid_ii_iii_destroy_buildings_of_one_type_and_level_for_half_the_total_rounded_down(card_id, n):
    def setup(s):
        in_play(s, "civ/I/theology", workers=4, seat=1)
        in_play(s, "civ/A/philosophy", workers=1, seat=1)
    before, after, _ = attack(card_id, setup)
    assert after["seats"][1]["workers"]["civ/I/theology"] == 4 - n
    assert after["seats"][1]["workers"]["civ/A/philosophy"] == 1
    assert eco.amount(after["seats"][0], "resource") == tta.cards.CARDS["civ/I/theology"].build * n // 2


def test_annex_takes_a_colony():
    """Annex: the rival's colony changes hands (the one-time gain is not repeated)."""
    def setup(s):
        colony = mil(s, "mil/I/wealthy_territory", seat=1)  # +2 blue tokens while held
        q = s["seats"][1]
        q["mil_hand"].remove(colony)
        q["colonies"].append(colony)
        q["blue"] += 2
        q["blue_extra"] += 2
    before, after, _ = attack("mil/II/annex", setup)
    assert after["seats"][1]["colonies"] == [] and len(after["seats"][0]["colonies"]) == 1
    assert after["seats"][1]["blue"] == before["seats"][1]["blue"] - 2  # its tokens change banks
    assert after["seats"][0]["blue"] == before["seats"][0]["blue"] + 2


def test_annex_needs_a_colony():
    state = politics(tta_state())
    mil(state, "mil/II/annex")
    with pytest.raises(IllegalMove, match="no colony"):
        act(state, "aggression annex player 2")


def test_assassinate_costs_the_leaders_level_and_scores_three_culture_per_level():
    """Assassinate: military actions = the target leader's level; the leader is discarded; 3 culture per level."""
    before, after, _ = attack("mil/II/assassinate", lambda s: in_play(s, "civ/II/napoleon_bonaparte", seat=1), ma=2)
    assert after["seats"][1]["leader"] is None and after["seats"][0]["ma"] == 0
    assert after["seats"][0]["culture"] == 6


def test_sabotage_discards_the_wonder_under_construction():
    """Sabotage: the unfinished wonder is discarded (its stage markers back to the blue bank); 3 culture per level."""
    def setup(s):
        q = s["seats"][1]
        q["wonder"] = pull(s, "civ/I/great_wall")
        q["stages"] = 1
        q["blue"] -= 1
    before, after, _ = attack("mil/II/sabotage", setup, ma=1)
    q = after["seats"][1]
    assert q["wonder"] is None and q["stages"] == 0 and q["blue"] == before["seats"][1]["blue"] + 1
    assert after["seats"][0]["culture"] == 3


def test_spy_takes_up_to_five_science():
    def setup(s):
        s["seats"][1]["science"] = 3
    before, after, _ = attack("mil/II/spy", setup)
    assert after["seats"][1]["science"] == 0 and after["seats"][0]["science"] == before["seats"][0]["science"] + 3


def test_armed_intervention_scores_what_the_rival_loses():
    def setup(s):
        s["seats"][1]["culture"] = 4
    before, after, _ = attack("mil/III/armed_intervention", setup)
    assert after["seats"][1]["culture"] == 0 and after["seats"][0]["culture"] == before["seats"][0]["culture"] + 4


# --- wars ----------------------------------------------------------------------------------------------


def at_war_resolution(state: dict) -> tuple[dict, list]:
    """Seat 0's next turn begins at the war phase (its declared war is resolved first)."""
    state["stack"] = []
    state["phase"] = "war"
    state["turn"] = 0
    events: list = []
    rules.settle(state, events)
    assert problems(state) == [], problems(state)
    return state, events


def declare(card_id: str, a: dict, b: dict, players: int = 2) -> dict:
    """Seat 0 declares `card_id` on seat 1; a/b: units of each."""
    state = politics(tta_state(players=players), ma=3)
    units(state, 0, **a)
    units(state, 1, **b)
    mil(state, card_id)
    state, events = act(state, f"war {tta.moves.name(card_id)} player 2")
    assert "war_declared" in kinds(events) and len(state["wars"]) == 1
    assert state["seats"][0]["ma"] == 3 - tta.cards.military.MILITARY[card_id].military_actions
    return state


def test_a_war_is_resolved_at_the_declarers_next_turn_and_the_declarer_sacrifices_first():
    """JA l.177-185, l.312: declared now, resolved at the start of the declarer's next turn; the declarer may
    sacrifice first, then the defender (no defence cards in a war)."""
    state = declare("mil/II/war_over_culture", {"swordsmen": 2}, {"warriors": 3})
    state["seats"][1]["culture"] = 10
    assert asked(state) == [(0, "actions")]
    mil(state, "mil/I/bonus", seat=1)
    state, events = at_war_resolution(state)
    assert asked(state) == [(0, "sacrifice")]
    # The prompt names the war and both strengths before any sacrifice (public: the board shows them).
    (prompt,) = tta.pending(state)
    assert prompt.data == {"card": state["wars"][0]["card"], "on": 1, "attack": st(state, 0), "defence": st(state, 1)}
    assert (prompt.data["attack"], prompt.data["defence"]) == (4, 3)
    state, _ = act(state, "sacrifice swordsmen")                 # 4 + 2 = 6
    assert asked(state) == [(1, "defend")]
    with pytest.raises(IllegalMove, match="no defence bonus cards in a war"):
        act(state, "defend with +2", seat=1)
    state, events = act(state, "defend none", seat=1)            # 3
    assert "war_won" in kinds(events) and state["wars"] == []
    assert state["seats"][1]["culture"] == 7 and state["seats"][0]["culture"] == 3
    assert asked(state) == [(0, "actions")]


def test_a_war_tie_does_nothing():
    """JA l.189: equal strengths: nothing happens; the card is discarded."""
    state = declare("mil/II/war_over_culture", {"swordsmen": 1}, {"warriors": 2})
    state["seats"][1]["culture"] = 10
    state["last_round"] = state["round"]  # no sacrifices: no prompts
    state, events = at_war_resolution(state)
    assert "war_tie" in kinds(events) and state["seats"][1]["culture"] == 10 and state["wars"] == []


def test_the_defender_may_win_a_war():
    """JA l.181: either side may win a war."""
    state = declare("mil/II/war_over_technology", {"warriors": 1}, {"swordsmen": 2})
    state["seats"][0]["science"] = 5
    state["last_round"] = state["round"]
    state, events = at_war_resolution(state)
    assert [e["seat"] for e in events if e["kind"] == "war_won"] == [1]
    assert state["seats"][0]["science"] == 2 and state["seats"][1]["science"] == 3


def test_no_war_in_the_last_round():
    """JA l.581: no war may be declared in the last round."""
    state = politics(tta_state(), ma=3)
    state["last_round"] = state["round"]
    mil(state, "mil/II/war_over_culture")
    assert not any(str(m).startswith("war") for m in tta.legal(state, 0))
    with pytest.raises(IllegalMove, match="last round"):
        act(state, "war war over culture ii player 2")


def test_war_over_resources_takes_the_advantage_in_food_and_resources():
    state = declare("mil/II/war_over_resources", {"swordsmen": 3}, {"warriors": 2})  # 6 vs 2
    set_tokens(state, "civ/A/bronze", 3, seat=1)
    state["last_round"] = state["round"]
    state, _ = at_war_resolution(state)
    assert eco.amount(state["seats"][1], "resource") == 0 and eco.amount(state["seats"][0], "resource") == 3


def test_war_over_territory_takes_one_yellow_token_and_one_per_three_of_advantage():
    state = declare("mil/II/war_over_territory", {"swordsmen": 4}, {"warriors": 1})  # 8 vs 1: 1 + 7 // 3 = 3
    state["last_round"] = state["round"]
    y0, y1 = state["seats"][0]["yellow"], state["seats"][1]["yellow"]
    state, _ = at_war_resolution(state)
    assert state["seats"][0]["yellow"] == y0 + 3 and state["seats"][1]["yellow"] == y1 - 3


def test_holy_war_decreases_the_loser_once_per_three_and_scores_three_each():
    state = declare("mil/III/holy_war", {"swordsmen": 4}, {"warriors": 1})  # 8 vs 1: 2 decreases
    state["last_round"] = state["round"]
    q = state["seats"][1]
    q["yellow"] -= 2 - q["idle"]
    q["idle"] = 2  # two unused workers go first: nothing to ask (JA l.231)
    y1 = q["yellow"]
    state, events = at_war_resolution(state)
    assert state["seats"][0]["culture"] == 6 and state["seats"][1]["yellow"] == y1 + 2
    assert [e["amount"] for e in events if e["kind"] == "population_lost"] == [2]


@pytest.mark.parametrize("text", ["war war over culture ii player 2", "戦争 war over culture ii プレイヤー2",
                                  "guerre war over culture ii joueur 2", "krieg war over culture ii spieler 2"])
def test_war_commands_in_four_languages(text):
    state = politics(tta_state(), ma=3)
    copy = mil(state, "mil/II/war_over_culture")
    assert tta.parse(text, state, 0) == [tta.moves.War(copy, 1)]


@pytest.mark.parametrize("text", ["aggression raid i player 2", "侵略 raid i プレイヤー2", "attaquer raid i joueur 2",
                                  "angriff raid i spieler 2", "attack raid i p2"])
def test_aggression_commands_in_four_languages(text):
    state = politics(tta_state())
    copy = mil(state, "mil/I/raid")
    assert tta.parse(text, state, 0) == [tta.moves.Aggression(copy, 1)]


def test_defend_commands_parse_cards_by_value_and_units_with_counts():
    state = politics(tta_state())
    units(state, 1, warriors=3, swordsmen=1)
    a = mil(state, "mil/I/bonus", seat=1)
    b = mil(state, "mil/II/bonus", seat=1)
    (move,) = tta.parse("defend with +4 +2 sacrifice 2 Warriors, Swordsmen", state, 1)
    assert move.cards == (b, a) and move.units == (("civ/A/warriors", 2), ("civ/I/swordsmen", 1))
    assert tta.parse(str(move), state, 1) == [move]
    for text in ("defend none", "防御 なし", "defendre rien", "verteidigen nichts"):
        assert tta.parse(text, state, 1) == [tta.moves.Defend()]
    with pytest.raises(IllegalMove, match="no unused \\+6"):
        tta.parse("defend with +6", state, 1)


NEW_KINDS = {
    "aggression": dict(card="mil/I/raid:1", on=1, strength=5, sacrificed=1),
    "defence": dict(strength=4, cards=1, sacrificed=0),
    "attack_won": dict(card="mil/I/raid:1", on=1, attack=5, defence=4),
    "attack_held": dict(card="mil/I/raid:1", on=1, attack=4, defence=4),
    "war_declared": dict(card="mil/III/holy_war:1", on=1),
    "war_sacrifice": dict(strength=9, sacrificed=2),
    "war_won": dict(card="mil/III/holy_war:1", on=1, advantage=3),
    "war_tie": dict(card="mil/III/holy_war:1", on=1),
    "taken": dict(what="culture", amount=3, source=1),
    "taken_special": dict(card="civ/II/justice_system:1", source=1),
    "razed": dict(card="civ/I/theology", count=2),
    "assassinated": dict(card="civ/II/napoleon_bonaparte:1"),
    "sabotaged": dict(card="civ/I/great_wall:1"),
    "annexed": dict(card="mil/I/historic_territory:1", source=1),
    "population_lost": dict(amount=2),
    "pact_offered": dict(card="mil/III/peace_treaty:1", on=1, a=0),
    "pact_accepted": dict(card="mil/III/peace_treaty:1", by=1, a=1, b=0),
    "pact_refused": dict(card="mil/III/peace_treaty:1", by=1),
    "pact_cancelled": dict(card="mil/III/peace_treaty:1"),
    "pact_ended": dict(card="mil/III/military_pact:1", a=0, b=1),
    "traded": dict(card="mil/I/trade_routes_agreement:1", what="food", instead="resource"),
    "wonder_flipped": dict(card="civ/A/pyramids:1"),
    "standing_order": dict(topic="defence", policy="cheapest", seats=[]),
    "standing_order_applied": dict(prompt="defend", move="defend none"),
}


@pytest.mark.parametrize("kind", sorted(NEW_KINDS))
def test_every_new_event_is_described_in_four_languages(kind):
    from pbem.engine.base import event
    ev = event(kind, 0, **NEW_KINDS[kind])
    texts = {loc: tta.describe(ev, 0, loc, ["Ann", "Bob"]) for loc in ("en", "ja", "fr", "de")}
    assert texts["en"] != f"You: {kind}." and all(texts.values())
    assert len(set(texts.values())) == 4, texts
    if "on" in ev or "source" in ev or "by" in ev:
        assert all("Bob" in t or "Ann" in t for t in texts.values()), texts


def test_a_stronger_war_defender_is_still_asked_since_it_may_win_by_more():
    """JA l.181: either side may win a war, by the difference: the defender may sacrifice even when it holds."""
    state = declare("mil/II/war_over_culture", {"warriors": 1}, {"swordsmen": 3})
    state["seats"][0]["culture"] = 10
    state, _ = at_war_resolution(state)
    state, _ = act(state, "sacrifice none")
    assert asked(state) == [(1, "defend")]
    state, events = act(state, "defend sacrifice swordsmen", seat=1)     # 6 + 2 against 1
    assert state["seats"][0]["culture"] == 3 and state["seats"][1]["culture"] == 7


@pytest.mark.parametrize("locale", ["en", "ja", "fr", "de"])
def test_the_text_board_shows_the_attack_to_answer_and_the_wars(locale):
    """The defender's mail says what attacks it and how strong; wars and pacts in play are listed."""
    state = politics(tta_state())
    units(state, 0, swordsmen=3)
    units(state, 1, warriors=1)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    state, _ = act(state, "aggression raid i player 2")
    view = tta.view(state, 1)
    assert view["conflict"] == {"kind": "defend", "seat": 1, "card": view["conflict"]["card"], "by": 0, "attack": 6,
                                "strength": 1}
    assert view["deadline_default"] == "defend none"  # +2 cannot hold against 6
    # Only the defender sees its strength and its default (which may name its hidden cards).
    assert "strength" not in tta.view(state, 0)["conflict"] and tta.view(state, 0)["deadline_default"] is None
    board = tta.board_text(view, locale, ["Ann", "Bob"])
    assert "Raid I" in board and "6" in board and "Ann" in board and "defend none" in board
    assert "Defense / Colonization Bonus I" in board  # the defender's own military hand
    assert stake(view["conflict"]["card"], "Ann", locale) in board  # what the raid takes if it wins
    state["wars"].append({"card": mil(state, "mil/III/holy_war", seat=0), "by": 0, "on": 1})
    state["seats"][0]["mil_hand"].remove(state["wars"][0]["card"])
    assert "Holy War" in tta.board_text(tta.view(state, 0), locale, ["Ann", "Bob"])


@pytest.mark.parametrize("locale", ["en", "ja", "fr", "de"])
def test_every_aggression_says_what_it_takes_in_every_language(locale):
    from pbem.engine.tta.cards.military import MILITARY

    for cid in (c for c, m in MILITARY.items() if m.kind == "aggression"):
        text = stake(cid + ":1", "Ann", locale)
        assert text and "Ann" in text and "{" not in text, (cid, locale)
    assert stake("mil/I/raid:1", "Ann", "en") == (
        "If the attack wins: you lose up to 1 urban building of one card (the most costly); Ann gets resources "
        "worth half their cost.")
    assert stake("mil/III/bonus:1", "Ann", locale) is None


@pytest.mark.parametrize("locale", ["en", "ja", "fr", "de"])
def test_every_war_says_what_is_at_stake_in_the_defenders_mail(locale):
    """Issue 13: the defence mail of a war says what it does (either side may win, scaled by the difference)."""
    from pbem.engine.tta.cards.military import MILITARY

    texts = {cid: stake(cid + ":1", "Ann", locale) for cid, m in MILITARY.items() if m.kind == "war"}
    assert all(texts.values()) and len(set(texts.values())) == 5, texts  # War over Culture II and III alike
    state = declare("mil/III/holy_war", {"swordsmen": 2}, {"warriors": 1})
    state, _ = at_war_resolution(state)
    state, _ = act(state, "sacrifice none")
    assert asked(state) == [(1, "defend")]
    assert texts["mil/III/holy_war"] in tta.board_text(tta.view(state, 1), locale, ["Ann", "Bob"])


def test_a_weaker_player_may_attack_and_no_other_card_defends():
    """Notes 3.3 #15: the original has no "cannot attack a stronger player" rule and no "any military card is +1
    defence" rule (both 2015): only defence bonus cards and sacrifices defend."""
    state = politics(tta_state())
    units(state, 1, swordsmen=1)
    mil(state, "mil/I/raid")
    assert "aggression Raid I player 2" in [str(m) for m in tta.legal(state, 0)]  # 0 against 2: still legal
    state = politics(tta_state())
    units(state, 0, swordsmen=1)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/legion", seat=1)
    state, events = act(state, "aggression raid i player 2")
    assert "attack_won" in kinds(events) and asked(state) == [(0, "actions")]  # a tactic card is no defence


def test_a_war_declared_before_the_last_round_is_resolved_in_it_without_sacrifices():
    """JA l.581: no war may be declared in the last round, but one declared in the round before is resolved in it;
    no unit may be sacrificed then, by the declarer or the defender (neither is asked)."""
    state = declare("mil/II/war_over_culture", {"swordsmen": 2}, {"warriors": 1}, players=3)
    state["seats"][1]["culture"] = 10
    state["last_round"] = state["round"] + 1   # Age III ran out after the declaration
    state["round"] += 1
    state, events = at_war_resolution(state)
    assert asked(state) == [(0, "actions")] and state["wars"] == []
    won = [e for e in events if e["kind"] == "war_won"]
    assert won[0]["advantage"] == 4 - 1 and state["seats"][1]["culture"] == 7
    assert state["seats"][0]["workers"]["civ/I/swordsmen"] == 2 and state["seats"][1]["workers"]["civ/A/warriors"] == 1
