"""Tactics and armies (JA l.477-495): the best way to group a seat's units into the armies its tactic names.

An army is an exact set of units (the tactic's `requires`); each unit is in at most one army. An army with a
unit two or more ages older than the tactic adds the tactic's smaller value. An air force stands in for one unit
of any type (at most one per army, never an army of air forces alone) and doubles that army's value.
The grouping is the best one (not greedy): a search over the counts of fresh and outdated units of each type.
"""
from __future__ import annotations

from functools import lru_cache

from .cards import CARDS
from .cards.military import MILITARY

TYPES = ("infantry", "cavalry", "artillery")


def unit_counts(p: dict, tactic_level: int) -> tuple:
    """(fresh, outdated) counts per type in TYPES order, then the air forces."""
    fresh = [0, 0, 0]
    old = [0, 0, 0]
    air = 0
    for cid, n in p["workers"].items():
        c = CARDS[cid]
        if not n or c.kind != "unit":
            continue
        if c.subtype == "air_force":
            air += n
        elif tactic_level - c.level >= 2:
            old[TYPES.index(c.subtype)] += n
        else:
            fresh[TYPES.index(c.subtype)] += n
    return tuple(fresh) + tuple(old) + (air,)


def armies(p: dict) -> list[int]:
    """The value of each army of the seat's best grouping under its tactic (empty without one)."""
    if p.get("tactic") is None:
        return []
    t = MILITARY[p["tactic"].split(":", 1)[0]]
    need = tuple(dict(t.requires).get(k, 0) for k in TYPES)
    level = {"I": 1, "II": 2, "III": 3}[t.age]
    return list(_best(need, t.strength, t.outdated if t.outdated is not None else t.strength,
                      unit_counts(p, level))[1])


def tactic_bonus(p: dict, napoleon: bool = False) -> int:
    """The strength the tactic adds; Napoleon adds the best army's value once more."""
    values = armies(p)
    return sum(values) + (max(values) if napoleon and values else 0)


@lru_cache(maxsize=8192)
def _best(need: tuple, full: int, reduced: int, counts: tuple) -> tuple[int, tuple]:
    """(total, army values) of the best grouping of `counts` into armies of `need`."""
    best = (0, ())
    for army, rest in _one_army(need, counts):
        value = (full if army[0] else reduced) * (2 if army[1] else 1)
        total, values = _best(need, full, reduced, rest)
        if total + value > best[0]:
            best = (total + value, (value,) + values)
    return best


def _one_army(need: tuple, counts: tuple):
    """Each distinct way to form one army: ((all fresh?, air force?), counts left).

    Outdated units go first into an outdated army (it is reduced anyway), fresh ones fill the rest.
    """
    fresh, old, air = list(counts[:3]), list(counts[3:6]), counts[6]
    seen = set()
    subs = [None] + ([i for i in range(3) if need[i]] if air else [])
    for sub in subs:
        want = list(need)
        if sub is not None:
            want[sub] -= 1
        if sum(want) == 0:
            continue  # never an army of an air force alone
        for use_old in (False, True):
            f, o = fresh[:], old[:]
            ok = True
            took_old = False
            for i in range(3):
                k = want[i]
                if use_old:
                    from_old = min(k, o[i])
                    o[i] -= from_old
                    k -= from_old
                    took_old = took_old or from_old > 0
                if f[i] < k:
                    ok = False
                    break
                f[i] -= k
            if not ok or (use_old and not took_old):
                continue
            rest = tuple(f) + tuple(o) + (air - (sub is not None),)
            key = (not took_old, sub is not None, rest)
            if key not in seen:
                seen.add(key)
                yield (not took_old, sub is not None), rest
