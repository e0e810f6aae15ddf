"""Stone Age phase 2: dice, tools, village places, civilization cards and buildings (rulebook examples)."""
import pytest

from pbem.engine import IllegalMove
from pbem.engine.stone_age.tools import auto_tools, tool_step
from stone_age_helpers import SA, acting, game, kinds, play, prompts, seat


def gained(events, item, s=0):
    return sum(e["n"] for e in events if e["kind"] == "gained" and e["item"] == item and e["seat"] == s)


def refused(state, s, text, message):
    with pytest.raises(IllegalMove) as err:
        play(state, s, text)
    assert message in err.value.message, err.value.message


# --- dice and tools: the rulebook's worked examples ---------------------------------

def test_hunting_11_plus_tool_1_gives_6_food():
    """Rulebook, hunting: green rolls 3 dice for 11 (5 food) and adds a tool of 1: 12, 6 food."""
    s = seat(game(4), 0, tools=[1, 0, 0])
    s, ev = acting(s, {0: {"hunt": 3}}, (3, 11))
    assert prompts(s) == [(0, "tools")]
    assert SA.pending(s)[0].data["total"] == 11
    s, ev = play(s, 0, "tools 1")
    assert gained(ev, "food") == 6
    assert [e["tiles"] for e in ev if e["kind"] == "tools_used"] == [[1]]


def test_hunting_4_plus_two_tools_of_1_gives_3_food():
    """Rulebook, hunting: yellow rolls 2 dice for 4 and uses both tools of 1: 6, 3 food."""
    s = seat(game(4), 0, tools=[1, 1, 0])
    s, _ = acting(s, {0: {"hunt": 2}}, (2, 4))
    s, ev = play(s, 0, "hunt tools 1 1")
    assert gained(ev, "food") == 3


def test_river_5_without_tools_gives_no_gold():
    """Rulebook, river: green rolls 5 with 2 dice, its tools are spent on hunting: no gold, and no question."""
    s = seat(game(4), 0, tools=[1, 0, 0], used=[True, False, False])
    s, ev = acting(s, {0: {"river": 2}}, (2, 5))
    assert gained(ev, "gold") == 0
    assert "rolled" in kinds(ev) and not any(k == (0, "tools") for k in prompts(s))


def test_river_7_plus_two_tools_of_3_gives_2_gold():
    """Rulebook, river: red rolls 7 with 3 dice and uses two tools of 3: 13, 2 gold."""
    s = seat(game(4), 0, tools=[3, 3, 0])
    s, _ = acting(s, {0: {"river": 3}}, (3, 7))
    s, ev = play(s, 0, "river tools 3 3")
    assert gained(ev, "gold") == 2


def test_clay_13_gives_3_brick_and_remaining_tools_make_it_4():
    """Online rules (fr): red rolls 13 on the clay pit, 13/4 = 3 brick; its remaining tools make 16: 4 brick."""
    s = seat(game(4), 0, tools=[2, 2, 1], used=[True, False, False])
    s, _ = acting(s, {0: {"clay": 3}}, (3, 13))
    s, ev = play(s, 0, "tools 2 1")
    assert gained(ev, "brick") == 4
    s2 = seat(game(4), 0, tools=[2, 2, 1], used=[True, False, False])
    s2, _ = acting(s2, {0: {"clay": 3}}, (3, 13))
    s2, ev = play(s2, 0, "clay tools none")
    assert gained(ev, "brick") == 3


def test_forest_13_with_a_tool_of_2_gives_5_wood():
    """Online rules (ja): 13 in the forest gives 4 wood; a tool of 2 (or two of 1) makes 15: 5 wood."""
    for tools, answer in (([2, 0, 0], "tools 2"), ([1, 1, 0], "tools 1 1")):
        s = seat(game(4), 0, tools=tools)
        s, _ = acting(s, {0: {"forest": 4}}, (4, 13))
        s, ev = play(s, 0, answer)
        assert gained(ev, "wood") == 5


