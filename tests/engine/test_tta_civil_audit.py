"""TtA civil rules and the game's end, audited case by case against the Japanese summary (JA l.N)."""
import pytest

from pbem.engine import IllegalMove, tta
from pbem.engine.tta import economy as eco
from pbem.engine.tta import turn

from tta_helpers import act, in_play, to_hand, tta_state


# --- governments: a revolution is the turn's only civil action (JA l.386-388) ---------------------------------


def test_no_revolution_after_a_civil_action_that_newton_gave_back():
    """JA l.388: on the turn of a revolution no other civil action is taken. Newton gives the civil action of a
    discovery back, so the count is full again, but a civil action was taken: no revolution this turn."""
    state = tta_state()
    in_play(state, "civ/II/isaac_newton")
    to_hand(state, "civ/I/iron")
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 20
    state, _ = act(state, "discover Iron")
    p = state["seats"][0]
    assert p["ca"] == p["ca_max"]  # Newton's civil action back
    with pytest.raises(IllegalMove, match="first civil action"):
        act(state, "revolution Monarchy")


def test_a_revolution_spends_the_civil_actions_left_after_a_rebellion():
    """JA l.388: a revolution spends every civil action the seat has this turn. Rebellion left it 2 fewer; none
    was used yet, so the revolution is its first civil action and is allowed (it spends the 2 it has)."""
    state = tta_state()
    to_hand(state, "civ/I/monarchy")
    p = state["seats"][0]
    p["science"] = 3
    p["ca"] = p["ca_max"] - 2  # Rebellion: 2 civil actions fewer this turn (turn.ready)
    state, _ = act(state, "revolution Monarchy")
    p = state["seats"][0]
    assert p["government"].startswith("civ/I/monarchy") and p["ca"] == 0 and p["science"] == 0


def test_the_first_civil_action_of_a_new_turn_may_be_a_revolution():
    """JA l.388: the mark of a civil action used is the turn's: the next turn may start with a revolution."""
    state = tta_state(players=2)
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["science"] = 3
    state, _ = act(state, "take 1")
    with pytest.raises(IllegalMove, match="first civil action"):
        act(state, "revolution Monarchy")
    state, _ = act(state, "done")
    state, _ = act(state, "done", seat=1)
    assert state["turn"] == 0
    state, _ = act(state, "revolution Monarchy")
    assert state["seats"][0]["government"].startswith("civ/I/monarchy")


# --- the end of an age (JA l.150-175) -----------------------------------------------------------------------


def _mil_copy(state: dict, card_id: str) -> str:
    """Take a copy of military card `card_id` out of its draw deck (or the past events)."""
    for deck in list(state["mil_decks"].values()) + [state["past"]]:
        for c in deck:
            if c.split(":")[0] == card_id:
                deck.remove(c)
                return c
    raise AssertionError(card_id)


def _last_card_in(state: dict, age: str) -> None:
    """The civil deck of `age` refills the row and holds one card: the next refill ends the age."""
    for older in ("A", "I", "II", "III")[:("A", "I", "II", "III").index(age)]:
        state["box"] += state["decks"][older]
        state["decks"][older] = []
    state["age"] = age
    state["box"] += state["decks"][age][1:]
    state["decks"][age] = state["decks"][age][:1]


def test_end_of_age_two_what_leaves_and_what_stays():
    """JA l.150-175: Age II runs out while the row refills: Age I becomes obsolete (l.160). Age I cards in hand,
    the Age I leader and the unfinished Age I wonder leave (l.162-167, the wonder's markers back to the blue
    bank); technologies in play (special ones too), the tactic, completed wonders stay (l.169); Age III's
    civil and military decks are used (l.171-173); every player boxes 2 yellow tokens (l.175)."""
    from pbem.engine.tta.military_deck import military_age
    state = tta_state(players=2)
    p, q = state["seats"]
    old_hand = to_hand(state, "civ/I/work_of_art")
    kept_hand = to_hand(state, "civ/II/js_bach")
    in_play(state, "civ/I/michelangelo")
    in_play(state, "civ/I/great_wall")
    in_play(state, "civ/I/iron", workers=1)
    in_play(state, "civ/I/masonry")
    p["tactic"] = _mil_copy(state, "mil/I/legion")
    q["wonder"] = to_hand(state, "civ/I/taj_mahal", seat=1)
    q["hand"].remove(q["wonder"])
    q["stages"], q["blue"] = 2, q["blue"] - 2
    _last_card_in(state, "II")
    yellow = [p["yellow"], q["yellow"]]
    state, events = act(state, "done")  # seat 1's refill deals Age II's last card
    p, q = state["seats"]
    assert [e["age"] for e in events if e["kind"] == "age_end"] == ["II"]
    assert state["age"] == "III" and military_age(state) == "III"
    assert old_hand not in p["hand"] and kept_hand in p["hand"] and old_hand in state["discard"]
    assert p["leader"] is None and "civ/I/michelangelo" not in p["active"]
    assert q["wonder"] is None and q["stages"] == 0 and q["blue"] == 18
    assert [c.split(":")[0] for c in p["wonders"]] == ["civ/I/great_wall"]
    assert p["workers"]["civ/I/iron"] == 1 and p["specials"]["construction"].startswith("civ/I/masonry")
    assert p["tactic"].startswith("mil/I/legion")
    assert [p["yellow"], q["yellow"]] == [yellow[0] - 2, yellow[1] - 2] and p["boxed"] == q["boxed"] == 2


