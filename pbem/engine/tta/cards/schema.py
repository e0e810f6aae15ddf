"""The card record and the normalised effect record of Through the Ages, with the schema every effect must fit."""
from __future__ import annotations

from dataclasses import dataclass, field

AGES = ("A", "I", "II", "III")
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3}

# Card kinds and the subtypes each allows.
KINDS = {
    "government": (),
    "farm": (),
    "mine": (),
    "urban": ("lab", "temple", "arena", "library", "theater"),
    "unit": ("infantry", "cavalry", "artillery", "air_force"),
    "special": ("warfare", "civil", "colonization", "construction"),
    "leader": (),
    "wonder": (),
    "action": (),
}
TECHNOLOGY_KINDS = ("government", "farm", "mine", "urban", "unit", "special")
BUILDING_KINDS = ("farm", "mine", "urban", "unit")  # cards that hold workers
URBAN = KINDS["urban"]
UNIT_TYPES = KINDS["unit"]

# Rated quantities a card in play may add to (per turn, or a standing number).
RATES = ("culture", "science", "strength", "happy", "civil_actions", "military_actions", "civil_hand",
         "military_hand", "colonization", "military_resources")

# Flags: standing rule changes with no number of their own (or a number in `amount`).
FLAGS = (
    "happy_faces_double",          # St. Peter's Basilica
    "best_mine_worker_double",     # Transcontinental Railroad
    "free_population_increase",    # Ocean Liner Service (amount: food discount)
    "revolution_spends_military",  # Robespierre
    "best_army_tactic_twice",      # Napoleon (part 2: tactics)
    "ignore_own_tactic",           # Genghis Khan (part 2: tactics)
    "no_aggression_or_war",        # Gandhi (part 2)
    "double_military_cost_against",  # Gandhi (part 2)
    "defense_cards_double",        # Churchill (part 2)
    "colonization_card_extra",     # James Cook (part 2; amount per card)
    "colonize_once_free",          # Columbus (part 2)
    "grow_and_build_unit",         # Barbarossa (amount: food and resource discount)
    "culture_when_attacked",       # Joan of Arc (part 2; amount)
    "best_lab_or_library_science",  # Leonardo, Newton, Einstein
    "best_theater_double",         # Charlie Chaplin
)

# Conditions a rule reads: a discount is for one target.
DISCOUNT_TARGETS = (
    "urban_build",        # urban buildings of `level` (construction technologies)
    "theater_build",      # J.S. Bach
    "theater_science",    # J.S. Bach
    "unit_science",       # Churchill
    "unit_build_at_war",  # Churchill (part 2: only while a war is declared on you)
    "wonder_take",        # Michelangelo
    "population_food",    # Moses
    "rival_lab_library",  # Bill Gates: a surcharge others pay (amount > 0)
)
TRIGGERS = ("take_technology", "play_technology")
WORKER_KINDS = ("farm", "mine", "urban", "unit")