def test_tools_auto_takes_the_cheapest_set_reaching_the_next_unit():
    """Issue: "tools auto" uses the cheapest set that reaches the next unit."""
    assert auto_tools([1, 2, 3], [], 2) == ((2,), ())
    assert auto_tools([1, 1, 3], [], 2) == ((1, 1), ())
    assert auto_tools([1], [4], 3) == ((), (4,))
    assert auto_tools([2], [3], 3) == ((), (3,))
    assert auto_tools([1], [2], 5) is None
    s = seat(game(4), 0, tools=[3, 2, 1])
    s, _ = acting(s, {0: {"quarry": 2}}, (2, 8))  # 8: 1 stone, 2 more reach 10
    s, ev = play(s, 0, "quarry tools auto")
    assert gained(ev, "stone") == 2
    assert [e["tiles"] for e in ev if e["kind"] == "tools_used"] == [[2]]


def test_tools_said_ahead_at_placement_need_no_question():
    """Issue: "tools auto" said ahead avoids the email round trip."""
    s = seat(game(4), 0, tools=[2, 0, 0])
    s["rng"] = __import__("stone_age_helpers").rigged_rng((3, 9))
    s, _ = play(s, 0, "place 3 hunt tools auto")
    for i in (1, 2, 3):
        s, _ = play(s, i, "place 5 hunt")
    s, ev = play(s, 0, "place 2 hut")
    assert not any(p == (0, "tools") for p in prompts(s))
    first = [e for e in ev if e["kind"] == "gained" and e["seat"] == 0 and e["item"] == "food"][0]
    assert first["n"] == 5  # 9 + 2 = 11


def test_the_tool_question_comes_only_when_tools_can_change_the_outcome():
    """Issue: no prompt with one legal answer: 10 on the river needs 2 more, a free tool of 1 cannot help."""
    s = seat(game(4), 0, tools=[1, 0, 0])
    s, ev = acting(s, {0: {"river": 2}}, (2, 10))
    assert gained(ev, "gold") == 1 and s["seats"][0]["used"] == [False, False, False]


def test_each_tool_tile_is_used_once_per_round():
    """Rulebook: each tool once per round, turned to show it is spent; whole tiles only."""
    s = seat(game(4), 0, tools=[2, 0, 0], used=[True, False, False])
    s2 = seat(game(4), 0, tools=[2, 1, 0], used=[True, False, False])
    s2, _ = acting(s2, {0: {"hunt": 2}}, (2, 5))
    refused(s2, 0, "tools 2", "your free tool tiles are: 1")
    s, ev = acting(s, {0: {"hunt": 2}}, (2, 5))
    assert gained(ev, "food") == 2


def test_tools_come_back_next_round():
    """Rulebook: used tools are turned back before a new round."""
    s = seat(game(2), 0, tools=[2, 0, 0])
    s, _ = acting(s, {0: {"hunt": 1}, 1: {"hunt": 1}}, (1, 1))
    s, _ = play(s, 0, "tools 2")
    assert s["round"] == 2 and s["seats"][0]["used"] == [False, False, False]


def test_tools_cannot_be_chosen_before_the_roll():
    s = seat(game(4), 0, tools=[2, 0, 0])
    s, _ = acting(s, {0: {"hunt": 2, "forest": 1}})
    refused(s, 0, "forest tools 2", "tools are chosen after the roll")


def test_tool_upgrade_sequence():
    """Rulebook, toolmaker: three tiles of 1, then 1 -> 2, 2 -> 3, 3 -> 4; twelve steps, the 13th does nothing."""
    p = {"tools": [0, 0, 0], "used": [False] * 3}
    seen = []
    for _ in range(13):
        tool_step(p)
        seen.append(sorted(p["tools"], reverse=True))
    assert seen[:4] == [[1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 1]]
    assert seen[6] == [3, 2, 2] and seen[11] == [4, 4, 4] and seen[12] == [4, 4, 4]


