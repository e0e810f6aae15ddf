"""TtA territories and colonization (JA l.235-262, l.581; notes G10): bidding, paying, each territory's effect,
Columbus, James Cook, the colonization bonuses, Independence Declaration, the standing bid order, commands, texts.

Each rule cites the summary (`JA l.N`, ../shared/rules/through_the_ages_full_game.ja.txt).
"""
import random

import pytest

from pbem.engine import tta
from pbem.engine.base import CommandError, IllegalMove
from pbem.engine.tta import colonies
from pbem.engine.tta import economy as eco
from pbem.engine.tta.cards.military import MILITARY
from pbem.engine.tta.invariants import problems, view_leaks
from pbem.engine.tta.moves import Bid, Colonize, FreeColony, Pass, StandingBid

from tta_helpers import act, in_play, to_hand, tta_state
from test_tta_military import mil, top_event, units

WARRIORS, SWORDSMEN, KNIGHTS = "civ/A/warriors", "civ/I/swordsmen", "civ/I/knights"


def revealed(players: int = 3, territory: str = "mil/I/fertile_territory", armies: dict | None = None,
             setup=None) -> dict:
    """Seat 0 prepares Pestilence in its political phase and `territory` (on top of the current events) is revealed.

    `armies`: {seat: {unit key: count}} (default: Warriors for every seat); `setup(state)` runs before the reveal."""
    state = tta_state(players=players)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    for s in range(players):
        units(state, s, **(armies or {}).get(s, {} if armies else {"warriors": 1}))
    mil(state, "mil/I/pestilence")
    top_event(state, territory)
    if setup:
        setup(state)
    state, _ = act(state, "event pestilence")
    return state


def asked(state) -> list:
    return [(p.seat, p.kind) for p in tta.pending(state)]


def bonus(state, age: str, seat: int = 0) -> str:
    return mil(state, f"mil/{age}/bonus", seat)


# --- bidding -------------------------------------------------------------------------------------------


def test_bidding_starts_with_the_revealer_goes_clockwise_and_a_pass_is_final():
    """JA l.239-241: from the player who revealed it, clockwise; a pass is final; bidding goes on until all but
    one passed; the highest bidder wins."""
    state = revealed(3, armies={0: {"warriors": 4}, 1: {"warriors": 4}, 2: {"warriors": 4}})
    assert asked(state) == [(0, "bid")] and tta.pending(state)[0].data == {"card": state["past"][-1], "high": 0}
    state, _ = act(state, "bid 1", seat=0)
    assert asked(state) == [(1, "bid")]
    state, _ = act(state, "bid 2", seat=1)
    state, _ = act(state, "pass", seat=2)
    state, _ = act(state, "bid 3", seat=0)
    assert asked(state) == [(1, "bid")]       # seat 2 passed for good
    state, events = act(state, "pass", seat=1)
    assert asked(state) == [(0, "colonize")]
    assert [e["kind"] for e in events] == ["bid_pass"]


def test_a_bid_must_be_higher_and_payable():
    """JA l.243: no bid higher than what the seat can pay; each bid higher than the last."""
    state = revealed(2, armies={0: {"warriors": 2}, 1: {"warriors": 1}})
    assert [str(m) for m in tta.legal(state, 0)] == ["bid 1", "bid 2", "pass"]
    with pytest.raises(IllegalMove, match="bid from 1 to 2"):
        act(state, "bid 3")
    state, _ = act(state, "bid 1")
    assert asked(state) == [(0, "colonize")]   # seat 1 cannot pay more than 1
    state = revealed(2, armies={0: {"warriors": 2}, 1: {"warriors": 2}})
    state, _ = act(state, "bid 1")
    assert [str(m) for m in tta.legal(state, 1)] == ["bid 2", "pass"]
    with pytest.raises(IllegalMove, match="bid from 2 to 2"):
        act(state, "bid 1", seat=1)


