"""Ratings computed from a player's cards (actions, happiness, culture, science, strength) and blue-token arithmetic:
paying with denominations, producing, the cap of the blue bank."""
from __future__ import annotations

from functools import lru_cache

from .army import tactic_bonus
from .board import HAPPY_MAX
from .cards import CARDS, card
from .cards.military import MILITARY

# --- the cards in play --------------------------------------------------------


def active_cards(p: dict) -> list[str]:
    """Card ids in play whose effects act: government, special technologies, leader, completed wonders."""
    out = [p["government"].split(":", 1)[0]]
    out += [p["specials"][k].split(":", 1)[0] for k in sorted(p["specials"])]
    if p["leader"]:
        out.append(p["leader"].split(":", 1)[0])
    flipped = p.get("flipped", ())  # Ravages of Time: face-down wonders lose their effects
    out += [c.split(":", 1)[0] for c in p["wonders"] if c not in flipped]
    return out


def refresh(p: dict) -> None:
    """Keep the seat's list of active cards (read on every rating) in step after cards enter or leave play."""
    p["active"] = active_cards(p)


def effect_cards(p: dict) -> tuple:
    """The active cards as a tuple (the key of their cached summary)."""
    return tuple(p["active"])


@lru_cache(maxsize=4096)
def _summary(cards: tuple) -> dict:
    """The effects of a set of cards in play, summed once per distinct set (cards change rarely)."""
    rates: dict = {}
    flags: dict = {}
    discounts: dict = {}
    by_op: dict = {}
    for cid in cards:
        for e in CARDS[cid].effects:
            by_op.setdefault(e.op, []).append((cid, e))
            if e.op == "rate":
                rates[e.stat] = rates.get(e.stat, 0) + e.amount
            elif e.op == "flag":
                flags.setdefault(e.stat, e.amount or True)
            elif e.op == "discount":
                key = (e.stat, e.level)
                discounts[key] = discounts.get(key, 0) + e.amount
    return {"rates": rates, "flags": flags, "discounts": discounts, "by_op": by_op}


def summary(p: dict) -> dict:
    """The summed effects of `p`'s active cards."""
    return _summary(effect_cards(p))


def effects(p: dict, op: str):
    """(card id, effect) for every active effect of `op`."""
    return summary(p)["by_op"].get(op, ())


def has_flag(p: dict, name: str) -> int | bool:
    """The amount of flag `name` (True when it has no number), or False."""
    return summary(p)["flags"].get(name, False)


def discount(p: dict, target: str, level: int = -1) -> int:
    """The sum of the discounts on `target` (for cards of `level` where the discount names one)."""
    d = summary(p)["discounts"]
    total = d.get((target, -1), 0)
    if level >= 0:
        total += d.get((target, level), 0)
    return total


def rate_sum(p: dict, stat: str) -> int:
    """The sum of the `rate` effects on `stat`."""
    return summary(p)["rates"].get(stat, 0)


def colony_rate(p: dict, stat: str) -> int:
    """What the seat's colonies add to `stat` while held (happy faces, strength: JA l.262)."""
    return sum(e.amount for c in p["colonies"] for e in MILITARY[c.split(":", 1)[0]].effects
               if e.op == "rate" and e.stat == stat)


KIND_ORDER = {"farm": 0, "mine": 1, "urban": 2, "unit": 3}


def in_order(workers: dict) -> list[str]:
    """The cards with workers in a fixed order (stored states come back with their keys reordered)."""
    return sorted(workers, key=lambda cid: (KIND_ORDER[CARDS[cid].kind], CARDS[cid].subtype, CARDS[cid].level))


def buildings(p: dict, kind: str, subtype: str | None = None) -> list[tuple[str, int]]:
    """(card id, workers) for the cards in play of `kind` (and `subtype`), lowest level first."""
    out = []
    for cid, n in p["workers"].items():
        c = CARDS[cid]
        if c.kind == kind and (subtype is None or c.subtype == subtype):
            out.append((cid, n))
    out.sort(key=lambda x: CARDS[x[0]].level)
    return out


def count_type(p: dict, subtype: str) -> int:
    """Buildings (workers) on all cards of an urban or unit subtype."""
    return sum(n for cid, n in p["workers"].items() if CARDS[cid].subtype == subtype)


# --- ratings ------------------------------------------------------------------


def government(p: dict):
    """The card of `p`'s government."""
    return card(p["government"])


def civil_actions_max(p: dict) -> int:
    """Civil actions per turn."""
    return government(p).civil_actions + rate_sum(p, "civil_actions")


def military_actions_max(p: dict) -> int:
    """Military actions per turn."""
    return max(0, government(p).military_actions + rate_sum(p, "military_actions"))


def urban_limit(p: dict) -> int:
    """Urban buildings allowed per type (the government's number)."""
    return government(p).urban_limit


def military_hand_limit(p: dict) -> int:
    """The military hand kept at the discard step: the military-action maximum (JA l.316), Library of Alexandria +1."""
    return military_actions_max(p) + rate_sum(p, "military_hand")


