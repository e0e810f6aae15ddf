"""The Stone Age board as a drawing: each place, card space, building stack, die and score marker with where its
pieces stand and what it is called, for templates/stone-age/ to draw as SVG (the players' villages: villages.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from flask_babel import gettext as _, ngettext

from ...engine.stone_age import text as words
from ...engine.stone_age.cards import BUILDINGS, BY_PLAYERS, CIV_CARDS, DICE_ITEMS, PLACE_INFO, RESOURCES
from ...engine.stone_age.style_cards import STYLE_BY_PLAYERS, STYLE_DICE_ITEMS

# The fifth colour comes with the expansion (its people are black); each colour has a shape as well.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "black")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon")
STEP, ROW = 20, 24  # between two people side by side, between two rows of people
TILE = {"dice": (176, 136), "village": (132, 104), "civ": (128, 178), "building": (96, 178)}  # viewBox sizes
PEOPLE_Y = {"dice": 62, "village": 78}
# The score track: two rows of 50 spaces.
TRACK_ROW, TRACK_X, TRACK_Y, TRACK_STEP, TRACK_ROWS_APART = 50, 15, 34, 6, 54


def _ems(text: str, latin: float) -> float:
    return sum(1.0 if ord(ch) > 0x2E80 else latin for ch in text)  # CJK letters are square


def label_size(text: str, width: float, size: float = 14, least: float = 8.5) -> float:
    """The font size at which bold `text` fits `width` (a guess from its letters)."""
    ems = _ems(text, 0.64)
    return round(max(least, min(size, width / ems if ems else size)), 1)


def wrapped(text: str, width: float, size: float, lines: int = 3) -> list[str]:
    """`text` broken into lines of about `width` at `size` (at spaces; CJK anywhere), at most `lines` of them."""
    room = width / size
    spaced = " " in text
    parts = text.split(" ") if spaced else list(text) if _ems(text, 0) else [text]
    out, line, used = [], "", 0.0
    for part in parts:
        ems = _ems(part, 0.58)
        if line and used + ems > room:
            out.append(line)
            line, used = part, ems
        else:
            line, used = (f"{line} {part}" if spaced and line else line + part), used + ems + (0.3 if spaced else 0)
    out.append(line)
    return out[:lines - 1] + [" ".join(out[lines - 1:])] if len(out) > lines else out


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat_name(i: int, names: Sequence[str], seat: int | None) -> str:
    """A seat's name as the board says it, "(you)" after the reader's own."""
    name = names[i] if names and i < len(names) and names[i] else _("Player %(n)d", n=i + 1)
    return _("%(name)s (you)", name=name) if i == seat else str(name)


def colour_name(i: int) -> str:
    return {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
            "black": _("black")}[SEAT_COLOURS[i % len(SEAT_COLOURS)]]


def workplace_owners(view: Mapping, pid: str) -> list[int]:
    """The seats that own the workplace `pid` (expansion): its tile is among their buildings."""
    return [i for i, p in enumerate(view["seats"])
            if any((BUILDINGS.get(b, {}).get("effect") or {}).get("place") == pid for b in p["buildings"])]


@dataclass(frozen=True)
class Reader:
    """Who reads the board: what their seat may see, the seats' names, their language, the moves offered at each
    place (forms.board_panel) and the place whose count is asked."""

    view: Mapping
    names: Sequence[str]
    seat: int | None
    loc: str
    offers: Mapping
    chosen: str | None

    def name(self, i: int) -> str:
        return seat_name(i, self.names, self.seat)

    def people(self, counts: list[int], capacity: int | None, x0: float, y0: float, per_row: int) -> tuple:
        """The people standing on a place, seat by seat from the first slot, and the free slots of a limited one."""
        groups, k = [], 0
        for i, n in enumerate(counts):
            if n:
                at = [(x0 + ((k + j) % per_row) * STEP, y0 + ((k + j) // per_row) * ROW) for j in range(n)]
                groups.append({"seat": i, "n": n, "at": at, "label": ngettext(
                    "%(name)s: %(num)d person", "%(name)s: %(num)d people", n, name=self.name(i))})
                k += n
        free = [] if capacity is None else [(x0 + (j % per_row) * STEP, y0 + (j // per_row) * ROW)
                                            for j in range(k, capacity)]
        return groups, free, k

    def offer(self, pid: str) -> dict:
        """What the reader may do at `pid` now ({} for nothing); "chosen" when its count is being asked."""
        spot = dict(self.offers.get(pid) or {})
        place = spot.get("place")
        if place and self.chosen == pid and len(place["counts"]) > 1:
            spot["chosen"] = True
        return spot

    def colours_left(self, pid: str) -> str:
        """With 2 or 3 players only so many colours may stand on the forest, clay pit, quarry and river."""
        table = STYLE_BY_PLAYERS if self.view.get("expansion") == "style" else BY_PLAYERS
        limit = table.get(self.view["players"], {}).get("colours")
        if not limit:
            return ""
        standing = sum(1 for n in self.view["board"].get(pid, []) if n)
        return ngettext("At most %(num)d colour here: %(left)d more may come.",
                        "At most %(num)d colours here: %(left)d more may come.", limit, left=max(0, limit - standing))


def _dice_place(r: Reader, pid: str) -> dict:
    info = PLACE_INFO[pid]
    capacity = info.get("capacity")
    w, h = TILE["dice"]
    per_row = 8 if capacity is None else min(4, capacity)
    groups, free, here = r.people(r.view["board"].get(pid, []), capacity, 26 if capacity is None else 36,
                                  PEOPLE_Y["dice"], per_row)
    # Room under the people for the place's button, which lies over the foot of the drawing.
    h = max(h, PEOPLE_Y["dice"] + -(-max(here, capacity or 1) // per_row) * ROW + 26)
    name = capitalised(words.place_name(pid, r.loc))
    yields = _("1 %(res)s for every %(d)d on the dice", res=words.item_name(info["yields"], 2, r.loc),
               d=info["divisor"])
    owner = ""
    if info.get("owner_only"):
        owners = [r.name(i) for i in workplace_owners(r.view, pid)]
        owner = _("Only for its owner: %(names)s", names=", ".join(owners)) if owners else ""
    if capacity is None:
        room, short = _("Room for any number of people"), _("no limit")
    else:
        room = ngettext("%(num)d of %(cap)d space free", "%(num)d of %(cap)d spaces free", capacity - here,
                        cap=capacity)
        short = ngettext("%(num)d free", "%(num)d free", capacity - here)
    limit = r.colours_left(pid) if info.get("colour_limited") else ""
    title = " ".join(x for x in (_("%(place)s: %(yields)s. %(room)s.", place=name, yields=yields, room=room), owner,
                                 limit) if x)
    return {"id": pid, "kind": "dice", "w": w, "h": h, "name": name, "name_size": label_size(name, w - 64),
            "res": info["yields"], "divisor": info["divisor"], "capacity": capacity,
            "free_n": None if capacity is None else capacity - here, "here": here, "people": groups, "free": free,
            "room": short, "owner": owner, "title": title, "offer": r.offer(pid)}


def _village_place(r: Reader, pid: str, closed: bool) -> dict:
    info = PLACE_INFO[pid]
    w, h = TILE["village"]
    capacity = info["capacity"]
    groups, free, here = r.people(r.view["board"].get(pid, []), capacity, w / 2 - (capacity - 1) * STEP / 2,
                                  PEOPLE_Y["village"], capacity)
    name = capitalised(words.place_name(pid, r.loc))
    effect = {"tool": _("1 person: +1 tool"), "person": _("Exactly 2 people: +1 person"),
              "agriculture": _("1 person: +1 agriculture"),
              "trade": _("Exactly 2 people: trade track +2 and 2 ornaments")}.get(info["effect"], info["effect"])
    state = _("taken") if here else _("closed this round") if closed else _("free")
    return {"id": pid, "kind": "village", "w": w, "h": h, "name": name, "name_size": label_size(name, w - 12),
            "effect": info["effect"], "effect_lines": wrapped(effect, w - 36, 10.5, 3), "capacity": capacity,
            "free_n": capacity - here, "here": here, "people": groups, "free": free, "state": state,
            "closed": closed, "title": _("%(place)s: %(effect)s. %(state)s.", place=name, effect=effect,
                                          state=capitalised(state)), "offer": r.offer(pid)}


def card_face(card_id: str | None, locale: str) -> dict | None:
    """A civilization card's two halves in words: what it gives now, what it scores at the end."""
    data = CIV_CARDS.get(card_id) if card_id else None
    if data is None:
        return None
    loc = locale if locale in words.LOCALES else "en"
    top = dict(data["top"])
    if "res" in top:
        top["res"] = words.ITEM_NAMES[loc][top["res"]]
    now = words.TOP_NAMES[loc][top["kind"]].format(**top)
    if top["kind"] in ("dice_roll_items", "dice_roll_items_style"):
        table = STYLE_DICE_ITEMS if top["kind"] == "dice_roll_items_style" else DICE_ITEMS
        now += ": " + ", ".join(f"{face} {words.item_name(item, 1, loc)}" for face, item in sorted(table.items()))
    bottom = data["bottom"]
    if "culture" in bottom:
        end = words.CULTURE_NAMES[loc][bottom["culture"]]
        end_words = _("culture symbol: %(name)s", name=end)
    else:
        end = f"{bottom['count']} × {words.MULTIPLIER_NAMES[loc][bottom['multiplier']]}"
        end_words = _("multiplier: %(what)s", what=end)
    return {"id": card_id, "now": capitalised(now), "end": end, "end_words": end_words, "culture": "culture" in bottom}


