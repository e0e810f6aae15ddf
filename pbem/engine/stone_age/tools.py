"""Tools: the upgrade sequence, which tools are free, and the cheapest set that reaches the next unit."""
from __future__ import annotations

from functools import lru_cache

from .cards import TOOL_MAX


def tool_step(p: dict) -> bool:
    """Give seat `p` one tool step; False when all tiles are already at the top value."""
    tools = p["tools"][:]  # replaced, never changed in place: the state before the move shares it
    low = min(tools)
    if low >= TOOL_MAX:
        return False
    # Rulebook sequence: empty slots get a 1 first, then the lowest tile is turned up.
    # Among equal tiles an unused one goes up, so a tile gained mid-round can be used
    # (the rulebook does not say; this is never worse for the player).
    lows = [i for i, v in enumerate(tools) if v == low]
    i = next((i for i in lows if not p["used"][i]), lows[0])
    tools[i] += 1
    p["tools"] = tools
    return True


def subsets(values: list[int]) -> tuple[tuple, ...]:
    """Distinct sub-multisets of `values`, each sorted high to low."""
    return _subsets(tuple(values))


def auto_tools(tiles: list[int], cards: list[int], need: int) -> tuple[tuple, tuple] | None:
    """The cheapest tools reaching `need` more points: tiles alone if they can, the smallest total
    otherwise (one-use cards are spent for good, so they come last); None if out of reach."""
    return _auto_tools(tuple(tiles), tuple(cards), need)


# Both are worked out once per set of values: a seat has at most three tiles and three cards, so there
# are few sets, and every automatic roll asks (the bot says "tools auto" for most of its rolls).
@lru_cache(maxsize=1024)
def _subsets(values: tuple) -> tuple[tuple, ...]:
    out = {()}
    for v in values:
        out |= {tuple(sorted(s + (v,), reverse=True)) for s in out}
    return tuple(sorted(out, key=lambda s: (len(s), s)))


@lru_cache(maxsize=1024)
def _auto_tools(tiles: tuple, cards: tuple, need: int) -> tuple[tuple, tuple] | None:
    best = None
    best_key = None
    for ts in _subsets(tiles):
        t = sum(ts)
        for cs in _subsets(cards):
            total = t + sum(cs)
            if total < need:
                continue
            key = (bool(cs), sum(cs), total, len(ts))
            if best_key is None or key < best_key:
                best, best_key = (ts, cs), key
    return best


def take(values: list[int], wanted: tuple) -> list[int] | None:
    """Indices in `values` matching the multiset `wanted`, or None if it is not there."""
    used: list[int] = []
    for v in wanted:
        i = next((i for i, x in enumerate(values) if x == v and i not in used), None)
        if i is None:
            return None
        used.append(i)
    return used