@dataclass(frozen=True)
class Effect:
    """One normalised effect: `op` names the rule; the other fields are its numbers and scope.

    Ops (see OPS for what each allows):
    rate          while in play: +amount of `stat` (a per-turn rate or a standing number)
    per_unit      while in play: +amount of `stat` per unit of the types in `of` (at most `cap` units, 0 = all;
                  only units of `level` when set)
    per_building  while in play: +amount of `stat` per building of the types in `of`
    per_level     while in play: +amount × level of `stat` per building of the types in `of`
    per_pair      while in play: +amount of `stat` per pair of buildings of the two types in `of`
    per_face      while in play: +amount of `stat` per happy face given by cards of the kinds in `of`
    per_colony    while in play: +amount of `stat` per colony (part 2)
    discount      while in play: `amount` less of a cost named by `stat` (DISCOUNT_TARGETS), for `level` when set
    stages        while in play: up to `amount` wonder stages per civil action
    blue_tokens   while in play: `amount` more blue tokens in the blue bank (from the box)
    trigger       while in play: +amount of `stat` each time the event in `of` happens
    flag          while in play: the rule named by `stat` (FLAGS), with `amount` where it has a number
    on_complete   once, when the wonder is completed: amount culture per level of buildings of `of`,
                  or per level of technology cards (`of` = ("technology",)), or per worker on cards
                  of kinds `of` (`stat` = "per_worker")
    gain          once (action card): +amount of `stat` (culture, science)
    produce       once: `amount` food or resources (`stat`), blue tokens from the bank
    build         once: build a farm/mine (`of` = ("farm", "mine")) or an urban building (`of` = ("urban",))
                  paying `amount` less, with no further civil action
    upgrade       once: upgrade a farm, mine or urban building paying `amount` less
    wonder_stage  once: build one wonder stage paying `amount` less
    populate      once: increase the population (normal food cost), then produce `amount` food
    discover      once: discover a technology (normal science cost), then score `amount` science
    this_turn     once: this turn +amount of `stat` (military_actions, or military_resources)
    per_stronger  once: military_resources this turn per civilization stronger than yours, by player count
    per_richer    once: culture per civilization with more culture than yours, by player count
    """

    op: str
    stat: str = ""
    amount: int = 0
    of: tuple = ()
    level: int = -1
    cap: int = 0
    by_players: tuple = ()  # amounts in a 2-, 3- and 4-player game


# op -> (allowed stats, fields that must be set, fields that may be set)
OPS: dict[str, tuple[tuple, tuple, tuple]] = {
    "rate": (RATES, ("stat", "amount"), ()),
    "per_unit": (("strength", "culture"), ("stat", "amount", "of"), ("cap", "level")),
    "per_building": (("culture", "science", "strength"), ("stat", "amount", "of"), ()),
    "per_level": (("culture", "resource"), ("stat", "amount", "of"), ()),
    "per_pair": (("culture",), ("stat", "amount", "of"), ()),
    "per_face": (("culture", "strength"), ("stat", "amount", "of"), ()),
    "per_colony": (("culture",), ("stat", "amount"), ()),
    "discount": (DISCOUNT_TARGETS, ("stat", "amount"), ("level",)),
    "stages": (("",), ("amount",), ()),
    "blue_tokens": (("",), ("amount",), ()),
    "trigger": (("science", "resource", "culture", "civil_actions"), ("stat", "amount", "of"), ()),
    "flag": (FLAGS, ("stat",), ("amount",)),
    "on_complete": (("per_level", "per_worker"), ("stat", "amount", "of"), ()),
    "gain": (("culture", "science"), ("stat", "amount"), ()),
    "produce": (("food", "resource"), ("stat", "amount"), ()),
    "build": (("",), ("amount", "of"), ()),
    "upgrade": (("",), ("amount",), ()),
    "wonder_stage": (("",), ("amount",), ()),
    "populate": (("",), ("amount",), ()),
    "discover": (("",), ("amount",), ()),
    "this_turn": (("military_actions", "military_resources"), ("stat", "amount"), ()),
    "per_stronger": (("military_resources",), ("stat", "by_players"), ()),
    "per_richer": (("culture",), ("stat", "by_players"), ()),
}
ONCE_OPS = ("gain", "produce", "build", "upgrade", "wonder_stage", "populate", "discover", "this_turn",
            "per_stronger", "per_richer")
_DEFAULTS = {"stat": "", "amount": 0, "of": (), "level": -1, "cap": 0, "by_players": ()}
_OF_WORDS = set(URBAN) | set(UNIT_TYPES) | set(WORKER_KINDS) | {"wonder", "technology", "farm", "mine", "urban"} \
    | set(TRIGGERS)