def test_a_seat_that_cannot_outbid_passes_without_being_asked():
    """JA l.243, l.253: a seat with no unit cannot bid; one that cannot pay more than the highest bid passes."""
    state = revealed(3, armies={0: {"warriors": 2}, 1: {"warriors": 0}, 2: {"warriors": 1}})
    state, events = act(state, "bid 2")
    assert asked(state) == [(0, "colonize")]   # seat 1 has no unit, seat 2 cannot pay 3
    assert [(e["seat"], e["why"]) for e in events if e["kind"] == "bid_pass"] == [(1, "no_unit"), (2, "cannot_pay")]


def test_when_everybody_passes_the_territory_goes_to_the_past_events():
    """JA l.241: all pass from the start: the card goes unresolved to the past events."""
    state = revealed(2)
    card = state["past"][-1]
    state, _ = act(state, "pass", seat=0)
    state, events = act(state, "pass", seat=1)
    assert state["past"][-1] == card and all(not p["colonies"] for p in state["seats"])
    assert any(e["kind"] == "territory_unclaimed" for e in events)
    assert asked(state) == [(0, "actions")]


def test_no_bidding_in_the_last_round():
    """JA l.581 (notes §last round): no units are sacrificed in the last round, so nobody can colonise."""
    def last(state):
        state["last_round"] = state["round"]
    state = revealed(2, setup=last)
    assert asked(state) == [(0, "actions")]
    assert MILITARY[state["past"][-1].split(":")[0]].kind == "territory"


# --- paying ----------------------------------------------------------------------------------------------


def won(players=2, bid=1, armies=None, setup=None, territory="mil/I/fertile_territory") -> dict:
    """Seat 0 wins the territory for `bid` (the others pass)."""
    state = revealed(players, territory, armies=armies or {0: {"warriors": 1}}, setup=setup)
    state, _ = act(state, f"bid {bid}")
    assert asked(state) == [(0, "colonize")]
    return state


def test_the_default_payment_gives_up_least():
    """JA l.245-253: units sacrificed (their worth, tactics included) and bonus cards pay at least the bid; the
    default loses the least strength and defence: Swordsmen (2) rather than Warriors and a Bonus I (1 + 2)."""
    state = won(bid=2, armies={0: {"warriors": 1, "swordsmen": 1}}, setup=lambda s: bonus(s, "I"))
    yellow = state["seats"][0]["yellow"]
    state, events = act(state, "colonize")
    p = state["seats"][0]
    assert p["workers"][SWORDSMEN] == 0 and p["workers"][WARRIORS] == 1 and len(p["mil_hand"]) == 1
    assert p["yellow"] >= yellow + 1  # the sacrificed unit's worker back to the bank (and the colony's tokens)
    assert [e for e in events if e["kind"] == "colonized"][0]["units"] == 1


def test_an_explicit_payment_must_reach_the_bid_and_sacrifice_a_unit():
    state = won(bid=4, armies={0: {"warriors": 2, "knights": 1}}, setup=lambda s: bonus(s, "II"))
    with pytest.raises(IllegalMove, match="that pays 3, your bid is 4; for example: colonize sacrifice"):
        act(state, "colonize sacrifice Knights Warriors")
    with pytest.raises(IllegalMove, match="at least one unit"):
        act(state, "colonize with +2")
    with pytest.raises(IllegalMove, match=r"no colonization bonus \+3 in your hand \(you hold: \+2\)"):
        act(state, "colonize sacrifice Knights with +3")
    state, _ = act(state, "colonize sacrifice Knights Warriors with +2")
    p = state["seats"][0]
    assert p["workers"][KNIGHTS] == 0 and p["workers"][WARRIORS] == 1 and p["mil_hand"] == []
    assert len(p["colonies"]) == 1 and any(c.startswith("mil/II/bonus") for c in state["mil_discard"]["II"])


def test_a_whole_army_sacrificed_adds_its_tactic():
    """JA l.257-259: removing the units of a whole army of the tactic also pays that army's value."""
    def legion(state):
        p = state["seats"][0]
        p["tactic"] = mil(state, "mil/I/legion")
        p["mil_hand"].remove(p["tactic"])
    state = revealed(2, armies={0: {"warriors": 3}}, setup=legion)
    assert "bid 5" in [str(m) for m in tta.legal(state, 0)]   # 3 Warriors + Legion's 2


