"""Final scoring: culture sets, the four multipliers, leftover resources, and the tie-break."""
from __future__ import annotations

from .cards import ALL_CULTURES, CIV_CARDS, MULTIPLIERS, RESOURCES
from .style_cards import TRADER


def culture_points(symbols: list[str]) -> int:
    """Each set of distinct culture symbols scores its size squared (5 distinct + 1 double = 25 + 1).
    The expansion's necklace is a 9th symbol: a full set of 9 scores 81."""
    counts = [symbols.count(c) for c in ALL_CULTURES]
    points = 0
    for k in range(1, max(counts, default=0) + 1):
        distinct = sum(1 for c in counts if c >= k)
        points += distinct * distinct
    return points


def multiplier_base(p: dict, kind: str) -> int:
    """What a multiplier card counts: agriculture, tool tile value, buildings or people."""
    if kind == "farmer":
        return p["agri"]
    if kind == "toolmaker":
        return sum(p["tools"])  # tool tiles only; one-use cards are not tool tiles
    if kind == "hut_builder":
        return len(p["buildings"])
    if kind == TRADER:
        return p.get("trade", 0)  # expansion: the own trade track position
    return p["people"]


def score_seat(p: dict) -> dict:
    """The final-scoring breakdown of one seat (its face-down extra cards included)."""
    cards = p["cards"] + p["hidden"]
    bottoms = [CIV_CARDS[c]["bottom"] for c in cards]
    out = {"track": p["score"], "culture": culture_points([b["culture"] for b in bottoms if "culture" in b])}
    # The trader line appears only in expansion games (a base result keeps its keys).
    for kind in MULTIPLIERS + ((TRADER,) if "trade" in p else ()):
        count = sum(b["count"] for b in bottoms if b.get("multiplier") == kind)
        out[kind] = count * multiplier_base(p, kind)
    # Ornaments score nothing at the end (expansion); resources 1 point each.
    out["resources"] = sum(p[r] for r in RESOURCES)
    if p.get("any2"):
        # A player at the table takes an unused any-2-resources card for its two resources.
        out["unused_cards"] = 2 * len(p["any2"])
    out["total"] = sum(out.values())
    return out


def final_scores(state: dict) -> list[dict]:
    """The final-scoring breakdown of every seat."""
    return [score_seat(p) for p in state["seats"]]


def tie_key(p: dict, rule: str) -> tuple:
    """Higher is better. Rulebook: agriculture, then tool value, then people; option: their sum."""
    agri, tools, people = p["agri"], sum(p["tools"]), p["people"]
    if rule == "sum":
        return (agri + tools + people,)
    return (agri, tools, people)


def ranking(state: dict, totals: list[int]) -> tuple[list[int], dict[int, int]]:
    """Seats best first, and each seat's place (a full tie shares the place)."""
    rule = state["options"].get("tie_break", "rulebook")
    keys = {s: (totals[s],) + tie_key(p, rule) for s, p in enumerate(state["seats"])}
    order = sorted(keys, key=lambda s: (tuple(-k for k in keys[s]), s))
    places: dict[int, int] = {}
    for i, s in enumerate(order):
        places[s] = places[order[i - 1]] if i and keys[order[i - 1]] == keys[s] else i + 1
    return order, places