@dataclass(frozen=True)
class Card:
    """One civil card (all its copies share it). Yields are per worker on the card (units: strength per unit)."""

    id: str              # "civ/I/irrigation"; physical copies are "civ/I/irrigation:1", ":2", ...
    name: str
    age: str
    kind: str
    subtype: str = ""
    science: int | None = None       # discovery cost; governments: the revolution cost
    peaceful: int | None = None      # governments: the peaceful-change cost
    build: int | None = None         # farms, mines, urban buildings, units
    stages: tuple = ()               # wonders: resources per stage
    food: int = 0
    resource: int = 0
    science_yield: int = 0
    culture: int = 0
    happy: int = 0
    strength: int = 0
    civil_actions: int = 0           # governments: absolute numbers
    military_actions: int = 0
    urban_limit: int = 0
    copies: tuple = (0, 0, 0)        # physical copies in a 2-, 3- and 4-player game
    effects: tuple = ()
    aliases: tuple = ()              # other printed names (English printings, other languages)
    # Derived once (read in every rating): the numeric age, the id's last part, what the card is.
    level: int = field(init=False, compare=False)
    key: str = field(init=False, compare=False)
    is_technology: bool = field(init=False, compare=False)
    holds_workers: bool = field(init=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "level", LEVEL[self.age])
        object.__setattr__(self, "key", self.id.rsplit("/", 1)[1])
        object.__setattr__(self, "is_technology", self.kind in TECHNOLOGY_KINDS)
        object.__setattr__(self, "holds_workers", self.kind in BUILDING_KINDS)


def effect_problems(effect: Effect) -> list[str]:
    """What is wrong with an effect record under OPS (empty when it fits)."""
    spec = OPS.get(effect.op)
    if spec is None:
        return [f"unknown op {effect.op!r}"]
    stats, required, optional = spec
    out = []
    if effect.stat not in stats:
        out.append(f"{effect.op}: stat {effect.stat!r} not in {stats}")
    for name, default in _DEFAULTS.items():
        value = getattr(effect, name)
        if name in required and value == default:
            out.append(f"{effect.op}: {name} must be set")
        if name not in required and name not in optional and name != "stat" and value != default:
            out.append(f"{effect.op}: {name} is not used by this op")
    if effect.of and not set(effect.of) <= _OF_WORDS:
        out.append(f"{effect.op}: unknown scope {effect.of}")
    if effect.by_players and (len(effect.by_players) != 3 or not all(isinstance(v, int) for v in effect.by_players)):
        out.append(f"{effect.op}: by_players needs three numbers")
    if not isinstance(effect.amount, int) or not isinstance(effect.cap, int) or not isinstance(effect.level, int):
        out.append(f"{effect.op}: numbers must be int")
    return out


def card_problems(card: Card) -> list[str]:
    """What is wrong with a card record: kind-specific fields, effects, copies."""
    out = [f"{card.id}: {p}" for e in card.effects for p in effect_problems(e)]
    if card.kind not in KINDS:
        return out + [f"{card.id}: unknown kind {card.kind}"]
    if (card.subtype or None) not in (KINDS[card.kind] or (None,)) and not (card.subtype in KINDS[card.kind]):
        out.append(f"{card.id}: subtype {card.subtype!r} not allowed for {card.kind}")
    if card.age not in AGES:
        out.append(f"{card.id}: age {card.age}")
    if not card.id.startswith(f"civ/{card.age}/"):
        out.append(f"{card.id}: id must start with civ/{card.age}/")
    if card.is_technology and card.age != "A" and not card.science:
        out.append(f"{card.id}: a technology needs a science cost")
    if card.kind == "government" and (card.age != "A" and not card.peaceful or not card.civil_actions
                                      or not card.urban_limit):
        out.append(f"{card.id}: a government needs both costs, actions and a building limit")
    if card.holds_workers and card.build is None:
        out.append(f"{card.id}: a {card.kind} needs a build cost")
    if card.kind == "wonder" and not card.stages:
        out.append(f"{card.id}: a wonder needs stages")
    if card.kind == "action" and not any(e.op in ONCE_OPS for e in card.effects):
        out.append(f"{card.id}: an action card needs a one-time effect")
    if card.kind != "action" and any(e.op in ONCE_OPS for e in card.effects):
        out.append(f"{card.id}: one-time effects are for action cards")
    if len(card.copies) != 3 or not card.copies[0] <= card.copies[1] <= card.copies[2]:
        out.append(f"{card.id}: copies {card.copies}")
    return out
