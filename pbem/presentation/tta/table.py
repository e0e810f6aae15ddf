"""The Through the Ages table from one seat, as data for the board template: the card row in its cost bands, the
seat's player board (technology columns, tokens, banks, this turn's forecast), its military, the coming age change,
and the other players' boards in brief. Each move's button goes beside what it acts on (forms.py says where)."""
from __future__ import annotations

from flask_babel import gettext as _, ngettext

from ...engine.tta import forecast
from ...engine.tta.army import TYPES as ARMY_TYPES, armies, unit_counts
from ...engine.tta.board import (BLUE_TOTAL, ROW_COSTS, YELLOW_BANK, corruption, free_yellow, population_cost,
                                  printed_yellow)
from ...engine.tta.cards import CARDS, card
from ...engine.tta.cards.military import MILITARY
from ...engine.tta.checks import can_take, take_cost
from ...engine.tta.economy import FLIPPED_CULTURE, in_order, urban_limit
from ...engine.tta.effects import strength
from ...engine.tta.moves import name
from .faces import tta_card, tta_military_card
from .move_words import type_word, who

# The player board's columns, left to right: production, then the urban kinds, then the unit kinds.
COLUMN_ORDER = ("farm", "mine", "temple", "lab", "library", "arena", "theater", "infantry", "cavalry", "artillery",
                "air_force")
URBAN = ("temple", "lab", "library", "arena", "theater")


def _by_at(panels) -> dict[str, list]:
    out: dict[str, list] = {}
    for panel in panels or ():
        for c in panel.choices:
            if c.at:
                out.setdefault(c.at, []).append(c)
    return out


def _asked(state: dict, seat: int | None, kind: str) -> bool:
    frame = state["stack"][-1] if state["stack"] else None
    return seat is not None and frame is not None and frame.get("kind") == kind and frame.get("seat") == seat \
        and state["over"] is None


def row(state: dict, seat: int | None, at: dict, locale: str) -> list[dict]:
    """The 13 slots: the face, the band's cost, what taking costs this seat, its button or why it may not."""
    acting = _asked(state, seat, "actions")
    p = state["seats"][seat] if seat is not None else None
    out = []
    for i, copy in enumerate(state["row"]):
        face = tta_card(copy)
        slot = {"slot": i + 1, "card": face, "band": ROW_COSTS[i], "cost": ROW_COSTS[i], "choice": None, "why": ""}
        if face is not None and p is not None:
            slot["cost"] = take_cost(p, i, face["id"])
            slot["choice"] = (at.get(f"slot:{i + 1}") or [None])[0]
            if acting and slot["choice"] is None:
                refusal = can_take(state, seat, i)
                slot["why"] = refusal.render(locale) if refusal is not None else _("not now")
        out.append(slot)
    return out


def bands() -> list[tuple[int, int]]:
    """(civil actions, slots) of each cost band of the row, left to right."""
    out: list[list[int]] = []
    for cost in ROW_COSTS:
        if out and out[-1][0] == cost:
            out[-1][1] += 1
        else:
            out.append([cost, 1])
    return [tuple(b) for b in out]


def columns(p: dict, at: dict) -> list[dict]:
    """The technology columns with the cards on them, lowest level first: workers, blue tokens, the actions."""
    by_key: dict[str, list] = {}
    for cid in in_order(p["workers"]):
        c = CARDS[cid]
        key = c.kind if c.kind in ("farm", "mine") else c.subtype
        by_key.setdefault(key, []).append({
            "face": tta_card(cid), "workers": p["workers"][cid], "blue": p["tokens"].get(cid, 0),
            "value": c.food or c.resource, "actions": at.get(f"card:{cid}", [])})
    out = []
    for key in sorted(by_key, key=lambda k: COLUMN_ORDER.index(k) if k in COLUMN_ORDER else 99):
        built = sum(x["workers"] for x in by_key[key])
        col = {"key": key, "name": type_word(key), "cards": by_key[key], "built": built, "limit": None}
        if key in URBAN:
            col["limit"] = urban_limit(p)
        out.append(col)
    return out


def bank_bands(left: int, total: int, value_at) -> list[dict]:
    """The places of a bank in the printed board's sections, fullest first: each section's value (`value_at(n)`:
    what the bank reads with n tokens left), its places, and how many of them still hold a token."""
    out: list[dict] = []
    for place in range(total, 0, -1):
        value = value_at(place)
        if not out or out[-1]["value"] != value:
            out.append({"value": value, "size": 0, "filled": 0})
        out[-1]["size"] += 1
        out[-1]["filled"] += place <= left
    return out


def tactic(p: dict) -> dict | None:
    """The tactic in play: its face, the armies formed (values) and what one more army lacks."""
    if not p.get("tactic"):
        return None
    m = MILITARY[p["tactic"].split(":", 1)[0]]
    formed = armies(p)
    level = {"I": 1, "II": 2, "III": 3}[m.age]
    counts = unit_counts(p, level)
    have = {k: counts[i] + counts[i + 3] for i, k in enumerate(ARMY_TYPES)}
    need = dict(m.requires)
    missing = [(k, need[k] * (len(formed) + 1) - have.get(k, 0)) for k in ARMY_TYPES
               if k in need and need[k] * (len(formed) + 1) > have.get(k, 0)]
    words = ", ".join(f"{n} {type_word(k)}" for k, n in missing)
    return {"face": tta_military_card(p["tactic"]), "armies": formed, "bonus": sum(formed),
            "missing": words, "air": counts[6]}


def _population(state: dict, seat: int) -> dict:
    pop = forecast.populate(state, seat)
    return {**pop, "why_words": "" if pop["possible"] else _why(pop["why"], pop)}


