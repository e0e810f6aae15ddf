"""Every civil card of ages A-III shown in play: one case per card (parametrized by kind), with the
interactions the research flags (St. Peter's and Michelangelo, Moses and Frugality with Ocean Liner Service,
Hanging Gardens, Bill Gates, Justice System)."""
import pytest

from pbem.engine import IllegalMove
from pbem.engine.tta import economy as eco
from pbem.engine.tta import turn
from pbem.engine.tta.checks import build_cost, science_cost, take_cost
from pbem.engine.tta.cards import BY_AGE, CARDS
from tta_helpers import act, in_play, pull, ratings, set_tokens, set_workers, to_hand, to_row, tta_state

TESTED: set = set()  # the cards a test below shows in play, recorded by @covers as the tests are defined


def covers(*ids):
    """Decorator: the test shows the cards `ids` in play (test_every_civil_card_is_recorded_as_tested checks that
    TESTED holds every civil card)."""
    def record(test):
        TESTED.update(ids)
        return test
    return record


# --- technologies with workers -----------------------------------------------------------------------------

YIELDS = [c for cards in BY_AGE.values() for c in cards if c.kind in ("urban", "unit")]


@covers(*(c.id for c in YIELDS))
@pytest.mark.parametrize("c", YIELDS, ids=lambda c: c.key)
def test_urban_buildings_and_units_yield_per_worker(c):
    """A building or unit on the card adds its printed yields (urban: culture, science, happy; units and arenas:
    strength)."""
    state = tta_state()
    before = ratings(state)
    in_play(state, c.id, workers=1)
    after = ratings(state)
    assert after["culture"] - before["culture"] == c.culture
    assert after["science"] - before["science"] == c.science_yield
    assert after["strength"] - before["strength"] == c.strength
    assert after["happy"] - before["happy"] == c.happy


FARMS_MINES = [c for cards in BY_AGE.values() for c in cards if c.kind in ("farm", "mine")]


@covers(*(c.id for c in FARMS_MINES))
@pytest.mark.parametrize("c", FARMS_MINES, ids=lambda c: c.key)
def test_farms_and_mines_produce_tokens_of_their_value(c):
    """JA l.517, l.531: one blue token per worker, worth the card's value."""
    state = tta_state()
    p = state["seats"][0]
    in_play(state, c.id, workers=1)
    what = "food" if c.kind == "farm" else "resource"
    before = eco.amount(p, what)
    turn.farm_produce(p, what)
    base = 2  # the two starting workers on Agriculture or Bronze
    assert eco.amount(p, what) - before == base + (c.food or c.resource)


# --- governments ---------------------------------------------------------------------------------------------

GOVERNMENTS = [c for cards in BY_AGE.values() for c in cards if c.kind == "government"]


@covers(*(c.id for c in GOVERNMENTS))
@pytest.mark.parametrize("c", GOVERNMENTS, ids=lambda c: c.key)
def test_governments_set_actions_limit_and_extras(c):
    state = tta_state()
    before = ratings(state)
    in_play(state, c.id)
    p = state["seats"][0]
    r = ratings(state)
    assert (r["civil_actions"], r["military_actions"], r["urban_limit"]) == (c.civil_actions, c.military_actions,
                                                                             c.urban_limit)
    extras = {e.stat: e.amount for e in c.effects}
    assert r["culture"] - before["culture"] == extras.get("culture", 0)
    assert r["strength"] - before["strength"] == extras.get("strength", 0)


@covers("civ/III/communism", "civ/I/theocracy")
def test_communism_unhappy_face_and_theocracy_faces():
    state = tta_state()
    set_workers(state, "civ/A/religion", 2)
    in_play(state, "civ/III/communism")
    assert ratings(state)["happy"] == 1
    state = tta_state()
    in_play(state, "civ/I/theocracy")
    assert ratings(state)["happy"] == 2


# --- special technologies ------------------------------------------------------------------------------------

SPECIAL_RATES = {
    "civ/I/warfare": {"strength": 1, "military_actions": 1},
    "civ/II/strategy": {"strength": 3, "military_actions": 2},
    "civ/III/military_theory": {"strength": 5, "military_actions": 3},
    "civ/I/code_of_laws": {"civil_actions": 1},
    "civ/II/justice_system": {"civil_actions": 1},
    "civ/III/civil_service": {"civil_actions": 2},
    "civ/I/cartography": {"strength": 1},
    "civ/II/navigation": {"strength": 2},
    "civ/III/satellites": {"strength": 3},
}


