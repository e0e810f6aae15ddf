"""TtA civil rules, one case each, with the line of the Japanese summary (JA l.N) they come from."""
import pytest

from pbem.engine import CommandError, IllegalMove, tta
from pbem.engine.tta import economy as eco
from pbem.engine.tta import row, turn
from pbem.engine.tta.board import consumption, corruption, happy_needed, population_cost
from pbem.engine.tta.invariants import problems

from tta_helpers import act, in_play, pull, ratings, set_tokens, set_workers, to_hand, to_row, tta_state


def test_setup_tokens_and_ratings():
    """JA l.71, l.85-93: 25 yellow (18 bank, 1 unused, 6 on cards), 18 blue, 4 civil and 2 military actions;
    science +1 and strength 1 from the start."""
    state = tta.setup(4, {}, 1)
    for p in state["seats"]:
        assert p["yellow"] == 18 and p["idle"] == 1 and sum(p["workers"].values()) == 6
        assert p["blue"] == 18
        assert (eco.civil_actions_max(p), eco.military_actions_max(p), eco.urban_limit(p)) == (4, 2, 2)
        r = eco.ratings(p)
        assert (r["culture"], r["science"], r["strength"], r["happy"]) == (0, 1, 1, 0)
    assert len([c for c in state["row"] if c]) == 13 and all(c.startswith("civ/A/") for c in state["row"])
    assert (len(state["decks"]["A"]), len(state["decks"]["I"])) == (7, 55)
    assert problems(state) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_board_tables(players):
    """The player board: food to grow, consumption, happy faces needed, corruption, by tokens left in a bank."""
    assert [population_cost(n) for n in (18, 17, 16, 13, 12, 9, 8, 5, 4, 1, 0)] == [2, 2, 3, 3, 4, 4, 5, 5, 7, 7, None]
    assert [consumption(n) for n in (18, 16, 12, 8, 4, 0)] == [0, 1, 2, 3, 4, 6]
    assert [happy_needed(n) for n in (17, 16, 12, 10, 8, 6, 4, 2, 0)] == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert [corruption(n) for n in (18, 9, 8, 5, 4, 1, 0)] == [0, 0, 2, 2, 4, 4, 6]


def test_round_one_actions_by_seat_and_only_taking():
    """JA l.557-571: 1, 2, 3, 4 civil actions by seat order; only taking cards; the row is not refilled."""
    state = tta.setup(4, {}, 2)
    assert state["seats"][0]["ca"] == 1
    with pytest.raises(IllegalMove, match="first round"):
        act(state, "populate")
    row = list(state["row"])
    state, _ = act(state, "take 1; done")
    assert state["row"][0] is None and state["row"][1:] == row[1:]
    assert state["turn"] == 1 and state["seats"][1]["ca"] == 2
    state, _ = act(state, "done", 1)
    assert state["seats"][2]["ca"] == 3
    state, _ = act(state, "done", 2)
    assert state["seats"][3]["ca"] == 4


@pytest.mark.parametrize("players, removed", [(2, 3), (3, 2), (4, 1)])
def test_card_row_removal_slide_and_refill(players, removed):
    """JA l.136-144: the leftmost 1/2/3 slots leave (empty ones count), the rest slides left, the deck refills."""
    state = tta.setup(players, {}, 3)
    for seat in range(players):
        state, _ = act(state, "done", seat)
    # Round 2, start player's turn: the row was refilled after the removal.
    assert state["round"] == 2
    assert all(state["row"])
    state = tta.setup(players, {}, 3)
    state["row"][1] = None  # an empty slot among the leftmost counts
    before = [c for c in state["row"]]
    state["round"] = 2
    events = []
    turn.refill(state, events)
    kept = [c for c in before[removed:] if c]
    assert state["row"][:len(kept)] == kept


def test_age_a_leaves_after_the_start_players_second_turn():
    """JA l.146: after the start player's turn in round 2, the rest of Age A is boxed; Age I refills."""
    state = tta.setup(2, {}, 4)
    state, _ = act(state, "done", 0)
    state, _ = act(state, "done", 1)
    assert state["age"] == "A" and state["decks"]["A"]
    left = len(state["decks"]["A"])
    state, events = act(state, "done", 0)
    assert state["age"] == "I" and state["decks"]["A"] == [] and len(state["box"]) == left
    assert any(e["kind"] == "age_a_over" for e in events)
    assert all(c is None or c.startswith(("civ/A/", "civ/I/")) for c in state["row"])


