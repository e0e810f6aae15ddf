"""The Stone Age move panels: what the drawn board offers at each place (placing, rolling, paying, tools, the dice
for everyone), and the panels beside it (feeding, the any-2-resources card, moves no panel knows)."""
from __future__ import annotations

from collections import Counter

from flask_babel import gettext as _, ngettext

from ...engine.stone_age import text as words
from ...engine.stone_age.cards import BUILDINGS, DICE_ITEMS, RESOURCES
from ...engine.stone_age.moves import Build, Civ, Feed, Pick, Place, Split, Starve, UseCard, Work, place_text
from ...engine.stone_age.state import free_tools, once_values
from ...engine.stone_age.style_cards import STYLE_DICE_ITEMS
from ..panels import MAX_BUTTONS, Choice, Panel, generic_panels

KNOWN = (Place, Work, Civ, Build, Pick, Feed, Starve, UseCard, Split)
# Payments at a place: a few are buttons beside it, more a list to choose from, very many a number per item.
PAY_BUTTONS = 3
PAY_LIST = 60
SPLIT_BUTTONS = 6


def _res(r: str, locale: str, n: int = 2) -> str:
    if n == 1 and r in words.ITEM_ONE.get(locale, {}):
        return words.ITEM_ONE[locale][r]
    return words.ITEM_NAMES.get(locale, words.ITEM_NAMES["en"]).get(r, r)


def _paid(pay: tuple, locale: str) -> str:
    counts = Counter(pay)
    return ", ".join(f"{counts[r]} {_res(r, locale, counts[r])}" for r in dict.fromkeys(pay))


def _place_name(pid: str, locale: str) -> str:
    name = words.place_name(pid, locale)
    return f"{name[:1].upper()}{name[1:]}"


def _pay_words(m, locale: str) -> str:
    """A payment in words: what is paid, the trade it includes (expansion), the extra card bought with it."""
    said = _paid(m.pay, locale)
    if m.give:
        said += " " + _("(trade %(give)s for %(get)s)", give=_paid(m.give, locale), get=_paid(m.get, locale))
    if getattr(m, "extra", False):
        said += " " + _("and the top card of the deck, face down")
    return said


def _placing(moves: list[Place], locale: str) -> dict:
    """Each place the seat may stand on now: the counts it takes, each count's command, and whether tools may be
    said ahead (resource places)."""
    spots: dict[str, dict] = {}
    for m in moves:
        if m.orn is not None:
            continue  # the hunt's ornaments said ahead: by the text box, as in a mail
        spot = spots.setdefault(m.pid, {"commands": {}, "dice": False, "name": _place_name(m.pid, locale),
                                         "target": place_text(m.pid)})
        if m.tools is None:
            spot["commands"][m.n] = str(m)
        else:
            spot["dice"] = True
    for spot in spots.values():
        spot["counts"] = sorted(spot["commands"])
    return {pid: spot for pid, spot in spots.items() if spot["counts"]}


def _rolling(moves: list[Work], state: dict, seat: int, locale: str) -> dict[str, dict]:
    """The dice places the seat may resolve now: a roll, with tools said ahead when it has any to use."""
    if not moves:
        return {}
    p = state["seats"][seat]
    has_tools = bool(free_tools(p) or once_values(p))
    out: dict[str, dict] = {}
    for m in moves:
        if m.target is None or m.mode == "set" or m.orn is not None:
            continue
        place = words.place_name(m.target, locale)
        label = {None: _("Roll for %(place)s", place=place),
                 "auto": _("Roll for %(place)s, tools as needed", place=place),
                 "none": _("Roll for %(place)s, no tools", place=place)}.get(m.mode, str(m))
        spot = out.setdefault(m.target, {"roll": None, "ahead": []})
        if m.mode is None:
            spot["roll"] = Choice(str(m), label, at=m.target, short=_("Roll"))
        elif has_tools:
            # In the list beside the place's Roll button: how the tools are used, said before the roll.
            spot["ahead"].append(Choice(str(m), label, at=m.target, short=_("as needed") if m.mode == "auto"
                                        else _("none")))
    return {pid: spot for pid, spot in out.items() if spot["roll"] is not None}


def _tools(state: dict, seat: int, locale: str) -> dict:
    """The tools question after a roll, drawn at the place rolled for."""
    ask = state["ask"]
    p = state["seats"][seat]
    target = place_text(ask["target"])
    items = [{"value": str(v), "label": _("tool tile %(n)d", n=v)} for v in sorted(free_tools(p), reverse=True)]
    items += [{"value": f"card {v}", "label": _("one-use tool card %(n)d", n=v)}
              for v in sorted(once_values(p), reverse=True)]
    note = _("You rolled %(dice)s (total %(total)d) for %(place)s.", dice=" ".join(map(str, ask["dice"])),
             total=ask["total"], place=words.place_name(ask["target"], locale))
    return {"at": ask["target"], "prefix": f"{target} tools", "empty": f"{target} tools none", "items": items,
            "note": note, "choices": [Choice(f"{target} tools auto", _("As needed (the cheapest that helps)"),
                                             at=ask["target"]),
                                      Choice(f"{target} tools none", _("No tools"), at=ask["target"])]}