@covers(*SPECIAL_RATES)
@pytest.mark.parametrize("cid", sorted(SPECIAL_RATES))
def test_special_technologies_add_to_the_ratings(cid):
    state = tta_state()
    before = ratings(state)
    in_play(state, cid)
    after = ratings(state)
    for stat, n in SPECIAL_RATES[cid].items():
        assert after[stat] - before[stat] == n


@pytest.mark.parametrize("cid, bonus", [("civ/I/cartography", 2), ("civ/II/navigation", 3), ("civ/III/satellites", 4)])
def test_colonization_bonus_is_kept_for_part_two(cid, bonus):
    state = tta_state()
    in_play(state, cid)
    assert eco.rate_sum(state["seats"][0], "colonization") == bonus


def test_justice_system_then_civil_service_keep_three_extra_blue_tokens():
    """Justice System / Civil Service: +3 blue tokens from the box while one of them is in play (docs/tta.md)."""
    state = tta_state()
    to_hand(state, "civ/II/justice_system")
    to_hand(state, "civ/III/civil_service")
    state["seats"][0]["science"] = 17
    state, _ = act(state, "discover Justice System")
    p = state["seats"][0]
    assert (p["blue"], p["blue_extra"]) == (21, 3)
    state, _ = act(state, "discover Civil Service")
    p = state["seats"][0]
    assert (p["blue"], p["blue_extra"]) == (21, 3) and eco.civil_actions_max(p) == 6


@covers("civ/I/masonry", "civ/II/architecture", "civ/III/engineering")
@pytest.mark.parametrize("cid, discounts, stages", [
    ("civ/I/masonry", (0, 1, 1, 1), 2), ("civ/II/architecture", (0, 1, 2, 2), 3),
    ("civ/III/engineering", (0, 1, 2, 3), 4)])
def test_construction_technologies(cid, discounts, stages):
    """Urban buildings of levels I-III cost less (not Age A); several wonder stages per civil action."""
    state = tta_state()
    labs = ["civ/A/philosophy", "civ/I/alchemy", "civ/II/scientific_method", "civ/III/computers"]
    for lab in labs[1:]:
        in_play(state, lab)
    before = [build_cost(state, 0, lab) for lab in labs]
    in_play(state, cid)
    assert tuple(b - build_cost(state, 0, lab) for b, lab in zip(before, labs)) == discounts
    assert eco.wonder_stages_per_action(state["seats"][0]) == stages


def test_two_wonder_stages_in_one_action_with_masonry():
    state = tta_state()
    in_play(state, "civ/I/masonry")
    state["seats"][0]["wonder"] = pull(state, "civ/A/hanging_gardens")
    set_tokens(state, "civ/A/bronze", 6)
    state, _ = act(state, "wonder 2")
    p = state["seats"][0]
    assert p["stages"] == 2 and p["ca"] == 3
    with pytest.raises(IllegalMove, match="1 stage"):
        act(state, "wonder 2")


# --- wonders ---------------------------------------------------------------------------------------------------

WONDER_RATES = {
    "civ/A/colossus": {"culture": 1, "strength": 1},
    "civ/A/hanging_gardens": {"culture": 1, "happy": 2},
    "civ/A/library_of_alexandria": {"culture": 1, "science": 1, "civil_hand": 1},
    "civ/A/pyramids": {"civil_actions": 1, "civil_hand": 1},
    "civ/I/great_wall": {"culture": 1, "happy": 1, "strength": 1},  # +1 for the starting Warriors
    "civ/I/st_peters_basilica": {"culture": 2},
    "civ/I/universitas_carolina": {"culture": 1, "science": 2},
    "civ/I/taj_mahal": {"culture": 3},
    "civ/II/transcontinental_railroad": {"strength": 5},
    "civ/II/eiffel_tower": {"culture": 4, "happy": 1},
    "civ/II/kremlin": {"culture": 3, "civil_actions": 1, "military_actions": 1, "civil_hand": 1},
}


