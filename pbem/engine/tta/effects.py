"""The effects of the military cards' outcomes on one seat (`apply_outcome`) and what they read: strength with the
pacts, the seats an effect targets, discontent, the counts an effect is multiplied by, the workers lost first; and
the answers an `event_choice` frame offers. Low in the package: events, colonies and conflict apply or read them,
and the turn, the actions, the rules and the bot read strength, discontent and the answers offered."""
from __future__ import annotations

from .. import base
from . import economy as eco
from . import pacts
from .board import happy_needed, printed_yellow, return_yellow, take_yellow
from .cards import CARDS
from .military_deck import draw_military

CULTURE_BY_AGE = {"A": 0, "I": 1, "II": 2, "III": 3}  # JA l.207: culture for preparing an event, by its back


def strength(state: dict, seat: int) -> int:
    """The seat's strength rating with its pacts (Military Pact, Promise of Military Protection)."""
    return eco.ratings(state["seats"][seat], state["options"])["strength"] + pacts.rate(state, seat, "strength")


def ranked(state: dict, key, strongest: bool) -> list[int]:
    """Seats from the first to the last by `key(seat)`; ties: the earlier in turn order from the active player
    comes first among the strongest, the later one counts as the weaker (JA l.219-223)."""
    n = state["players"]
    first = state["turn"]
    order = [(first + i) % n for i in range(n)]
    if strongest:
        return sorted(order, key=lambda s: (-key(s), order.index(s)))
    return sorted(order, key=lambda s: (key(s), -order.index(s)))


def targets(state: dict, who: str) -> list[int]:
    """The seats an event's effect touches; "two ..." means one with 2 players (JA l.225)."""
    n = state["players"]
    two = 1 if n == 2 else 2

    def st(s):
        return strength(state, s)

    def cu(s):
        return state["seats"][s]["culture"]
    if who == "all":
        return [(state["turn"] + i) % n for i in range(n)]
    if who == "active":
        return [state["turn"]]
    if who == "strongest":
        return ranked(state, st, True)[:1]
    if who == "weakest":
        return ranked(state, st, False)[:1]
    if who == "two_strongest":
        return ranked(state, st, True)[:two]
    if who == "two_weakest":
        return ranked(state, st, False)[:two]
    if who == "most_culture":
        return ranked(state, cu, True)[:1]
    if who == "least_culture":
        return ranked(state, cu, False)[:1]
    if who == "most_culture_if_two_weakest":
        top = ranked(state, cu, True)[0]
        return [top] if top in ranked(state, st, False)[:two] else []
    if who == "others_of_least_culture":
        least = ranked(state, cu, False)[0]
        return [s for s in targets(state, "all") if s != least]
    if who == "most_happy":
        faces = {s: eco.ratings(state["seats"][s], state["options"])["happy"] for s in range(n)}
        best = max(faces.values())
        return [s for s in targets(state, "all") if faces[s] == best]  # JA: "civilization(s)": all tied
    raise ValueError(who)


def discontent(p: dict, options: dict) -> int:
    """Discontent workers: happy faces short of the number the yellow bank asks for. Not capped at the idle
    workers: more discontent than idle workers is an uprising (JA l.507, the card data's definition)."""
    return max(0, happy_needed(printed_yellow(p)) - eco.ratings(p, options)["happy"])


def uprising_ahead(p: dict, options: dict) -> bool:
    """Whether production would find an uprising: more discontent workers than unused ones (JA l.499-507)."""
    return discontent(p, options) > p["idle"]


def count(state: dict, seat: int, per: str, table: tuple) -> int:
    """How many times an effect counted `per` something applies to `seat`."""
    p = state["seats"][seat]
    opts = state["options"]
    w = p["workers"]
    if per == "":
        return 1
    if per == "culture_rate":
        return eco.ratings(p, opts)["culture"]
    if per == "science_rate":
        return eco.ratings(p, opts)["science"]
    if per == "discontent":
        return discontent(p, opts)
    if per == "happy":
        return eco.ratings(p, opts)["happy"]
    if per == "content_above_10":
        workers = sum(w.values()) + p["idle"]
        return max(0, workers - discontent(p, opts) - 10)
    if per == "civil_actions_max":
        return eco.civil_actions_max(p)
    if per == "military_actions_max":
        return eco.military_actions_max(p)
    if per == "colony":
        return len(p["colonies"])
    if per == "urban_level":
        return sum(CARDS[c].level * n for c, n in w.items() if CARDS[c].kind == "urban")
    if per == "unit_and_arena_level":
        return sum(CARDS[c].level * n for c, n in w.items() if CARDS[c].kind == "unit" or CARDS[c].subtype == "arena")
    if per == "government_and_special_level":
        return CARDS[p["government"].split(":", 1)[0]].level + sum(
            CARDS[c.split(":", 1)[0]].level for c in p["specials"].values())
    if per == "technology_III":
        techs = p["played"] + list(p["specials"].values()) + [p["government"]]
        return sum(1 for c in techs if CARDS[c.split(":", 1)[0]].age == "III")
    if per == "farm_food":
        return sum(CARDS[c].food * n for c, n in w.items() if CARDS[c].kind == "farm")
    if per == "mine_resource":
        return sum(CARDS[c].resource * n for c, n in w.items() if CARDS[c].kind == "mine")
    if per == "wonder_by_age":
        return sum(table[CULTURE_BY_AGE[CARDS[c.split(":", 1)[0]].age]] for c in p["wonders"])
    raise ValueError(per)


