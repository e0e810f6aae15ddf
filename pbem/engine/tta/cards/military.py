"""Military cards of ages A-III: the deck each age deals by player count, and the plain numbers of each card.

Events, territories, aggressions, wars and pacts carry their effects in the normalised form of
cards/military_schema.py; tactics and bonus cards carry their numbers as fields. Copies: the card tables' counts
(Raid I 2, Armed Intervention III 4; docs/tta.md); pacts are not used with 2 players.
"""
from __future__ import annotations

from dataclasses import dataclass

from .military_schema import o, outcome_problems

# Impact of Science / Strength: culture by rank in a 2-, 3- and 4-player game.
RANKS = ((10, 0), (14, 7, 0), (15, 10, 5, 0))

KINDS = ("event", "territory", "tactic", "aggression", "war", "pact", "bonus")


@dataclass(frozen=True)
class MilitaryCard:
    """One military card; `copies` in a 2-, 3- and 4-player game."""

    id: str
    name: str
    age: str
    kind: str
    copies: tuple
    military_actions: int | None = None   # aggressions and wars: the printed cost (None: it varies, e.g. Spy)
    requires: tuple = ()                  # tactics: (unit type, count) pairs that make one army
    strength: int = 0                     # tactics: the army's bonus
    outdated: int | None = None           # tactics: the bonus with a unit two or more ages older
    defense: int = 0                      # bonus cards
    colonization: int = 0                 # bonus cards
    effects: tuple = ()                   # military_schema.Outcome records

    @property
    def key(self) -> str:
        """The id's last part ("raid")."""
        return self.id.rsplit("/", 1)[1]


def mil(age, key, name, kind, copies, **fields) -> MilitaryCard:
    """A military card record."""
    return MilitaryCard(f"mil/{age}/{key}", name, age, kind, copies, **fields)