def _card_space(r: Reader, i: int) -> dict:
    pid = f"civ{i}"
    cost = r.view["row_costs"][i - 1]
    card = card_face(r.view["row"][i - 1] if len(r.view["row"]) >= i else None, r.loc)
    w, h = TILE["civ"]
    groups, free, here = r.people(r.view["board"].get(pid, []), 1, w / 2, h - 15, 1)
    cost_words = (ngettext("%(num)d ornament", "%(num)d ornaments", cost["n"]) if cost["item"] == "ornament"
                  else ngettext("%(num)d resource", "%(num)d resources", cost["n"]))
    if card:
        card["now_lines"] = wrapped(card["now"], w - 22, 10.5, 5)
        card["end_lines"] = wrapped(card["end"], w - 20, 11.5, 2)
    title = _("Civilization card %(n)d, costs %(cost)s:", n=i, cost=cost_words) + " " + (
        _("%(now)s now; at the end, %(end)s.", now=card["now"], end=card["end_words"]) if card
        else _("empty: the card was taken this round."))
    return {"id": pid, "kind": "civ", "n": i, "w": w, "h": h, "cost": cost, "card": card, "people": groups,
            "free": free, "here": here, "capacity": 1, "free_n": 1 - here, "title": title, "offer": r.offer(pid)}


