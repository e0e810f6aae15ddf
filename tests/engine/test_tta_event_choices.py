"""TtA events whose loser (or gainer) chooses what: a prompt for the seat that chooses, the default first.

Sources: JA l.231 (a population decrease: an unused worker, else a worker off any card: the owner's), the notes'
event table (Border Conflict: the weakest chooses the building; Terrorism: the least-culture civilization
chooses one urban building of each other; Foray, Raiders: each chooses its mix; Independence Declaration).
"""
import pytest

from pbem.engine import tta
from pbem.engine.base import CommandError
from pbem.engine.tta import economy as eco
from pbem.engine.tta.invariants import problems

from tta_helpers import act, in_play, set_workers, tta_state
from test_tta_military import mil, top_event, units


def revealed(card_id: str, players: int = 2, setup=None) -> dict:
    """Seat 0, strongest, prepares Pestilence in its political phase and `card_id` is revealed."""
    state = tta_state(players=players)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    units(state, 0, knights=2)
    if setup:
        setup(state)
    mil(state, "mil/I/pestilence")
    top_event(state, card_id)
    state, _ = act(state, "event pestilence")
    assert problems(state) == []
    return state


def asked(state: dict) -> list[tuple]:
    return [(p.seat, p.kind, p.data.get("victim"), p.data.get("options")) for p in tta.pending(state)]


def goods(state: dict, seat: int) -> tuple[int, int]:
    p = state["seats"][seat]
    return eco.amount(p, "food"), eco.amount(p, "resource")


def stock(state: dict, food: int = 3, resource: int = 3) -> None:
    for p in state["seats"]:
        eco.produce(p, "food", food)
        eco.produce(p, "resource", resource)


def test_border_conflict_the_weakest_chooses_the_building_it_loses():
    state = revealed("mil/I/border_conflict")
    ((seat, kind, victim, options),) = asked(state)
    assert (seat, kind, victim) == (1, "event_choice", 1)
    assert options == ["civ/A/agriculture", "civ/A/bronze", "civ/A/philosophy"]   # lowest level first: the default
    assert [str(m) for m in tta.legal(state, 1)] == ["choose Agriculture", "choose Bronze", "choose Philosophy"]
    before = dict(state["seats"][1]["workers"]), state["seats"][1]["idle"]
    state, events = act(state, "choose philosophy", seat=1)
    q = state["seats"][1]
    assert q["workers"]["civ/A/philosophy"] == before[0]["civ/A/philosophy"] - 1 and q["idle"] == before[1] + 1
    assert any(e["kind"] == "razed" and e["card"] == "civ/A/philosophy" for e in events)
    assert [p.seat for p in tta.pending(state)] == [0] and problems(state) == []


def test_a_choice_with_one_option_is_not_asked():
    """The notes: never prompt a decision with one option."""
    def one_mine(state):
        for cid in ("civ/A/agriculture", "civ/A/philosophy"):
            set_workers(state, cid, 0, 1)
    state = revealed("mil/I/border_conflict", setup=one_mine)
    assert [p.kind for p in tta.pending(state)] != ["event_choice"]
    assert state["seats"][1]["workers"]["civ/A/bronze"] == 1


def test_terrorism_the_least_culture_seat_chooses_one_building_of_each_other_in_turn():
    def temples(state):
        for s in range(3):
            set_workers(state, "civ/A/religion", 1, s)
        state["seats"][0]["culture"], state["seats"][1]["culture"], state["seats"][2]["culture"] = 5, 4, 0
    state = revealed("mil/II/terrorism", players=3, setup=temples)
    assert asked(state) == [(2, "event_choice", 0, ["civ/A/religion", "civ/A/philosophy"])]
    state, _ = act(state, "choose philosophy", seat=2)
    assert [(s, v) for s, _, v, _ in asked(state)] == [(2, 1)]   # then the next victim, by the same chooser
    assert state["seats"][0]["workers"]["civ/A/philosophy"] == 0
    state, _ = act(state, str(tta.legal(state, 2)[0]), seat=2)
    assert state["seats"][1]["workers"]["civ/A/philosophy"] + state["seats"][1]["workers"]["civ/A/religion"] == 1
    assert [p.seat for p in tta.pending(state)] == [0] and problems(state) == []