def worker_order(p: dict) -> list[str]:
    """The cards holding workers, the default one to lose a worker from first: units, then urban buildings, then
    mines and farms, lowest level first."""
    order = {"unit": 0, "urban": 1, "mine": 2, "farm": 3}
    return sorted((c for c, n in p["workers"].items() if n), key=lambda c: (order[CARDS[c].kind], CARDS[c].level, c))


def lose_population(state: dict, seat: int) -> bool:
    """JA l.231: an unused worker back to the yellow bank, else a worker from a card (default: the cheapest
    card: units, then urban buildings, then farms and mines, lowest level first)."""
    p = state["seats"][seat]
    if p["idle"]:
        p["idle"] -= 1
    else:
        held = worker_order(p)
        if not held:
            return False
        p["workers"][held[0]] -= 1
    return_yellow(p)
    return True


def lose_goods(p: dict, total: int) -> int:
    """Lose up to `total` food and/or resources (default: resources first); returns what was lost."""
    lost = 0
    for what in ("resource", "food"):
        k = min(total - lost, eco.amount(p, what))
        if k and eco.pay(p, what, k):
            lost += k
    return lost


def apply_outcome(state: dict, e, seat: int, events: list) -> None:
    """One effect of a resolved event on one seat."""
    p = state["seats"][seat]
    n = e.amount * count(state, seat, e.per, e.table) if e.per != "wonder_by_age" else count(state, seat, e.per,
                                                                                                 e.table)
    if e.cap:
        n = min(n, e.cap)
    if e.op == "gain":
        before = p[e.stat]
        p[e.stat] = max(0, p[e.stat] + n)
        events.append(base.event("event_gain", seat, what=e.stat, amount=p[e.stat] - before))
    elif e.op == "produce":
        if e.stat in ("food", "resource"):
            got = eco.produce(p, e.stat, n)
            events.append(base.event("produced", seat, what=e.stat, amount=got))
    elif e.op == "lose":
        if e.stat == "population":
            for _ in range(n):
                lose_population(state, seat)
        elif e.stat == "all_food":
            for cid, _ in eco.store(p, "food"):
                p["blue"] += p["tokens"][cid]
                p["tokens"][cid] = 0
        elif e.stat == "food_and_resource":
            lose_goods(p, n)
        elif e.stat == "blue_token":
            for _ in range(n):
                if p["blue"]:
                    p["blue"] -= 1
                    p["blue_extra"] -= 1
        elif e.stat == "discontent_half_up":
            for _ in range(min(p["idle"], (discontent(p, state["options"]) + 1) // 2)):
                lose_population(state, seat)
        elif e.stat == "leaders_not_current":
            if p["leader"] and CARDS[p["leader"].split(":", 1)[0]].age != state["age"]:
                state["discard"].append(p["leader"])
                p["leader"] = None
                eco.refresh(p)
    elif e.op == "take" and e.stat == "yellow_bank":
        weak = targets(state, "weakest")[0]
        q = state["seats"][weak]
        if weak != seat and q["yellow"]:
            take_yellow(q)
            q["boxed"] += 1   # boxed: net yellow tokens gone from this seat (negative: gained from others)
            return_yellow(p)
            p["boxed"] -= 1
    elif e.op == "populate":
        for _ in range(n):
            if p["yellow"]:
                take_yellow(p)
                p["idle"] += 1
    elif e.op == "free_build":
        cid = "civ/A/religion" if e.stat == "temple" else "civ/A/warriors"
        if p["idle"] and eco.count_type(p, "temple") < eco.urban_limit(p) or e.stat == "infantry" and p["idle"]:
            p["idle"] -= 1
            p["workers"][cid] = p["workers"].get(cid, 0) + 1
            events.append(base.event("built", seat, card=cid, cost=0))
    elif e.op == "draw":
        draw_military(state, seat, n, events)
    elif e.op == "rank":
        i = state["players"] - 2
        key = (lambda s: eco.ratings(state["seats"][s], state["options"])["science"]) \
            if e.stat == "science_rate" else (lambda s: strength(state, s))
        place = ranked(state, key, True).index(seat)
        p["culture"] += e.table[i][place]
    elif e.op == "rule" and e.stat == "skip_discard":
        state["skip_discard"] = seat
    elif e.op == "rule" and e.stat == "lose_civil_actions_next_turn":
        p["ca_penalty"] = n
        if n:  # told now: the next turn's fewer civil actions would otherwise come without a reason
            events.append(base.event("ca_penalty", seat, n=n))
    elif e.op == "rule" and e.stat == "skip_political_action":
        state["skip_politics"] = seat


def options_of(frame: dict, seat: int) -> list[str]:
    """The answers `seat` may give to an event_choice frame (one list for all, or one per seat)."""
    opts = frame["options"]
    return list(opts) if isinstance(opts, list) else list(opts[str(seat)])
