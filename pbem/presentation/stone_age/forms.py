"""The Stone Age move panels: where to place and how many, which place to resolve, payments, tools, feeding."""
from __future__ import annotations

from collections import Counter

from flask_babel import gettext as _, ngettext

from ...engine.stone_age import text as words
from ...engine.stone_age.cards import BUILDINGS, DICE_ITEMS, RESOURCES, ROW_COSTS
from ...engine.stone_age.moves import Build, Civ, Feed, Pick, Place, Starve, UseCard, Work, place_text
from ...engine.stone_age.state import free_tools, once_values
from ..panels import MAX_BUTTONS, Choice, Panel, generic_panels

KNOWN = (Place, Work, Civ, Build, Pick, Feed, Starve, UseCard)


def _res(r: str, locale: str) -> str:
    return words.ITEM_NAMES.get(locale, words.ITEM_NAMES["en"]).get(r, r)


def _paid(pay: tuple, locale: str) -> str:
    counts = Counter(pay)
    return ", ".join(f"{counts[r]} {_res(r, locale)}" for r in dict.fromkeys(pay))


def _placement(moves: list[Place], locale: str) -> Panel:
    counts: dict[str, list[int]] = {}
    for m in moves:
        if m.tools is None:
            counts.setdefault(m.pid, []).append(m.n)
    options = []
    for pid, ns in counts.items():
        low, high = min(ns), max(ns)
        span = _("exactly %(n)d", n=low) if low == high else _("%(low)d to %(high)d", low=low, high=high)
        name = words.place_name(pid, locale)
        options.append({"value": place_text(pid), "label": f"{name[:1].upper()}{name[1:]} ({span})",
                        "min": low, "max": high, "dice": any(m.tools for m in moves if m.pid == pid)})
    return Panel("placement", _("Place people"), data={
        "options": options, "max": max((o["max"] for o in options), default=1),
        "ahead": [("", _("decide after the roll")), ("tools auto", _("use tools as needed")),
                  ("tools none", _("use no tools"))]})


def _work_choices(moves: list[Work], locale: str) -> list[Choice]:
    out = []
    for m in moves:
        place = words.place_name(m.target, locale)
        label = {None: _("Roll for %(place)s", place=place),
                 "auto": _("Roll for %(place)s, tools as needed", place=place),
                 "none": _("Roll for %(place)s, no tools", place=place)}.get(m.mode, str(m))
        out.append(Choice(str(m), label))
    return out


def _tools(state: dict, seat: int, locale: str) -> Panel:
    ask = state["ask"]
    p = state["seats"][seat]
    target = place_text(ask["target"])
    items = [{"value": str(v), "label": _("tool tile %(n)d", n=v)} for v in sorted(free_tools(p), reverse=True)]
    items += [{"value": f"card {v}", "label": _("one-use tool card %(n)d", n=v)}
              for v in sorted(once_values(p), reverse=True)]
    note = _("You rolled %(dice)s (total %(total)d) for %(place)s.", dice=" ".join(map(str, ask["dice"])),
             total=ask["total"], place=words.place_name(ask["target"], locale))
    return Panel("checks", _("Choose tools for the roll"), prefix=f"{target} tools", note=note,
                 choices=[Choice(f"{target} tools auto", _("As needed (the cheapest that helps)")),
                          Choice(f"{target} tools none", _("No tools"))],
                 data={"items": items, "empty": f"{target} tools none"})