@covers(*WONDER_RATES)
@pytest.mark.parametrize("cid", sorted(WONDER_RATES))
def test_completed_wonders_add_to_the_ratings(cid):
    state = tta_state()
    set_workers(state, "civ/A/religion", 2)  # 2 happy faces, so that Kremlin's unhappy faces show
    before = ratings(state)
    in_play(state, cid)
    after = ratings(state)
    expected = dict(WONDER_RATES[cid])
    if cid == "civ/II/kremlin":
        expected["happy"] = -2
    if cid == "civ/I/st_peters_basilica":
        expected["happy"] = 2  # the temples' 2 faces count twice
    for stat in ("culture", "science", "strength", "happy", "civil_actions", "military_actions", "civil_hand"):
        assert after[stat] - before[stat] == expected.get(stat, 0), stat


def test_library_of_alexandria_raises_the_military_hand_limit_for_part_two():
    state = tta_state()
    in_play(state, "civ/A/library_of_alexandria")
    assert eco.rate_sum(state["seats"][0], "military_hand") == 1


@covers("civ/I/michelangelo")
def test_hanging_gardens_with_st_peters_and_michelangelo():
    """Hanging Gardens' 2 faces count 4 with St. Peter's; Michelangelo reads the doubled faces (option)."""
    state = tta_state()
    in_play(state, "civ/A/hanging_gardens")
    in_play(state, "civ/I/st_peters_basilica")
    assert ratings(state)["happy"] == 4
    base = ratings(state)["culture"]
    in_play(state, "civ/I/michelangelo")
    assert ratings(state)["culture"] - base == 4
    state["options"]["st_peters_bonus"] = "single"
    assert ratings(state)["culture"] - base == 2


def test_st_peters_cap_of_eight_after_doubling():
    state = tta_state()
    set_workers(state, "civ/A/religion", 2)
    in_play(state, "civ/II/organized_religion", workers=2)
    in_play(state, "civ/I/st_peters_basilica")
    in_play(state, "civ/II/kremlin")
    assert ratings(state)["happy"] == 8  # (2 + 6) x 2 - 2 = 14, capped at 8


def test_transcontinental_railroad_best_mine_worker_doubles():
    state = tta_state()
    p = state["seats"][0]
    in_play(state, "civ/I/iron", workers=1)
    in_play(state, "civ/II/transcontinental_railroad")
    turn.farm_produce(p, "resource")
    assert p["tokens"]["civ/I/iron"] == 2 and p["tokens"]["civ/A/bronze"] == 2


@covers("civ/II/ocean_liner_service", "civ/A/moses")
def test_ocean_liner_service_with_moses_and_frugality():
    """Ocean Liner: once per turn, no civil action, 5 food less; Moses 1 less more (floor 0); Frugality pays
    the normal cost with Moses but not the liner's discount (docs/tta.md)."""
    state = tta_state()
    p = state["seats"][0]
    in_play(state, "civ/II/ocean_liner_service")
    in_play(state, "civ/A/moses")
    state, _ = act(state, "populate")
    p = state["seats"][0]
    assert p["ca"] == 4 and p["idle"] == 2 and p["free_pop"]
    set_tokens(state, "civ/A/agriculture", 2)
    state, _ = act(state, "populate")  # the second costs an action and 2 - 1 food
    p = state["seats"][0]
    assert p["ca"] == 3 and eco.amount(p, "food") == 1
    set_tokens(state, "civ/A/agriculture", 3)
    to_hand(state, "civ/II/frugality")
    state, _ = act(state, "play Frugality")
    p = state["seats"][0]
    assert p["yellow"] == 15 and eco.amount(p, "food") == 4  # 3 - (3 - 1) + 3


AGE_III_WONDERS = {
    # Tableau: Philosophy 1 (lab A), Religion 0, Printing Press 1 (library I), Drama 2 (theater I),
    # Alchemy 1 (lab I); farms 2, mines 2, warriors 1.
    "civ/III/hollywood": 2 * (1 + 2),             # 2 per level of theaters and libraries
    "civ/III/internet": 1 * (1 + 1),              # 1 per level of labs and libraries
    "civ/III/first_space_flight": 1 + 1 + 1,      # levels of every technology card (A cards are 0)
    "civ/III/fast_food_chains": 1 * (2 + 3 + 1) + 2 * 4,
}