def test_take_costs_by_slot_and_wonder_surcharge():
    """JA l.334-338: slot costs 1,1,1,1,1,2,2,2,2,3,3,3,3; a wonder +1 per completed wonder."""
    state = tta_state()
    to_row(state, 7, "civ/I/taj_mahal")
    in_play(state, "civ/A/pyramids")
    p = state["seats"][0]
    before = p["ca"]
    state, _ = act(state, "take Taj Mahal")
    assert state["seats"][0]["ca"] == before - 3 and state["seats"][0]["wonder"].startswith("civ/I/taj_mahal")


def test_hand_limit_is_the_civil_actions():
    """JA l.342: at most as many cards in hand as civil actions; a wonder is taken even with a full hand (l.348)."""
    state = tta_state()
    for cid in ("civ/I/iron", "civ/I/alchemy", "civ/I/drama", "civ/I/irrigation"):
        to_hand(state, cid)
    to_row(state, 1, "civ/I/knights")
    to_row(state, 2, "civ/I/great_wall")
    with pytest.raises(IllegalMove, match="hand is full"):
        act(state, "take 1")
    state, _ = act(state, "take 2")
    assert state["seats"][0]["wonder"]


def test_one_leader_per_age_one_wonder_and_no_known_technology():
    """JA l.344-350."""
    state = tta_state()
    to_row(state, 1, "civ/A/moses")
    to_row(state, 2, "civ/A/homer")
    to_row(state, 3, "civ/I/great_wall")
    to_row(state, 4, "civ/I/taj_mahal")
    to_row(state, 5, "civ/I/iron")
    to_hand(state, "civ/I/iron")
    state, _ = act(state, "take 1")
    with pytest.raises(IllegalMove, match="leader of Age A"):
        act(state, "take 2")
    state, _ = act(state, "take 3")
    with pytest.raises(IllegalMove, match="already building a wonder"):
        act(state, "take 4")
    with pytest.raises(IllegalMove, match="already have Iron"):
        act(state, "take 5")


def test_action_card_not_in_the_turn_it_was_taken():
    """JA l.356: an action card taken this turn waits; other cards may be played at once."""
    state = tta_state()
    to_row(state, 1, "civ/A/work_of_art")
    to_row(state, 2, "civ/A/moses")
    state, _ = act(state, "take 1; take 2")
    with pytest.raises(IllegalMove, match="turn it was taken"):
        act(state, "play Work of Art")
    state, _ = act(state, "play Moses")
    assert state["seats"][0]["leader"].startswith("civ/A/moses")


def test_discover_pays_science_and_a_civil_action():
    """JA l.368-372."""
    state = tta_state()
    to_hand(state, "civ/I/iron")
    with pytest.raises(IllegalMove, match="5 science"):
        act(state, "discover Iron")
    state["seats"][0]["science"] = 6
    state, _ = act(state, "discover Iron")
    p = state["seats"][0]
    assert p["science"] == 1 and "civ/I/iron" in p["workers"] and p["ca"] == 3


def test_special_technology_replaces_the_older_one():
    """JA l.376-378."""
    state = tta_state()
    in_play(state, "civ/I/warfare")
    to_hand(state, "civ/II/strategy")
    state["seats"][0]["science"] = 8
    state, _ = act(state, "discover Strategy")
    p = state["seats"][0]
    assert p["specials"]["warfare"].startswith("civ/II/strategy")
    assert any(c.startswith("civ/I/warfare") for c in state["discard"])
    assert eco.military_actions_max(p) == 4


def test_revolution_costs_less_science_and_all_civil_actions():
    """JA l.386-392: revolution = the smaller cost and every civil action; peaceful = the larger and one."""
    state = tta_state()
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    with pytest.raises(IllegalMove, match="9 science"):
        act(state, "discover Monarchy")
    state, _ = act(state, "revolution Monarchy")
    p = state["seats"][0]
    assert p["science"] == 0 and p["ca"] == 0 and p["ma"] == 3 and eco.urban_limit(p) == 3
    state = tta_state()
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 9
    state, _ = act(state, "discover Monarchy")
    p = state["seats"][0]
    assert p["science"] == 0 and p["ca"] == 4  # 4 - 1 + 1 new
    state = tta_state()
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    state, _ = act(state, "take 1")  # one civil action already spent this turn
    with pytest.raises(IllegalMove, match="first civil action"):
        act(state, "revolution Monarchy")