@pytest.mark.parametrize("card_id, extra", [("civ/A/colossus", 1), ("civ/I/cartography", 2),
                                            ("civ/II/navigation", 3), ("civ/III/satellites", 4)])
def test_colonization_bonuses_of_wonders_and_technologies(card_id, extra):
    """Notes §colonization bonuses: Colossus +1, Cartography +2, Navigation +3, Satellites +4 add to the payment
    (not to the units' worth), so a seat with one Warriors bids up to 1 + the bonus."""
    state = revealed(2, armies={0: {"warriors": 1}}, setup=lambda s: in_play(s, card_id))
    assert [str(m) for m in tta.legal(state, 0)][-2:] == [f"bid {1 + extra}", "pass"]
    state, _ = act(state, f"bid {1 + extra}")
    state, _ = act(state, "colonize")
    assert state["seats"][0]["workers"][WARRIORS] == 0 and len(state["seats"][0]["colonies"]) == 1


def test_james_cook_adds_one_per_bonus_card_and_two_culture_per_colony():
    def cook(state):
        in_play(state, "civ/II/james_cook")
        bonus(state, "I")
    state = revealed(2, armies={0: {"warriors": 1}}, setup=cook)
    assert str(tta.legal(state, 0)[-2]) == "bid 3"   # Warriors 1 + Bonus I (1 + 1)
    culture = eco.ratings(state["seats"][0])["culture"]
    state, _ = act(state, "bid 3")
    state, _ = act(state, "colonize")
    assert eco.ratings(state["seats"][0])["culture"] == culture + 2


# --- each territory ------------------------------------------------------------------------------------

# What changes for the colonist beside the sacrifice. Food and resources are produced onto the Age A farm and mine
# (tokens worth 1 from the blue bank); a free population increase takes a worker from the yellow bank.
TERRITORIES = {
    "mil/I/developed_territory": dict(yellow=1, blue=1, science=3),
    "mil/I/fertile_territory": dict(yellow=3, food=3, blue=-3),
    "mil/I/historic_territory": dict(happy=1, culture=6),
    "mil/I/inhabited_territory": dict(yellow=2 - 1, idle=1),
    "mil/I/strategic_territory": dict(strength=2, cards=3),
    "mil/I/wealthy_territory": dict(blue=2 - 5, resource=5),
    "mil/II/developed_territory": dict(yellow=2, blue=2, science=5),
    "mil/II/fertile_territory": dict(yellow=4, food=5, blue=-5),
    "mil/II/historic_territory": dict(happy=2, culture=11),
    "mil/II/inhabited_territory": dict(yellow=3 - 2, idle=2),
    "mil/II/strategic_territory": dict(strength=4, cards=5),
    "mil/II/wealthy_territory": dict(blue=3 - 8, resource=8),
}


def _measure(state) -> dict:
    p = state["seats"][0]
    r = eco.ratings(p)
    return dict(yellow=p["yellow"], blue=p["blue"], culture=p["culture"], science=p["science"],
                food=eco.amount(p, "food"), resource=eco.amount(p, "resource"), idle=p["idle"],
                cards=len(p["mil_hand"]), happy=r["happy"], strength=r["strength"])


@pytest.mark.parametrize("territory", sorted(TERRITORIES))
def test_each_territory_gives_what_its_card_says(territory):
    """JA l.262: tokens from the box to the banks (yellow, blue), the one-time gains (food and resources from the
    blue bank onto farms and mines, a free population increase, culture, science, military cards); happy faces
    and strength while the colony is held. (Produced food/resources take blue tokens from the bank.)"""
    state = won(armies={0: {"warriors": 1, "swordsmen": 1}}, territory=territory)
    before = _measure(state)
    state, _ = act(state, "colonize sacrifice Swordsmen")
    after = _measure(state)
    want = dict.fromkeys(before, 0)
    want.update(TERRITORIES[territory])
    want["yellow"] += 1            # the sacrificed Swordsmen's worker
    want["strength"] -= 2          # ... and its strength
    assert {k: after[k] - before[k] for k in before} == want
    assert state["seats"][0]["colonies"] == [state["seats"][0]["colonies"][0]]
    assert state["seats"][0]["colonies"][0].startswith(territory)