def test_one_use_tool_adds_to_tiles_and_is_spent():
    """Rulebook, one-use tools: used once, with other tools if wanted, then turned face down."""
    s = seat(game(4), 0, tools=[1, 1, 1], once=["civ/once4-toolmaker1"], cards=["civ/once4-toolmaker1"])
    s, _ = acting(s, {0: {"river": 2}}, (2, 5))
    s, ev = play(s, 0, "river tools 1 1 1 card 4")
    assert gained(ev, "gold") == 2
    assert s["seats"][0]["once"] == [] and s["seats"][0]["cards"] == ["civ/once4-toolmaker1"]


# --- village places --------------------------------------------------------------------

def test_hut_field_and_toolmaker_resolve_themselves():
    """Rulebook: hut +1 person, field +1 agriculture, toolmaker one tool step; no decision, so no prompt."""
    s = game(4)
    s, ev = acting(s, {0: {"hut": 2}, 1: {"field": 1}, 2: {"toolmaker": 1}})
    assert s["seats"][0]["people"] == 6 and s["seats"][1]["agri"] == 1 and s["seats"][2]["tools"] == [1, 0, 0]
    assert {"person", "agriculture", "tool"} <= set(kinds(ev))


def test_people_and_agriculture_stop_at_ten():
    """Rulebook/online: at most 10 people and agriculture 10."""
    s = seat(seat(game(4), 0, people=10), 1, agri=10)
    s, _ = acting(s, {0: {"hut": 2}, 1: {"field": 1}})
    assert s["seats"][0]["people"] == 10 and s["seats"][1]["agri"] == 10


def test_players_act_in_turn_order_from_the_start_player():
    """Rulebook phase 2: the start player resolves all places first, then clockwise."""
    s = game(3)
    s["start"] = 1
    s, ev = acting(s, {0: {"hunt": 1}, 1: {"hunt": 1}, 2: {"hunt": 1}})
    assert [e["seat"] for e in ev if e["kind"] == "rolled"] == [1, 2, 0]


def test_with_several_rolls_and_tools_the_player_chooses_the_order():
    s = seat(game(4), 0, tools=[1, 0, 0])
    s, _ = acting(s, {0: {"hunt": 1, "forest": 1}})
    assert prompts(s) == [(0, "act")]
    assert {str(m) for m in SA.legal(s, 0)} >= {"hunt", "forest tools auto", "forest tools none"}


# --- civilization cards ----------------------------------------------------------------

def card_state(card, slot=1, players=4, **holdings):
    s = game(players)
    s["row"][slot - 1] = card
    return seat(s, 0, **holdings)


def test_card_cost_depends_on_the_space_and_never_food():
    """Rulebook: the card costs the resources shown above its space (1 to 4); food cannot pay."""
    s = card_state("civ/food7-pottery", slot=3, wood=2, brick=1, stone=1)
    s, _ = acting(s, {0: {"civ3": 1}})
    refused(s, 0, "civ 3 pay wood wood", "costs 3 resources")
    refused(s, 0, "civ 3 pay wood food food", "never food")
    refused(s, 0, "civ 3 pay stone stone gold", "you have 1 stone")
    s, ev = play(s, 0, "civ 3 pay wood brick stone")
    p = s["seats"][0]
    assert "civ/food7-pottery" in p["cards"] and (p["wood"], p["brick"], p["stone"]) == (1, 0, 0)
    assert gained(ev, "food") == 7


def test_declining_a_card_takes_the_person_back_and_the_card_stays():
    """Rulebook: who cannot or will not pay just takes the person back."""
    s = card_state("civ/food7-pottery", slot=1, wood=2)
    s, _ = acting(s, {0: {"civ1": 1}})
    s, ev = play(s, 0, "civ 1 skip")
    assert "declined" in kinds(ev) and s["row"][0] == "civ/food7-pottery"