def tile_face(tile_id: str | None, locale: str) -> dict | None:
    """A building tile's face: its cost as items (fixed tiles) or in words, its points, what else it does."""
    data = BUILDINGS.get(tile_id) if tile_id else None
    if data is None:
        return None
    loc = locale if locale in words.LOCALES else "en"
    face = {"id": tile_id, "cost": [], "points": data.get("points"), "rule": "", "points_rule": "", "effect": "",
            "words": words.building_name(tile_id, loc)}
    if data["kind"] == "fixed":
        face["cost"] = [res for res in RESOURCES for _n in range(data["cost"].get(res, 0))]
    elif data["kind"] == "count_kinds":
        face["rule"] = ngettext("%(count)d of %(num)d kind", "%(count)d of %(num)d kinds", data["kinds"],
                                count=data["count"])
    elif data["kind"] == "any":
        face["rule"] = _("%(min)d–%(max)d of any kind", min=data["min"], max=data["max"])
    elif data["kind"] == "ornaments":
        face["rule"] = _("%(min)d–%(max)d ornaments", min=data["min"], max=data["max"])
        face["points_rule"] = _("%(n)d each", n=data["per"])
    effect = data.get("effect")
    if effect:
        face["effect"] = words.BUILDING_EFFECT_NAMES[loc][effect["kind"]].format(
            place=words.place_name(effect.get("place", ""), loc), res=words.ITEM_NAMES[loc].get(effect.get("res"), ""))
    return face