# --- Columbus, Independence Declaration, Impact of Colonies -----------------------------------------------


def test_columbus_colonizes_a_territory_from_the_hand_once_for_free():
    """Card text: once a game, as the political action, a territory from the hand is colonised at once, without
    sacrificing units (notes: no bidding, no culture for an event)."""
    state = tta_state()
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    in_play(state, "civ/I/christopher_columbus")
    first, second = mil(state, "mil/I/historic_territory"), mil(state, "mil/II/fertile_territory")
    assert "colonize Historic Territory I" in [str(m) for m in tta.legal(state, 0)]
    culture = state["seats"][0]["culture"]
    state, events = act(state, "colonize historic territory i")
    p = state["seats"][0]
    assert p["colonies"] == [first] and p["free_colony_used"] and p["culture"] == culture + 6
    assert tta.describe([e for e in events if e["kind"] == "colonized"][0], 1) == \
        "Player 1 colonised Historic Territory I with Christopher Columbus."
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    assert FreeColony(second) not in tta.legal(state, 0)
    with pytest.raises(IllegalMove, match="once a game"):
        tta.apply(state, 0, FreeColony(second))


def test_independence_declaration_takes_a_colony_from_the_weakest_with_its_tokens():
    """The weakest loses a colony (the oldest: docs/tta.md); the tokens it brought leave the banks."""
    state = tta_state(players=2)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    units(state, 0, knights=2)
    p1 = state["seats"][1]
    colony = mil(state, "mil/I/fertile_territory", seat=1)
    p1["mil_hand"].remove(colony)
    p1["colonies"].append(colony)
    p1["yellow"] += 3
    p1["boxed"] -= 3
    yellow = p1["yellow"]
    mil(state, "mil/I/pestilence")
    top_event(state, "mil/II/independence_declaration")
    state, events = act(state, "event pestilence")
    assert state["seats"][1]["colonies"] == [] and colony in state["past"]
    assert state["seats"][1]["yellow"] == yellow - 3
    assert any(e["kind"] == "colony_lost" and e["seat"] == 1 for e in events)


def test_a_colony_settled_annexed_and_lost_moves_its_tokens_by_one_path():
    """A colony's yellow and blue tokens come from the box when it is settled (JA l.262), change banks when Annex
    takes it (docs/tta.md: no one-time gain again) and go back to the box when it is lost (Independence
    Declaration): colonies.settle, colonies.annex and colonies.lose_colony, one token path (colony_tokens)."""
    state = tta_state(players=2)
    p0, p1 = state["seats"]
    colony = mil(state, "mil/I/developed_territory", seat=1)        # +1 yellow, +1 blue while held
    p1["mil_hand"].remove(colony)
    state["past"].append(colony)
    banks = [(p["yellow"], p["boxed"], p["blue"], p["blue_extra"]) for p in (p0, p1)]
    events: list = []
    colonies.settle(state, 1, colony, events)
    assert (p1["yellow"], p1["boxed"], p1["blue"], p1["blue_extra"]) == (
        banks[1][0] + 1, banks[1][1] - 1, banks[1][2] + 1, banks[1][3] + 1)
    colonies.annex(state, 0, 1, colony, events)
    assert p1["colonies"] == [] and p0["colonies"] == [colony] and problems(state) == []
    assert (p1["yellow"], p1["boxed"], p1["blue"], p1["blue_extra"]) == banks[1]
    assert (p0["yellow"], p0["boxed"], p0["blue"], p0["blue_extra"]) == (
        banks[0][0] + 1, banks[0][1] - 1, banks[0][2] + 1, banks[0][3] + 1)
    assert events[-1] == dict(kind="annexed", seat=0, card=colony, source=1)
    colonies.lose_colony(state, 0, colony, events)
    assert (p0["yellow"], p0["boxed"], p0["blue"], p0["blue_extra"]) == banks[0] and colony in state["past"]
    assert problems(state) == []
    from pbem.engine.tta import conflict
    assert not hasattr(conflict, "colony_tokens")                     # Annex has no token code of its own


