"""Stone Age data: resources, places, player-count limits, civilization cards and building tiles."""
from __future__ import annotations

from .style_cards import NECKLACE, SPIELBOX_BUILDINGS, STYLE_BUILDINGS, STYLE_CIV_CARDS, STYLE_PLACES

# Resources in order of value; the value is both the dice divisor and the points a
# resource is worth on a variable building. Food is not a resource.
RESOURCES = ("wood", "brick", "stone", "gold")
VALUE = {"food": 2, "wood": 3, "brick": 4, "stone": 5, "gold": 6}

PEOPLE_START = 5
PEOPLE_MAX = 10
FOOD_START = 12
AGRICULTURE_MAX = 10
TOOL_SLOTS = 3
TOOL_MAX = 4  # value of one tile; 3 tiles x 4 = 12 steps at most
STACK_SIZE = 7

# Places on the board. "dice" places roll one die per person; "village" places give
# a fixed effect. Capacity None means unlimited; `exactly` is the only allowed count;
# `colour_limited` places obey the per-player-count colour limit below.
PLACES = {
    "hunt": {"kind": "dice", "yields": "food", "divisor": 2, "capacity": None, "colour_limited": False},
    "forest": {"kind": "dice", "yields": "wood", "divisor": 3, "capacity": 7, "colour_limited": True},
    "clay": {"kind": "dice", "yields": "brick", "divisor": 4, "capacity": 7, "colour_limited": True},
    "quarry": {"kind": "dice", "yields": "stone", "divisor": 5, "capacity": 7, "colour_limited": True},
    "river": {"kind": "dice", "yields": "gold", "divisor": 6, "capacity": 7, "colour_limited": True},
    "toolmaker": {"kind": "village", "effect": "tool", "capacity": 1},
    "hut": {"kind": "village", "effect": "person", "capacity": 2, "exactly": 2},
    "field": {"kind": "village", "effect": "agriculture", "capacity": 1},
}
DICE_PLACES = tuple(p for p, d in PLACES.items() if d["kind"] == "dice")
VILLAGE_PLACES = tuple(p for p, d in PLACES.items() if d["kind"] == "village")
PLACE_OF_RESOURCE = {d["yields"]: p for p, d in PLACES.items() if d["kind"] == "dice"}

# The civilization card row: cost of each space in resources of any kind, space 1 the
# cheapest. (The expansion's 5th space costs ornaments: a new entry here.)
ROW_COSTS = (1, 2, 3, 4)

# What changes with the number of players: building stacks in play, how many village
# places may be used in a round (None: all) and how many colours may stand on each
# colour-limited place (None: no limit).
BY_PLAYERS = {
    2: {"stacks": 2, "village_places": 2, "colours": 1},
    3: {"stacks": 3, "village_places": 2, "colours": 2},
    4: {"stacks": 4, "village_places": None, "colours": None},
}

# The dice-for-everyone card: die face -> what the player who takes that die receives.
DICE_ITEMS = {1: "wood", 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}

CULTURES = ("medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving")
MULTIPLIERS = ("farmer", "toolmaker", "hut_builder", "shaman")


def _card(top: dict, bottom: tuple) -> dict:
    kind, value = bottom
    return {"top": top, "bottom": {"culture": value} if kind == "culture" else {"multiplier": kind, "count": value}}


def _dice() -> dict:
    return {"kind": "dice_roll_items"}


def _food(n: int) -> dict:
    return {"kind": "food", "n": n}


def _res(res: str, n: int) -> dict:
    return {"kind": "resource", "res": res, "n": n}


def _res_dice(res: str) -> dict:
    return {"kind": "resource_dice", "res": res, "dice": 2}


def _points(n: int) -> dict:
    return {"kind": "points", "n": n}


def _once(value: int) -> dict:
    return {"kind": "one_use_tool", "value": value}