def civil_hand_limit(p: dict) -> int:
    """JA l.342: the civil hand holds at most as many cards as your civil actions (Library of Alexandria +1)."""
    return civil_actions_max(p) + rate_sum(p, "civil_hand")


def wonder_stages_per_action(p: dict) -> int:
    """Wonder stages one civil action builds (construction technologies)."""
    return max([1] + [e.amount for _, e in effects(p, "stages")])


def faces(p: dict, st_peters_bonus: bool = True) -> dict:
    """Happy faces: total (capped 0..8, JA l.503-505) and the faces of temples, theaters and wonders.

    St. Peter's Basilica doubles every positive face before the unhappy faces are subtracted and the track's
    cap of 8 applies (docs/tta.md). `st_peters_bonus`: whether the doubled faces also count for the leaders
    that read faces (Michelangelo, Joan of Arc).
    """
    temple = theater = arena = 0
    for cid, n in p["workers"].items():
        c = CARDS[cid]
        if c.happy and n:
            if c.subtype == "temple":
                temple += c.happy * n
            elif c.subtype == "theater":
                theater += c.happy * n
            else:
                arena += c.happy * n
    wonder = other = unhappy = 0
    for cid, e in effects(p, "rate"):
        if e.stat == "happy":
            if e.amount < 0:
                unhappy -= e.amount
            elif CARDS[cid].kind == "wonder":
                wonder += e.amount
            else:
                other += e.amount
    other += colony_rate(p, "happy")
    double = 2 if has_flag(p, "happy_faces_double") else 1
    positive = (temple + theater + arena + wonder + other) * double
    total = min(HAPPY_MAX, max(0, positive - unhappy))
    bonus = double if st_peters_bonus else 1
    return {"total": total, "temple": temple * bonus, "theater": theater * bonus, "wonder": wonder * bonus}


def best_level(p: dict, subtypes: tuple) -> int:
    """The highest level of a card of these subtypes with at least one building (-1: none)."""
    best = -1
    for cid, n in p["workers"].items():
        c = CARDS[cid]
        if n and c.subtype in subtypes and c.level > best:
            best = c.level
    return best


def unit_count(p: dict, types: tuple, level: int = -1) -> int:
    """Units of these types (and level) in play."""
    return sum(n for cid, n in p["workers"].items() if CARDS[cid].kind == "unit" and CARDS[cid].subtype in types
               and (level < 0 or CARDS[cid].level == level))


_NOT_RATINGS = frozenset(("discount", "stages", "blue_tokens", "trigger", "on_complete"))


FLIPPED_CULTURE = 2


def ratings(p: dict, options: dict | None = None) -> dict:
    """Culture and science per turn, strength, happy faces, and the action maxima, from the cards in play."""
    options = options or {}
    f = faces(p, options.get("st_peters_bonus", "doubled") == "doubled")
    culture = FLIPPED_CULTURE * len(p.get("flipped", ()))  # Ravages of Time: 2 culture a face-down wonder
    science = strength = 0
    labs = libraries = theaters = 0
    for cid, n in p["workers"].items():
        if not n:
            continue
        c = CARDS[cid]
        culture += c.culture * n
        science += c.science_yield * n
        strength += c.strength * n
        if c.subtype == "lab":
            labs += n
        elif c.subtype == "library":
            libraries += n
        elif c.subtype == "theater":
            theaters += n
    counts = {"lab": labs, "library": libraries, "theater": theaters}
    for cid in effect_cards(p):
        for e in CARDS[cid].effects:
            op = e.op
            if op in _NOT_RATINGS:
                continue
            if op == "rate":
                if e.stat == "culture":
                    culture += e.amount
                elif e.stat == "science":
                    science += e.amount
                elif e.stat == "strength":
                    strength += e.amount
            elif op == "per_unit":
                n = unit_count(p, e.of, e.level)
                if e.cap:
                    n = min(n, e.cap)
                if e.stat == "strength":
                    strength += e.amount * n
                else:
                    culture += e.amount * n
            elif op == "per_building":
                n = sum(counts.get(t, 0) for t in e.of)
                if e.stat == "culture":
                    culture += e.amount * n
                elif e.stat == "science":
                    science += e.amount * n
            elif op == "per_level" and e.stat == "culture":
                culture += e.amount * sum(CARDS[c2].level * n for c2, n in p["workers"].items()
                                          if CARDS[c2].subtype in e.of)
            elif op == "per_colony":  # James Cook
                culture += e.amount * len(p["colonies"])
            elif op == "per_pair":
                culture += e.amount * min(counts[e.of[0]], counts[e.of[1]])
            elif op == "per_face":
                n = sum(f[k] for k in e.of)
                if e.stat == "culture":
                    culture += e.amount * n
                else:
                    strength += e.amount * n
            elif op == "flag":
                if e.stat == "best_lab_or_library_science":
                    science += max(0, best_level(p, ("lab", "library")))
                elif e.stat == "best_theater_double":
                    best = best_level(p, ("theater",))
                    if best >= 0:
                        culture += max(CARDS[c2].culture for c2, n in p["workers"].items()
                                       if n and CARDS[c2].subtype == "theater" and CARDS[c2].level == best)
    if p["colonies"]:
        strength += colony_rate(p, "strength")
    if p["tactic"] is not None and not has_flag(p, "ignore_own_tactic"):  # Genghis Khan: no tactic (notes)
        strength += tactic_bonus(p, napoleon=bool(has_flag(p, "best_army_tactic_twice")))
    return {
        "culture": culture, "science": max(0, science), "strength": max(0, strength), "happy": f["total"],
        "civil_actions": civil_actions_max(p), "military_actions": military_actions_max(p),
        "urban_limit": urban_limit(p), "civil_hand": civil_hand_limit(p),
    }


