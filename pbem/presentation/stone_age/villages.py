"""Each player's village as the board draws it: people at home and out, food, resources, agriculture, tools used and
ready, the cards and buildings held with their culture symbols and multipliers (expansion: ornaments, trade track)."""
from __future__ import annotations

from flask_babel import gettext as _, ngettext

from ...engine.stone_age import text as words
from ...engine.stone_age.cards import AGRICULTURE_MAX, ALL_CULTURES, CIV_CARDS, RESOURCES
from ...engine.stone_age.style_cards import TRADE_MAX
from .drawing import SEAT_SHAPES, capitalised, colour_name, seat_name

WIDTH = 420
CHIP_GAP = 6
MULTIPLIERS = ("farmer", "toolmaker", "hut_builder", "shaman", "trader")


def _chips(items: list[dict], y: float, size: float = 11.5) -> tuple[list[dict], float]:
    """Chips laid out left to right, wrapping at the board's width; returns them and the y below them."""
    x, out = 8.0, []
    for item in items:
        w = 14 + sum(1.0 if ord(ch) > 0x2E80 else 0.58 for ch in item["text"]) * size
        if x + w > WIDTH - 8 and x > 8:
            x, y = 8.0, y + 24
        out.append({**item, "x": round(x, 1), "y": y, "w": round(w, 1)})
        x += w + CHIP_GAP
    return out, y + (24 if out else 0)


def cells(x: float, y: float, n: int, w: float, h: float, step: float) -> str:
    """One path drawing `n` boxes side by side (a track), lighter than a rectangle each."""
    return "".join(f"M{x + k * step:g} {y:g}h{w:g}v{h:g}h{-w:g}z" for k in range(n))


def _cards(p: dict, loc: str) -> tuple[list[dict], list[dict], int]:
    bottoms = [CIV_CARDS[c]["bottom"] for c in p["cards"] if c in CIV_CARDS]
    if isinstance(p["hidden"], list):  # the reader's own face-down cards score too
        bottoms += [CIV_CARDS[c]["bottom"] for c in p["hidden"] if c in CIV_CARDS]
    symbols = [b["culture"] for b in bottoms if "culture" in b]
    cultures = [{"key": c, "n": symbols.count(c), "name": words.CULTURE_NAMES[loc][c]}
                for c in ALL_CULTURES if c in symbols]
    multipliers = []
    for kind in MULTIPLIERS:
        n = sum(b["count"] for b in bottoms if b.get("multiplier") == kind)
        if n:
            multipliers.append({"key": kind, "n": n, "name": words.MULTIPLIER_NAMES[loc][kind]})
    return cultures, multipliers, len(set(symbols))