def _paying(kind: str, k: int, moves: list, state: dict, seat: int, locale: str) -> dict:
    """What the board offers at a card space or building stack: buttons, a list or a number per item; and leaving it."""
    pid = f"civ{k}" if kind == "civ" else f"building{k}"
    p = state["seats"][seat]
    if kind == "civ":
        skip = Choice(f"civ {k} skip", _("Leave the card (take the person back)"), True, at=pid, short=_("Leave it"))
        verb = _("Buy for %(paid)s")
        note = ""
    else:
        tile = BUILDINGS[state["stacks"][k - 1][0]]
        skip = Choice(f"build {k} skip", _("Do not build (take the person back)"), True, at=pid,
                      short=_("Leave it"))
        verb = _("Build for %(paid)s")
        note = {"fixed": _("Pay exactly the printed cost."),
                "count_kinds": ngettext("Pay %(count)d resources of %(num)d kind.",
                                        "Pay %(count)d resources of %(num)d kinds.", tile.get("kinds", 0),
                                        count=tile.get("count", 0)),
                "any": _("Pay 1 to 7 resources of any kinds.")}.get(tile["kind"], "")
    pays = [Choice(str(m), verb % {"paid": _pay_words(m, locale)}, True, at=pid) for m in moves if m.pay is not None]
    spot = {"skip": skip, "note": note, "pays": [], "list": [], "counts": None}
    if len(pays) <= PAY_BUTTONS:
        spot["pays"] = pays
    elif len(pays) <= PAY_LIST:
        spot["list"] = pays
    else:
        items = [{"value": r, "label": _res(r, locale), "max": p[r]} for r in RESOURCES if p[r]]
        spot["counts"] = {"prefix": f"{kind} {k} pay", "items": items}
    return spot


def _splitting(moves: list[Split], state: dict) -> dict:
    """Expansion: how many units of the hunt become ornaments, asked at the hunting grounds."""
    units = state["ask"]["units"] if state.get("ask") else 0
    choices = [Choice(str(m), _("%(orn)d ornaments, %(food)d food", orn=m.orn, food=units - m.orn), at="hunt")
               for m in sorted(moves, key=lambda m: m.orn)]
    return {"choices": choices, "list": len(choices) > SPLIT_BUTTONS}


def _picking(moves: list[Pick], state: dict, locale: str) -> list[Choice]:
    card = (state.get("ask") or {}).get("card") or ""
    table = STYLE_DICE_ITEMS if "style" in card else DICE_ITEMS
    return [Choice(str(m), _("Take the %(face)d: %(item)s", face=m.face, item=_res(table[m.face], locale)),
                   at="dice") for m in moves]


def board_panel(state: dict, seat: int, legal: list, locale: str) -> Panel | None:
    """The moves the drawn board offers beside the places they act on (a panel of kind "placed": the generic
    move section skips it); its data says what each place offers, its choices list every button's command."""
    spots: dict[str, dict] = {pid: {"place": spot} for pid, spot in
                              _placing([m for m in legal if isinstance(m, Place)], locale).items()}
    works = [m for m in legal if isinstance(m, Work)]
    ask = state.get("ask") or {}
    if ask.get("kind") == "tools" and ask.get("seat") == seat and works:
        spots.setdefault(ask["target"], {})["tools"] = _tools(state, seat, locale)
    else:
        for pid, roll in _rolling(works, state, seat, locale).items():
            spots.setdefault(pid, {})["roll"] = roll
    for kind, cls, attr in (("civ", Civ, "slot"), ("build", Build, "stack")):
        for k in sorted({getattr(m, attr) for m in legal if isinstance(m, cls)}):
            pid = f"civ{k}" if kind == "civ" else f"building{k}"
            spots.setdefault(pid, {})["pay"] = _paying(
                kind, k, [m for m in legal if isinstance(m, cls) and getattr(m, attr) == k], state, seat, locale)
    splits = [m for m in legal if isinstance(m, Split)]
    if splits:
        spots.setdefault("hunt", {})["split"] = _splitting(splits, state)
    picks = _picking([m for m in legal if isinstance(m, Pick)], state, locale)
    if not spots and not picks:
        return None
    choices = [Choice(cmd, _("Place %(n)d on %(place)s", n=n, place=spot["place"]["name"]), at=pid, short=str(n))
               for pid, spot in spots.items() if "place" in spot for n, cmd in spot["place"]["commands"].items()]
    for pid, spot in spots.items():
        if "roll" in spot:
            choices += [spot["roll"]["roll"], *spot["roll"]["ahead"]]
        if "tools" in spot:
            choices += spot["tools"]["choices"]
        if "pay" in spot:
            choices += spot["pay"]["pays"] + spot["pay"]["list"] + [spot["pay"]["skip"]]
        if "split" in spot:
            choices += spot["split"]["choices"]
    choices += picks
    return Panel("placed", _("On the board"), choices, data={"spots": spots, "pick": picks})


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
    """The panels for `seat`'s legal Stone Age moves: the board's first, then feeding and the card."""
    out: list[Panel] = []
    board = board_panel(state, seat, legal, locale)
    if board is not None:
        out.append(board)
    if any(isinstance(m, (Feed, Starve)) for m in legal):
        out.append(_feeding([m for m in legal if isinstance(m, (Feed, Starve))], state, seat, locale))
    if any(isinstance(m, UseCard) for m in legal):
        out.append(Panel("pair", _("Use the any-2-resources card"), prefix="use card", confirm=True,
                         note=_("You may use it at any time; it is spent."),
                         data={"items": [{"value": r, "label": _res(r, locale)} for r in RESOURCES]}))
    # Moves this module does not know yet (new rules) still get buttons or a list.
    out += generic_panels(None, state, seat, [m for m in legal if not isinstance(m, KNOWN)], locale)
    return out