@covers(*AGE_III_WONDERS)
@pytest.mark.parametrize("cid", sorted(AGE_III_WONDERS))
def test_age_three_wonders_score_once_on_completion(cid):
    state = tta_state()
    in_play(state, "civ/I/printing_press", workers=1)
    in_play(state, "civ/I/drama", workers=2)
    in_play(state, "civ/I/alchemy", workers=1)
    p = state["seats"][0]
    p["idle"] = 1
    p["yellow"] = 25 - 1 - sum(p["workers"].values())
    p["wonder"] = pull(state, cid)
    c = CARDS[cid]
    p["stages"] = len(c.stages) - 1
    p["blue"] -= p["stages"]
    set_tokens(state, "civ/A/bronze", c.stages[-1])
    state, events = act(state, "wonder")
    assert state["seats"][0]["culture"] == AGE_III_WONDERS[cid]
    assert ratings(state)["culture"] == ratings(state)["culture"]  # no rate afterwards: see the card


def test_internet_option_two_culture_per_level():
    state = tta_state(internet_culture=2)
    in_play(state, "civ/I/printing_press", workers=1)
    p = state["seats"][0]
    p["wonder"] = pull(state, "civ/III/internet")
    p["stages"], p["blue"] = 4, p["blue"] - 4
    set_tokens(state, "civ/A/bronze", 2)
    state, _ = act(state, "wonder")
    assert state["seats"][0]["culture"] == 2


# --- leaders ---------------------------------------------------------------------------------------------------


def leader_state(cid, **kw):
    state = tta_state(**kw)
    in_play(state, cid)
    return state


@covers("civ/A/alexander_the_great")
def test_alexander_the_great():
    state = tta_state()
    before = ratings(state)["strength"]
    state = leader_state("civ/A/alexander_the_great")
    assert ratings(state)["strength"] == before + 1


@covers("civ/A/aristotle")
def test_aristotle_science_when_taking_a_technology():
    state = leader_state("civ/A/aristotle")
    to_row(state, 1, "civ/I/iron")
    to_row(state, 2, "civ/A/work_of_art")
    state, _ = act(state, "take 1; take 2")
    assert state["seats"][0]["science"] == 1


@covers("civ/A/hammurabi")
def test_hammurabi():
    state = leader_state("civ/A/hammurabi")
    r = ratings(state)
    assert (r["civil_actions"], r["military_actions"]) == (5, 1)


@covers("civ/A/homer")
def test_homer_military_resource_and_warriors_culture():
    state = leader_state("civ/A/homer")
    set_workers(state, "civ/A/warriors", 3)
    assert ratings(state)["culture"] == 2  # up to two Warriors
    assert eco.rate_sum(state["seats"][0], "military_resources") == 1
    state["seats"][0]["mil_res"] = 1
    set_tokens(state, "civ/A/bronze", 1)
    state, _ = act(state, "build unit Warriors")
    p = state["seats"][0]
    assert p["mil_res"] == 0 and eco.amount(p, "resource") == 0


@covers("civ/A/julius_caesar")
def test_julius_caesar():
    state = tta_state()
    before = ratings(state)
    state = leader_state("civ/A/julius_caesar")
    assert ratings(state)["strength"] == before["strength"] + 1 and ratings(state)["military_actions"] == 3


@covers("civ/A/moses")
def test_moses_population_discount():
    state = leader_state("civ/A/moses")
    set_tokens(state, "civ/A/agriculture", 1)
    state, _ = act(state, "populate")
    assert state["seats"][0]["idle"] == 2


@covers("civ/I/christopher_columbus")
def test_christopher_columbus_is_playable_and_waits_for_part_two():
    state = leader_state("civ/I/christopher_columbus")
    assert eco.has_flag(state["seats"][0], "colonize_once_free")


@covers("civ/I/frederick_barbarossa")
def test_frederick_barbarossa_grows_and_builds_a_unit_in_one_action():
    state = leader_state("civ/I/frederick_barbarossa")
    set_tokens(state, "civ/A/agriculture", 1)
    set_tokens(state, "civ/A/bronze", 1)
    state, _ = act(state, "populate unit Warriors")
    p = state["seats"][0]
    assert p["workers"]["civ/A/warriors"] == 2 and p["yellow"] == 17 and p["ca"] == 3 and p["ma"] == 2
    assert eco.amount(p, "food") == 0 and eco.amount(p, "resource") == 0


