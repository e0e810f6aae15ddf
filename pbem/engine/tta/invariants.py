"""The invariant checker the random-game tests run after every move: cards, tokens, limits, military cards,
the decision stack, and what views show."""
from __future__ import annotations

import json

from . import economy as eco
from . import legal_moves
from .board import BLUE_TOTAL, YELLOW_TOTAL
from .cards import AGES, CARDS, card, deck
from .cards.military import MILITARY, military_deck
from .cards.schema import URBAN

TURN_BOUNDARIES = ("turn_start", "refill", "ready", "next")


def problems(state: dict) -> list[str]:
    """Every broken invariant of `state` (empty when all hold)."""
    out: list[str] = []
    n = state["players"]
    # Every civil card of this game in exactly one place.
    everything = sorted(c for age in AGES for c in deck(age, n))
    places = list(state["row"]) + state["discard"] + state["box"]
    for d in state["decks"].values():
        places += d
    for p in state["seats"]:
        places += p["hand"] + p["played"] + p["wonders"] + list(p["specials"].values())
        places += [c for c in (p["leader"], p["wonder"]) if c]
        if ":" in p["government"]:
            places.append(p["government"])
    places = sorted(c for c in places if c is not None)
    for i, p in enumerate(state["seats"]):
        if not set(p.get("flipped", ())) <= set(p["wonders"]):
            out.append(f"seat {i}: a face-down wonder that is not a completed one")
    if places != everything:
        missing = sorted(set(everything) - set(places))
        doubled = sorted({c for c in places if places.count(c) > 1})
        out.append(f"cards: missing {missing[:5]}, doubled {doubled[:5]}, {len(places)} vs {len(everything)}")
    out += military_problems(state)
    out += stack_problems(state)
    if len(state["row"]) != 13:
        out.append("the row has not 13 slots")
    for i, p in enumerate(state["seats"]):
        who = f"seat {i}"
        yellow = p["yellow"] + p["idle"] + sum(p["workers"].values())
        if yellow != YELLOW_TOTAL - p["boxed"]:
            out.append(f"{who}: yellow {yellow} != 25 - {p['boxed']}")
        if not 0 <= p.get("yellow_free", 0) <= p["yellow"]:
            out.append(f"{who}: yellow bank {p['yellow']} with {p.get('yellow_free', 0)} in the free section")
        blue = p["blue"] + sum(p["tokens"].values()) + p["stages"]
        if blue != BLUE_TOTAL + p["blue_extra"]:
            out.append(f"{who}: blue {blue} != 18 + {p['blue_extra']}")
        for k in ("yellow", "idle", "blue", "ca", "ma", "culture", "science", "mil_res", "stages"):
            if p[k] < 0:
                out.append(f"{who}: {k} is {p[k]}")
        if any(v < 0 for v in list(p["workers"].values()) + list(p["tokens"].values())):
            out.append(f"{who}: a negative count on a card")
        # A new government with a lower limit keeps the buildings (JA l.396 changes the limit for building):
        # here the highest limit printed; step_problems checks each build against the limit of the moment.
        for t in URBAN:
            if eco.count_type(p, t) > MAX_LIMIT:
                out.append(f"{who}: {eco.count_type(p, t)} {t} buildings over every limit")
        # JA l.342 limits taking; a limit that drops later (a leader replaced) forces no discard.
        if p["new"] and len(p["hand"]) > max(eco.civil_hand_limit(p), p["ca_max"] + eco.rate_sum(p, "civil_hand")):
            out.append(f"{who}: {len(p['hand'])} cards in hand over the limit")
        if any(card(c).kind == "wonder" for c in p["hand"]):
            out.append(f"{who}: a wonder in hand")
        if p["wonder"] and p["stages"] >= len(card(p["wonder"]).stages):
            out.append(f"{who}: a complete wonder still under construction")
        if p["leader"] and card(p["leader"]).age not in p["leader_ages"]:
            out.append(f"{who}: a leader not counted as taken")
        if len(set(p["leader_ages"])) != len(p["leader_ages"]):
            out.append(f"{who}: two leaders of one age")
        if p["active"] != eco.active_cards(p):
            out.append(f"{who}: active cards out of step")
        for cid in p["tokens"]:
            if CARDS[cid].kind not in ("farm", "mine") or cid not in p["workers"]:
                out.append(f"{who}: tokens on {cid}")
    return out


def military_places(state: dict) -> list[str]:
    """Every military copy where it lies: decks, discards, box, events, hands, tactics, colonies, pacts, wars."""
    places = list(state["mil_box"]) + state["current"] + state["future"] + state["past"]
    for d in list(state["mil_decks"].values()) + list(state["mil_discard"].values()):
        places += d
    for p in state["seats"]:
        places += p["mil_hand"] + p["colonies"] + ([p["tactic"]] if p["tactic"] else [])
    places += [x["card"] for x in state["pacts"] + state["wars"]]
    # An aggression waiting for the defence, a pact waiting for its answer (a war's card stays in the wars).
    places += [f["card"] for f in state["stack"] if f["kind"] == "pact_answer"
               or f["kind"] == "defend" and "war" not in f]
    return places


