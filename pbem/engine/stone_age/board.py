"""What a game's board holds, by player count and expansion: places in order, card spaces, limits."""
from __future__ import annotations

from functools import lru_cache

from .cards import BY_PLAYERS, PLACE_INFO, PLACES, ROW_COSTS, VILLAGE_PLACES
from .style_cards import STYLE_BY_PLAYERS, STYLE_PLACES, STYLE_ROW, STYLE_VILLAGE

BASE_ROW = tuple({"n": n, "item": "resource"} for n in ROW_COSTS)


def is_style(state: dict) -> bool:
    """Whether this game is played with the expansion "Style is the Goal"."""
    return state["options"].get("expansion") == "style"


def limits(state: dict) -> dict:
    """Stacks, usable village places and colours per resource place for this game's player count."""
    return (STYLE_BY_PLAYERS if is_style(state) else BY_PLAYERS)[state["players"]]


def village(state: dict) -> tuple[str, ...]:
    """The village places of this game (the expansion adds the trading post)."""
    return STYLE_VILLAGE if is_style(state) else VILLAGE_PLACES


def row_spaces(state: dict) -> tuple[dict, ...]:
    """The card spaces, cheapest first: each {"n": count, "item": "resource" | "ornament"}."""
    return STYLE_ROW if is_style(state) else BASE_ROW


def row_size(state: dict) -> int:
    """How many cards lie face up."""
    return len(row_spaces(state))


@lru_cache(maxsize=None)
def place_ids(players: int, style: bool = False) -> tuple[str, ...]:
    """Every place of a game in board order (the order of resolution prompts)."""
    village_and_dice = tuple(PLACES) + (("tradingpost",) if style else ())
    row = len(STYLE_ROW if style else ROW_COSTS)
    stacks = (STYLE_BY_PLAYERS if style else BY_PLAYERS)[players]["stacks"]
    workplaces = tuple(pid for pid, info in STYLE_PLACES.items() if info.get("owner_only")) if style else ()
    return (village_and_dice + tuple(f"civ{i}" for i in range(1, row + 1))
            + tuple(f"building{i}" for i in range(1, stacks + 1)) + workplaces)


def places(state: dict) -> tuple[str, ...]:
    """The places of this game in board order. Never iterate the board dict itself: a state
    stored as JSONB comes back with its keys in another order."""
    # is_style written out: the action phase asks for the places several times a move.
    return place_ids(state["players"], state["options"].get("expansion") == "style")


def info(pid: str) -> dict:
    """The data of a dice or village place."""
    return PLACE_INFO[pid]