CARDS = (
    mil('A', 'development_of_agriculture', 'Development of Agriculture', 'event', (1, 1, 1),
        effects=(o("produce", "all", "food", 2),)),
    mil('A', 'development_of_crafts', 'Development of Crafts', 'event', (1, 1, 1),
        effects=(o("produce", "all", "resource", 2),)),
    mil('A', 'development_of_markets', 'Development of Markets', 'event', (1, 1, 1),
        effects=(o("produce", "all", "food_or_resource", 2),)),
    mil('A', 'development_of_politics', 'Development of Politics', 'event', (1, 1, 1),
        effects=(o("draw", "all", amount=3), o("rule", "active", "skip_discard"),)),
    mil('A', 'development_of_religion', 'Development of Religion', 'event', (1, 1, 1),
        effects=(o("free_build", "all", "temple"),)),
    mil('A', 'development_of_science', 'Development of Science', 'event', (1, 1, 1),
        effects=(o("gain", "all", "science", 2),)),
    mil('A', 'development_of_settlement', 'Development of Settlement', 'event', (1, 1, 1),
        effects=(o("populate", "all", amount=1),)),
    mil('A', 'development_of_trade_routes', 'Development of Trade Routes', 'event', (1, 1, 1),
        effects=(o("gain", "all", "science", 1), o("produce", "all", "resource", 1), o("produce", "all", "food", 1),)),
    mil('A', 'development_of_warfare', 'Development of Warfare', 'event', (1, 1, 1),
        effects=(o("free_build", "all", "infantry"),)),
    mil('A', 'no_event', 'No Event', 'event', (1, 1, 1)),
    mil('I', 'barbarians', 'Barbarians', 'event', (1, 1, 1),
        effects=(o("lose", "most_culture_if_two_weakest", "population", 1),)),
    mil('I', 'border_conflict', 'Border Conflict', 'event', (1, 1, 1),
        effects=(o("lose", "weakest", "building", 1), o("produce", "strongest", "resource", 3),)),
    mil('I', 'crusades', 'Crusades', 'event', (1, 1, 1),
        effects=(o("gain", "strongest", "culture", 4), o("gain", "weakest", "culture", -4),)),
    mil('I', 'cultural_influence', 'Cultural Influence', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 1, per="culture_rate"),)),
    mil('I', 'foray', 'Foray', 'event', (1, 1, 1),
        effects=(o("produce", "two_strongest", "food_and_resource", 3),)),
    mil('I', 'good_harvest', 'Good Harvest', 'event', (1, 1, 1),
        effects=(o("produce", "all", "food", 1, per="farm_food"),)),
    mil('I', 'immigration', 'Immigration', 'event', (1, 1, 1),
        effects=(o("populate", "most_happy", amount=1),)),
    mil('I', 'new_deposits', 'New Deposits', 'event', (1, 1, 1),
        effects=(o("produce", "all", "resource", 1, per="mine_resource"),)),
    mil('I', 'pestilence', 'Pestilence', 'event', (1, 1, 1),
        effects=(o("lose", "all", "population", 1),)),
    mil('I', 'raiders', 'Raiders', 'event', (1, 1, 1),
        effects=(o("lose", "two_weakest", "food_and_resource", 2),)),
    mil('I', 'rats', 'Rats', 'event', (1, 1, 1),
        effects=(o("lose", "all", "all_food"),)),
    mil('I', 'rebellion', 'Rebellion', 'event', (1, 1, 1),
        effects=(o("rule", "all", "lose_civil_actions_next_turn", 2, per="discontent"),)),
    mil('I', 'reign_of_terror', 'Reign of Terror', 'event', (1, 1, 1),
        effects=(o("lose", "weakest", "population", 1),)),
    mil('I', 'scientific_breakthrough', 'Scientific Breakthrough', 'event', (1, 1, 1),
        effects=(o("gain", "all", "science", 1, per="science_rate"),)),
    mil('I', 'uncertain_borders', 'Uncertain Borders', 'event', (1, 1, 1),
        effects=(o("take", "strongest", "yellow_bank", 1),)),
    mil('II', 'civil_unrest', 'Civil Unrest', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", -4, per="discontent"),)),
    mil('II', 'cold_war', 'Cold War', 'event', (1, 1, 1),
        effects=(o("gain", "two_strongest", "science", 6),)),
    mil('II', 'crime_wave', 'Crime Wave', 'event', (1, 1, 1),
        effects=(o("gain", "two_weakest", "culture", -3), o("lose", "two_weakest", "blue_token", 1),)),
    mil('II', 'economic_progress', 'Economic Progress', 'event', (1, 1, 1),
        effects=(o("produce", "all", "food", 1, per="farm_food"),
                 o("produce", "all", "resource", 1, per="mine_resource"),)),
    mil('II', 'emigration', 'Emigration', 'event', (1, 1, 1),
        effects=(o("lose", "all", "discontent_half_up"),)),
    mil('II', 'iconoclasm', 'Iconoclasm', 'event', (1, 1, 1),
        effects=(o("lose", "all", "leaders_not_current"),)),
    mil('II', 'independence_declaration', 'Independence Declaration', 'event', (1, 1, 1),
        effects=(o("lose", "weakest", "colony", 1),)),
    mil('II', 'international_agreement', 'International Agreement', 'event', (1, 1, 1),
        effects=(o("take_cards", "strongest", amount=5), o("rule", "strongest", "skip_political_action"),)),
    mil('II', 'national_pride', 'National Pride', 'event', (1, 1, 1),
        effects=(o("gain", "most_culture", "culture", 5),)),
    mil('II', 'popularization_of_science', 'Popularization of Science', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 1, per="science_rate"),)),
    mil('II', 'ravages_of_time', 'Ravages of Time', 'event', (1, 1, 1),
        effects=(o("lose", "all", "age_a_or_i_wonder", 1),)),
    mil('II', 'refugees', 'Refugees', 'event', (1, 1, 1),
        effects=(o("gain", "weakest", "culture", -3), o("lose", "weakest", "population", 1),
                 o("gain", "strongest", "culture", 3), o("populate", "strongest", amount=1),)),
    mil('II', 'terrorism', 'Terrorism', 'event', (1, 1, 1),
        effects=(o("lose", "others_of_least_culture", "urban", 1),)),
    mil('III', 'impact_of_agriculture', 'Impact of Agriculture', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 1, per="farm_food"),)),
    mil('III', 'impact_of_architecture', 'Impact of Architecture', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 1, per="urban_level"),)),
    mil('III', 'impact_of_colonies', 'Impact of Colonies', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 4, per="colony"),)),
    mil('III', 'impact_of_competition', 'Impact of Competition', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 1, per="unit_and_arena_level"),)),
    mil('III', 'impact_of_government', 'Impact of Government', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 2, per="civil_actions_max"),
                 o("gain", "all", "culture", 1, per="military_actions_max"),)),
    mil('III', 'impact_of_happiness', 'Impact of Happiness', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 2, per="happy", cap=16),
                 o("gain", "all", "culture", -2, per="discontent"),)),
    mil('III', 'impact_of_industry', 'Impact of Industry', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 1, per="mine_resource"),)),
    mil('III', 'impact_of_population', 'Impact of Population', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 2, per="content_above_10"),)),
    mil('III', 'impact_of_progress', 'Impact of Progress', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 2, per="government_and_special_level"),)),
    mil('III', 'impact_of_science', 'Impact of Science', 'event', (1, 1, 1),
        effects=(o("rank", "all", "science_rate", table=RANKS),)),
    mil('III', 'impact_of_strength', 'Impact of Strength', 'event', (1, 1, 1),
        effects=(o("rank", "all", "strength", table=RANKS),)),
    mil('III', 'impact_of_technology', 'Impact of Technology', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", 4, per="technology_III"),)),
    mil('III', 'impact_of_wonders', 'Impact of Wonders', 'event', (1, 1, 1),
        effects=(o("gain", "all", "culture", per="wonder_by_age", table=(5, 4, 3, 2)),)),
    mil('I', 'developed_territory', 'Developed Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "yellow", 1), o("rate", "colonist", "blue", 1),
                 o("gain", "colonist", "science", 3),)),
    mil('I', 'fertile_territory', 'Fertile Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "yellow", 3), o("produce", "colonist", "food", 3),)),
    mil('I', 'historic_territory', 'Historic Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "happy", 1), o("gain", "colonist", "culture", 6),)),
    mil('I', 'inhabited_territory', 'Inhabited Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "yellow", 2), o("populate", "colonist", amount=1),)),
    mil('I', 'strategic_territory', 'Strategic Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "strength", 2), o("draw", "colonist", amount=3),)),
    mil('I', 'wealthy_territory', 'Wealthy Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "blue", 2), o("produce", "colonist", "resource", 5),)),
    mil('II', 'developed_territory', 'Developed Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "yellow", 2), o("rate", "colonist", "blue", 2),
                 o("gain", "colonist", "science", 5),)),
    mil('II', 'fertile_territory', 'Fertile Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "yellow", 4), o("produce", "colonist", "food", 5),)),
    mil('II', 'historic_territory', 'Historic Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "happy", 2), o("gain", "colonist", "culture", 11),)),
    mil('II', 'inhabited_territory', 'Inhabited Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "yellow", 3), o("populate", "colonist", amount=2),)),
    mil('II', 'strategic_territory', 'Strategic Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "strength", 4), o("draw", "colonist", amount=5),)),
    mil('II', 'wealthy_territory', 'Wealthy Territory', 'territory', (1, 1, 1),
        effects=(o("rate", "colonist", "blue", 3), o("produce", "colonist", "resource", 8),)),
    mil('I', 'fighting_band', 'Fighting Band', 'tactic', (3, 3, 3), requires=(('infantry', 2),), strength=1),
    mil('I', 'heavy_cavalry', 'Heavy Cavalry', 'tactic', (2, 2, 2), requires=(('cavalry', 3),), strength=4),
    mil('I', 'legion', 'Legion', 'tactic', (2, 2, 2), requires=(('infantry', 3),), strength=2),
    mil('I', 'light_cavalry', 'Light Cavalry', 'tactic', (2, 2, 2), requires=(('cavalry', 2),), strength=2),
    mil('I', 'medieval_army', 'Medieval Army', 'tactic', (3, 3, 3),
        requires=(('cavalry', 1), ('infantry', 1)), strength=2),
    mil('I', 'phalanx', 'Phalanx', 'tactic', (3, 3, 3), requires=(('cavalry', 1), ('infantry', 2)), strength=3),
    mil('II', 'classic_army', 'Classic Army', 'tactic', (1, 1, 1),
        requires=(('cavalry', 2), ('infantry', 2)), strength=9, outdated=5),
    mil('II', 'conquistadors', 'Conquistadors', 'tactic', (2, 2, 2),
        requires=(('cavalry', 2), ('infantry', 1)), strength=5, outdated=3),
    mil('II', 'defensive_army', 'Defensive Army', 'tactic', (2, 2, 2),
        requires=(('artillery', 1), ('infantry', 2)), strength=6, outdated=3),
    mil('II', 'fortifications', 'Fortifications', 'tactic', (1, 1, 1), requires=(('artillery', 2),), strength=4),
    mil('II', 'mobile_artillery', 'Mobile Artillery', 'tactic', (1, 1, 1),
        requires=(('artillery', 1), ('cavalry', 1)), strength=5),
    mil('II', 'napoleonic_army', 'Napoleonic Army', 'tactic', (1, 1, 1),
        requires=(('artillery', 1), ('cavalry', 1), ('infantry', 1)), strength=8, outdated=4),
    mil('III', 'entrenchments', 'Entrenchments', 'tactic', (2, 2, 2),
        requires=(('artillery', 2), ('infantry', 1)), strength=9, outdated=5),
    mil('III', 'mechanized_army', 'Mechanized Army', 'tactic', (2, 2, 2),
        requires=(('artillery', 2), ('cavalry', 1)), strength=10, outdated=5),
    mil('III', 'modern_army', 'Modern Army', 'tactic', (2, 2, 2),
        requires=(('artillery', 1), ('cavalry', 1), ('infantry', 2)), strength=13, outdated=7),
    mil('III', 'shock_troops', 'Shock Troops', 'tactic', (2, 2, 2),
        requires=(('cavalry', 3), ('infantry', 1)), strength=11, outdated=6),
    mil('I', 'enslave', 'Enslave', 'aggression', (2, 2, 2), military_actions=2,
        effects=(o("lose", "rival", "population", 1), o("produce", "attacker", "resource", 3),)),
    mil('I', 'plunder', 'Plunder', 'aggression', (2, 2, 2), military_actions=2,
        effects=(o("take", "attacker", "food_and_resource", 3),)),
    mil('I', 'raid', 'Raid', 'aggression', (2, 2, 2), military_actions=1,
        effects=(o("lose", "rival", "urban", 1), o("produce", "attacker", "resource", 1, per="half_cost_up"),)),
    mil('II', 'annex', 'Annex', 'aggression', (1, 1, 1), military_actions=2,
        effects=(o("take", "attacker", "colony", 1),)),
    mil('II', 'assassinate', 'Assassinate', 'aggression', (1, 1, 1),
        effects=(o("lose", "rival", "leader", 1), o("gain", "attacker", "culture", 3, per="leader_level"),)),
    mil('II', 'plunder', 'Plunder', 'aggression', (2, 2, 2), military_actions=2,
        effects=(o("take", "attacker", "food_and_resource", 5),)),
    mil('II', 'raid', 'Raid', 'aggression', (2, 2, 2), military_actions=2,
        effects=(o("lose", "rival", "urban_same", 2), o("produce", "attacker", "resource", 1, per="half_cost_down"),)),
    mil('II', 'sabotage', 'Sabotage', 'aggression', (1, 1, 1),
        effects=(o("lose", "rival", "wonder_building", 1), o("gain", "attacker", "culture", 3, per="wonder_level"),)),
    mil('II', 'spy', 'Spy', 'aggression', (2, 2, 2), military_actions=1,
        effects=(o("take", "attacker", "science", 5),)),
    mil('III', 'armed_intervention', 'Armed Intervention', 'aggression', (4, 4, 4), military_actions=2,
        effects=(o("gain", "rival", "culture", -7), o("gain", "attacker", "culture", 7),)),
    mil('III', 'plunder', 'Plunder', 'aggression', (2, 2, 2), military_actions=2,
        effects=(o("take", "attacker", "food_and_resource", 8),)),
    mil('III', 'raid', 'Raid', 'aggression', (2, 2, 2), military_actions=3,
        effects=(o("lose", "rival", "urban_same", 3), o("produce", "attacker", "resource", 1, per="half_cost_down"),)),
    mil('II', 'war_over_culture', 'War over Culture', 'war', (1, 1, 1), military_actions=3,
        effects=(o("take", "winner", "culture", 1, per="advantage"),)),
    mil('II', 'war_over_resources', 'War over Resources', 'war', (1, 1, 1), military_actions=2,
        effects=(o("take", "winner", "food_and_resource", 1, per="advantage"),)),
    mil('II', 'war_over_technology', 'War over Technology', 'war', (1, 1, 1), military_actions=2,
        effects=(o("take", "winner", "science_or_special", 1, per="advantage"),)),
    mil('II', 'war_over_territory', 'War over Territory', 'war', (1, 1, 1), military_actions=3,
        effects=(o("take", "winner", "yellow_bank", 1),
                 o("take", "winner", "yellow_bank", 1, per="advantage_thirds"),)),
    mil('III', 'war_over_culture', 'War over Culture', 'war', (4, 4, 4), military_actions=3,
        effects=(o("take", "winner", "culture", 1, per="advantage"),)),
    mil('III', 'holy_war', 'Holy War', 'war', (2, 2, 2), military_actions=3,
        effects=(o("lose", "loser", "population", 1, per="advantage_thirds"),
                 o("gain", "winner", "culture", 3, per="decrease"),)),
    mil('I', 'open_borders_agreement', 'Open Borders Agreement', 'pact', (0, 1, 1),
        effects=(o("rate", "both", "military_actions", 1), o("rate", "both", "attack_bonus", 3),)),
    mil('I', 'trade_routes_agreement', 'Trade Routes Agreement', 'pact', (0, 1, 1),
        effects=(o("rule", "A", "pay_food_as_resource", 1), o("rule", "B", "pay_resource_as_food", 1),)),
    mil('II', 'acceptance_of_supremacy', 'Acceptance of Supremacy', 'pact', (0, 1, 1),
        effects=(o("rule", "both", "no_attack"), o("rate", "A", "resource", 1), o("rate", "B", "resource", -1),)),
    mil('II', 'international_trade_agreement', 'International Trade Agreement', 'pact', (0, 1, 1),
        effects=(o("rate", "A", "resource", 1), o("rate", "B", "food", 1),)),
    mil('II', 'promise_of_military_protection', 'Promise of Military Protection', 'pact', (0, 1, 1),
        effects=(o("rate", "A", "culture", 1), o("rate", "B", "strength", 5), o("rate", "B", "culture", -1),
                 o("rule", "both", "ends_on_attack"),)),
    mil('II', 'scientific_cooperation', 'Scientific Cooperation', 'pact', (0, 1, 1),
        effects=(o("rate", "both", "technology_discount", 2), o("rule", "both", "partner_pays_science", 1),)),
    mil('III', 'international_tourism', 'International Tourism', 'pact', (0, 1, 1),
        effects=(o("rate", "both", "culture", 1, per="partner_wonder"),)),
    mil('III', 'loss_of_sovereignty', 'Loss of Sovereignty', 'pact', (0, 1, 1),
        effects=(o("rule", "both", "no_attack"), o("rate", "A", "culture", 2), o("rate", "B", "culture", -2),
                 o("rule", "B", "no_war_on_b"),)),
    mil('III', 'military_pact', 'Military Pact', 'pact', (0, 1, 1),
        effects=(o("rate", "both", "strength", 4), o("rule", "both", "ends_on_attack"),)),
    mil('III', 'peace_treaty', 'Peace Treaty', 'pact', (0, 1, 1),
        effects=(o("rule", "both", "no_attack"), o("rate", "both", "culture", 1),)),
    mil('I', 'bonus', 'Defense / Colonization Bonus', 'bonus', (6, 6, 6), defense=2, colonization=1),
    mil('II', 'bonus', 'Defense / Colonization Bonus', 'bonus', (6, 6, 6), defense=4, colonization=2),
    mil('III', 'bonus', 'Defense / Colonization Bonus', 'bonus', (6, 6, 6), defense=6, colonization=3),
)
MILITARY = {c.id: c for c in CARDS}


def military_deck(age: str, players: int) -> tuple[str, ...]:
    """The physical copies of the military deck of `age` for `players`."""
    i = players - 2
    return tuple(f"{c.id}:{n}" for c in CARDS if c.age == age for n in range(1, c.copies[i] + 1))


UNIT_KINDS = ("infantry", "cavalry", "artillery")
NEEDS_EFFECTS = ("event", "territory", "aggression", "war", "pact")


def military_problems(c: MilitaryCard) -> list[str]:
    """What is wrong with a military card record: kind-specific fields and effects (empty when it fits)."""
    out = [f"{c.id}: {p}" for e in c.effects for p in outcome_problems(e)]
    if c.kind not in KINDS or c.age not in ("A", "I", "II", "III") or not c.id.startswith(f"mil/{c.age}/"):
        out.append(f"{c.id}: kind {c.kind} or age {c.age}")
    if c.kind in NEEDS_EFFECTS and not c.effects and c.key != "no_event":
        out.append(f"{c.id}: a {c.kind} needs effects")
    if c.kind in ("tactic", "bonus") and c.effects:
        out.append(f"{c.id}: a {c.kind} carries numbers, not effects")
    if c.kind == "tactic" and (not c.requires or not c.strength or any(t not in UNIT_KINDS for t, _ in c.requires)
                               or (c.outdated is not None and c.outdated >= c.strength)):
        out.append(f"{c.id}: a tactic needs units of {UNIT_KINDS}, a strength, and a smaller outdated value")
    if c.kind == "bonus" and not (c.defense and c.colonization):
        out.append(f"{c.id}: a bonus card needs its defense and colonization values")
    if c.kind in ("aggression", "war") and c.military_actions is None and c.key not in ("assassinate", "sabotage"):
        out.append(f"{c.id}: a printed military-action cost is missing")
    if c.kind == "pact" and c.copies[0]:
        out.append(f"{c.id}: pacts are not used with 2 players")
    return out