@covers("civ/I/genghis_khan")
def test_genghis_khan_cavalry():
    state = leader_state("civ/I/genghis_khan")
    before = ratings(state)
    in_play(state, "civ/I/knights", workers=1)
    r = ratings(state)
    assert r["strength"] - before["strength"] == 3 and r["culture"] - before["culture"] == 1
    assert eco.has_flag(state["seats"][0], "ignore_own_tactic")


@covers("civ/I/joan_of_arc")
def test_joan_of_arc_temple_faces_add_strength():
    state = tta_state()
    set_workers(state, "civ/A/religion", 2)
    before = ratings(state)["strength"]
    in_play(state, "civ/I/joan_of_arc")
    assert ratings(state)["strength"] == before + 2


@covers("civ/I/leonardo_da_vinci", "civ/II/isaac_newton", "civ/III/albert_einstein")
@pytest.mark.parametrize("cid", ["civ/I/leonardo_da_vinci", "civ/II/isaac_newton", "civ/III/albert_einstein"])
def test_best_lab_or_library_extra_science(cid):
    state = tta_state()
    in_play(state, "civ/I/printing_press", workers=1)
    before = ratings(state)["science"]
    in_play(state, cid)
    assert ratings(state)["science"] == before + 1  # the best is Printing Press (level I)


@covers("civ/I/leonardo_da_vinci", "civ/II/isaac_newton", "civ/III/albert_einstein")
@pytest.mark.parametrize("cid, check", [
    ("civ/I/leonardo_da_vinci", lambda p: eco.amount(p, "resource") == 1),
    ("civ/II/isaac_newton", lambda p: p["ca"] == 4),
    ("civ/III/albert_einstein", lambda p: p["culture"] == 3)])
def test_triggers_when_playing_a_technology(cid, check):
    state = leader_state(cid)
    to_hand(state, "civ/I/iron")
    state["seats"][0]["science"] = 5
    state, _ = act(state, "discover Iron")
    assert check(state["seats"][0])


@covers("civ/I/michelangelo")
def test_michelangelo_wonder_take_discount():
    state = leader_state("civ/I/michelangelo")
    in_play(state, "civ/A/pyramids")
    in_play(state, "civ/A/colossus")
    p = state["seats"][0]
    assert take_cost(p, 0, "civ/I/taj_mahal") == 1 + 1


@covers("civ/II/js_bach")
def test_js_bach_theaters():
    state = leader_state("civ/II/js_bach")
    p = state["seats"][0]
    assert science_cost(p, "civ/I/drama") == 3
    in_play(state, "civ/I/drama", workers=1)
    assert build_cost(state, 0, "civ/I/drama") == 4
    assert ratings(state)["culture"] == 3


@covers("civ/II/james_cook")
def test_james_cook_waits_for_colonies():
    state = leader_state("civ/II/james_cook")
    assert eco.has_flag(state["seats"][0], "colonization_card_extra") == 1


@covers("civ/II/maximilien_robespierre")
def test_robespierre_revolution_spends_military_actions():
    state = leader_state("civ/II/maximilien_robespierre")
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    state, _ = act(state, "revolution Monarchy")
    p = state["seats"][0]
    assert p["ma"] == 0 and p["ca"] == 5


@covers("civ/II/napoleon_bonaparte")
def test_napoleon():
    state = leader_state("civ/II/napoleon_bonaparte")
    assert ratings(state)["military_actions"] == 3
    assert eco.has_flag(state["seats"][0], "best_army_tactic_twice")


@covers("civ/II/william_shakespeare")
def test_william_shakespeare_libraries_and_pairs():
    state = tta_state()
    in_play(state, "civ/I/printing_press", workers=1)
    in_play(state, "civ/I/drama", workers=1)
    before = ratings(state)["culture"]
    in_play(state, "civ/II/william_shakespeare")
    assert ratings(state)["culture"] == before + 1 + 2


@covers("civ/III/mahatma_gandhi")
def test_mahatma_gandhi():
    state = leader_state("civ/III/mahatma_gandhi")
    assert ratings(state)["culture"] == 2 and eco.has_flag(state["seats"][0], "no_aggression_or_war")


@covers("civ/III/winston_churchill")
def test_winston_churchill_unit_science():
    state = leader_state("civ/III/winston_churchill")
    assert science_cost(state["seats"][0], "civ/III/tanks") == 6