def military_problems(state: dict) -> list[str]:
    """Every military card of this game in exactly one place; discards and hands hold the right kinds."""
    out = []
    everything = sorted(c for age in AGES for c in military_deck(age, state["players"]))
    places = sorted(military_places(state))
    if places != everything:
        missing = sorted(set(everything) - set(places))
        doubled = sorted({c for c in places if places.count(c) > 1})
        out.append(f"military cards: missing {missing[:5]}, doubled {doubled[:5]}, {len(places)} vs {len(everything)}")
    for seat, placed in state["future_by"].items():
        if not set(placed) <= set(state["future"]):
            out.append(f"seat {seat} knows future events that are not there")
    for age, d in state["mil_discard"].items():
        if any(MILITARY[c.split(":", 1)[0]].age != age for c in d):
            out.append(f"military discard {age} holds a card of another age")
    for i, p in enumerate(state["seats"]):
        if p["tactic"] and MILITARY[p["tactic"].split(":", 1)[0]].kind != "tactic":
            out.append(f"seat {i}: a tactic in play that is not a tactic")
        if any(MILITARY[c.split(":", 1)[0]].kind != "territory" for c in p["colonies"]):
            out.append(f"seat {i}: a colony that is not a territory")
    for w in state["wars"]:
        if MILITARY[w["card"].split(":", 1)[0]].kind != "war" or w["by"] == w["on"]:
            out.append(f"a war that is not one: {w}")
    if len({w["by"] for w in state["wars"]}) != len(state["wars"]):
        out.append("a seat with two wars declared")
    for pk in state["pacts"]:
        if MILITARY[pk["card"].split(":", 1)[0]].kind != "pact" or pk["a"] == pk["b"] \
                or pk["by"] not in (pk["a"], pk["b"]):
            out.append(f"a pact that is not one: {pk}")
    if len({pk["by"] for pk in state["pacts"]}) != len(state["pacts"]):
        out.append("a seat with two pacts of its own in play (JA l.302)")
    return out


def stack_problems(state: dict) -> list[str]:
    """The decision stack is empty at every turn boundary; every prompt has a legal move."""
    out = []
    if state["over"] is None and not state["stack"]:
        out.append("no decision asked and the game is not over")
    if state["stack"] and state["phase"] in TURN_BOUNDARIES:
        out.append(f"decisions left on the stack at the turn boundary {state['phase']}")
    for pr in legal_moves.pending(state):
        if not legal_moves.legal(state, pr.seat):
            out.append(f"seat {pr.seat} is asked for {pr.kind} with no legal move")
    return out


MAX_LIMIT = max(c.urban_limit for c in CARDS.values() if c.kind == "government")


def step_problems(before: dict, after: dict) -> list[str]:
    """What one move broke: a type of urban building that grew beyond the government's limit (JA l.418-422)."""
    out = []
    for i, (p, q) in enumerate(zip(before["seats"], after["seats"])):
        limit = eco.urban_limit(q)
        for t in URBAN:
            n = eco.count_type(q, t)
            if n > eco.count_type(p, t) and n > limit:
                out.append(f"seat {i}: {n} {t} buildings over the limit {limit}")
    return out


def view_leaks(state: dict, view_fn) -> list[str]:
    """What `view(state, seat)` shows that the seat may not see: others' hands, deck orders, the RNG."""
    out = []
    for seat in list(range(state["players"])) + [None]:
        text = json.dumps(view_fn(state, seat))
        if state["rng"]["seed"] in text and len(state["rng"]["seed"]) > 3 or '"rng"' in text:
            out.append(f"view {seat}: shows the RNG")
        for i, p in enumerate(state["seats"]):
            if i != seat:
                for c in p["hand"]:
                    if c in text and c not in state["row"]:
                        out.append(f"view {seat}: shows {c} in seat {i}'s hand")
        for d in state["decks"].values():
            for c in d[:3]:
                if f'"{c}"' in text:
                    out.append(f"view {seat}: shows the deck card {c}")
        for i, p in enumerate(state["seats"]):
            if i != seat:
                for c in p["mil_hand"]:
                    if f'"{c}"' in text:
                        out.append(f"view {seat}: shows {c} in seat {i}'s military hand")
        shown = view_fn(state, seat)["seats"]
        for i, sv in enumerate(shown):
            if i != seat and "standing_bid" in sv:
                out.append(f"view {seat}: shows seat {i}'s standing bid")
        mine = state["future_by"].get(str(seat), [])
        hidden = state["current"] + [c for c in state["future"] if c not in mine] \
            + [c for d in state["mil_decks"].values() for c in d[:3]]
        for c in hidden:
            if f'"{c}"' in text:
                out.append(f"view {seat}: shows the hidden military card {c}")
    return out