def test_populate_pays_food_by_the_bank():
    """JA l.398-404: the food printed where the token was taken."""
    state = tta_state()
    set_tokens(state, "civ/A/agriculture", 3)
    state, _ = act(state, "populate")
    p = state["seats"][0]
    assert p["yellow"] == 17 and p["idle"] == 2 and eco.amount(p, "food") == 1


def test_build_needs_an_unused_worker_and_resources():
    """JA l.406-410."""
    state = tta_state()
    set_tokens(state, "civ/A/bronze", 2)
    state, _ = act(state, "build farm Agriculture")
    p = state["seats"][0]
    assert p["workers"]["civ/A/agriculture"] == 3 and p["idle"] == 0 and eco.amount(p, "resource") == 0
    set_tokens(state, "civ/A/bronze", 2)
    with pytest.raises(IllegalMove, match="unused worker"):
        act(state, "build mine Bronze")


def test_urban_limit_example():
    """JA l.422: Philosophy with 1 building plus Alchemy, limit 2: exactly one more lab on either card."""
    state = tta_state()
    in_play(state, "civ/I/alchemy")
    set_tokens(state, "civ/A/bronze", 12)
    state["seats"][0]["idle"] = 3
    state["seats"][0]["yellow"] -= 2
    state, _ = act(state, "build lab Alchemy")
    with pytest.raises(IllegalMove, match="limit"):
        act(state, "build lab Philosophy")
    with pytest.raises(IllegalMove, match="limit"):
        act(state, "build lab Alchemy")


def test_paying_three_with_two_iron_tokens():
    """JA l.438: two tokens on Iron (value 2) pay 3: one leaves, the other moves down to Bronze."""
    state = tta_state()
    in_play(state, "civ/I/swordsmen")
    in_play(state, "civ/I/iron")
    set_tokens(state, "civ/I/iron", 2)
    state, _ = act(state, "build unit Swordsmen")
    p = state["seats"][0]
    assert (p["tokens"]["civ/I/iron"], p["tokens"]["civ/A/bronze"], p["blue"]) == (0, 1, 17)


def test_explicit_payment_overrides_the_default():
    """JA l.440: a token moves down, never up; the player may say which tokens pay."""
    state = tta_state()
    in_play(state, "civ/I/swordsmen")
    in_play(state, "civ/I/iron")
    set_tokens(state, "civ/I/iron", 1)
    set_tokens(state, "civ/A/bronze", 2)
    state2, _ = act(state, "build unit Swordsmen pay Iron, Bronze")
    p = state2["seats"][0]
    assert (p["tokens"]["civ/I/iron"], p["tokens"]["civ/A/bronze"]) == (0, 1)
    with pytest.raises(IllegalMove, match="does not cover"):
        act(state, "build unit Swordsmen pay Bronze, Bronze")


@pytest.mark.parametrize("tech, src, dst, cost", [
    ("civ/I/masonry", "civ/A/religion", "civ/I/theology", 5 - 1 - 3),        # (6-1)-3 pattern, l.607
    ("civ/I/masonry", "civ/I/theology", "civ/II/organized_religion", 2),     # (7-1)-(5-1), l.609
    ("civ/II/architecture", "civ/I/theology", "civ/II/organized_religion", 1),  # (7-2)-(5-1), l.615
])
def test_upgrade_costs_the_difference_of_discounted_costs(tech, src, dst, cost):
    """JA l.599-615: Masonry lowers levels I-III by 1; Architecture I by 1, II-III by 2."""
    from pbem.engine.tta.checks import upgrade_cost
    state = tta_state()
    in_play(state, tech)
    for cid in (src, dst):
        if cid not in state["seats"][0]["workers"]:
            in_play(state, cid)
    assert upgrade_cost(state, 0, src, dst) == cost


def test_upgrade_moves_a_worker_and_skips_ages():
    """JA l.426-432: the worker moves to the better card of its type; Age A to II is allowed."""
    state = tta_state()
    in_play(state, "civ/II/coal")
    set_tokens(state, "civ/A/bronze", 6)
    state, _ = act(state, "upgrade mine Bronze Coal")
    p = state["seats"][0]
    assert (p["workers"]["civ/A/bronze"], p["workers"]["civ/II/coal"]) == (1, 1) and eco.amount(p, "resource") == 0
    with pytest.raises(IllegalMove, match="one type"):
        act(state, "upgrade Agriculture Coal")