def _play_out(state: dict) -> tuple[dict, list]:
    """Every seat ends its turns ("done"; a discard as the bot would) until the game is over."""
    from pbem.engine import tta
    import random
    rnd, seen = random.Random(0), []
    for _ in range(200):
        prompts = tta.pending(state)
        if not prompts:
            return state, seen
        pr = prompts[0]
        if pr.kind in ("actions", "politics"):
            state, events = act(state, "done", seat=pr.seat)
        else:
            state, events = tta.apply(state, pr.seat, tta.bot_move(state, pr.seat, rnd))
        seen += events
    raise AssertionError("the game did not end")


def test_end_of_age_three_then_one_more_round_then_the_final_events():
    """JA l.117, l.579: Age III running out is an age end (Age II obsolete, 2 yellow boxed: l.150-175); the
    round in which it ran out is finished, then one more round from the start player; then the current and
    future events are resolved (l.587) and the most culture wins (l.589): the result and the score sheet are
    the culture."""
    from pbem.engine import tta
    state = tta_state(players=2)
    to_hand(state, "civ/II/js_bach", seat=1)
    in_play(state, "civ/II/isaac_newton", seat=1)
    _last_card_in(state, "III")
    state["mil_box"] += state["current"]
    state["current"] = [_mil_copy(state, "mil/III/impact_of_government")]
    r = state["round"]
    yellow = state["seats"][1]["yellow"]
    state, events = act(state, "done")
    q = state["seats"][1]
    assert [e["age"] for e in events if e["kind"] == "age_end"] == ["III"]
    assert state["last_round"] == r + 1 and state["age"] == "III"
    assert q["hand"] == [] and q["leader"] is None and q["yellow"] == yellow - 2
    state, events = _play_out(state)
    turns = [(e["seat"], e["round"]) for e in events if e["kind"] == "turn"]
    assert turns == [(0, r + 1), (1, r + 1)]  # seat 1 was already in its turn of round r
    assert "age_end" not in [e["kind"] for e in events]  # the row only slides from then on: no second age end
    assert state["over"] is not None and state["current"] == [] and state["past"][-1].startswith(
        "mil/III/impact_of_government")
    gains = [0, 0]
    for e in events:
        if e["kind"] == "event_gain":
            gains[e["seat"]] += e["amount"]
    assert gains == [2 * 4 + 2, 2 * 4 + 2]  # Despotism: 2 per civil action, 1 per military action
    result = tta.result(state)
    assert result.scores == {s: state["seats"][s]["culture"] for s in (0, 1)}
    sheet = dict(tta.score_sheet(result.to_dict()))
    assert sheet["Culture points"] == sheet["Total"] == result.scores


# --- happiness (JA l.499-507) -------------------------------------------------------------------------------


def test_discontent_covered_by_as_many_unused_workers_keeps_production():
    """JA l.505-507: the faces missing are filled with unused workers; with exactly as many unused workers as
    faces missing there is no uprising: culture and science are scored and the farms produce."""
    state = tta_state()
    p = state["seats"][0]
    p["yellow"], p["idle"], p["boxed"] = 12, 2, 5  # 2 happy faces needed, none: 2 discontent, 2 unused workers
    events: list = []
    turn.production(state, events)
    assert "uprising" not in [e["kind"] for e in events]
    assert p["science"] == 1 and p["tokens"]["civ/A/agriculture"] == 2 - 2  # 2 food made, 2 eaten (bank 12)
    p["idle"] = 1
    events = []
    turn.production(state, events)
    assert [e["kind"] for e in events] == ["uprising"] and p["science"] == 1


# --- the Age III events scored at the end (JA l.587-589; the card texts) --------------------------------------


def _impact(state: dict, card_id: str) -> list[int]:
    """Culture each seat gains when `card_id` is resolved."""
    from pbem.engine.tta.events import resolve
    copy = _mil_copy(state, card_id)
    before = [p["culture"] for p in state["seats"]]
    events: list = []
    resolve(state, copy, events, "actions")
    state["past"].append(copy)
    assert state["stack"] == [] or state["stack"][-1]["kind"] != "event_choice"
    return [p["culture"] - b for p, b in zip(state["seats"], before)]