def village(i: int, view: dict, seat: int | None, names, asked: set[int], locale: str) -> dict:
    """Seat `i`'s village: what the template draws, where, and each part's accessible name."""
    loc = locale if locale in words.LOCALES else "en"
    p = view["seats"][i]
    style = "ornaments" in p
    home = p["people"] - p["placed"]
    people = [{"x": 14 + k * 21, "out": k >= home} for k in range(p["people"])]
    res = [{"res": r, "n": p[r], "label": f"{capitalised(words.item_name(r, 2, loc))}: {p[r]}"} for r in RESOURCES]
    if style:
        res.append({"res": "ornament", "n": p["ornaments"],
                    "label": f"{capitalised(words.item_name('ornament', 2, loc))}: {p['ornaments']}"})
    for k, r in enumerate(res):
        r["x"] = 8 + k * 66
    tools = []
    for k, (v, used) in enumerate(zip(p["tools"], p["used"])):
        state = _("used this round") if used else _("ready") if v else _("no tile yet")
        tools.append({"value": v, "used": used, "x": 8 + k * 38,
                      "label": _("Tool tile %(n)d: %(value)d, %(state)s", n=k + 1, value=v, state=state)})
    once = [{"value": CIV_CARDS[c]["top"]["value"], "x": 128 + k * 30,
             "label": _("One-use tool card worth %(n)d", n=CIV_CARDS[c]["top"]["value"])}
            for k, c in enumerate(p["once"]) if c in CIV_CARDS]
    any2 = [{"x": 128 + (len(once) + k) * 30, "label": _("Card: any 2 resources, once")} for k in range(len(p["any2"]))]
    cultures, multipliers, distinct = _cards(p, loc)
    chips = [{"kind": "culture", "text": c["name"] + (f" ×{c['n']}" if c["n"] > 1 else ""),
              "label": _("Culture symbol %(name)s", name=c["name"]) + (f" ×{c['n']}" if c["n"] > 1 else "")}
             for c in cultures]
    chips += [{"kind": "multiplier", "text": f"{m['n']} × {m['name']}",
               "label": _("Multiplier: %(n)d × %(name)s", n=m["n"], name=m["name"])} for m in multipliers]
    hidden = p["hidden"] if isinstance(p["hidden"], int) else len(p["hidden"])
    if hidden:
        chips.append({"kind": "hidden", "text": ngettext("%(num)d face down", "%(num)d face down", hidden),
                      "label": ngettext("%(num)d face-down extra card", "%(num)d face-down extra cards", hidden)})
    chip_top = 180
    laid, bottom = _chips(chips, chip_top)
    trade = None
    if style:
        trade = {"pos": p["trade"], "y": bottom + 6, "cells": TRADE_MAX + 1, "traded": p["traded"],
                 "path": cells(32, bottom + 8, TRADE_MAX + 1, 18, 18, 20),
                 "label": _("Trade track: %(pos)d of %(max)d", pos=p["trade"], max=TRADE_MAX)
                 + (" " + _("(traded this round)") if p["traded"] else "")}
        bottom += 34
    return {
        "seat": i, "name": seat_name(i, names, None), "you": i == seat, "colour": colour_name(i),
        "shape": SEAT_SHAPES[i % len(SEAT_SHAPES)], "start": i == view["start"], "asked": i in asked,
        "short": (view.get("hungry") or [None] * (i + 1))[i], "score": p["score"], "h": round(bottom + 6),
        "people": people, "people_label": ngettext(
            "%(num)d person: %(home)d at home, %(out)d placed", "%(num)d people: %(home)d at home, %(out)d placed",
            p["people"], home=home, out=p["placed"]),
        "food": p["food"], "food_label": _("Food: %(n)d", n=p["food"]),
        "agri": p["agri"], "agri_max": AGRICULTURE_MAX, "agri_path": cells(100, 42, AGRICULTURE_MAX + 1, 15, 16, 17),
        "agri_label": _("Agriculture: %(n)d of %(max)d", n=p["agri"], max=AGRICULTURE_MAX),
        "resources": res, "tools": tools, "once": once, "any2": any2,
        "tools_label": _("Tools: %(ready)d ready, %(used)d used", ready=sum(1 for t in tools if t["value"]
                                                                            and not t["used"]),
                         used=sum(1 for t in tools if t["used"])),
        "cards_n": len(p["cards"]) + hidden, "chips": laid, "distinct": distinct,
        "cards_label": ngettext("%(num)d civilization card", "%(num)d civilization cards", len(p["cards"]) + hidden)
        + (" · " + ngettext("%(num)d different culture symbol", "%(num)d different culture symbols", distinct)
           if distinct else ""),
        "buildings": len(p["buildings"]),
        "buildings_label": ngettext("%(num)d building", "%(num)d buildings", len(p["buildings"])),
        "own_hidden": p["hidden"] if isinstance(p["hidden"], list) else [],
        "trade": trade, "labels": {"people": _("People"), "food": _("Food"), "agri": _("Agriculture"),
                                   "tools": _("Tools"), "cards": _("Cards")},
    }


def villages(view: dict, seat: int | None, names, locale: str) -> list[dict]:
    """Every seat's village, the reader's first."""
    asked = {pr["seat"] for pr in view.get("prompts") or ()}
    order = list(range(view["players"]))
    if seat is not None and 0 <= seat < len(order):
        order = order[seat:] + order[:seat]
    return [village(i, view, seat, names, asked, locale) for i in order]