def test_destroy_returns_the_worker():
    """JA l.444-446."""
    state = tta_state()
    state, _ = act(state, "destroy lab Philosophy")
    p = state["seats"][0]
    assert p["workers"]["civ/A/philosophy"] == 0 and p["idle"] == 2 and p["ca"] == 3


def test_wonder_stages_hold_blue_tokens_until_complete():
    """JA l.450-456: one stage per action; a blue token marks each stage; they return on completion."""
    state = tta_state()
    state["seats"][0]["wonder"] = pull(state, "civ/A/colossus")
    set_tokens(state, "civ/A/bronze", 6)
    state, _ = act(state, "wonder")
    p = state["seats"][0]
    assert p["stages"] == 1 and p["blue"] == 18 - 6 + 3 - 1
    state, events = act(state, "wonder")
    p = state["seats"][0]
    assert p["wonder"] is None and p["wonders"][0].startswith("civ/A/colossus") and p["blue"] == 18
    assert ratings(state)["culture"] == 1


def _production(state):
    events = []
    turn.production(state, events)
    return events


def test_uprising_skips_production():
    """JA l.499, l.505: more discontent workers than unused workers: nothing is scored or produced."""
    state = tta_state()
    p = state["seats"][0]
    set_workers(state, "civ/A/agriculture", 2)
    p["yellow"], p["idle"] = 12, 1 + 6 - 0  # happy needed 2, no faces: 2 discontent
    p["idle"] = 1
    p["yellow"] = 25 - 1 - 6 - 0 - 6
    p["boxed"] = 6
    events = _production(state)
    assert [e["kind"] for e in events] == ["uprising"] and p["culture"] == 0 and p["tokens"]["civ/A/agriculture"] == 0


def test_production_order_famine_and_corruption():
    """JA l.511-537: culture and science, farms, consumption (famine -4 culture each), mines, corruption."""
    state = tta_state()
    p = state["seats"][0]
    p["culture"] = 10
    p["yellow"], p["boxed"] = 10, 7   # consumption 2, happy needed 3 -> 3 unused workers keep the peace
    p["workers"]["civ/A/agriculture"] = 1
    p["idle"] = 25 - 7 - 10 - 5
    p["blue"] = 6                      # 12 tokens elsewhere: on Bronze, to test the bank cap and corruption
    p["tokens"]["civ/A/bronze"] = 12
    events = _production(state)
    kinds = [e["kind"] for e in events]
    assert kinds == ["scored", "produced", "consumed", "famine", "produced", "corruption"]  # food, eaten, mines
    # Each told with its amount (a tester by mail could not check the arithmetic): 1 food made, 1 eaten, 2 mined.
    assert [e.get("amount") for e in events if e["kind"] in ("produced", "consumed")] == [1, 1, 2]
    assert tta.describe(events[2], 0, "en") == "You: the population ate 1 food."
    assert p["culture"] == 10 + 0 - 4  # 1 food made, 2 eaten
    assert p["science"] == 1
    # Bank 6: the farm takes 1 (5), 1 food is eaten (6), the mines take 2 (4): corruption 4 (l.537).
    assert p["tokens"]["civ/A/bronze"] == 12 + 2 - 4 and p["blue"] == 8
    assert problems(state) == []


def test_production_is_capped_by_the_blue_bank():
    """JA l.519, l.533: no more tokens than the blue bank holds; the best farms first (docs/tta.md)."""
    state = tta_state()
    p = state["seats"][0]
    in_play(state, "civ/I/irrigation", workers=1)
    p["idle"] -= 0
    p["blue"], p["tokens"]["civ/A/bronze"] = 1, 17
    turn.farm_produce(p, "food")
    assert p["tokens"]["civ/I/irrigation"] == 1 and p["tokens"]["civ/A/agriculture"] == 0 and p["blue"] == 0


def test_age_end_discards_obsolete_cards_and_two_yellow():
    """JA l.150-175: when Age I runs out, Age A hand cards, leaders and unfinished wonders leave; -2 yellow."""
    state = tta_state(players=2)
    p = state["seats"][0]
    to_hand(state, "civ/A/work_of_art")
    in_play(state, "civ/A/moses")
    p["wonder"] = pull(state, "civ/A/pyramids")
    state["age"] = "I"
    state["box"] += state["decks"]["A"]
    state["decks"]["A"] = []
    p["stages"], p["blue"] = 1, p["blue"] - 1
    keep = state["decks"]["I"][:1]
    state["box"] += state["decks"]["I"][1:]
    state["decks"]["I"] = keep
    events = []
    state["discard"] += [c for c in state["row"] if c]
    state["row"] = [None] * 13
    turn.refill(state, events)
    assert state["age"] == "II" and p["hand"] == [] and p["leader"] is None and p["wonder"] is None
    assert p["yellow"] == 16 and p["boxed"] == 2 and p["blue"] == 18
    assert state["seats"][1]["yellow"] == 16
    assert problems(state) == []