def _payment(kind: str, k: int, moves: list, state: dict, seat: int, locale: str) -> Panel:
    """Buttons for a few payments, else a number per resource; declining is always a button."""
    p = state["seats"][seat]
    if kind == "civ":
        title = _("Civilization card %(n)d", n=k)
        note = ngettext("Pay %(num)d resource of any kind.", "Pay %(num)d resources of any kinds.", ROW_COSTS[k - 1])
        skip = Choice(f"civ {k} skip", _("Leave the card (take the person back)"), True)
    else:
        tile = BUILDINGS[state["stacks"][k - 1][0]]
        title = _("Building stack %(n)d", n=k)
        note = {"fixed": _("Pay exactly the printed cost."),
                "count_kinds": ngettext("Pay %(count)d resources of %(num)d kind.",
                                        "Pay %(count)d resources of %(num)d kinds.", tile.get("kinds", 0),
                                        count=tile.get("count", 0)),
                "any": _("Pay 1 to 7 resources of any kinds.")}.get(tile["kind"], "")
        skip = Choice(f"build {k} skip", _("Do not build (take the person back)"), True)
    pays = [m for m in moves if m.pay is not None]
    verb = _("Buy for %(paid)s") if kind == "civ" else _("Build for %(paid)s")
    if len(pays) + 1 <= MAX_BUTTONS:
        choices = [Choice(str(m), verb % {"paid": _paid(m.pay, locale)}, True) for m in pays]
        return Panel("buttons", title, choices + [skip], note=note)
    items = [{"value": r, "label": _res(r, locale), "max": p[r]} for r in RESOURCES if p[r]]
    return Panel("counts", title, [skip], prefix=f"{kind} {k} pay", note=note,
                 confirm=True, data={"items": items, "style": "listed"})


def _feeding(moves: list, state: dict, seat: int, locale: str) -> Panel:
    short = state["hungry"][seat]
    p = state["seats"][seat]
    note = _("You are %(n)d food short: give one resource per missing food, or lose 10 points.", n=short)
    starve = Choice("starve", _("Starve: keep the resources, lose 10 points"), True)
    feeds = [m for m in moves if isinstance(m, Feed)]
    if len(feeds) + 1 <= MAX_BUTTONS:
        return Panel("buttons", _("Feed your people"), [
            Choice(str(m), _("Feed with %(paid)s", paid=_paid(m.pay, locale))) for m in feeds] + [starve], note=note)
    items = [{"value": r, "label": _res(r, locale), "max": p[r]} for r in RESOURCES if p[r]]
    return Panel("counts", _("Feed your people"), [Choice("feed", _("Feed with the cheapest resources")), starve],
                 prefix="feed with", note=note, data={"items": items, "style": "counted"})


def panels(state: dict, seat: int, legal: list, locale: str) -> list[Panel]:
    """The panels for `seat`'s legal Stone Age moves, in the order of the board."""
    out: list[Panel] = []
    places = [m for m in legal if isinstance(m, Place)]
    if places:
        out.append(_placement(places, locale))
    ask = state.get("ask")
    works = [m for m in legal if isinstance(m, Work)]
    if works and ask and ask.get("kind") == "tools":
        out.append(_tools(state, seat, locale))
    elif works:
        out.append(Panel("buttons", _("Roll for a resource place"), _work_choices(works, locale)))
    for kind, cls, attr in (("civ", Civ, "slot"), ("build", Build, "stack")):
        for k in sorted({getattr(m, attr) for m in legal if isinstance(m, cls)}):
            out.append(_payment(kind, k, [m for m in legal if isinstance(m, cls) and getattr(m, attr) == k],
                                state, seat, locale))
    picks = [m for m in legal if isinstance(m, Pick)]
    if picks:
        out.append(Panel("buttons", _("Take one die"), [
            Choice(str(m), _("Take the %(face)d: %(item)s", face=m.face,
                             item=_res(DICE_ITEMS[m.face], locale))) for m in picks]))
    if any(isinstance(m, (Feed, Starve)) for m in legal):
        out.append(_feeding([m for m in legal if isinstance(m, (Feed, Starve))], state, seat, locale))
    if any(isinstance(m, UseCard) for m in legal):
        out.append(Panel("pair", _("Use the any-2-resources card"), prefix="use card", confirm=True,
                         note=_("You may use it at any time; it is spent."),
                         data={"items": [{"value": r, "label": _res(r, locale)} for r in RESOURCES]}))
    # Moves this module does not know yet (new rules, an expansion) still get buttons or a list.
    out += generic_panels(None, state, seat, [m for m in legal if not isinstance(m, KNOWN)], locale)
    return out