def test_an_unaffordable_card_is_declined_without_a_prompt():
    s = card_state("civ/food7-pottery", slot=4, wood=2)
    s, ev = acting(s, {0: {"civ4": 1}})
    assert [e for e in ev if e["kind"] == "declined"][0]["auto"] is True


@pytest.mark.parametrize("card,check", [
    ("civ/stone2-transport", lambda p: p["stone"] == 2),
    ("civ/food4-hutbuilder1", lambda p: p["food"] == 12 + 4 - 5),  # after feeding
    ("civ/gold1-shaman1", lambda p: p["gold"] == 1),
    ("civ/points3-music-a", lambda p: p["score"] == 3),
    ("civ/tool-art", lambda p: p["tools"] == [1, 0, 0]),
    ("civ/agriculture-sundial", lambda p: p["agri"] == 1),
    ("civ/once3-toolmaker1", lambda p: p["once"] == ["civ/once3-toolmaker1"]),
    ("civ/any2-medicine", lambda p: p["any2"] == ["civ/any2-medicine"]),
])
def test_immediate_card_effects(card, check):
    """Rulebook card sheet: resources, points, a tool, agriculture, a one-use tool and the any-two card."""
    s = card_state(card, wood=1)
    s, _ = acting(s, {0: {"civ1": 1}})
    s, _ = play(s, 0, "civ 1 pay wood")
    assert check(s["seats"][0]) and card in s["seats"][0]["cards"]


def test_resource_dice_card_rolls_two_dice_without_tools():
    """Rulebook card sheet: roll 2 dice and take resources as on the board (3 for wood: 1 wood); no tools."""
    s = card_state("civ/wooddice-shaman2", wood=1, tools=[4, 4, 4])
    s, _ = acting(s, {0: {"civ1": 1}})
    s["rng"] = __import__("stone_age_helpers").rigged_rng((2, 3))
    s, ev = play(s, 0, "civ 1 pay wood")
    assert gained(ev, "wood") == 1 and not any(k == "tools_used" for k in kinds(ev))


def test_resource_dice_card_with_the_tools_option():
    """Option tools_on_card_dice: the English reading lets tools be added to the card's roll."""
    s = game(4, tools_on_card_dice=True)
    s["row"][0] = "civ/wooddice-shaman2"
    seat(s, 0, wood=1, tools=[1, 0, 0])
    s, _ = acting(s, {0: {"civ1": 1}})
    s["rng"] = __import__("stone_age_helpers").rigged_rng((2, 5))
    s, _ = play(s, 0, "civ 1 pay wood")
    assert prompts(s) == [(0, "tools")]
    s, ev = play(s, 0, "civ 1 tools 1")
    assert gained(ev, "wood") == 2


def test_dice_for_everyone_card():
    """Rulebook example: red rolls 4 dice, takes the 5 (a tool); blue the 6 (agriculture); green and yellow wood."""
    s = card_state("civ/dice-pottery", wood=1)
    s, _ = acting(s, {0: {"civ1": 1}})
    s["rng"] = __import__("stone_age_helpers").rigged_rng([5, 6, 1, 1])
    s, _ = play(s, 0, "civ 1 pay wood")
    assert prompts(s) == [(0, "pick")]
    refused(s, 0, "pick 3", "the dice left show 1 1 5 6")
    s, _ = play(s, 0, "pick 5")
    refused(s, 0, "pick 6", "it is not your turn")
    s, ev = play(s, 1, "pick 6")
    p = s["seats"]
    assert p[0]["tools"] == [1, 0, 0] and p[1]["agri"] == 1
    assert [(e["seat"], e["face"]) for e in ev if e["kind"] == "picked"] == [(1, 6), (2, 1), (3, 1)]
    assert p[2]["wood"] == 1 and p[3]["wood"] == 1


