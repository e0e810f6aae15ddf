"""Stone Age phase 3 and the change of round: feeding, the card row, and the two game ends."""
import pytest

from pbem.engine import IllegalMove
from stone_age_helpers import SA, acting, game, kinds, play, prompts, seat


def fed_round(players=2, **holdings):
    """Seat 0 with `holdings`; both seats put one person on the hunt, rolling 1s (no food)."""
    s = seat(game(players), 0, **holdings)
    return acting(s, {i: {"hunt": 1} for i in range(players)}, [1], [1])


def test_enough_food_feeds_without_a_prompt():
    """Rulebook: one food per person; who has enough just pays (issue: no prompt without a decision)."""
    s, ev = fed_round(food=7, people=6)
    assert s["seats"][0]["food"] == 1 and s["round"] == 2
    assert {"kind": "fed", "seat": 0, "food": 6, "paid": []} in ev


def test_agriculture_first_then_food():
    """Rulebook: first take food for agriculture, then pay one food per person."""
    s, _ = fed_round(food=0, agri=3, people=5, wood=0)
    assert s["seats"][0]["score"] == -10  # 3 from agriculture, 2 missing, no resources: starves at once
    s, _ = fed_round(food=2, agri=3, people=5)
    assert s["seats"][0]["food"] == 0 and s["seats"][0]["score"] == 0


def test_agriculture_surplus_is_kept_by_default():
    """Rulebook: food for agriculture comes first, so agriculture above the people is kept."""
    s, _ = fed_round(food=0, agri=8, people=5)
    assert s["seats"][0]["food"] == 3


def test_agriculture_surplus_lost_option():
    """Option agriculture_surplus=lost (Brettspielwelt): agriculture only lowers what is paid."""
    s = seat(game(2, agriculture_surplus="lost"), 0, food=0, agri=8, people=5)
    s, _ = acting(s, {0: {"hunt": 1}, 1: {"hunt": 1}}, [1], [1])
    assert s["seats"][0]["food"] == 0 and s["seats"][0]["score"] == 0


def test_shortfall_paid_with_resources_one_for_one():
    """Rulebook: all food is spent, then each missing food may be paid with any resource."""
    s, ev = fed_round(food=3, people=5, wood=1, gold=3)
    assert prompts(s) == [(0, "feed")] and SA.pending(s)[0].data == {"short": 2}
    assert s["seats"][0]["food"] == 0
    with pytest.raises(IllegalMove) as err:
        play(s, 0, "feed with wood 1")
    assert "give exactly 2 resources" in err.value.message
    s, _ = play(s, 0, "feed with wood 1 gold 1")
    p = s["seats"][0]
    assert (p["wood"], p["gold"], p["score"], s["round"]) == (0, 2, 0, 2)


def test_feed_alone_pays_with_the_cheapest_resources():
    s, _ = fed_round(food=3, people=5, wood=1, gold=3)
    s, ev = play(s, 0, "feed")
    assert [e["paid"] for e in ev if e["kind"] == "fed" and e["seat"] == 0] == [["wood", "gold"]]


def test_starve_loses_ten_points_once_and_food_is_spent():
    """Rulebook: who cannot or will not pay loses 10 points, once however much is missing; food is still spent."""
    s, _ = fed_round(food=1, people=5, wood=4, score=3)
    s, ev = play(s, 0, "starve")
    p = s["seats"][0]
    assert (p["score"], p["food"], p["wood"]) == (-7, 0, 4)
    assert {"kind": "starved", "seat": 0, "short": 4, "points": -10} in ev


def test_without_resources_starving_needs_no_prompt():
    s, ev = fed_round(food=0, people=5)
    assert "starved" in kinds(ev) and s["round"] == 2


def test_any_two_card_counts_toward_feeding():
    """The any-two card may be used at any time, so a player holding it is asked."""
    s, _ = fed_round(food=3, people=5, any2=["civ/any2-medicine"], cards=["civ/any2-medicine"])
    assert prompts(s) == [(0, "feed")]
    s, _ = play(s, 0, "use card wood wood; feed with wood 2")
    assert s["round"] == 2 and s["seats"][0]["score"] == 0


def test_all_hungry_players_are_asked_at_once():
    s = seat(seat(game(3), 0, food=0, wood=9), 2, food=0, stone=9)
    s, _ = acting(s, {i: {"hunt": 1} for i in range(3)}, [1], [1], [1])
    assert prompts(s) == [(0, "feed"), (2, "feed")]
    s, _ = play(s, 2, "starve")
    assert prompts(s) == [(0, "feed")]


def test_cards_slide_to_the_cheap_end_and_the_row_is_refilled():
    """Rulebook: cards 2 and 3 were taken; the others slide right and new cards fill from the right."""
    s = seat(game(2), 0, wood=5)
    s["row"] = row = ["civ/food7-pottery", "civ/food5-medicine", "civ/food3-weaving", "civ/food1-weaving"]
    deck = [c for c in s["deck"] if c not in row and c != "civ/extracard-writing"]
    s["deck"] = list(deck)
    s, _ = acting(s, {0: {"civ2": 1, "civ3": 1}, 1: {"hunt": 1}})
    s, _ = play(s, 0, "civ 2 pay wood wood")
    s, ev = play(s, 0, "civ 3 pay wood wood wood")
    assert s["round"] == 2
    assert s["row"] == [row[0], row[3], deck[0], deck[1]]
    assert [(e["slot"], e["card"]) for e in ev if e["kind"] == "revealed"] == [(3, deck[0]), (4, deck[1])]


def test_game_ends_at_once_when_the_row_cannot_be_refilled():
    """Rulebook: if the 4 cards cannot be laid out at the start of a round, the game ends at once."""
    s = seat(game(2), 0, wood=5)
    s["deck"] = s["deck"][:1]
    s, _ = acting(s, {0: {"civ1": 1, "civ2": 1}, 1: {"hunt": 1}})
    s, _ = play(s, 0, "civ 1 pay wood")
    s, ev = play(s, 0, "civ 2 pay wood wood")
    assert kinds(ev)[-1] == "game_over" and s["over"]["reason"] == "civ_deck"
    assert SA.pending(s) == [] and s["round"] == 1


def test_score_may_go_negative():
    """Online rules (fr): the score track may go below zero."""
    s, _ = fed_round(food=0, people=5)
    assert s["seats"][0]["score"] == -10
