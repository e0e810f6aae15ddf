"""The normalised effect record of the military cards (events, territories, aggressions, wars, pacts) and its schema.

A military effect says what happens (`op`), to whom (`who`), to what (`stat`), how much (`amount`, or a count
`per` something, or a `table`). `outcome_problems()` refuses anything outside MIL_OPS: no free-text formulas.
Tactics and bonus cards need no effects: their numbers are fields of the card (`requires`, `strength`,
`outdated`, `defense`, `colonization`).
"""
from __future__ import annotations

from dataclasses import dataclass

# Whom an effect touches. Events: ranks by strength or culture with the summary's tie order (JA l.219-225);
# territories: the colonist; aggressions and wars: the attacker and the rival, the winner and the loser;
# pacts: sides A and B, or both.
WHO = ("all", "strongest", "weakest", "two_strongest", "two_weakest", "most_culture", "least_culture",
       "most_happy", "most_culture_if_two_weakest", "others_of_least_culture",
       "active", "colonist", "attacker", "rival", "winner", "loser", "A", "B", "both")

# What an amount is counted per (the event or war measures it at resolution).
PER = ("", "culture_rate", "science_rate", "discontent", "happy", "content_above_10", "civil_actions_max",
       "military_actions_max", "colony", "urban_level", "unit_and_arena_level", "government_and_special_level",
       "technology_III", "farm_food", "mine_resource", "wonder_by_age", "advantage", "advantage_thirds",
       "leader_level", "wonder_level", "decrease", "taken", "partner_wonder", "half_cost_up", "half_cost_down")

# op -> allowed stats
MIL_OPS: dict[str, tuple] = {
    "gain": ("culture", "science"),                      # score (negative: lose, never below 0)
    "produce": ("food", "resource", "food_or_resource", "food_and_resource"),  # the last two: the seat chooses
    "lose": ("food", "resource", "food_and_resource", "all_food", "blue_token", "population", "building",
             "urban", "urban_same", "colony", "leader", "wonder_building", "science", "yellow_bank",
             "leaders_not_current", "age_a_or_i_wonder", "discontent_half_up"),
    "take": ("culture", "science", "food_and_resource", "yellow_bank", "colony",  # from the other side
             "science_or_special"),                      # science, or special technologies at their cost
    "populate": ("",),                                   # free population increases
    "free_build": ("temple", "infantry"),                # with an unused worker, Age A card (a choice)
    "draw": ("",),                                       # military cards
    "take_cards": ("",),                                 # civil cards worth `amount` civil actions (a choice)
    "rank": ("science_rate", "strength"),                # culture by rank, `table` per player count
    "rate": ("yellow", "blue", "happy", "strength", "culture", "resource", "food", "military_actions",
             "attack_bonus", "technology_discount"),     # while the colony or pact is in play
    "rule": ("no_attack", "no_war_on_b", "ends_on_attack", "skip_discard", "skip_political_action",
             "lose_civil_actions_next_turn", "pay_food_as_resource", "pay_resource_as_food", "partner_pays_science"),
}


@dataclass(frozen=True)
class Outcome:
    """One normalised military effect (see MIL_OPS, WHO, PER)."""

    op: str
    who: str
    stat: str = ""
    amount: int = 0
    per: str = ""
    cap: int = 0
    table: tuple = ()  # rank: ((2p), (3p), (4p)); wonder_by_age: (A, I, II, III)


def outcome_problems(o: Outcome) -> list[str]:
    """What is wrong with one military effect (empty when it fits)."""
    out = []
    stats = MIL_OPS.get(o.op)
    if stats is None:
        return [f"unknown op {o.op!r}"]
    if o.stat not in stats:
        out.append(f"{o.op}: stat {o.stat!r} not in {stats}")
    if o.who not in WHO:
        out.append(f"{o.op}: unknown target {o.who!r}")
    if o.per not in PER:
        out.append(f"{o.op}: unknown count {o.per!r}")
    if not all(isinstance(v, int) for v in (o.amount, o.cap)):
        out.append(f"{o.op}: numbers must be int")
    if o.op == "rank" and (len(o.table) != 3 or [len(t) for t in o.table] != [2, 3, 4]):
        out.append("rank: table needs the places of 2, 3 and 4 players")
    if o.per == "wonder_by_age" and len(o.table) != 4:
        out.append(f"{o.op}: wonder_by_age needs a value per age")
    if o.op not in ("rank", "rule", "lose", "take", "free_build") and not o.amount and o.per != "wonder_by_age":
        out.append(f"{o.op}: amount must be set")
    return out


def o(op, who, stat="", amount=0, per="", cap=0, table=()) -> Outcome:
    """A military effect record."""
    return Outcome(op, who, stat, amount, per, cap, tuple(table))