@pytest.mark.parametrize("order", [(1, 2), (2, 1)])
def test_raiders_each_of_the_two_weakest_chooses_its_mix_in_either_order(order):
    """The two weakest lose 2 food and/or resources, each its own mix; answered at once, in either order."""
    state = revealed("mil/I/raiders", players=3, setup=stock)
    assert sorted(s for s, *_ in asked(state)) == [1, 2]
    assert asked(state)[0][3] == ["0 food", "1 food", "2 food"]   # "N food", the rest resources; default first
    before = {s: goods(state, s) for s in (1, 2)}
    texts = {1: "choose 2 food", 2: "choose 1 resource"}
    for s in order:
        state, _ = act(state, texts[s], seat=s)
    assert goods(state, 1) == (before[1][0] - 2, before[1][1])
    assert goods(state, 2) == (before[2][0] - 1, before[2][1] - 1)
    assert [p.seat for p in tta.pending(state)] == [0] and problems(state) == []


def test_raiders_takes_everything_without_asking_when_there_is_no_more():
    state = revealed("mil/I/raiders", setup=lambda s: stock(s, food=1, resource=1))
    assert [p.kind for p in tta.pending(state)] != ["event_choice"] and goods(state, 1) == (0, 0)


@pytest.mark.parametrize("text, food", [("choose 3 food", 3), ("choisir 1 nourriture", 1), ("wahle 1 rohstoffe", 2),
                                        ("選ぶ 0 食料", 0)])
def test_foray_the_strongest_chooses_its_mix_in_four_languages(text, food):
    state = revealed("mil/I/foray")
    ((seat, _, victim, options),) = asked(state)
    assert (seat, victim) == (0, 0) and sorted(options) == ["0 food", "1 food", "2 food", "3 food"]
    before = goods(state, 0)
    state, _ = act(state, text)
    assert goods(state, 0) == (before[0] + food, before[1] + 3 - food)


def test_independence_declaration_the_weakest_chooses_the_colony():
    def colonies(state):
        p1 = state["seats"][1]
        for key in ("mil/I/historic_territory", "mil/II/historic_territory"):
            c = mil(state, key, seat=1)
            p1["mil_hand"].remove(c)
            p1["colonies"].append(c)
    state = revealed("mil/II/independence_declaration", setup=colonies)
    ((seat, _, _, options),) = asked(state)
    assert seat == 1 and options[0].startswith("mil/I/")   # default: the oldest
    state, events = act(state, "choose Historic Territory II", seat=1)
    assert [c.split(":")[0] for c in state["seats"][1]["colonies"]] == ["mil/I/historic_territory"]
    assert problems(state) == []


def test_a_wrong_answer_names_the_options():
    state = revealed("mil/I/border_conflict")
    with pytest.raises(CommandError, match="Agriculture, Bronze, Philosophy"):
        act(state, "choose Iron", seat=1)
    with pytest.raises(CommandError, match="choose Agriculture, choose Bronze"):
        act(state, "choose", seat=1)


def test_the_bot_and_so_a_deadline_answer_the_default():
    import random
    state = revealed("mil/I/border_conflict")
    assert tta.bot_move(state, 1, random.Random(1)) == tta.legal(state, 1)[0]


# --- the standing order for event choices (orders.py) -------------------------------------------------------


def test_standing_choices_default_answers_with_the_default_instead_of_asking():
    """The issue: defaults for event choices as a standing order, so that an email game does not stall."""
    state = tta_state(players=2)
    state, events = act(state, "standing choices default", seat=1)
    assert state["orders"]["1"] == {"choices": "default"}
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    units(state, 0, knights=2)
    mil(state, "mil/I/pestilence")
    top_event(state, "mil/I/border_conflict")
    farms = state["seats"][1]["workers"]["civ/A/agriculture"]
    state, events = act(state, "event pestilence")
    assert [p.seat for p in tta.pending(state)] == [0]
    assert state["seats"][1]["workers"]["civ/A/agriculture"] == farms - 1   # the default: the lowest level
    assert any(e["kind"] == "standing_order_applied" and e["seat"] == 1 and e["move"] == "choose Agriculture"
               for e in events)