def test_impact_of_government_progress_and_technology():
    """Cards: 2 culture per civil action and 1 per military action (the maxima); 2 per level of the government
    and of each special technology; 4 per level III technology in play."""
    state = tta_state(players=2)
    in_play(state, "civ/I/monarchy")            # 5 civil, 3 military actions; level 1
    in_play(state, "civ/I/masonry")             # special, level 1
    in_play(state, "civ/III/computers")         # a level III technology
    assert _impact(state, "mil/III/impact_of_government") == [2 * 5 + 3, 2 * 4 + 2]
    assert _impact(state, "mil/III/impact_of_progress") == [2 * (1 + 1), 0]
    assert _impact(state, "mil/III/impact_of_technology") == [4, 0]


def test_impact_of_wonders_happiness_and_population():
    """Cards: 5/4/3/2 per completed wonder of Age A/I/II/III; 2 per happy face (at most 16) less 2 per discontent
    worker; 2 per content worker above 10."""
    state = tta_state(players=2)
    in_play(state, "civ/A/pyramids")
    in_play(state, "civ/I/great_wall")
    in_play(state, "civ/A/religion", workers=2)  # 2 happy faces, the Great Wall 1; the bank keeps 16: 1 needed
    assert _impact(state, "mil/III/impact_of_wonders") == [5 + 4, 0]
    assert _impact(state, "mil/III/impact_of_happiness") == [2 * 3, 0]
    assert _impact(state, "mil/III/impact_of_population") == [0, 0]  # 9 workers
    q = state["seats"][1]
    q["yellow"], q["idle"], q["boxed"] = 4, 15, 0  # 21 workers, 6 faces needed: 6 discontent, 15 content
    q["culture"] = 20
    assert _impact(state, "mil/III/impact_of_happiness")[1] == -2 * 6
    assert _impact(state, "mil/III/impact_of_population")[1] == 2 * (21 - 6 - 10)


def test_impact_of_agriculture_industry_architecture_and_competition():
    """Cards: culture = the food the farms produce; = the resources the mines produce; 1 per level of each urban
    building; 1 per level of each military unit and arena."""
    state = tta_state(players=2)
    in_play(state, "civ/I/irrigation", workers=1)   # 2 food
    in_play(state, "civ/I/iron", workers=1)         # 2 resources
    in_play(state, "civ/I/alchemy", workers=1)      # a level I lab
    in_play(state, "civ/I/swordsmen", workers=1)    # a level I unit
    assert _impact(state, "mil/III/impact_of_agriculture") == [2 * 1 + 2, 2]
    assert _impact(state, "mil/III/impact_of_industry") == [2 * 1 + 2, 2]
    assert _impact(state, "mil/III/impact_of_architecture") == [1, 0]
    assert _impact(state, "mil/III/impact_of_competition") == [1, 0]


# --- the card row (JA l.332-350) and population (JA l.398-404) ----------------------------------------------


@pytest.mark.parametrize("card_id, name", [("civ/I/iron", "Iron"), ("civ/I/warfare", "Warfare"),
                                           ("civ/I/monarchy", "Monarchy")])
def test_no_second_copy_of_a_technology_in_play(card_id, name):
    """JA l.350: a technology already in play (a mine, a special technology, a government) is not taken again
    (4 players: two copies of each in the decks)."""
    from tta_helpers import to_row
    state = tta_state(players=4)
    in_play(state, card_id)
    to_row(state, 1, card_id)
    with pytest.raises(IllegalMove, match=f"already have {name}"):
        act(state, "take 1")


def test_a_new_government_raises_the_hand_limit_at_once():
    """JA l.342, l.394: the hand holds as many cards as the civil actions; Monarchy's fifth civil action lets a
    fifth card in the same turn."""
    from tta_helpers import to_row
    state = tta_state()
    for cid in ("civ/I/iron", "civ/I/alchemy", "civ/I/drama"):
        to_hand(state, cid)
    to_hand(state, "civ/I/monarchy")
    to_row(state, 1, "civ/I/knights")
    to_row(state, 2, "civ/I/irrigation")
    state["seats"][0]["science"] = 9
    state, _ = act(state, "discover Monarchy")  # 3 cards left in hand, 4 civil actions left (5 - 1)
    state, _ = act(state, "take 1; take 2")
    assert len(state["seats"][0]["hand"]) == 5 == eco.civil_hand_limit(state["seats"][0])


