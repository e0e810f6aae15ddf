"""The TtA civil card data: counts per age and player count, and every effect fits the normalised schema."""
from collections import Counter

import pytest

from pbem.engine.tta.cards import BY_AGE, CARDS, STARTING, card_problems, deck
from pbem.engine.tta.cards.schema import OPS, Effect, effect_problems


@pytest.mark.parametrize("age, counts", [("A", (20, 20, 20)), ("I", (45, 50, 55)), ("II", (45, 50, 55)),
                                         ("III", (45, 50, 55))])
def test_deck_sizes_by_player_count(age, counts):
    """JA l.95-101: cards marked 3+ and 4+ leave with fewer players; the reference's totals per deck."""
    assert tuple(len(deck(age, n)) for n in (2, 3, 4)) == counts


def test_card_kinds_per_age_match_the_reference():
    """Distinct cards per age and kind (the reference's counts_by_age_and_type)."""
    got = Counter((c.age, c.kind) for cards in BY_AGE.values() for c in cards)
    assert got == Counter({
        ("A", "action"): 7, ("A", "leader"): 6, ("A", "wonder"): 4,
        ("I", "action"): 11, ("I", "farm"): 1, ("I", "government"): 2, ("I", "leader"): 6, ("I", "unit"): 2,
        ("I", "mine"): 1, ("I", "special"): 4, ("I", "urban"): 5, ("I", "wonder"): 4,
        ("II", "action"): 12, ("II", "farm"): 1, ("II", "government"): 2, ("II", "leader"): 6, ("II", "unit"): 3,
        ("II", "mine"): 1, ("II", "special"): 4, ("II", "urban"): 5, ("II", "wonder"): 4,
        ("III", "action"): 10, ("III", "farm"): 1, ("III", "government"): 3, ("III", "leader"): 6,
        ("III", "unit"): 4, ("III", "mine"): 1, ("III", "special"): 4, ("III", "urban"): 4, ("III", "wonder"): 4,
    })
    assert len(CARDS) == 134 and len(STARTING) == 6


def test_every_card_fits_the_schema():
    assert [p for c in CARDS.values() for p in card_problems(c)] == []


def test_the_schema_refuses_free_form_effects():
    assert effect_problems(Effect("formula", "1 + floor(x / 3)")) != []
    assert effect_problems(Effect("rate", "culture")) != []          # no amount
    assert effect_problems(Effect("rate", "glory", 2)) != []         # unknown stat
    assert effect_problems(Effect("gain", "culture", 2, cap=3)) != []  # a field the op does not use
    assert effect_problems(Effect("rate", "culture", 2)) == []


def test_every_op_is_known():
    assert {e.op for c in CARDS.values() for e in c.effects} <= set(OPS)


@pytest.mark.parametrize("card_id, copies", [
    ("civ/III/efficient_upgrade", (2, 2, 2)), ("civ/III/ideal_building_site", (2, 2, 2)),
    ("civ/III/mineral_deposits", (2, 2, 2)), ("civ/II/cannon", (2, 2, 3)), ("civ/II/cavalrymen", (2, 2, 3))])
def test_copies_chosen_where_the_lineages_disagree(card_id, copies):
    """docs/tta.md: the card tables' counts (Age III stays 45/50/55; the deck list's 4p Cavalrymen is a paste error)."""
    assert CARDS[card_id].copies == copies


def test_governments_are_absolute_and_other_cards_are_deltas():
    """The reference's civil_actions key is absolute on governments and a delta elsewhere: here two fields."""
    assert (CARDS["civ/I/monarchy"].civil_actions, CARDS["civ/I/monarchy"].military_actions,
            CARDS["civ/I/monarchy"].urban_limit) == (5, 3, 3)
    assert [(e.op, e.stat, e.amount) for e in CARDS["civ/A/hammurabi"].effects] == [
        ("rate", "civil_actions", 1), ("rate", "military_actions", -1)]


def test_printed_names_of_later_printings_are_aliases():
    assert "Nikola Tesla" in CARDS["civ/III/bill_gates"].aliases
    assert "Rock & Roll Icon" in CARDS["civ/III/charlie_chaplin"].aliases
    assert "Game Designer" in CARDS["civ/III/sid_meier"].aliases


@pytest.mark.parametrize("age, counts", [("A", (10, 10, 10)), ("I", (48, 50, 50)), ("II", (46, 50, 50)),
                                         ("III", (41, 45, 45))])
def test_military_deck_sizes_by_player_count(age, counts):
    """The military decks' shape for part 2: pacts leave 2-player games; the reference's totals."""
    from pbem.engine.tta.cards.military import military_deck
    assert tuple(len(military_deck(age, n)) for n in (2, 3, 4)) == counts


def test_every_military_card_fits_the_military_schema():
    """Events, territories, aggressions, wars and pacts carry normalised effects; tactics and bonuses numbers."""
    from pbem.engine.tta.cards.military import CARDS as MIL, military_problems
    assert [p for c in MIL for p in military_problems(c)] == []
    assert sum(1 for c in MIL if c.effects) == len([c for c in MIL if c.kind in
                                                     ("event", "territory", "aggression", "war", "pact")]) - 1


def test_the_military_schema_refuses_free_form_effects():
    from pbem.engine.tta.cards.military_schema import Outcome, outcome_problems
    assert outcome_problems(Outcome("take", "winner", "yellow_bank", 1, per="1 + floor(advantage / 3)")) != []
    assert outcome_problems(Outcome("gain", "strongest", "glory", 4)) != []
    assert outcome_problems(Outcome("gain", "the_king", "culture", 4)) != []
    assert outcome_problems(Outcome("gain", "strongest", "culture")) != []      # no amount
    assert outcome_problems(Outcome("rank", "all", "strength", table=((10, 0),))) != []
    assert outcome_problems(Outcome("gain", "strongest", "culture", 4)) == []


def test_pacts_roles_and_endings_as_printed():
    """Notes § pacts: "ends if one attacks the other" only on Promise of Military Protection and Military Pact;
    "no one may declare war on B" only on Loss of Sovereignty; no attacks under three pacts."""
    from pbem.engine.tta.cards.military import CARDS as MIL
    rules = {(c.key, e.stat) for c in MIL if c.kind == "pact" for e in c.effects if e.op == "rule"}
    assert {k for k, s in rules if s == "ends_on_attack"} == {"promise_of_military_protection", "military_pact"}
    assert {k for k, s in rules if s == "no_war_on_b"} == {"loss_of_sovereignty"}
    assert {k for k, s in rules if s == "no_attack"} == {"acceptance_of_supremacy", "loss_of_sovereignty",
                                                         "peace_treaty"}


def test_war_over_territory_and_holy_war_count_by_thirds():
    """The card texts: 1 + 1 per 3 points of advantage; Holy War one decrease per 3 points, 3 culture each."""
    from pbem.engine.tta.cards.military import MILITARY
    assert [(e.op, e.per) for e in MILITARY["mil/II/war_over_territory"].effects] == [
        ("take", ""), ("take", "advantage_thirds")]
    assert [(e.op, e.stat, e.amount, e.per) for e in MILITARY["mil/III/holy_war"].effects] == [
        ("lose", "population", 1, "advantage_thirds"), ("gain", "culture", 3, "decrease")]
