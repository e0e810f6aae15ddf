"""Stone Age final scoring and the tie-break (rulebook and online examples)."""
from pbem.engine.stone_age.scoring import culture_points, score_seat
from pbem.engine.stone_age.state import new_seat
from stone_age_helpers import SA, game, seat

MUSIC, POTTERY = "civ/points3-music-a", "civ/food7-pottery"


def holder(**fields):
    p = new_seat()
    p.update(fields)
    return p


def test_five_different_culture_symbols_score_25_and_a_duplicate_26():
    """Rulebook: 5 different symbols = 5 x 5 = 25; one more pottery is a set of 1: 26."""
    five = ["writing", "medicine", "pottery", "art", "music"]
    assert culture_points(five) == 25
    assert culture_points(five + ["pottery"]) == 26


def test_six_symbols_and_two_doubles_score_40():
    """Online rules (fr), Ungeheuer's cards: 6 different = 36, pottery and weaving doubled = 2 x 2; 40."""
    six = ["sundial", "pottery", "transport", "medicine", "music", "weaving"]
    assert culture_points(six + ["pottery", "weaving"]) == 40


def test_full_set_of_eight():
    assert culture_points(["medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving"]) == 64


def cards_with(multiplier, count):
    """Card ids whose bottoms add up to `count` of `multiplier`."""
    from pbem.engine.stone_age.cards import CIV_CARDS
    pool = sorted((c for c, d in CIV_CARDS.items() if d["bottom"].get("multiplier") == multiplier),
                  key=lambda c: -CIV_CARDS[c]["bottom"]["count"])
    out, total = [], 0
    for c in pool:
        n = CIV_CARDS[c]["bottom"]["count"]
        if total + n <= count:
            out.append(c)
            total += n
    assert total == count
    return out


def test_five_farmers_times_agriculture_7_is_35():
    """Rulebook: 5 farmers x agriculture 7 = 35."""
    assert score_seat(holder(cards=cards_with("farmer", 5), agri=7))["farmer"] == 35


def test_three_toolmakers_times_tools_7_is_21():
    """Rulebook: 3 toolmakers x tools worth 7 = 21 (tool tiles only)."""
    p = holder(cards=cards_with("toolmaker", 3), tools=[3, 2, 2], once=["civ/once4-toolmaker1"])
    assert score_seat(p)["toolmaker"] == 21


def test_seven_hut_builders_times_six_buildings_is_42():
    """Rulebook: 7 hut builders x 6 buildings = 42."""
    p = holder(cards=cards_with("hut_builder", 7), buildings=["bld/any-1"] * 6)
    assert score_seat(p)["hut_builder"] == 42


def test_three_shamans_times_eight_people_is_24():
    """Rulebook: 3 shamans x 8 people = 24."""
    assert score_seat(holder(cards=cards_with("shaman", 3), people=8))["shaman"] == 24


def test_online_example_multipliers():
    """Online rules (fr): 1 farmer x 6 = 6, 5 shamans x 7 = 35, 5 hut builders x 5 = 25, 2 toolmakers x 4 = 8."""
    p = holder(cards=cards_with("farmer", 1) + cards_with("shaman", 5) + cards_with("hut_builder", 5)
               + cards_with("toolmaker", 2), agri=6, people=7, buildings=["bld/any-1"] * 5, tools=[2, 1, 1])
    got = score_seat(p)
    assert (got["farmer"], got["shaman"], got["hut_builder"], got["toolmaker"]) == (6, 35, 25, 8)


def test_resources_score_one_each_and_food_nothing():
    """Rulebook: each resource left is 1 point; food scores nothing."""
    got = score_seat(holder(wood=2, brick=1, stone=1, gold=3, food=40, score=50))
    assert got["resources"] == 7 and got["total"] == 57


def test_the_hidden_extra_card_counts_at_the_end():
    """Rulebook: the face-down card counts in final scoring only."""
    assert score_seat(holder(cards=[MUSIC], hidden=[POTTERY]))["culture"] == 4


def finished(scores, **per_seat):
    s = game(len(scores))
    for i, v in enumerate(scores):
        seat(s, i, score=v, **{k: vals[i] for k, vals in per_seat.items()})
    s["over"] = {"reason": "civ_deck", "scores": scores}
    s["phase"] = "over"
    return s


def test_tie_break_agriculture_then_tools_then_people():
    """Rulebook: equal scores go to the higher agriculture, then more tools, then more people."""
    s = finished([50, 50, 50, 40], agri=[2, 3, 3, 9], tools=[[4, 4, 4], [1, 0, 0], [2, 0, 0], [0, 0, 0]])
    r = SA.result(s)
    assert r.ranking == [2, 1, 0, 3] and r.places == {2: 1, 1: 2, 0: 3, 3: 4}
    s = finished([50, 50], agri=[2, 2], tools=[[1, 0, 0], [1, 0, 0]], people=[5, 6])
    assert SA.result(s).ranking == [1, 0]


def test_a_full_tie_shares_the_place():
    s = finished([50, 50, 20])
    assert SA.result(s).places == {0: 1, 1: 1, 2: 3}


def test_tie_break_sum_option():
    """Option tie_break=sum (English rulebook, online fr): agriculture + tools + people."""
    s = finished([50, 50], agri=[2, 3], tools=[[4, 4, 0], [1, 0, 0]])
    assert SA.result(s).ranking == [1, 0]
    s["options"]["tie_break"] = "sum"
    assert SA.result(s).ranking == [0, 1]


def test_result_details_have_the_breakdown():
    s = finished([10, 20], wood=[3, 0])
    r = SA.result(s)
    assert r.scores == {0: 13, 1: 20} and r.details[0]["resources"] == 3 and r.details[0]["track"] == 10
    assert set(r.details[0]) >= {"culture", "farmer", "toolmaker", "hut_builder", "shaman", "tie_break"}