def test_dice_for_everyone_event_shows_every_die_when_all_picks_are_automatic():
    """Dice all alike leave nobody a choice: the picks happen in the same move, and the "rolled" event
    (the log line "rolled 2 2") still lists both dice (it used to share the list the picks emptied)."""
    s = game(2)
    s["row"][0] = "civ/dice-writing"
    seat(s, 0, wood=1)
    s, _ = acting(s, {0: {"civ1": 1}})
    s["rng"] = __import__("stone_age_helpers").rigged_rng([2, 2])
    s, ev = play(s, 0, "civ 1 pay wood")
    assert [e["dice"] for e in ev if e["kind"] == "rolled"] == [[2, 2]]
    assert [(e["seat"], e["face"]) for e in ev if e["kind"] == "picked"] == [(0, 2), (1, 2)]
    assert "2 2" in SA.describe([e for e in ev if e["kind"] == "rolled"][0], 1, "en")


def test_dice_for_everyone_in_turn_order_from_the_buyer():
    s = game(3)
    s["row"][0] = "civ/dice-writing"
    seat(s, 2, wood=1)
    s, _ = acting(s, {2: {"civ1": 1}})
    s["rng"] = __import__("stone_age_helpers").rigged_rng([1, 2, 3])
    s, _ = play(s, 2, "civ 1 pay wood")
    assert prompts(s) == [(2, "pick")]
    s, _ = play(s, 2, "pick gold") if False else play(s, 2, "pick 3")
    assert prompts(s) == [(0, "pick")]


def test_extra_card_is_hidden_from_the_others():
    """Rulebook: take the top card of the deck face down; only its bottom counts; others may not see it."""
    s = card_state("civ/extracard-writing", wood=1)
    top = s["deck"][0]
    s, _ = acting(s, {0: {"civ1": 1}})
    s, ev = play(s, 0, "civ 1 pay wood")
    assert s["seats"][0]["hidden"] == [top]
    hidden = [e for e in ev if e["kind"] == "extra_card"][0]
    assert hidden["to"] == [0] and hidden["card"] == top
    assert SA.view(s, 1)["seats"][0]["hidden"] == 1 and SA.view(s, 0)["seats"][0]["hidden"] == [top]


def test_any_two_resources_card_is_used_once_at_any_time():
    """Rulebook: once, now or later, take any two resources (same or different)."""
    s = seat(game(4), 2, any2=["civ/any2-medicine"], cards=["civ/any2-medicine"])
    s, ev = play(s, 2, "use card gold gold")  # not seat 2's turn: still allowed
    assert s["seats"][2]["gold"] == 2 and s["seats"][2]["any2"] == []
    refused(s, 2, "use card wood wood", "no unused any-two-resources card")


# --- buildings ---------------------------------------------------------------------------

def building_state(*tiles, players=4, **holdings):
    s = game(players)
    s["stacks"][0] = list(tiles)
    return seat(s, 0, **holdings)


def test_fixed_building_scores_its_points():
    """Rulebook: yellow pays 2 wood and 1 brick and scores 10 points; the next tile is turned up."""
    s = building_state("bld/wwb-1", "bld/ssg-1", wood=2, brick=1, stone=1)
    s, _ = acting(s, {0: {"building1": 1}})
    refused(s, 0, "build 1 pay wood stone brick", "this building costs wood wood brick")
    s, ev = play(s, 0, "build 1 pay wood wood brick")
    assert s["seats"][0]["score"] == 10 and s["seats"][0]["buildings"] == ["bld/wwb-1"]
    assert {"kind": "revealed", "seat": None, "stack": 1, "tile": "bld/ssg-1"} in ev


def test_four_of_two_kinds_with_three_stone_and_a_wood_scores_18():
    """Rulebook: blue pays 3 stone and 1 wood for "4 resources of 2 kinds": 18 points."""
    s = building_state("bld/4of2", "bld/ssg-1", wood=1, stone=3, gold=1)
    s, _ = acting(s, {0: {"building1": 1}})
    refused(s, 0, "build 1 pay wood stone stone gold", "exactly 4 resources of exactly 2 kinds")
    s, _ = play(s, 0, "build 1 pay stone wood stone stone")
    assert s["seats"][0]["score"] == 18