def test_game_ends_one_round_after_age_three_runs_out():
    """JA l.579: the round in which the last card is dealt ends, then one more full round."""
    state = tta_state(players=2)
    state["age"] = "III"
    state["decks"]["III"] = state["decks"]["III"][:1]
    events = []
    row.end_age(state, events)
    assert state["last_round"] == state["round"] + 1


def test_equal_culture_shares_the_place():
    """No tie-break is printed (docs/tta.md): equal culture shares a place."""
    state = tta_state(players=3)
    state["over"] = {"round": 20}
    for p, c in zip(state["seats"], (30, 30, 10)):
        p["culture"] = c
    r = tta.result(state)
    assert r.places == {0: 1, 1: 1, 2: 3} and r.ranking == [0, 1, 2]


@pytest.mark.parametrize("text, move", [("bid 3", "bid 3"), ("入札 3", "bid 3"), ("bieten 2", "bid 2"),
                                         ("cancel pact", "cancel pact"), ("standing defence cheapest",
                                                                          "standing defence cheapest"),
                                         ("standing bid 4", "standing bid 4"), ("refuse", "refuse")])
def test_the_political_commands_are_played(text, move):
    """Every part of the game is played: no command answers "not in this game yet" any more."""
    assert [str(m) for m in tta.parse(text, tta_state(), 0)] == [move]


def test_not_a_command_lists_what_is_legal():
    state = tta_state()
    with pytest.raises(CommandError) as err:
        tta.parse("fly to the moon", state, 0)
    assert "done" in err.value.legal


def test_no_wonder_stage_without_a_blue_token_for_its_marker():
    """JA l.454: the marker comes from the blue bank; with the bank empty (and a free stage) no stage is built."""
    state = tta_state()
    p = state["seats"][0]
    p["wonder"] = pull(state, "civ/A/pyramids")
    set_tokens(state, "civ/A/bronze", 18)
    to_hand(state, "civ/II/engineering_genius")
    with pytest.raises(IllegalMove, match="blue token"):
        act(state, "play Engineering Genius II wonder")


def test_view_hides_hands_deck_order_and_the_rng():
    """Hidden zones become counts: other seats' hands (with their ages: the backs show them), decks, the RNG."""
    state = tta_state(players=3)
    mine = to_hand(state, "civ/I/iron", seat=0)
    theirs = to_hand(state, "civ/I/alchemy", seat=1)
    v = tta.view(state, 0)
    assert v["seats"][0]["hand"] == [mine]
    assert v["seats"][1]["hand"] == {"count": 1, "ages": {"I": 1}}
    assert v["decks"] == {age: len(d) for age, d in state["decks"].items()}
    text = repr(tta.view(state, None))
    assert theirs not in text and mine not in text and "rng" not in text and "seed" not in text


def test_a_new_turn_resets_actions_and_once_per_turn_effects():
    """Civil and military actions come back each turn; Ocean Liner Service's free increase too."""
    state = tta_state(players=2)
    in_play(state, "civ/II/ocean_liner_service")
    state, _ = act(state, "populate; take 1; done")
    state, _ = act(state, "done", 1)
    p = state["seats"][0]
    assert (p["ca"], p["ma"], p["free_pop"], p["new"]) == (4, 2, False, [])