def test_impact_of_colonies_counts_the_colonies():
    state = tta_state(players=2)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    for key in ("mil/I/historic_territory", "mil/II/historic_territory"):
        c = mil(state, key, seat=1)
        state["seats"][1]["mil_hand"].remove(c)
        state["seats"][1]["colonies"].append(c)
    culture = state["seats"][1]["culture"]
    mil(state, "mil/I/pestilence")
    top_event(state, "mil/III/impact_of_colonies")
    state, _ = act(state, "event pestilence")
    assert state["seats"][1]["culture"] == culture + 8


# --- the standing bid order ----------------------------------------------------------------------------


def test_a_standing_bid_answers_for_the_seat_up_to_its_limit():
    """The issue: a seat's standing order bids one more than the highest, up to its limit, or passes."""
    def orders(state):
        state["seats"][1]["standing_bid"] = 3
    state = revealed(2, armies={0: {"knights": 3}, 1: {"knights": 3}}, setup=orders)
    state, events = act(state, "bid 1")
    assert [(e["seat"], e["amount"], e["standing"]) for e in events if e["kind"] == "bid"] == \
        [(0, 1, False), (1, 2, True)]
    assert asked(state) == [(0, "bid")]
    state, events = act(state, "bid 3")
    assert [(e["seat"], e["why"]) for e in events if e["kind"] == "bid_pass"] == [(1, "standing")]
    assert asked(state) == [(0, "colonize")]


def test_a_standing_bid_may_be_set_any_time_and_stays_hidden():
    state = tta_state(players=2)
    assert asked(state) == [(0, "actions")]
    state, events = tta.apply(state, 1, StandingBid(4))   # seat 1 is not asked
    assert state["seats"][1]["standing_bid"] == 4 and events[0]["to"] == [1]
    assert "standing_bid" not in tta.view(state, 0)["seats"][1] and tta.view(state, 1)["seats"][1]["standing_bid"] == 4
    assert tta.describe(events[0], 0) == ""  # the others are not told of it at all
    assert tta.describe(events[0], 1) == "You will bid for territories up to 4."
    state, _ = tta.apply(state, 1, StandingBid(None))
    assert state["seats"][1]["standing_bid"] is None and asked(state) == [(0, "actions")]
    with pytest.raises(IllegalMove, match="0 or more"):
        tta.apply(state, 1, StandingBid(-1))


def test_a_standing_order_set_while_asked_answers_at_once():
    state = revealed(2, armies={0: {"warriors": 1}, 1: {"warriors": 1}})
    state, _ = act(state, "standing bid 0")
    assert asked(state) == [(1, "bid")]


def test_the_bot_bids_one_more_up_to_one_unit_and_its_bonuses_and_pays():
    """docs/tta.md: the bot (also at a deadline) bids one more than the highest while one unit and its bonuses pay
    for it, passes beyond, and pays the cheapest way."""
    state = revealed(2, armies={0: {"warriors": 3, "knights": 1}, 1: {"warriors": 0}})
    assert colonies.bot_limit(state["seats"][0]) == 2 and colonies.most(state["seats"][0]) == 5
    rnd = random.Random(1)
    assert tta.bot_move(state, 0, rnd) == Bid(1)
    state["stack"][-1]["high"] = 2
    assert tta.bot_move(state, 0, rnd) == Pass()
    state["stack"][-1]["high"] = 0
    state, _ = tta.apply(state, 0, Bid(1))
    assert tta.bot_move(state, 0, rnd) == Colonize()
    state, _ = tta.apply(state, 0, Colonize())
    assert state["seats"][0]["workers"][WARRIORS] == 2 and problems(state) == []