def test_any_building_takes_one_to_seven():
    """Online rules: 1 to 7 resources of any kind: from 3 (one wood) to 42 (seven gold)."""
    s = building_state("bld/any-1", "bld/ssg-1", gold=8)
    s, _ = acting(s, {0: {"building1": 1}})
    refused(s, 0, "build 1 pay gold 8", "1 to 7 resources")
    s, _ = play(s, 0, "build 1 pay gold 7")
    assert s["seats"][0]["score"] == 42


def test_brick_stone_gold_building_scores_15():
    """Online rules (ja), the tile pictured: pay one brick, one stone and one gold for 15 points."""
    s = building_state("bld/bsg-1", "bld/ssg-1", brick=1, stone=1, gold=1)
    s, _ = acting(s, {0: {"building1": 1}})
    s, ev = play(s, 0, "build 1 pay brick stone gold")
    assert [e["points"] for e in ev if e["kind"] == "built"] == [15]


def test_five_of_three_kinds():
    """Online rules (ja): the tile asks for 5 resources of exactly 3 kinds, scored by value."""
    s = building_state("bld/5of3", "bld/ssg-1", wood=2, brick=2, stone=2)
    s, _ = acting(s, {0: {"building1": 1}})
    refused(s, 0, "build 1 pay wood wood brick brick", "exactly 5 resources of exactly 3 kinds")
    refused(s, 0, "build 1 pay wood brick brick brick stone", "you have 2 brick")
    s, _ = play(s, 0, "build 1 pay wood wood brick stone stone")
    assert s["seats"][0]["score"] == 3 + 3 + 4 + 5 + 5


def test_any_building_with_one_wood_scores_3():
    """Online rules (ja): the lowest a 1-7 tile can score is one wood, 3 points."""
    s = building_state("bld/any-2", "bld/ssg-1", wood=1)
    s, _ = acting(s, {0: {"building1": 1}})
    s, _ = play(s, 0, "build 1 pay wood")
    assert s["seats"][0]["score"] == 3


def test_fixed_building_shorthand():
    s = building_state("bld/wwb-1", "bld/ssg-1", wood=2, brick=1)
    s, _ = acting(s, {0: {"building1": 1}})
    assert [str(m) for m in SA.parse("build 1", s, 0)] == ["build 1 pay wood wood brick"]


def test_the_last_tile_of_a_stack_ends_the_game_after_feeding():
    """Rulebook: when a stack runs out the round is finished, feeding included, then the game ends."""
    s = building_state("bld/wwb-1", players=2, wood=2, brick=1, food=0)
    s, _ = acting(s, {0: {"building1": 1}, 1: {"hunt": 1}})
    s, ev = play(s, 0, "build 1 pay wood wood brick")
    assert "stack_empty" in kinds(ev)
    order = kinds(ev)
    assert order.index("starved") < order.index("game_over")
    assert SA.pending(s) == [] and SA.result(s) is not None and s["over"]["reason"] == "building_stack"


def test_a_waiting_question_is_answered_first():
    """Issue: while the tools question of a roll waits, buying a card or rolling elsewhere is refused
    (a dice card bought then would have replaced the question and lost the roll)."""
    s = seat(game(4), 0, tools=[1, 0, 0], wood=3)
    s, _ = acting(s, {0: {"hunt": 3, "civ1": 1, "forest": 1}}, (3, 11))
    s, _ = play(s, 0, "hunt")
    assert prompts(s) == [(0, "tools")]
    refused(s, 0, "civ 1 pay wood", "first choose tools for the roll at hunt")
    refused(s, 0, "forest", "first choose tools for the roll at hunt")