def _stack(r: Reader, i: int) -> dict:
    pid = f"building{i}"
    stack = r.view["stacks"][i - 1]
    tile = tile_face(stack["top"], r.loc)
    w, h = TILE["building"]
    groups, free, here = r.people(r.view["board"].get(pid, []), 1, (w - 4) / 2, h - 15, 1)
    left = ngettext("%(num)d tile", "%(num)d tiles", stack["count"])
    if tile:
        tile["effect_lines"] = wrapped(tile["effect"], w - 16, 9.5, 2) if tile["effect"] else []
        tile["rule_lines"] = wrapped(tile["rule"], w - 16, 11, 2) if tile["rule"] else []
    title = _("Building stack %(n)d, %(left)s:", n=i, left=left) + " " + (
        _("on top, %(tile)s.", tile=tile["words"]) if tile else _("empty."))
    return {"id": pid, "kind": "building", "n": i, "w": w, "h": h, "count": stack["count"], "left": left,
            "tile": tile, "people": groups, "free": free, "here": here, "capacity": 1, "free_n": 1 - here,
            "title": title, "depth": min(stack["count"], 6), "offer": r.offer(pid)}


def dice_on_table(r: Reader, done: Mapping | None) -> dict:
    """The dice on the table and the size of their tray: a roll waiting for its tools or share, the dice for
    everyone being picked, else the rolls of the player who rolled last (all of that player's rolls of the round,
    by place: the round's record keeps no order within a seat)."""
    roll = _dice(r, done)
    widest = max([len(x["dice"]) for x in roll["rolls"]] + [len(roll.get("dice") or ())])
    rows = 2 if roll["kind"] == "pick" else max(1, len(roll["rolls"]))
    roll["w"], roll["h"] = max(220, 36 + widest * 25), 36 + rows * 30
    roll["faces"] = [d["face"] for d in roll.get("dice") or ()] + [f for x in roll["rolls"] for f in x["dice"]]
    return roll


def _dice(r: Reader, done: Mapping | None) -> dict:
    view = r.view
    ask = view.get("ask") or {}
    if ask.get("kind") == "pick":
        order, i = ask.get("order") or [], ask.get("i", 0)
        picker = order[i] if i < len(order) else None
        table = STYLE_DICE_ITEMS if "style" in (ask.get("card") or "") else DICE_ITEMS
        dice = [{"face": d, "item": table[d], "item_words": words.item_name(table[d], 1, r.loc)}
                for d in sorted(ask["dice"])]
        said = _("Dice for everyone: %(dice)s. %(name)s takes one next.",
                 dice=", ".join(f"{d['face']} ({d['item_words']})" for d in dice),
                 name=r.name(picker) if picker is not None else "?")
        return {"kind": "pick", "picker": picker, "dice": dice, "label": said, "rolls": []}
    if ask.get("kind") == "tools":
        said = words.describe({"kind": "rolled", "seat": ask["seat"], "target": ask["target"], "dice": ask["dice"],
                               "total": ask["total"]}, r.seat, r.loc, r.names)
        lines = [said, _("Tools may still be added.")]
        return {"kind": "waiting", "rolls": [{"seat": ask["seat"], "dice": ask["dice"], "lines": lines}],
                "label": " ".join(lines)}
    if ask.get("kind") == "split":
        said = ngettext("%(name)s shares %(num)d unit of the hunt between food and ornaments.",
                        "%(name)s shares %(num)d units of the hunt between food and ornaments.", ask["units"],
                        name=r.name(ask["seat"]))
        return {"kind": "waiting", "rolls": [{"seat": ask["seat"], "dice": [], "lines": [said]}], "label": said}
    rolls: list[dict] = []
    if done:
        # The start player of the round recorded: it passes one seat on each round.
        start = (view["start"] - (view["round"] - done.get("round", view["round"]))) % view["players"]
        for k in range(view["players"]):
            who = (start + k) % view["players"]
            got = (done.get("seats") or {}).get(str(who)) or {}
            mine = []
            for pid in view["places"]:
                events = got.get(pid) or []
                dice = next((ev["dice"] for ev in events if ev.get("kind") == "rolled"), None)
                if dice is not None:
                    lines = [words.describe(ev, r.seat, r.loc, r.names) for ev in events
                             if ev.get("kind") in ("rolled", "tools_used", "gained")]
                    mine.append({"seat": who, "dice": dice, "lines": lines})
            rolls = mine or rolls  # seats resolve in turn order: a later seat rolled later
    if not rolls:
        return {"kind": "none", "rolls": [], "label": _("No dice rolled yet this round.")}
    return {"kind": "rolled", "rolls": rolls, "label": " ".join(line for x in rolls for line in x["lines"])}