def test_an_interrupt_frame_asks_another_seat_and_the_turn_resumes(monkeypatch):
    """The decision stack: a frame pushed over the active player's actions (part 2: defence, pact answers, bids)
    prompts another seat; answering pops it and the active player's turn goes on."""
    from dataclasses import dataclass

    from pbem.engine.tta import actions, legal_moves, rules

    @dataclass(frozen=True)
    class Answer:
        yes: bool

    def do_answer(state, seat, move, events):
        state["stack"].pop()
        events.append({"kind": "answered", "seat": seat, "yes": move.yes})

    monkeypatch.setitem(actions.HANDLERS, Answer, do_answer)
    monkeypatch.setitem(rules.FRAME_MOVES, "pact_answer", (Answer,))
    monkeypatch.setitem(legal_moves.FRAME_LEGAL, "pact_answer",
                        lambda state, seat, frame: [Answer(True), Answer(False)])
    state = tta_state(players=3)
    turn.push(state, {"kind": "pact_answer", "seat": 2, "resume": None})
    assert [(p.seat, p.kind) for p in tta.pending(state)] == [(2, "pact_answer")]
    assert tta.legal(state, 0) == [] and tta.legal(state, 2) == [Answer(True), Answer(False)]
    with pytest.raises(IllegalMove, match="not your turn"):
        tta.apply(state, 0, tta.parse("done", state, 0)[0])
    state, events = tta.apply(state, 2, Answer(True))
    assert [(p.seat, p.kind) for p in tta.pending(state)] == [(0, "actions")]
    state, _ = act(state, "done")
    assert state["turn"] == 1


def test_simultaneous_frame_prompts_every_seat_that_has_not_answered():
    state = tta_state(players=4)
    turn.push(state, {"kind": "event_choice", "seats": [1, 2, 3], "answered": [2], "resume": None})
    assert [p.seat for p in tta.pending(state)] == [1, 3]


def test_optional_corruption_rule_produces_one_token_less():
    """JA l.539-541: with the option, "hold" makes this turn's mines produce one token less (the lowest one)."""
    state = tta_state(corruption_choice=True)
    in_play(state, "civ/I/iron", workers=1)
    state, _ = act(state, "hold")
    p = state["seats"][0]
    turn.farm_produce(p, "resource")
    assert (p["tokens"]["civ/I/iron"], p["tokens"]["civ/A/bronze"]) == (1, 1)
    with pytest.raises(IllegalMove, match="not used"):
        act(tta_state(), "hold")


def test_actions_are_counted_after_an_age_change_in_the_row():
    """An age change while the row refills (JA l.150-165) can take a leader away before the actions are counted."""
    state = tta_state(players=2)
    in_play(state, "civ/A/hammurabi", seat=1)
    state["age"] = "I"
    state["box"] += state["decks"]["A"]
    state["decks"]["A"] = []
    state["box"] += state["decks"]["I"][3:]
    state["decks"]["I"] = state["decks"]["I"][:3]
    state, _ = act(state, "done")
    p = state["seats"][1]
    assert state["age"] == "II" and p["leader"] is None and (p["ca"], p["ma"]) == (4, 2)


def test_a_lower_building_limit_keeps_the_buildings_but_stops_new_ones():
    """JA l.396: a new government changes the limit at once; buildings already there stay."""
    state = tta_state()
    in_play(state, "civ/III/democracy")
    in_play(state, "civ/I/alchemy", workers=2)
    set_workers(state, "civ/A/philosophy", 2)
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 9
    state, _ = act(state, "discover Monarchy")
    p = state["seats"][0]
    assert eco.count_type(p, "lab") == 4 and eco.urban_limit(p) == 3
    state["seats"][0]["idle"] += 1
    state["seats"][0]["yellow"] -= 1
    set_tokens(state, "civ/A/bronze", 6)
    with pytest.raises(IllegalMove, match="limit"):
        act(state, "build lab Philosophy")


def test_registered_and_offered_to_hosts():
    """Issue 14 offers the game (it had been registered but not offered while it had no page or turn mail)."""
    from pbem import engine
    assert engine.get("tta") is tta
    assert "tta" in engine.games() and engine.get("tta", offered=True) is tta
    assert engine.get("stone-age", offered=True).SLUG == "stone-age"


def test_simulate_prints_games_per_second():
    import io

    from pbem.cli import simulate
    out = io.StringIO()
    assert simulate("tta", 2, 1, "3", {}, out=out) == 0
    assert "games/s" in out.getvalue() and "moves/s" in out.getvalue()


def test_the_copy_shares_nothing_mutable_even_with_fields_part_two_adds():
    from pbem.engine.tta.state import copy_state
    state = tta_state()
    state["seats"][0]["military_hand"] = [{"card": "mil/I/raid:1"}]
    state["military"] = {"decks": {"I": ["a", "b"]}}
    copy = copy_state(state)
    ids = set()

    def walk(value, into):
        if isinstance(value, (list, dict)):
            into.add(id(value))
            for v in (value.values() if isinstance(value, dict) else value):
                walk(v, into)
    walk(state, ids)
    copied: set = set()
    walk(copy, copied)
    assert not ids & copied and copy == state