def test_standing_choices_answers_only_its_seat_of_a_simultaneous_choice():
    state = tta_state(players=3)
    state, _ = act(state, "standing choices default", seat=2)
    stock(state)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    units(state, 0, knights=2)
    mil(state, "mil/I/pestilence")
    top_event(state, "mil/I/raiders")
    state, _ = act(state, "event pestilence")
    assert [p.seat for p in tta.pending(state)] == [1]
    assert state["stack"][-1]["answers"] == {"2": "0 food"}  # the default: resources first


def test_an_order_filed_while_asked_answers_the_choice_and_ask_asks_again():
    state = revealed("mil/I/border_conflict")
    answered, _ = act(state, "standing choices default", seat=1)
    assert [p.seat for p in tta.pending(answered)] == [0]
    again, _ = act(answered, "standing choices ask", seat=1)
    assert again["orders"]["1"] == {"choices": "ask"}


@pytest.mark.parametrize("text", ["standing choices default", "指示 選択 既定", "consigne choix defaut",
                                  "standing wahl vorgabe"])
def test_standing_choices_in_four_languages(text):
    (move,) = tta.parse(text, tta_state(), 0)
    assert str(move) == "standing choices default"


# --- aggressions and wars won: the side the card lets choose is asked (conflict.choice_options) -----------------


def won(card_id: str, setup=None, ma: int = 4) -> dict:
    """Seat 0 (5 Swordsmen) plays `card_id` on seat 1 (no units, nothing to defend with) and wins at once."""
    from test_tta_conflict import politics
    state = politics(tta_state(), ma=ma)
    units(state, 0, swordsmen=5)
    if setup:
        setup(state)
    copy = mil(state, card_id)
    state, events = act(state, f"aggression {tta.moves.name(copy)} player 2")
    assert any(e["kind"] == "attack_won" for e in events)
    return state


