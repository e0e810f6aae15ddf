"""Paying for cards, buildings and food: which payments are valid, which exist, what they score."""
from __future__ import annotations

from .cards import BUILDINGS, RESOURCES, VALUE
from .messages import Msg
from .style_cards import ORNAMENT
from .state import illegal

ANY_MAX = 7  # the "1 to 7 of any kind" tiles


def combos(p: dict, k: int) -> list[tuple]:
    """Every multiset of `k` resources that seat `p` holds, cheapest resources first."""
    out = []
    w, b, s, g = p["wood"], p["brick"], p["stone"], p["gold"]
    for a in range(min(w, k), -1, -1):
        for c in range(min(b, k - a), -1, -1):
            for d in range(min(s, k - a - c), -1, -1):
                e = k - a - c - d
                if e <= g:
                    out.append(("wood",) * a + ("brick",) * c + ("stone",) * d + ("gold",) * e)
    return out


def missing(p: dict, pay: tuple) -> str | None:
    """The first resource `pay` asks for that `p` does not have enough of."""
    for r in RESOURCES:
        if pay.count(r) > p[r]:
            return r
    return None


def cost_msg(tile: str) -> Msg:
    """What a building asks for, in words (every kind, the expansion's included)."""
    b = BUILDINGS[tile]
    if b["kind"] == "fixed":
        return Msg("cost_fixed", items=tuple(r for r in RESOURCES for _ in range(b["cost"].get(r, 0))))
    if b["kind"] == "count_kinds":
        return Msg("cost_count_kinds", count=b["count"], kinds=b["kinds"])
    if b["kind"] == "ornaments":
        return Msg("cost_ornaments", min=b["min"], max=b["max"])
    return Msg("cost_any")


def describe_cost(tile: str) -> str:
    """What a building asks for, in English (command templates show it)."""
    return str(cost_msg(tile))


def building_error(tile: str, pay: tuple) -> Msg | None:
    """Why `pay` does not fit building `tile` (holdings aside), or None."""
    b = BUILDINGS[tile]
    if b["kind"] == "ornaments":
        if any(x != ORNAMENT for x in pay) or not b["min"] <= len(pay) <= b["max"]:
            return Msg("building_takes", cost=cost_msg(tile))
        return None
    if any(x == ORNAMENT for x in pay):
        return Msg("ornaments_for_buildings")
    if any(x not in RESOURCES for x in pay):
        return Msg("resources_for_buildings")
    if b["kind"] == "fixed":
        if {r: pay.count(r) for r in set(pay)} != b["cost"]:
            return Msg("building_costs", cost=cost_msg(tile))
    elif b["kind"] == "count_kinds":
        if len(pay) != b["count"] or len(set(pay)) != b["kinds"]:
            return Msg("building_takes", cost=cost_msg(tile))
    elif not 1 <= len(pay) <= ANY_MAX:
        return Msg("building_takes", cost=cost_msg(tile))
    return None


def building_points(tile: str, pay: tuple) -> int:
    """Points for building `tile` with `pay`: printed, 4 per ornament, or the value of what was paid."""
    b = BUILDINGS[tile]
    if b["kind"] == "fixed":
        return b["points"]
    if b["kind"] == "ornaments":
        return b["per"] * pay.count(ORNAMENT)
    return sum(VALUE[r] for r in pay)


def building_payments(p: dict, tile: str) -> list[tuple]:
    """Every valid payment for `tile` that `p` can make."""
    b = BUILDINGS[tile]
    if b["kind"] == "fixed":
        pay = tuple(r for r in RESOURCES for _ in range(b["cost"].get(r, 0)))
        return [pay] if missing(p, pay) is None else []
    if b["kind"] == "count_kinds":
        return [c for c in combos(p, b["count"]) if len(set(c)) == b["kinds"]]
    out = []
    for k in range(b["min"], b["max"] + 1):
        out.extend(combos(p, k))
    return out


def can_build(p: dict, tile: str) -> bool:
    """Whether `p` can pay for `tile` (without listing the payments)."""
    need = _FIXED_COSTS.get(tile)
    if need is not None:
        # A loop, not all(...): the bot asks this for every stack on every placement.
        for r, n in need:
            if p[r] < n:
                return False
        return True
    b = BUILDINGS[tile]
    if b["kind"] == "count_kinds":
        # The `kinds` largest holdings: all must be there (the smallest of them not 0) and add up to `count`.
        kinds = b["kinds"]
        most = sorted((p["wood"], p["brick"], p["stone"], p["gold"]), reverse=True)[:kinds]
        return most[-1] > 0 and sum(most) >= b["count"]
    return p["wood"] + p["brick"] + p["stone"] + p["gold"] >= b["min"]


# What each fixed tile costs, as (resource, count) pairs: can_build reads it on every placement of the bot.
_FIXED_COSTS: dict[str, tuple] = {}


def refresh_costs() -> None:
    """Read the fixed tiles' costs again (after the expansion's values changed: style_cards.use_components)."""
    _FIXED_COSTS.clear()
    _FIXED_COSTS.update({tile: tuple(b["cost"].items()) for tile, b in BUILDINGS.items() if b["kind"] == "fixed"})


refresh_costs()


def cheapest(p: dict, k: int) -> tuple | None:
    """The `k` least valuable resources `p` holds, or None if it holds fewer."""
    out: list[str] = []
    for r in RESOURCES:
        take = min(p[r], k - len(out))
        out.extend([r] * take)
    return tuple(out) if len(out) == k else None


_RESOURCE_SET = frozenset(RESOURCES)


def check_resources(move, p: dict, pay: tuple) -> None:
    """Refuse food or unknown items and resources the player does not have."""
    if not _RESOURCE_SET.issuperset(pay):
        raise illegal(move, Msg("pay_resources"))
    short = missing(p, pay)
    if short:
        raise illegal(move, Msg("you_have", n=p[short], item=short))
