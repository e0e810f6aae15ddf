"""Data of the expansion "Style is the Goal": ornaments, trading post, trade track, new cards and buildings.

Written from the expansion's rules text. Where the text only showed a picture (the new cards'
contents, the new tiles' costs, points and copies, the older tiles' costs, the style dice faces)
no stored source has the value; those entries carry a value chosen to be playable (so that the
engine's tests and `pbem simulate` play the expansion) and are listed in PROVISIONAL. A host offers
the expansion with the values of its own copy: `use_components` (called by the service at start,
pbem/components.py) puts them in place of the provisional ones; ids never change.
"""
from __future__ import annotations

import copy

# Games record which data they were set up with, so that a later correction of a provisional
# value can tell old games apart (see docs/stone-age.md, "Provisional data").
DATA_VERSION = "style-provisional-1"

ORNAMENT = "ornament"
TUSK_VALUE = 1
NECKLACE_VALUE = 3  # 3 tusks <-> 1 necklace at any time, so only the total counts
ORNAMENTS_START = 1  # one tusk each
TRADE_MAX = 10

# Items: what a trade gives and receives (never food).
ITEMS = ("wood", "brick", "stone", "gold", ORNAMENT)

# The trade track: from each position, how many items are given for how many received.
TRADE_RATES = ((1, 3, 2, 1), (4, 8, 1, 1), (9, 10, 1, 2))  # (from, to, give, get)

# New places. The trading post is a village place for exactly 2 people of one player;
# the workplaces are owner-only dice places (up to 3 people per tile owned).
STYLE_PLACES = {
    "tradingpost": {"kind": "village", "effect": "trade", "capacity": 2, "exactly": 2,
                    "advance": 2, "ornaments": 2},
    "woodyard": {"kind": "dice", "yields": "wood", "divisor": 2, "capacity": 3, "colour_limited": False,
                 "owner_only": True},
    "goldyard": {"kind": "dice", "yields": "gold", "divisor": 5, "capacity": 3, "colour_limited": False,
                 "owner_only": True},
}

# The village with the trading post: how many of the four places may be used in a round.
STYLE_VILLAGE = ("toolmaker", "hut", "field", "tradingpost")
STYLE_BY_PLAYERS = {
    2: {"stacks": 2, "village_places": 2, "colours": 1},
    3: {"stacks": 3, "village_places": 2, "colours": 2},
    4: {"stacks": 4, "village_places": 3, "colours": None},
    5: {"stacks": 5, "village_places": None, "colours": None},
}

# Card spaces 1-4 cost resources as before; space 5 costs 3 ornaments, and its buyer may pay
# 3 more for the top card of the deck, face down.
STYLE_ROW = ({"n": 1, "item": "resource"}, {"n": 2, "item": "resource"}, {"n": 3, "item": "resource"},
             {"n": 4, "item": "resource"}, {"n": 3, "item": ORNAMENT})
EXTRA_CARD_ORNAMENTS = 3

# Provisional: the faces of the style dice table were a picture.
STYLE_DICE_ITEMS = {1: ORNAMENT, 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}

NECKLACE = "necklace"  # the 9th culture symbol
TRADER = "trader"  # multiplier: traders x own trade track position


def _card(top: dict, bottom: tuple) -> dict:
    kind, value = bottom
    return {"top": top, "bottom": {"culture": value} if kind == "culture" else {"multiplier": kind, "count": value}}


_DICE = {"kind": "dice_roll_items_style"}
_TRADE = {"kind": "trade_track", "advance": 1, "ornaments": 2}

# 9 cards. Tops known: 4 style dice tables and 2 trade-track cards; everything else is provisional.
STYLE_CIV_CARDS = {
    "civ/style-dice-1": _card(_DICE, ("culture", NECKLACE)),
    "civ/style-dice-2": _card(_DICE, (TRADER, 1)),
    "civ/style-dice-3": _card(_DICE, (TRADER, 1)),
    "civ/style-dice-4": _card(_DICE, (TRADER, 2)),
    "civ/style-trade-1": _card(_TRADE, (TRADER, 1)),
    "civ/style-trade-2": _card(_TRADE, (TRADER, 2)),
    "civ/style-7": _card({"kind": "food", "n": 3}, ("culture", NECKLACE)),
    "civ/style-8": _card({"kind": "resource", "res": "gold", "n": 1}, (TRADER, 1)),
    "civ/style-9": _card({"kind": "points", "n": 3}, (TRADER, 3)),
}


def _cost(letters: str) -> dict:
    names = {"w": "wood", "b": "brick", "s": "stone", "g": "gold"}
    counts: dict[str, int] = {}
    for ch in letters:
        counts[names[ch]] = counts.get(names[ch], 0) + 1
    return counts