@covers("civ/III/charlie_chaplin")
def test_charlie_chaplin_best_theater_doubles():
    state = tta_state()
    in_play(state, "civ/I/drama", workers=1)
    in_play(state, "civ/II/opera", workers=1)
    before = ratings(state)
    in_play(state, "civ/III/charlie_chaplin")
    r = ratings(state)
    assert r["culture"] == before["culture"] + 3 and r["happy"] == before["happy"] + 2


@covers("civ/III/bill_gates")
def test_bill_gates_lab_resources_and_rivals_surcharge():
    """Labs produce resources by level at mine production (docs/tta.md); others pay 1 more for labs/libraries."""
    state = tta_state()
    in_play(state, "civ/I/alchemy", workers=1)
    in_play(state, "civ/III/bill_gates")
    in_play(state, "civ/I/printing_press", seat=1)
    assert build_cost(state, 1, "civ/I/printing_press") == 4
    from pbem.engine.tta.checks import rival_surcharge
    assert rival_surcharge(state, 1, CARDS["civ/I/printing_press"]) == 1
    assert rival_surcharge(state, 0, CARDS["civ/I/printing_press"]) == 0
    p = state["seats"][0]
    p["yellow"], p["idle"] = p["yellow"] - 2, p["idle"] + 2  # keep the peace
    events = []
    turn.production(state, events)
    assert eco.amount(p, "resource") == 2 + 1


@covers("civ/III/sid_meier")
def test_sid_meier_labs():
    state = tta_state()
    in_play(state, "civ/I/alchemy", workers=1)
    before = ratings(state)
    in_play(state, "civ/III/sid_meier")
    r = ratings(state)
    assert r["culture"] == before["culture"] + 1 and r["science"] == before["science"] - 2


@covers("civ/A/moses")
def test_a_new_leader_replaces_the_old_one():
    """JA l.362."""
    state = leader_state("civ/A/moses")
    to_hand(state, "civ/I/genghis_khan")
    state["seats"][0]["leader_ages"].append("I")  # taken from the row earlier
    state, _ = act(state, "play Genghis Khan")
    p = state["seats"][0]
    assert p["leader"].startswith("civ/I/genghis_khan") and any(c.startswith("civ/A/moses") for c in state["discard"])


# --- action cards ---------------------------------------------------------------------------------------------

ACTIONS = [c for cards in BY_AGE.values() for c in cards if c.kind == "action"]


def _play(state, c):
    """Put `c` in hand and play it with a sensible target; returns the new state."""
    p = state["seats"][0]
    to_hand(state, c.id)
    ops = {e.op for e in c.effects}
    set_tokens(state, "civ/A/bronze", 6)
    set_tokens(state, "civ/A/agriculture", 6)
    p["idle"], p["yellow"] = 2, 17
    if "build" in ops and "urban" in c.effects[0].of:
        return act(state, f"play {c.name} {c.age} build temple Religion")[0]
    if "build" in ops:
        return act(state, f"play {c.name} {c.age} build farm Agriculture")[0]
    if "upgrade" in ops:
        in_play(state, "civ/I/iron")
        return act(state, f"play {c.name} {c.age} upgrade mine Bronze Iron")[0]
    if "wonder_stage" in ops:
        p["wonder"] = pull(state, "civ/I/taj_mahal")
        return act(state, f"play {c.name} {c.age} wonder")[0]
    if "discover" in ops:
        to_hand(state, "civ/I/irrigation")
        p["science"] = 3
        return act(state, f"play {c.name} {c.age} discover Irrigation")[0]
    return act(state, f"play {c.name} {c.age}")[0]