def score_track(r: Reader) -> list[dict]:
    """Each seat's marker on the track of 0 to 99, drawn in two rows (0-49, 50-99); a lap beyond 100 is said
    beside the marker, and equal scores stand side by side."""
    markers, taken = [], {}
    for i, p in enumerate(r.view["seats"]):
        score = p["score"]
        spot = max(0, score) % 100
        level = taken.get(spot, 0)
        taken[spot] = level + 1
        markers.append({"seat": i, "score": score, "lap": max(0, score) // 100,
                        "x": TRACK_X + (spot % TRACK_ROW) * TRACK_STEP - 7 + level * 4,
                        "y": TRACK_Y + spot // TRACK_ROW * TRACK_ROWS_APART - 19 - level * 6,
                        "label": ngettext("%(name)s: %(num)d point", "%(name)s: %(num)d points", score,
                                          name=r.name(i))})
    return markers


def drawing(view: Mapping, state: Mapping | None, seat: int | None, offers: Mapping, names: Sequence[str],
            locale: str, chosen: str | None = None) -> dict:
    """Everything the board template draws, from `view` (what `seat` may see) and the round's record of rolls in
    `state` (public: the dice every player saw), with the moves `offers` beside each place (`chosen`: the place
    whose count is asked)."""
    r = Reader(view, names, seat, locale if locale in words.LOCALES else "en", offers, chosen)
    board = view["board"]
    limit = view.get("village_limit")
    used = sum(1 for pid in view["places"] if PLACE_INFO.get(pid, {}).get("kind") == "village" and sum(board[pid]))
    full = bool(limit) and used >= limit and view["phase"] == "place"
    dice_places, village, workplaces = [], [], []
    for pid in view["places"]:
        info = PLACE_INFO.get(pid)
        if info is None:
            continue
        if info.get("owner_only"):
            if workplace_owners(view, pid) or sum(board[pid]):
                workplaces.append(_dice_place(r, pid))
        elif info["kind"] == "dice":
            dice_places.append(_dice_place(r, pid))
        else:
            village.append(_village_place(r, pid, full and not sum(board[pid])))
    row = [_card_space(r, i) for i in range(1, len(view["row_costs"]) + 1)]
    stacks = [_stack(r, i) for i in range(1, len(view["stacks"]) + 1)]
    every = dice_places + village + workplaces + row + stacks
    return {"dice_places": dice_places, "village": village, "workplaces": workplaces, "row": row, "stacks": stacks,
            "offered": any(spot["offer"] for spot in every),
            "chosen": next((spot for spot in every if spot["offer"].get("chosen")), None),
            "roll": dice_on_table(r, (state or {}).get("done")), "track": score_track(r), "village_limit": limit,
            "start": {"seat": view["start"], "name": r.name(view["start"])},
            "waiting": [{"seat": pr["seat"], "name": r.name(pr["seat"])} for pr in view.get("prompts") or ()
                        if pr["seat"] != seat]}