def _fixed(letters: str, points: int, effect: dict | None) -> dict:
    return {"kind": "fixed", "cost": _cost(letters), "points": points, "effect": effect}


_ORNAMENT_TILE = {"kind": "ornaments", "min": 1, "max": 4, "per": 4, "effect": None}

# 9 tiles. Kinds known from the text: ornaments for 4 points each (at most 4), draw a card,
# dice for everyone with the style table, the wood and the gold workplace. Copies, costs and
# printed points are provisional (points of fixed tiles: the value of the cost, as in the base game).
STYLE_BUILDINGS = {
    "bld/style-1": dict(_ORNAMENT_TILE),
    "bld/style-2": dict(_ORNAMENT_TILE),
    "bld/style-3": dict(_ORNAMENT_TILE),
    "bld/style-4": _fixed("wbs", 12, {"kind": "draw_card"}),
    "bld/style-5": _fixed("wbg", 13, {"kind": "draw_card"}),
    "bld/style-6": _fixed("wsg", 14, {"kind": "dice_items"}),
    "bld/style-7": _fixed("bsg", 15, {"kind": "dice_items"}),
    "bld/style-8": _fixed("wwb", 10, {"kind": "workplace", "place": "woodyard"}),
    "bld/style-9": _fixed("bsg", 15, {"kind": "workplace", "place": "goldyard"}),
}

# The 6 older bonus tiles (spielbox), an option. Points and effects from the text; costs provisional.
SPIELBOX_BUILDINGS = {
    "bld/spielbox-1": _fixed("ww", 3, {"kind": "income", "res": "wood"}),
    "bld/spielbox-2": _fixed("wb", 4, {"kind": "income", "res": "brick"}),
    "bld/spielbox-3": _fixed("bs", 5, {"kind": "income", "res": "stone"}),
    "bld/spielbox-4": _fixed("wb", 5, {"kind": "person"}),
    "bld/spielbox-5": _fixed("ws", 5, {"kind": "tool"}),
    "bld/spielbox-6": _fixed("wb", 5, {"kind": "agriculture"}),
}

STYLE_CIV_IDS = tuple(sorted(STYLE_CIV_CARDS))
STYLE_BUILDING_IDS = tuple(sorted(STYLE_BUILDINGS))
SPIELBOX_IDS = tuple(sorted(SPIELBOX_BUILDINGS))

# What is not known from any stored source, for docs and the report.
PROVISIONAL = (
    "faces of the style dice table (cards and the dice building)",
    "tops of civ/style-7..9 and the bottoms of all 9 new cards",
    "costs, points and copies of the 9 new tiles (the five kinds are known)",
    "costs of the 6 spielbox tiles (points and effects are known)",
)


# The provisional values, kept to put back when a host's values are withdrawn (tests switch between them).
_PROVISIONAL_DATA = copy.deepcopy((STYLE_CIV_CARDS, STYLE_BUILDINGS, SPIELBOX_BUILDINGS, STYLE_DICE_ITEMS))
_PROVISIONAL_VERSION = DATA_VERSION


def use_components(data: dict | None) -> None:
    """Play the expansion with a host's printed values (`data`: "version", "dice" {face: item}, "cards" {id: card},
    "buildings" {id: tile}, as pbem/components.py builds them), or with the provisional ones again (None).

    The tables change in place: the lookups (cards.CIV_CARDS, cards.BUILDINGS) hold these very dicts."""
    global DATA_VERSION
    if data is None:
        cards, tiles, spielbox, dice = copy.deepcopy(_PROVISIONAL_DATA)
        version = _PROVISIONAL_VERSION
    else:
        cards, dice, version = data["cards"], data["dice"], data["version"]
        tiles = {k: v for k, v in data["buildings"].items() if k in STYLE_BUILDINGS}
        spielbox = {k: v for k, v in data["buildings"].items() if k in SPIELBOX_BUILDINGS}
        if set(cards) != set(STYLE_CIV_CARDS) or set(tiles) != set(STYLE_BUILDINGS) \
                or set(spielbox) != set(SPIELBOX_BUILDINGS) or set(dice) != set(STYLE_DICE_ITEMS):
            raise ValueError("the components name other cards, tiles or dice faces than the expansion's")
    for table, values in ((STYLE_CIV_CARDS, cards), (STYLE_BUILDINGS, tiles), (SPIELBOX_BUILDINGS, spielbox)):
        for key, value in values.items():
            table[key].clear()
            table[key].update(copy.deepcopy(value))
    STYLE_DICE_ITEMS.clear()
    STYLE_DICE_ITEMS.update(dice)
    DATA_VERSION = version


def data_version() -> str:
    """Which values of the new cards and tiles are in place: the provisional ones, or a host's (by fingerprint)."""
    return DATA_VERSION