# --- commands and texts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, move", [("bid 2", Bid(2)), ("入札 2", Bid(2)), ("2 入札", Bid(2)),
                                        ("encherir 2", Bid(2)), ("bieten 2", Bid(2)), ("pass", Pass()),
                                        ("パス", Pass()), ("passer", Pass()), ("passe", Pass())])
def test_bid_commands_in_four_languages(text, move):
    state = revealed(2, armies={0: {"warriors": 2}, 1: {"warriors": 2}})
    assert tta.parse(text, state, 0) == [move]


@pytest.mark.parametrize("text", ["colonize sacrifice Knights Warriors with +2", "植民 犠牲 Knights Warriors ボーナス +2",
                                  "coloniser sacrifier knights warriors avec +2",
                                  "kolonisieren opfern Knights Warriors mit +2", "colonize sacrifice knights, warriors +2"])
def test_colonize_commands_in_four_languages(text):
    state = won(bid=3, armies={0: {"warriors": 2, "knights": 1}}, setup=lambda s: bonus(s, "II"))
    (move,) = tta.parse(text, state, 0)
    assert move.units == ((WARRIORS, 1), (KNIGHTS, 1)) or move.units == ((KNIGHTS, 1), (WARRIORS, 1))
    assert str(move) in ("colonize sacrifice Warriors, Knights with +2", "colonize sacrifice Knights, Warriors with +2")
    assert tta.parse(str(move), state, 0) == [move]
    (two,) = tta.parse("colonize sacrifice 2 warriors", state, 0)
    assert two == Colonize(((WARRIORS, 2),)) and str(two) == "colonize sacrifice 2 Warriors"


@pytest.mark.parametrize("text, limit", [("standing bid 5", 5), ("standing bid none", None), ("常時 入札 3", 3),
                                         ("常時 入札 なし", None), ("ordre enchere 0", 0), ("dauerauftrag bieten 7", 7),
                                         ("dauerauftrag gebot keine", None)])
def test_standing_bid_commands_in_four_languages(text, limit):
    assert tta.parse(text, tta_state(), 1) == [StandingBid(limit)]


def test_bad_colonization_commands_say_what_is_wrong():
    state = won(bid=1, armies={0: {"warriors": 1}})
    with pytest.raises(IllegalMove, match="no unit in play called"):
        tta.parse("colonize sacrifice Tanks", state, 0)
    with pytest.raises(CommandError, match="say a number"):
        tta.parse("bid lots", state, 0)
    with pytest.raises(CommandError, match='standing bid 5'):
        tta.parse("standing bid lots", state, 0)
    with pytest.raises(CommandError, match='standing bid 5'):
        tta.parse("standing territories always", state, 0)


@pytest.mark.parametrize("locale", ["en", "ja", "fr", "de"])
def test_the_new_events_are_described_in_four_languages(locale):
    card = "mil/I/fertile_territory:1"
    evs = [{"kind": "bid", "seat": 1, "card": card, "amount": 3, "standing": False},
           {"kind": "bid", "seat": 1, "card": card, "amount": 3, "standing": True},
           {"kind": "bid_pass", "seat": 1, "card": card, "why": ""},
           {"kind": "bid_pass", "seat": 1, "card": card, "why": "no_unit"},
           {"kind": "colonized", "seat": 1, "card": card, "bid": 3, "units": 2, "bonus": 1},
           {"kind": "colonized", "seat": 1, "card": card, "bid": 0, "units": 0, "bonus": 0},
           {"kind": "colony_lost", "seat": 1, "card": card},
           {"kind": "territory_unclaimed", "seat": None, "card": card},
           {"kind": "standing_bid", "seat": 1, "to": [1], "limit": 4},
           {"kind": "standing_bid", "seat": 1, "to": [1], "limit": None}]
    texts = [tta.describe(ev, 1, locale) for ev in evs]
    assert len(set(texts)) == len(texts) and all("Fertile Territory" in t for t in texts[:8])
    if locale != "en":
        assert not set(texts) & {tta.describe(ev, 1, "en") for ev in evs}