def test_raid_the_attacker_chooses_the_building_and_the_loot_follows_it():
    """Raid I: the attacker chooses (notes: Raid I, by analogy with Raid II/III); the loot is half that building's
    printed cost, rounded up."""
    from pbem.engine.tta.cards import CARDS
    state = won("mil/I/raid", lambda s: in_play(s, "civ/I/theology", workers=1, seat=1))
    ((seat, _, victim, options),) = asked(state)
    assert (seat, victim) == (0, 1) and options == ["civ/I/theology", "civ/A/philosophy"]  # default: the dearest
    res = eco.amount(state["seats"][0], "resource")
    state, _ = act(state, "choose philosophy")
    assert state["seats"][1]["workers"]["civ/A/philosophy"] == 0 and state["seats"][1]["workers"]["civ/I/theology"] == 1
    assert eco.amount(state["seats"][0], "resource") == res + -(-CARDS["civ/A/philosophy"].build // 2)
    assert [p.seat for p in tta.pending(state)] == [0] and problems(state) == []


def test_plunder_the_attacker_chooses_the_mix_it_takes():
    def goods_of_1(s):
        eco.produce(s["seats"][1], "food", 4)
        eco.produce(s["seats"][1], "resource", 4)
    state = won("mil/I/plunder", goods_of_1)
    ((seat, _, _, options),) = asked(state)
    assert seat == 0 and options == ["0 food", "1 food", "2 food", "3 food"]   # default: resources first
    before = goods(state, 0), goods(state, 1)
    state, _ = act(state, "choose 3 food")
    assert goods(state, 0) == (before[0][0] + 3, before[0][1]) and goods(state, 1) == (before[1][0] - 3, before[1][1])


def test_enslave_the_loser_chooses_the_worker_when_none_is_unused():
    def busy(s):
        q = s["seats"][1]
        q["yellow"] += q["idle"]
        q["idle"] = 0
    state = won("mil/I/enslave", busy)
    ((seat, _, victim, options),) = asked(state)
    assert (seat, victim) == (1, 1) and options[0] == "civ/A/philosophy"   # units first, then urban buildings
    farms = state["seats"][1]["workers"]["civ/A/agriculture"]
    state, _ = act(state, "choose agriculture", seat=1)
    assert state["seats"][1]["workers"]["civ/A/agriculture"] == farms - 1 and problems(state) == []


def test_annex_the_attacker_chooses_the_colony():
    def colonies(s):
        q = s["seats"][1]
        for key in ("mil/I/historic_territory", "mil/II/historic_territory"):
            c = mil(s, key, seat=1)
            q["mil_hand"].remove(c)
            q["colonies"].append(c)
    state = won("mil/II/annex", colonies)
    ((seat, _, _, options),) = asked(state)
    assert seat == 0 and options[0].startswith("mil/II/")   # default: the latest
    state, _ = act(state, "choose Historic Territory I")
    assert [c.split(":")[0] for c in state["seats"][0]["colonies"]] == ["mil/I/historic_territory"]
    assert problems(state) == []


def test_holy_war_the_loser_chooses_each_worker_it_loses_after_its_unused_ones():
    """JA l.231: a population decrease takes an unused worker, else a worker off a card of the owner's choosing;
    Holy War (advantage 7: two decreases) asks the loser once per worker its cards lose (notes: Holy War)."""
    from test_tta_conflict import at_war_resolution, declare
    state = declare("mil/III/holy_war", {"swordsmen": 4}, {"warriors": 1})   # 8 vs 1
    state["last_round"] = state["round"]
    q = state["seats"][1]
    q["yellow"] += q["idle"] - 1
    q["idle"] = 1                                                            # one decrease from it, one asked
    before = dict(q["workers"])
    state, _ = at_war_resolution(state)
    ((seat, _, victim, options),) = asked(state)
    assert (seat, victim) == (1, 1) and options[0] == "civ/A/warriors"       # units first by default
    state, events = act(state, "choose bronze", seat=1)
    q = state["seats"][1]
    assert q["idle"] == 0 and q["workers"]["civ/A/bronze"] == before["civ/A/bronze"] - 1
    assert {c: n for c, n in q["workers"].items() if n != before[c]} == {"civ/A/bronze": before["civ/A/bronze"] - 1}
    assert state["seats"][0]["culture"] == 6 and problems(state) == []


def test_holy_war_asks_one_worker_at_a_time_when_none_is_unused():
    from test_tta_conflict import at_war_resolution, declare
    state = declare("mil/III/holy_war", {"swordsmen": 4}, {"warriors": 1})
    state["last_round"] = state["round"]
    q = state["seats"][1]
    q["yellow"] += q["idle"]
    q["idle"] = 0
    before = dict(q["workers"])
    state, _ = at_war_resolution(state)
    state, _ = act(state, "choose agriculture", seat=1)
    ((seat, _, _, options),) = asked(state)
    assert seat == 1 and state["seats"][1]["workers"] == before              # nothing lost before the last pick
    state, events = act(state, "choose agriculture", seat=1)
    assert state["seats"][1]["workers"]["civ/A/agriculture"] == before["civ/A/agriculture"] - 2
    assert [e["amount"] for e in events if e["kind"] == "population_lost"] == [2]
    assert state["seats"][0]["culture"] == 6 and problems(state) == []


def tech_war(setup) -> dict:
    """Seat 0 (8) wins War over Technology on seat 1 (1) by 7; seat 1 holds 10 science and `setup`'s specials."""
    from test_tta_conflict import at_war_resolution, declare
    state = declare("mil/II/war_over_technology", {"swordsmen": 4}, {"warriors": 1})
    state["last_round"] = state["round"]
    state["seats"][1]["science"] = 10
    setup(state)
    state, _ = at_war_resolution(state)
    return state


def test_war_over_technology_the_winner_may_take_special_technologies_at_their_cost():
    """War over Technology (card: science equal to the advantage, or special technologies in its place, each counting
    as its science cost; notes: War over Technology): the winner chooses one special at a time, then the rest in
    science."""
    def specials(s):
        in_play(s, "civ/II/justice_system", seat=1)   # 7 science
        in_play(s, "civ/I/masonry", seat=1)           # 3 science
    state = tech_war(specials)
    ((seat, _, victim, options),) = asked(state)
    assert (seat, victim) == (0, 1) and options[0] == "science"
    assert {o.split(":")[0] for o in options[1:]} == {"civ/II/justice_system", "civ/I/masonry"}
    state, events = act(state, "choose masonry")                      # 4 left: Justice System (7) no longer fits
    w, lo = state["seats"]
    assert [c.split(":")[0] for c in w["specials"].values()] == ["civ/I/masonry"]
    assert "construction" not in lo["specials"] and (w["science"], lo["science"]) == (4, 6)
    assert "taken_special" in [e["kind"] for e in events] and problems(state) == []


def test_war_over_technology_a_special_with_blue_tokens_moves_them_and_science_is_the_default():
    state = tech_war(lambda s: in_play(s, "civ/II/justice_system", seat=1))
    blue = [p["blue"] for p in state["seats"]]
    state, _ = act(state, "choose justice system")
    w, lo = state["seats"]
    assert (w["blue"] - blue[0], blue[1] - lo["blue"]) == (3, 3) and (w["science"], lo["science"]) == (0, 10)
    assert problems(state) == []
    state = tech_war(lambda s: in_play(s, "civ/II/justice_system", seat=1))
    assert tta.parse("選ぶ 発明", state, 0) == tta.parse("wahle wissenschaft", state, 0) == [tta.moves.Choose("science")]
    state, _ = act(state, "choose science")
    assert (state["seats"][0]["science"], state["seats"][1]["science"]) == (7, 3) and not state["seats"][0]["specials"]


def test_international_agreement_the_strongest_takes_cards_worth_five_civil_actions_then_the_row_refills():
    """International Agreement (card: the strongest may take civil cards costing up to 5 civil actions in all,
    giving up its next political action, then the row is refilled; notes: without the removal step)."""
    from pbem.engine.tta import turn
    state = revealed("mil/II/international_agreement")
    ((seat, _, _, options),) = asked(state)
    row = list(state["row"])
    assert seat == 0 and options[0] == "skip" and row[0] in options and row[12] in options
    assert tta.pending(state)[0].data["budget"] == 5
    ca = state["seats"][0]["ca"]
    state, _ = act(state, str(tta.moves.Choose(row[11])))               # slot 12: 3 civil actions' worth
    ((_, _, _, options),) = asked(state)
    assert row[5] in options and row[9] not in options and row[12] not in options   # 2 left: slot 6 yes, 10 no
    state, _ = act(state, str(tta.moves.Choose(row[3])))                # slot 4: 1 left
    ((_, _, _, options),) = asked(state)
    assert row[1] in options and row[5] not in options                  # (Hammurabi: a second Age A leader)
    state, events = act(state, "choose skip")
    p = state["seats"][0]
    assert p["hand"] == [row[11], row[3]] and p["ca"] == ca             # no civil action spent
    kept = [c for c in row if c not in (row[11], row[3])]
    assert state["row"][:11] == kept and all(state["row"])              # slid left, none removed, two dealt
    assert state["skip_politics"] == 0 and problems(state) == []
    state["stack"], state["turn"] = [], 0
    assert turn.politics(state, []) == "discard" and state["skip_politics"] is None   # given up once
    assert turn.politics(state, []) in (None, "discard") and state["skip_politics"] is None


def test_international_agreement_the_bot_and_the_deadline_take_the_best_cards_the_five_civil_actions_pay():
    """International Agreement (card: up to 5 civil actions' worth of row cards): the bot, and so a player's deadline
    default, takes cards while one worth having fits in what is left, then skips; the same with the same rng."""
    import random

    from pbem.engine.tta.checks import take_cost

    def run(pick) -> dict:
        state = revealed("mil/II/international_agreement")
        for _ in range(6):
            if not tta.pending(state) or "budget" not in tta.pending(state)[0].data:
                return state
            move = pick(state)
            if move.option != "skip":
                slot = state["row"].index(move.option)
                spent.append(take_cost(state["seats"][0], slot, move.option.split(":", 1)[0]))
            state, _ = tta.apply(state, 0, move)
        return state

    spent: list[int] = []
    by_deadline = run(lambda s: tta.deadline_move(s, 0))
    assert len(by_deadline["seats"][0]["hand"]) >= 2 and sum(spent) <= 5, (by_deadline["seats"][0]["hand"], spent)
    assert problems(by_deadline) == []
    bot_runs = []
    for _ in range(2):
        rng = random.Random("agreement")
        bot_runs.append(run(lambda s: tta.bot_move(s, 0, rng)))
    assert bot_runs[0] == bot_runs[1] and len(bot_runs[0]["seats"][0]["hand"]) >= 2


def test_international_agreement_a_standing_default_takes_the_cards_a_deadline_would():
    """A standing `choices default` order answers International Agreement as the deadline does (its first option,
    "skip", would give the cards up)."""
    by_order = revealed("mil/II/international_agreement",
                        setup=lambda s: s.setdefault("orders", {}).update({"0": {"choices": "default"}}))
    state = revealed("mil/II/international_agreement")
    while tta.pending(state) and "budget" in tta.pending(state)[0].data:
        state, _ = tta.apply(state, 0, tta.deadline_move(state, 0))
    assert len(state["seats"][0]["hand"]) >= 2 and by_order["seats"][0]["hand"] == state["seats"][0]["hand"]
    assert by_order["row"] == state["row"] and problems(by_order) == []


def test_international_agreement_names_parse_back_to_the_card_and_one_copy_of_a_card_is_offered():
    """The text of every answer parses back to it (a replayed log must come out the same): a card named with a word
    that is also an answer ("Fast Food Chains", "Military Build-Up") names the card; of two copies of Movies in the
    row only the leftmost is offered (it costs no more)."""
    def row(s):  # four Age III cards swapped with the row's first four (cards are kept: the invariants hold)
        wanted = ["civ/III/movies:1", "civ/III/fast_food_chains:1", "civ/III/military_build_up:1", "civ/III/movies:2"]
        deck = s["decks"]["III"]
        for slot, copy in enumerate(wanted):
            deck[deck.index(copy)] = s["row"][slot]
            s["row"][slot] = copy
    state = revealed("mil/II/international_agreement", setup=row)
    ((_, _, _, options),) = asked(state)
    assert "civ/III/movies:1" in options and "civ/III/movies:2" not in options
    for option in options:
        assert tta.parse(str(tta.moves.Choose(option)), state, 0) == [tta.moves.Choose(option)], option
    assert tta.parse("choose fast food chains", state, 0) == [tta.moves.Choose("civ/III/fast_food_chains:1")]
    assert tta.parse("choose skip", state, 0) == [tta.moves.Choose("skip")]


def test_ravages_of_time_each_turns_an_age_a_or_i_wonder_face_down():
    """Ravages of Time (card: each player turns one of its Age A or I wonders face down: it loses all effects and
    gives 2 culture; notes: Ravages of Time): a seat with two chooses, one with one has it turned, none: nothing."""
    from pbem.engine.tta.economy import ratings

    def wonders(s):
        in_play(s, "civ/A/pyramids", seat=0)          # +1 civil action
        in_play(s, "civ/I/great_wall", seat=0)
        in_play(s, "civ/A/colossus", seat=1)
    state = revealed("mil/II/ravages_of_time", setup=wonders)
    ((seat, _, victim, options),) = asked(state)
    assert (seat, victim) == (0, 0) and [o.split(":")[0] for o in options] == ["civ/A/pyramids", "civ/I/great_wall"]
    assert [c.split(":")[0] for c in state["seats"][1]["flipped"]] == ["civ/A/colossus"]
    before = ratings(state["seats"][0])
    state, events = act(state, "choose pyramids")
    after = ratings(state["seats"][0])
    assert after["civil_actions"] == before["civil_actions"] - 1 and after["culture"] == before["culture"] + 2
    assert len(state["seats"][0]["wonders"]) == 2 and "wonder_flipped" in [e["kind"] for e in events]
    assert problems(state) == []
    # Each seat's mail lists its own wonders (the others take one line each).
    assert "Pyramids (face down), Great Wall\n" in tta.board_text(tta.view(state, 0), "en", ["Ann", "Bob"])
    assert "Colossus (face down)" in tta.board_text(tta.view(state, 1), "en", ["Ann", "Bob"])
    assert "Pyramids（裏向き）" in tta.board_text(tta.view(state, 0), "ja", ["Ann", "Bob"])