@covers(*(c.id for c in ACTIONS))
@pytest.mark.parametrize("c", ACTIONS, ids=lambda c: f"{c.key}_{c.age}")
def test_action_cards(c):
    """Each action card's one-time effect (JA l.352-358): it costs 1 civil action and goes to the discard pile."""
    state = tta_state(players=4)
    for seat in (1, 2, 3):  # rivals stronger and richer in culture, for the per-civilization cards
        state["seats"][seat]["culture"] = 50
        set_workers(state, "civ/A/warriors", 3, seat)
    before = state["seats"][0]
    before_food, before_res = 6, 6
    state = _play(state, c)
    p = state["seats"][0]
    assert not any(h.startswith(c.id) for h in p["hand"]) and any(x.startswith(c.id) for x in state["discard"])
    e = c.effects[0]
    food, res = eco.amount(p, "food"), eco.amount(p, "resource")
    if e.op == "gain":
        assert p[e.stat] - before[e.stat] == e.amount
    elif e.op == "produce":
        assert (food if e.stat == "food" else res) - 6 == e.amount
    elif e.op == "build":
        discounted = max(0, (3 if "urban" in e.of else 2) - e.amount)
        assert res == before_res - discounted and p["ca"] == 3
    elif e.op == "upgrade":
        assert res == before_res - max(0, 3 - e.amount) and p["workers"]["civ/I/iron"] == 1
    elif e.op == "wonder_stage":
        assert p["stages"] == 1 and res == before_res - max(0, 2 - e.amount)
    elif e.op == "populate":
        assert p["yellow"] == 16 and food == before_food - 2 + e.amount
    elif e.op == "discover":
        assert "civ/I/irrigation" in p["workers"] and p["science"] == e.amount
    elif e.op == "this_turn":
        assert p["ma"] == 3 and p["mil_res"] == c.effects[1].amount
    elif e.op == "per_stronger":
        assert p["mil_res"] == 3 * e.by_players[2]
    elif e.op == "per_richer":
        assert p["culture"] == 3 * e.by_players[2]
    assert p["ca"] == 3


def test_every_civil_card_has_a_test():
    """Every civil card of ages A-III is shown in play above: in a parametrized group or named by a test."""
    from pathlib import Path
    source = Path(__file__).read_text(encoding="utf-8")
    covered = {c.id for c in YIELDS + FARMS_MINES + GOVERNMENTS + ACTIONS} | set(SPECIAL_RATES) | set(WONDER_RATES)
    covered |= set(AGE_III_WONDERS) | {cid for cid in CARDS if f'"{cid}"' in source}
    assert sorted(c.id for cards in BY_AGE.values() for c in cards if c.id not in covered) == []


def test_every_civil_card_is_recorded_as_tested():
    """TESTED, filled by @covers, holds every civil card of ages A-III, and nothing else (a misspelt id would
    leave the card it means untested)."""
    deck = {c.id for cards in BY_AGE.values() for c in cards}
    assert sorted(deck - TESTED) == [] and sorted(TESTED - deck) == []


def test_newton_gives_no_action_back_after_a_revolution():
    """A revolution spends every civil action (JA l.388): Newton's refund does not undo it (docs/tta.md)."""
    state = tta_state()
    in_play(state, "civ/II/isaac_newton")
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    state, _ = act(state, "revolution Monarchy")
    assert state["seats"][0]["ca"] == 0


def test_breakthrough_does_not_play_a_government():
    state = tta_state()
    to_hand(state, "civ/I/breakthrough")
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 9
    with pytest.raises(IllegalMove, match="other than a government"):
        act(state, "play Breakthrough discover Monarchy")


def test_included_builds_keep_the_building_limit_and_need_a_worker():
    """Ideal Building Site still respects the government's limit (JA l.418); Rich Land needs an unused worker."""
    state = tta_state()
    set_workers(state, "civ/A/philosophy", 2)
    set_tokens(state, "civ/A/bronze", 6)
    to_hand(state, "civ/A/ideal_building_site")
    with pytest.raises(IllegalMove, match="limit"):
        act(state, "play Ideal Building Site build lab Philosophy")
    state = tta_state()
    p = state["seats"][0]
    p["idle"], p["yellow"] = 0, 19
    set_tokens(state, "civ/A/bronze", 6)
    to_hand(state, "civ/A/rich_land")
    with pytest.raises(IllegalMove, match="unused worker"):
        act(state, "play Rich Land build farm Agriculture")


def test_patriotism_resources_pay_only_for_units():
    state = tta_state()
    to_hand(state, "civ/I/patriotism")
    state, _ = act(state, "play Patriotism")
    p = state["seats"][0]
    assert (p["ma"], p["mil_res"]) == (3, 2)
    with pytest.raises(IllegalMove, match="resources"):
        act(state, "build farm Agriculture")
    state, _ = act(state, "build unit Warriors")
    assert state["seats"][0]["mil_res"] == 0 and state["seats"][0]["workers"]["civ/A/warriors"] == 2