# --- the checker --------------------------------------------------------------------------------------------


def test_the_checker_finds_a_colony_that_is_no_territory_and_a_territory_in_two_places():
    state = tta_state()
    c = mil(state, "mil/I/raid")
    state["seats"][0]["mil_hand"].remove(c)
    state["seats"][0]["colonies"].append(c)
    assert any("not a territory" in x for x in problems(state))
    state = tta_state()
    t = mil(state, "mil/I/fertile_territory")
    state["seats"][1]["colonies"].append(t)
    assert any("doubled" in x for x in problems(state))


def test_a_bid_in_progress_keeps_every_invariant_and_hides_standing_orders():
    state = revealed(3)
    state["seats"][2]["standing_bid"] = 9
    assert problems(state) == [] and view_leaks(state, tta.view) == []

    def leaky(state, seat):
        v = tta.view(state, seat)
        for sv, p in zip(v["seats"], state["seats"]):
            sv["standing_bid"] = p["standing_bid"]
        return v
    assert "view 0: shows seat 2's standing bid" in view_leaks(state, leaky)


def test_a_colony_s_blue_tokens_stay_when_justice_system_comes_into_play():
    """The blue tokens of a special technology are counted apart from a colony's (docs/tta.md)."""
    state = won(territory="mil/II/developed_territory")
    state, _ = act(state, "colonize")
    p = state["seats"][0]
    assert p["blue_extra"] == 2 and asked(state) == [(0, "actions")]
    to_hand(state, "civ/II/justice_system")
    state["seats"][0]["science"] = 20
    blue = state["seats"][0]["blue"]
    state, _ = act(state, "discover Justice System")
    p = state["seats"][0]
    assert (p["blue"], p["blue_extra"]) == (blue + 3, 5)


def test_the_bid_mail_says_what_the_deadline_answers_and_the_deadline_plays_it():
    """Issue 14: an interrupt's mail says the default that applies at the deadline; play/timeouts.py plays
    `deadline_move`, so what the mail announced is what happens."""
    state = revealed(armies={0: {"knights": 2}, 1: {"knights": 2}, 2: {"warriors": 1}})
    [(seat, kind)] = asked(state)
    assert kind == "bid"
    view = tta.view(state, seat)
    assert view["deadline_default"] == str(tta.deadline_move(state, seat))
    assert all(tta.view(state, s)["deadline_default"] is None for s in range(3) if s != seat)
    board = tta.board_text(view, "en", ["Ann", "Bob", "Cy"])
    assert f"Not answered by the deadline, the bot answers for you: {view['deadline_default']}\n" in board


def test_the_colonize_prompt_names_what_a_bare_colonize_pays_and_the_result_names_what_went():
    """A tester's only option was "colonize", which did not say which units it would sacrifice, and the result
    read "colonised for 6 (3 units sacrificed, 0 bonus cards)" without naming them."""
    state = revealed(2, "mil/I/wealthy_territory", armies={0: {"warriors": 3}, 1: {"warriors": 2}})
    state, _ = act(state, "bid 1", seat=0)
    state, _ = act(state, "bid 2", seat=1)
    state, _ = act(state, "bid 3", seat=0)
    (prompt,) = tta.pending(state)
    assert prompt.kind == "colonize" and prompt.data["pays"] == "colonize sacrifice 3 Warriors"
    state, events = act(state, "colonize", seat=0)
    (colonized,) = [e for e in events if e["kind"] == "colonized"]
    assert colonized["paid"] == "3 Warriors"
    assert tta.describe(colonized, 0, "en") == ("You colonised Wealthy Territory I for 3: 3 units sacrificed, "
                                                "0 bonus cards (3 Warriors).")
    assert tta.describe(colonized, 1, "ja", ["ann", "bob"]).endswith("ボーナスカード0：3 Warriors）。")