# --- blue tokens: food and resources ------------------------------------------


VALUE = {"food": {c.id: c.food for c in CARDS.values() if c.food},
         "resource": {c.id: c.resource for c in CARDS.values() if c.resource}}


def store(p: dict, what: str) -> list[tuple[str, int]]:
    """(card id, value of a token) of the farms ("food") or mines ("resource") in play, best first."""
    values = VALUE[what]
    out = [(cid, values[cid]) for cid in p["tokens"] if cid in values]
    out.sort(key=lambda x: -x[1])
    return out


def amount(p: dict, what: str) -> int:
    """Food or resources held: tokens × the value of their card."""
    values = VALUE[what]
    return sum(n * values[cid] for cid, n in p["tokens"].items() if cid in values)


def produce(p: dict, what: str, value: int) -> int:
    """Put tokens worth `value` on farms or mines from the blue bank, fewest tokens first; capped by the bank
    (JA l.519, l.533). Returns the value produced."""
    done = 0
    for cid, v in store(p, what):
        while value - done >= v and p["blue"] > 0:
            p["tokens"][cid] += 1
            p["blue"] -= 1
            done += v
    return done


def payment(p: dict, what: str, cost: int) -> dict | None:
    """The default way to pay `cost` (JA l.434-440): the new tokens per card, or None when it cannot be paid.

    Tokens are removed or moved to a lower-value card to make change, never upwards. Among the ways:
    the least overpayment, then the fewest tokens kept (more back in the blue bank), then the higher values kept.
    """
    if cost <= 0:
        return dict(p["tokens"])
    cards = store(p, what)
    if not cards or sum(p["tokens"][cid] * v for cid, v in cards) < cost:
        return None
    values = [v for _, v in cards]  # best first
    tokens = [v for cid, v in cards for _ in range(p["tokens"][cid])]  # best first
    total = sum(tokens)
    best = None
    for target in range(total - cost, -1, -1):  # value kept: as much as possible (least overpayment)
        kept = _keep(tokens, values, target)
        if kept is not None:
            best = kept
            break
    out = {cid: t for cid, t in p["tokens"].items()}
    for cid, _ in cards:
        out[cid] = 0
    index = {v: cid for cid, v in cards}
    for v in best:
        out[index[v]] += 1
    return out


def _keep(tokens: list[int], values: list[int], target: int) -> list[int] | None:
    """The fewest token values (each no more than a distinct original token's value) summing to `target`."""
    # Greedy over the best tokens: keep a token whole while it fits, else move it down to the value that is left.
    out: list[int] = []
    left = target
    for t in tokens:
        if left == 0:
            break
        if t <= left:
            out.append(t)
            left -= t
        else:
            lower = [v for v in values if v <= left]
            if lower:
                out.append(lower[0])
                left -= lower[0]
    if left == 0:
        return out
    return None


def apply_tokens(p: dict, new_tokens: dict) -> int:
    """Set the tokens on cards; tokens removed go back to the blue bank. Returns the value change."""
    back = sum(p["tokens"].values()) - sum(new_tokens.values())
    p["blue"] += back
    p["tokens"] = new_tokens
    return back


def pay(p: dict, what: str, cost: int, explicit: tuple | None = None) -> bool:
    """Pay `cost` food or resources (the default way, or the token moves `explicit`); False if it cannot."""
    if explicit:
        new = explicit_payment(p, what, cost, explicit)
    else:
        new = payment(p, what, cost)
    if new is None:
        return False
    apply_tokens(p, new)
    return True


def explicit_payment(p: dict, what: str, cost: int, moves: tuple) -> dict | None:
    """Tokens after the moves ("card" removes a token, ("from", "to") moves one down); None if they don't pay."""
    tokens = dict(p["tokens"])
    paid = 0
    for m in moves:
        src, dst = (m, None) if isinstance(m, str) else m
        v = getattr(CARDS[src], what, 0) if src in tokens else 0
        if not v or tokens[src] <= 0:
            return None
        tokens[src] -= 1
        if dst is None:
            paid += v
        else:
            w = getattr(CARDS[dst], what, 0) if dst in tokens else 0
            if not w or w >= v:
                return None
            tokens[dst] += 1
            paid += v - w
    return tokens if paid >= cost else None
