"""Military cards of ages A-III: the deck each age deals by player count, and the plain numbers of each card.

Part 1 lays out the shape only: part 2 (politics and the military) writes each card's effects in the normalised
form of cards/schema.py and plays them. Copies: the card tables' counts (Raid I 2, Armed Intervention III 4;
docs/tta.md); pacts are not used with 2 players.
"""
from __future__ import annotations

from dataclasses import dataclass

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
    effects: tuple = ()                   # part 2


def mil(age, key, name, kind, copies, **fields) -> MilitaryCard:
    """A military card record."""
    return MilitaryCard(f"mil/{age}/{key}", name, age, kind, copies, **fields)


CARDS = (
    mil('A', 'development_of_agriculture', 'Development of Agriculture', 'event', (1, 1, 1)),
    mil('A', 'development_of_crafts', 'Development of Crafts', 'event', (1, 1, 1)),
    mil('A', 'development_of_markets', 'Development of Markets', 'event', (1, 1, 1)),
    mil('A', 'development_of_politics', 'Development of Politics', 'event', (1, 1, 1)),
    mil('A', 'development_of_religion', 'Development of Religion', 'event', (1, 1, 1)),
    mil('A', 'development_of_science', 'Development of Science', 'event', (1, 1, 1)),
    mil('A', 'development_of_settlement', 'Development of Settlement', 'event', (1, 1, 1)),
    mil('A', 'development_of_trade_routes', 'Development of Trade Routes', 'event', (1, 1, 1)),
    mil('A', 'development_of_warfare', 'Development of Warfare', 'event', (1, 1, 1)),
    mil('A', 'no_event', 'No Event', 'event', (1, 1, 1)),
    mil('I', 'barbarians', 'Barbarians', 'event', (1, 1, 1)),
    mil('I', 'border_conflict', 'Border Conflict', 'event', (1, 1, 1)),
    mil('I', 'crusades', 'Crusades', 'event', (1, 1, 1)),
    mil('I', 'cultural_influence', 'Cultural Influence', 'event', (1, 1, 1)),
    mil('I', 'foray', 'Foray', 'event', (1, 1, 1)),
    mil('I', 'good_harvest', 'Good Harvest', 'event', (1, 1, 1)),
    mil('I', 'immigration', 'Immigration', 'event', (1, 1, 1)),
    mil('I', 'new_deposits', 'New Deposits', 'event', (1, 1, 1)),
    mil('I', 'pestilence', 'Pestilence', 'event', (1, 1, 1)),
    mil('I', 'raiders', 'Raiders', 'event', (1, 1, 1)),
    mil('I', 'rats', 'Rats', 'event', (1, 1, 1)),
    mil('I', 'rebellion', 'Rebellion', 'event', (1, 1, 1)),
    mil('I', 'reign_of_terror', 'Reign of Terror', 'event', (1, 1, 1)),
    mil('I', 'scientific_breakthrough', 'Scientific Breakthrough', 'event', (1, 1, 1)),
    mil('I', 'uncertain_borders', 'Uncertain Borders', 'event', (1, 1, 1)),
    mil('II', 'civil_unrest', 'Civil Unrest', 'event', (1, 1, 1)),
    mil('II', 'cold_war', 'Cold War', 'event', (1, 1, 1)),
    mil('II', 'crime_wave', 'Crime Wave', 'event', (1, 1, 1)),
    mil('II', 'economic_progress', 'Economic Progress', 'event', (1, 1, 1)),
    mil('II', 'emigration', 'Emigration', 'event', (1, 1, 1)),
    mil('II', 'iconoclasm', 'Iconoclasm', 'event', (1, 1, 1)),
    mil('II', 'independence_declaration', 'Independence Declaration', 'event', (1, 1, 1)),
    mil('II', 'international_agreement', 'International Agreement', 'event', (1, 1, 1)),
    mil('II', 'national_pride', 'National Pride', 'event', (1, 1, 1)),
    mil('II', 'popularization_of_science', 'Popularization of Science', 'event', (1, 1, 1)),
    mil('II', 'ravages_of_time', 'Ravages of Time', 'event', (1, 1, 1)),
    mil('II', 'refugees', 'Refugees', 'event', (1, 1, 1)),
    mil('II', 'terrorism', 'Terrorism', 'event', (1, 1, 1)),
    mil('III', 'impact_of_agriculture', 'Impact of Agriculture', 'event', (1, 1, 1)),
    mil('III', 'impact_of_architecture', 'Impact of Architecture', 'event', (1, 1, 1)),
    mil('III', 'impact_of_colonies', 'Impact of Colonies', 'event', (1, 1, 1)),
    mil('III', 'impact_of_competition', 'Impact of Competition', 'event', (1, 1, 1)),
    mil('III', 'impact_of_government', 'Impact of Government', 'event', (1, 1, 1)),
    mil('III', 'impact_of_happiness', 'Impact of Happiness', 'event', (1, 1, 1)),
    mil('III', 'impact_of_industry', 'Impact of Industry', 'event', (1, 1, 1)),
    mil('III', 'impact_of_population', 'Impact of Population', 'event', (1, 1, 1)),
    mil('III', 'impact_of_progress', 'Impact of Progress', 'event', (1, 1, 1)),
    mil('III', 'impact_of_science', 'Impact of Science', 'event', (1, 1, 1)),
    mil('III', 'impact_of_strength', 'Impact of Strength', 'event', (1, 1, 1)),
    mil('III', 'impact_of_technology', 'Impact of Technology', 'event', (1, 1, 1)),
    mil('III', 'impact_of_wonders', 'Impact of Wonders', 'event', (1, 1, 1)),
    mil('I', 'developed_territory', 'Developed Territory', 'territory', (1, 1, 1)),
    mil('I', 'fertile_territory', 'Fertile Territory', 'territory', (1, 1, 1)),
    mil('I', 'historic_territory', 'Historic Territory', 'territory', (1, 1, 1)),
    mil('I', 'inhabited_territory', 'Inhabited Territory', 'territory', (1, 1, 1)),
    mil('I', 'strategic_territory', 'Strategic Territory', 'territory', (1, 1, 1)),
    mil('I', 'wealthy_territory', 'Wealthy Territory', 'territory', (1, 1, 1)),
    mil('II', 'developed_territory', 'Developed Territory', 'territory', (1, 1, 1)),
    mil('II', 'fertile_territory', 'Fertile Territory', 'territory', (1, 1, 1)),
    mil('II', 'historic_territory', 'Historic Territory', 'territory', (1, 1, 1)),
    mil('II', 'inhabited_territory', 'Inhabited Territory', 'territory', (1, 1, 1)),
    mil('II', 'strategic_territory', 'Strategic Territory', 'territory', (1, 1, 1)),
    mil('II', 'wealthy_territory', 'Wealthy Territory', 'territory', (1, 1, 1)),
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
    mil('I', 'enslave', 'Enslave', 'aggression', (2, 2, 2), military_actions=2),
    mil('I', 'plunder', 'Plunder', 'aggression', (2, 2, 2), military_actions=2),
    mil('I', 'raid', 'Raid', 'aggression', (2, 2, 2), military_actions=1),
    mil('II', 'annex', 'Annex', 'aggression', (1, 1, 1), military_actions=2),
    mil('II', 'assassinate', 'Assassinate', 'aggression', (1, 1, 1)),
    mil('II', 'plunder', 'Plunder', 'aggression', (2, 2, 2), military_actions=2),
    mil('II', 'raid', 'Raid', 'aggression', (2, 2, 2), military_actions=2),
    mil('II', 'sabotage', 'Sabotage', 'aggression', (1, 1, 1)),
    mil('II', 'spy', 'Spy', 'aggression', (2, 2, 2), military_actions=1),
    mil('III', 'armed_intervention', 'Armed Intervention', 'aggression', (4, 4, 4), military_actions=2),
    mil('III', 'plunder', 'Plunder', 'aggression', (2, 2, 2), military_actions=2),
    mil('III', 'raid', 'Raid', 'aggression', (2, 2, 2), military_actions=3),
    mil('II', 'war_over_culture', 'War over Culture', 'war', (1, 1, 1), military_actions=3),
    mil('II', 'war_over_resources', 'War over Resources', 'war', (1, 1, 1), military_actions=2),
    mil('II', 'war_over_technology', 'War over Technology', 'war', (1, 1, 1), military_actions=2),
    mil('II', 'war_over_territory', 'War over Territory', 'war', (1, 1, 1), military_actions=3),
    mil('III', 'war_over_culture', 'War over Culture', 'war', (4, 4, 4), military_actions=3),
    mil('III', 'holy_war', 'Holy War', 'war', (2, 2, 2), military_actions=3),
    mil('I', 'open_borders_agreement', 'Open Borders Agreement', 'pact', (0, 1, 1)),
    mil('I', 'trade_routes_agreement', 'Trade Routes Agreement', 'pact', (0, 1, 1)),
    mil('II', 'acceptance_of_supremacy', 'Acceptance of Supremacy', 'pact', (0, 1, 1)),
    mil('II', 'international_trade_agreement', 'International Trade Agreement', 'pact', (0, 1, 1)),
    mil('II', 'promise_of_military_protection', 'Promise of Military Protection', 'pact', (0, 1, 1)),
    mil('II', 'scientific_cooperation', 'Scientific Cooperation', 'pact', (0, 1, 1)),
    mil('III', 'international_tourism', 'International Tourism', 'pact', (0, 1, 1)),
    mil('III', 'loss_of_sovereignty', 'Loss of Sovereignty', 'pact', (0, 1, 1)),
    mil('III', 'military_pact', 'Military Pact', 'pact', (0, 1, 1)),
    mil('III', 'peace_treaty', 'Peace Treaty', 'pact', (0, 1, 1)),
    mil('I', 'bonus', 'Defense / Colonization Bonus', 'bonus', (6, 6, 6), defense=2, colonization=1),
    mil('II', 'bonus', 'Defense / Colonization Bonus', 'bonus', (6, 6, 6), defense=4, colonization=2),
    mil('III', 'bonus', 'Defense / Colonization Bonus', 'bonus', (6, 6, 6), defense=6, colonization=3),
)
MILITARY = {c.id: c for c in CARDS}


def military_deck(age: str, players: int) -> tuple[str, ...]:
    """The physical copies of the military deck of `age` for `players`."""
    i = players - 2
    return tuple(f"{c.id}:{n}" for c in CARDS if c.age == age for n in range(1, c.copies[i] + 1))