@pytest.mark.parametrize("bank, food", [(18, 2), (16, 3), (12, 4), (8, 5), (4, 7), (1, 7)])
def test_population_food_by_the_tokens_left_in_the_yellow_bank(bank, food):
    """JA l.400-404: the token taken is the next one of the yellow bank; its space's food is paid."""
    from tta_helpers import set_tokens
    state = tta_state()
    p = state["seats"][0]
    p["idle"] += p["yellow"] - bank
    p["yellow"] = bank
    set_tokens(state, "civ/A/agriculture", food)
    state, _ = act(state, "populate")
    p = state["seats"][0]
    assert p["yellow"] == bank - 1 and eco.amount(p, "food") == 0


def test_no_population_from_an_empty_yellow_bank():
    """JA l.400: no token left in the yellow bank, no increase."""
    state = tta_state()
    p = state["seats"][0]
    p["idle"] += p["yellow"]
    p["yellow"] = 0
    with pytest.raises(IllegalMove):
        act(state, "populate")


def test_farms_and_mines_have_no_building_limit():
    """JA l.418: the government's limit counts urban buildings of a type; farms and mines have none."""
    from tta_helpers import set_tokens
    state = tta_state()
    p = state["seats"][0]
    p["idle"], p["yellow"] = 3, p["yellow"] - 2
    set_tokens(state, "civ/A/bronze", 6)
    state, _ = act(state, "build farm Agriculture; build mine Bronze")
    p = state["seats"][0]
    assert p["workers"]["civ/A/agriculture"] == 3 > eco.urban_limit(p) and p["workers"]["civ/A/bronze"] == 3


# --- the score chart (JA l.54: the culture+ track is what the seat scores at the end of its turn) -------------


@pytest.mark.parametrize("seat, want", [(0, 2), (1, -2)])
def test_the_culture_per_turn_shown_is_what_production_scores(seat, want):
    """JA l.54, l.513: the culture per turn the board shows (the view, the turn mail's board) is what production
    adds, a pact's culture included (Loss of Sovereignty: A +2, B -2)."""
    from pbem.engine import tta
    from pbem.engine.tta.board_text import board_text
    from test_tta_pacts import in_pact
    state = tta_state(players=3)
    in_pact(state, "mil/III/loss_of_sovereignty", 0, 1, by=0)
    in_play(state, "civ/A/homer", seat=seat)  # no culture of its own: Warriors give Homer 1
    p = state["seats"][seat]
    p["culture"] = 10
    shown = tta.view(state, seat)["seats"][seat]["ratings"]["culture"]
    state["turn"] = seat
    turn.production(state, [])
    assert p["culture"] == 10 + shown and shown == eco.ratings(p)["culture"] + want
    text = board_text(tta.view(state, seat), "en")
    assert f"culture {p['culture']} ({shown:+d})" in text


@pytest.mark.parametrize("locale, uprising, covered", [
    ("en", "Uprising ahead (discontent workers: 2, unused workers: 1)", "Discontent workers: 2, covered by the unused"),
    ("ja", "暴動の危険（不満のある労働者：2、未就労：1）", "不満のある労働者：2（未就労2で補えています）。"),
    ("fr", "Soulèvement en vue (ouvriers mécontents : 2, ouvriers libres : 1)", "Ouvriers mécontents : 2, couverts"),
    ("de", "Aufstand droht (unzufriedene Arbeiter: 2, freie Arbeiter: 1)", "Unzufriedene Arbeiter: 2, von den")])
def test_the_board_warns_of_an_uprising_before_production_finds_it(locale, uprising, covered):
    """A tester had two uprisings in a row with nothing on the board or in the mail saying that the discontent
    workers outnumbered the unused ones; the warning is the production's own test (JA l.499-507)."""
    from pbem.engine.tta.board_text import board_text, unrest
    from pbem.engine.tta.effects import uprising_ahead

    state = tta_state()
    p = state["seats"][0]
    p["yellow"], p["idle"], p["boxed"] = 12, 2, 5  # 2 happy faces needed, none
    seat_view = tta.view(state, 0)["seats"][0]
    assert seat_view["ratings"]["happy_needed"] == 2 and not uprising_ahead(p, state["options"])
    assert covered in unrest(seat_view, locale) and covered in board_text(tta.view(state, 0), locale)
    p["idle"] = 1
    assert uprising_ahead(p, state["options"])
    assert unrest(tta.view(state, 0)["seats"][0], locale).startswith(uprising)
    assert uprising in board_text(tta.view(state, 0), locale)
    events: list = []
    turn.production(state, events)
    assert [e["kind"] for e in events] == ["uprising"]
    p["yellow"] = 18  # nobody discontent: no line at all
    assert unrest(tta.view(state, 0)["seats"][0], locale) == ""
