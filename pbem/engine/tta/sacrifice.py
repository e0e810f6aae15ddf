"""Sacrificed units (JA l.255-260): what they are worth and where their workers go.

Aggressors and defenders (JA l.268-282) and colonists paying for a territory (JA l.245-253) remove units
from their military technologies. A sacrificed unit is worth its card's strength; units that make up a whole
army of the seat's tactic add that army's value too (the smaller value when a unit is two or more ages older,
doubled by an air force), grouped the best way. Strength from leaders, wonders and special technologies is
the civilization's, not the units', and does not count, except Genghis Khan's, which his cavalry carry.
Callers enforce who may sacrifice when (none in the last round, JA l.581; a colonist at least one unit).
"""
from __future__ import annotations

from . import economy as eco
from .army import TYPES, _best, unit_counts
from .board import return_yellow
from .cards import CARDS
from .cards.military import MILITARY
from .messages import Msg


def units_in_play(p: dict) -> dict[str, int]:
    """The seat's units: {unit card id: count}."""
    return {cid: n for cid, n in p["workers"].items() if n and CARDS[cid].kind == "unit"}


def problem(p: dict, units: dict[str, int]) -> Msg | None:
    """Why the seat cannot sacrifice `units` (None when it can)."""
    have = units_in_play(p)
    for cid, n in units.items():
        if cid not in CARDS or CARDS[cid].kind != "unit":
            return Msg("not_a_unit", cid=cid)
        if n < 1 or have.get(cid, 0) < n:
            return Msg("units_have", have=have.get(cid, 0), card=CARDS[cid].name, n=n)
    return None


def value(p: dict, units: dict[str, int]) -> int:
    """What sacrificing `units` (a subset of the seat's units) adds to its strength."""
    total = sum(CARDS[cid].strength * n for cid, n in units.items())
    if eco.has_flag(p, "ignore_own_tactic"):  # Genghis Khan: no tactic; his +1 per cavalry goes with them
        return total + sum(n for cid, n in units.items() if CARDS[cid].subtype == "cavalry")
    if p.get("tactic") is None:
        return total
    t = MILITARY[p["tactic"].split(":", 1)[0]]
    need = tuple(dict(t.requires).get(k, 0) for k in TYPES)
    level = {"I": 1, "II": 2, "III": 3}[t.age]
    reduced = t.outdated if t.outdated is not None else t.strength
    return total + _best(need, t.strength, reduced, unit_counts({"workers": units}, level))[0]


def remove(p: dict, units: dict[str, int]) -> None:
    """Take the sacrificed units off their cards: their workers go back to the yellow bank (JA l.273)."""
    for cid, n in units.items():
        p["workers"][cid] -= n
        return_yellow(p, n)
    eco.refresh(p)