def _why(key: str | None, pop: dict) -> str:
    if key == "yellow_empty":
        return _("the yellow bank is empty")
    if key == "no_ca":
        return _("no civil action left")
    if key == "food_cost":
        return ngettext("it needs %(num)d food", "it needs %(num)d food", pop["food"] or 0)
    return _("not now")


def age_change(state: dict, seat: int) -> dict:
    """The coming age change for the seat: cards left in the age's deck, the cards it would take away."""
    ahead = forecast.age_change(state, seat)
    lost = [name(c) for c in ahead["losses"]] + [name(c) for c in ahead.get("military", ())] \
        + [name(c) for c in ahead.get("pacts", ())]
    return {"age": ahead["age"], "left": ahead["cards_left"], "lost": lost, "yellow": ahead.get("yellow", 0),
            "none": ahead["age"] == "A"}


def military(state: dict, seat: int, at: dict) -> dict:
    """The seat's military: strength, tactic and armies, units by kind, its military hand with what each does."""
    p = state["seats"][seat]
    hand = [{"face": tta_military_card(c), "actions": at.get(f"mil:{c}", [])} for c in p["mil_hand"]]
    units = [f"{n} {name(cid)}" for cid in in_order(p["workers"])
             if CARDS[cid].kind == "unit" and (n := p["workers"][cid])]
    return {"strength": strength(state, seat), "tactic": tactic(p), "hand": hand, "units": units}


def events(state: dict, seat: int | None, names) -> dict:
    """The events decks (counts), the seat's prepared events by name, the pacts and wars in play, in words."""
    return {
        "current": len(state["current"]), "future": len(state["future"]),
        "yours": [name(c) for c in state["future_by"].get(str(seat), [])] if seat is not None else [],
        "past": [name(c) for c in state["past"][-4:]][::-1],
        "pacts": [_("%(card)s between %(a)s (A) and %(b)s (B)", card=name(x["card"]), a=who(x["a"], names),
                    b=who(x["b"], names)) for x in state["pacts"]],
        "wars": [_("%(card)s: %(by)s against %(on)s", card=name(x["card"]), by=who(x["by"], names),
                   on=who(x["on"], names)) for x in state["wars"]],
    }


def brief(state: dict, view_seat: dict, i: int) -> dict:
    """Another player's board in brief: ratings, banks, the cards with workers, leader, wonders, hands by count."""
    p = state["seats"][i]
    cards = [{"name": name(cid), "workers": p["workers"][cid], "blue": p["tokens"].get(cid, 0),
              "kind": CARDS[cid].kind} for cid in in_order(p["workers"]) if p["workers"][cid]]
    flipped = {c.split(":", 1)[0] for c in p.get("flipped", ())}
    return {"seat": i, "v": view_seat, "cards": cards, "government": name(p["government"]),
            "leader": name(p["leader"]) if p["leader"] else "",
            "wonders": [name(w) + (" ↓" if w.split(":", 1)[0] in flipped else "") for w in p["wonders"]],
            "building": name(p["wonder"]) if p["wonder"] else "", "stages": p["stages"],
            "tactic": name(p["tactic"]) if p["tactic"] else "", "colonies": [name(c) for c in p["colonies"]],
            "hand": len(p["hand"]), "mil_hand": len(p["mil_hand"])}


def hand(p: dict, at: dict) -> list[dict]:
    """The seat's civil hand: each card's face and its buttons (discover, revolution, play)."""
    return [{"face": tta_card(c), "copy": c, "actions": at.get(f"hand:{c}", []), "new": c in p.get("new", ())}
            for c in p["hand"]]


def tta_table(state: dict, view: dict, seat: int | None, panels, locale: str, names=()) -> dict:
    """Everything the table template draws for `seat` (None: a spectator), with the panels' placed buttons."""
    at = _by_at(panels)
    out = {"row": row(state, seat, at, locale), "bands": bands(), "events": events(state, seat, names),
           "yellow_total": YELLOW_BANK, "blue_total": BLUE_TOTAL, "face_down_culture": FLIPPED_CULTURE,
           "others": [brief(state, view["seats"][i], i) for i in range(len(state["seats"])) if i != seat],
           "me": None}
    if seat is None:
        return out
    p = state["seats"][seat]
    flipped = {c.split(":", 1)[0] for c in p.get("flipped", ())}
    building = tta_card(p["wonder"])
    if building is not None:
        building["stages"] = list(card(p["wonder"]).stages)
    out["me"] = {
        "seat": seat, "v": view["seats"][seat], "p": p, "columns": columns(p, at),
        "acting": _asked(state, seat, "actions"),
        "government": tta_card(p["government"]), "leader": tta_card(p["leader"]),
        "specials": [tta_card(c) for c in p["specials"].values()],
        "wonders": [{**tta_card(w), "face_down": w.split(":", 1)[0] in flipped} for w in p["wonders"]],
        "building": building, "stages": p["stages"], "wonder_actions": at.get("wonder", []),
        "bank_actions": at.get("bank", []), "hand": hand(p, at),
        # The yellow bank's sections: the food a new worker costs (a territory's tokens in a free section, first);
        # the blue bank's: the corruption.
        "yellow_bands": ([{"value": 0, "size": free_yellow(p), "filled": free_yellow(p)}] if free_yellow(p) else [])
        + bank_bands(printed_yellow(p), YELLOW_BANK, population_cost),
        "blue_bands": bank_bands(p["blue"], BLUE_TOTAL, corruption),
        "forecast": forecast.production(state, seat), "population": _population(state, seat),
        "age_change": age_change(state, seat), "military": military(state, seat, at),
        "colonies": [tta_military_card(c) for c in p["colonies"]],
    }
    return out