C = "culture"
# 36 cards. Ids are stable strings stored in games: never rename or renumber.
CIV_CARDS = {
    "civ/dice-pottery": _card(_dice(), (C, "pottery")),
    "civ/dice-writing": _card(_dice(), (C, "writing")),
    "civ/dice-sundial": _card(_dice(), (C, "sundial")),
    "civ/dice-transport": _card(_dice(), (C, "transport")),
    "civ/dice-hutbuilder1": _card(_dice(), ("hut_builder", 1)),
    "civ/dice-hutbuilder2": _card(_dice(), ("hut_builder", 2)),
    "civ/dice-farmer1": _card(_dice(), ("farmer", 1)),
    "civ/dice-farmer2": _card(_dice(), ("farmer", 2)),
    "civ/dice-toolmaker2a": _card(_dice(), ("toolmaker", 2)),
    "civ/dice-toolmaker2b": _card(_dice(), ("toolmaker", 2)),
    "civ/food7-pottery": _card(_food(7), (C, "pottery")),
    "civ/food5-medicine": _card(_food(5), (C, "medicine")),
    "civ/food3-weaving": _card(_food(3), (C, "weaving")),
    "civ/food1-weaving": _card(_food(1), (C, "weaving")),
    "civ/food4-hutbuilder1": _card(_food(4), ("hut_builder", 1)),
    "civ/food2-hutbuilder2": _card(_food(2), ("hut_builder", 2)),
    "civ/food3-farmer2": _card(_food(3), ("farmer", 2)),
    "civ/stone2-transport": _card(_res("stone", 2), (C, "transport")),
    "civ/stone1-farmer1": _card(_res("stone", 1), ("farmer", 1)),
    "civ/stone1-shaman1": _card(_res("stone", 1), ("shaman", 1)),
    "civ/gold1-shaman1": _card(_res("gold", 1), ("shaman", 1)),
    "civ/brick1-shaman2": _card(_res("brick", 1), ("shaman", 2)),
    "civ/golddice-art": _card(_res_dice("gold"), (C, "art")),
    "civ/stonedice-shaman1": _card(_res_dice("stone"), ("shaman", 1)),
    "civ/wooddice-shaman2": _card(_res_dice("wood"), ("shaman", 2)),
    "civ/points3-music-a": _card(_points(3), (C, "music")),
    "civ/points3-music-b": _card(_points(3), (C, "music")),
    "civ/points3-hutbuilder3": _card(_points(3), ("hut_builder", 3)),
    "civ/tool-art": _card({"kind": "tool"}, (C, "art")),
    "civ/agriculture-sundial": _card({"kind": "agriculture"}, (C, "sundial")),
    "civ/agriculture-farmer1": _card({"kind": "agriculture"}, ("farmer", 1)),
    "civ/extracard-writing": _card({"kind": "extra_card"}, (C, "writing")),
    "civ/once4-toolmaker1": _card(_once(4), ("toolmaker", 1)),
    "civ/once3-toolmaker1": _card(_once(3), ("toolmaker", 1)),
    # Sources differ on this card's toolmakers (1 or 2); five of six card tables say 2.
    "civ/once2-toolmaker2": _card(_once(2), ("toolmaker", 2)),
    "civ/any2-medicine": _card({"kind": "any_two_resources"}, (C, "medicine")),
}


def _fixed(cost: str, points: int) -> dict:
    letters = {"w": "wood", "b": "brick", "s": "stone", "g": "gold"}
    counts: dict[str, int] = {}
    for ch in cost:
        counts[letters[ch]] = counts.get(letters[ch], 0) + 1
    return {"kind": "fixed", "cost": counts, "points": points}


# 28 tiles. Fixed tiles are named by their cost letters (w b s g) and a copy number;
# "4of2" means exactly 4 resources of exactly 2 kinds; "any" takes 1 to 7 of any kind.
BUILDINGS = {
    "bld/wwb-1": _fixed("wwb", 10),
    "bld/wws-1": _fixed("wws", 11),
    "bld/wbb-1": _fixed("wbb", 11),
    "bld/wwg-1": _fixed("wwg", 12),
    "bld/wbs-1": _fixed("wbs", 12),
    "bld/wbs-2": _fixed("wbs", 12),
    "bld/wss-1": _fixed("wss", 13),
    "bld/bbs-1": _fixed("bbs", 13),
    "bld/wbg-1": _fixed("wbg", 13),
    "bld/wbg-2": _fixed("wbg", 13),
    "bld/wsg-1": _fixed("wsg", 14),
    "bld/wsg-2": _fixed("wsg", 14),
    "bld/bss-1": _fixed("bss", 14),
    "bld/bbg-1": _fixed("bbg", 14),
    "bld/bsg-1": _fixed("bsg", 15),
    "bld/bsg-2": _fixed("bsg", 15),
    "bld/ssg-1": _fixed("ssg", 16),
    **{f"bld/{n}of{k}": {"kind": "count_kinds", "count": n, "kinds": k} for n in (4, 5) for k in (1, 2, 3, 4)},
    **{f"bld/any-{i}": {"kind": "any", "min": 1, "max": 7} for i in (1, 2, 3)},
}

CIV_IDS = tuple(sorted(CIV_CARDS))  # the base deck
BUILDING_IDS = tuple(sorted(BUILDINGS))  # the base tiles

# The lookups know the expansion's cards, tiles and places too; which of them are in play is
# decided by the game's options (see board.py). The base tables above stay the base game's.
CIV_CARDS.update(STYLE_CIV_CARDS)
BUILDINGS.update(STYLE_BUILDINGS)
BUILDINGS.update(SPIELBOX_BUILDINGS)
PLACE_INFO = {**PLACES, **STYLE_PLACES}
ALL_CULTURES = CULTURES + (NECKLACE,)  # the necklace is the expansion's 9th symbol
