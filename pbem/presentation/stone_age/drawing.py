"""The Stone Age board as a drawing: each place, card space, building stack, die and score marker with where its
pieces stand and what it is called, for templates/stone-age/ to draw as SVG (the players' villages: villages.py)."""
from __future__ import annotations

from flask_babel import gettext as _, ngettext

from ...engine.stone_age import text as words
from ...engine.stone_age.cards import BUILDINGS, BY_PLAYERS, CIV_CARDS, DICE_ITEMS, PLACE_INFO
from ...engine.stone_age.style_cards import STYLE_BY_PLAYERS, STYLE_DICE_ITEMS

# The fifth colour comes with the expansion (its people are black); each colour has a shape as well.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "black")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon")
STEP = 20  # between two people standing side by side
ROW = 24  # between two rows of people
TILE = {"dice": (176, 126), "village": (132, 112), "civ": (128, 178), "building": (96, 178)}
NAME_SIZE = 14
# The score track: two rows of 50 spaces.
TRACK_ROW, TRACK_X, TRACK_Y, TRACK_STEP, TRACK_ROWS_APART = 50, 15, 34, 6, 54


def label_size(text: str, width: float, size: float = NAME_SIZE, least: float = 8.5) -> float:
    """The font size at which `text` fits `width` (a guess from its letters: CJK letters are square)."""
    ems = sum(1.0 if ord(ch) > 0x2E80 else 0.64 for ch in text)  # bold Latin letters run about 0.6 em
    return round(max(least, min(size, width / ems if ems else size)), 1)


def wrapped(text: str, width: float, size: float, lines: int = 3) -> list[str]:
    """`text` broken into lines of about `width` at `size` (at spaces; CJK anywhere), at most `lines` of them."""
    room = width / size
    out, line, used = [], "", 0.0
    parts = text.split(" ") if " " in text else list(text) if any(ord(ch) > 0x2E80 for ch in text) else [text]
    glue = " " if " " in text else ""
    for part in parts:
        ems = sum(1.0 if ord(ch) > 0x2E80 else 0.58 for ch in part)
        if line and used + ems > room:
            out.append(line)
            line, used = part, ems
        else:
            line, used = (line + glue + part if line else part), used + ems + (0.3 if glue and line else 0)
    out.append(line)
    return out[:lines - 1] + [" ".join(out[lines - 1:])] if len(out) > lines else out


def seat_name(i: int, names, seat: int | None) -> str:
    """A seat's name as the board says it, "(you)" after the reader's own."""
    name = names[i] if names and i < len(names) else _("Player %(n)d", n=i + 1)
    return _("%(name)s (you)", name=name) if i == seat else str(name)


def colour_name(i: int) -> str:
    colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
    return {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
            "black": _("black")}[colour]


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def people_label(i: int, n: int, names, seat: int | None) -> str:
    return ngettext("%(name)s: %(num)d person", "%(name)s: %(num)d people", n, name=seat_name(i, names, seat))


def _people(counts: list[int], names, seat, capacity: int | None, x0: float, y0: float, per_row: int) -> tuple:
    """The people standing on a place, seat by seat from the first slot, and the free slots (a limited place)."""
    groups, k = [], 0
    for i, n in enumerate(counts):
        if not n:
            continue
        spots = [(x0 + ((k + j) % per_row) * STEP, y0 + ((k + j) // per_row) * ROW) for j in range(n)]
        groups.append({"seat": i, "n": n, "at": spots, "label": people_label(i, n, names, seat)})
        k += n
    free = [] if capacity is None else [(x0 + (j % per_row) * STEP, y0 + (j // per_row) * ROW)
                                        for j in range(k, capacity)]
    return groups, free, k


def _offer(offers: dict, pid: str, chosen: str | None) -> dict:
    spot = dict(offers.get(pid) or {})
    place = spot.get("place")
    spot["chosen"] = bool(place and chosen == pid and len(place["counts"]) > 1)
    return spot


def _dice_place(pid: str, view: dict, names, seat, offers: dict, chosen) -> dict:
    info = PLACE_INFO[pid]
    counts = view["board"].get(pid, [])
    capacity = info.get("capacity")
    w, h = TILE["dice"]
    per_row = 8 if capacity is None else 4 if capacity > 4 else capacity
    groups, free, here = _people(counts, names, seat, capacity, 26 if capacity is None else 36, 62, per_row)
    rows = max(1, -(-max(here, capacity or 1) // per_row))
    h = max(h, 62 + rows * ROW + 14)
    name = capitalised(words.place_name(pid, view_locale(view)))
    res = words.item_name(info["yields"], 2, view_locale(view))
    yields = _("1 %(res)s for every %(d)d on the dice", res=res, d=info["divisor"])
    owner = ""
    if info.get("owner_only"):
        owners = [seat_name(i, names, seat) for i in workplace_owners(view, pid)]
        owner = _("Only for its owner: %(names)s", names=", ".join(owners)) if owners else ""
    limit = colours_left(view, pid) if info.get("colour_limited") else None
    if capacity is None:
        room = _("Room for any number of people")
    else:
        room = ngettext("%(num)d of %(cap)d space free", "%(num)d of %(cap)d spaces free", capacity - here,
                        cap=capacity)
    title = " ".join(x for x in (f"{name}:", yields + ".", room + ".", owner, limit or "") if x)
    return {"id": pid, "kind": "dice", "w": w, "h": h, "name": name, "name_size": label_size(name, w - 64),
            "res": info["yields"], "divisor": info["divisor"], "capacity": capacity,
            "free_n": None if capacity is None else capacity - here, "here": here, "people": groups, "free": free,
            "room": _("no limit") if capacity is None else ngettext("%(num)d free", "%(num)d free", capacity - here), "limit": limit,
            "title": title, "offer": _offer(offers, pid, chosen), "owner": owner}


def view_locale(view: dict) -> str:
    return view.get("_locale", "en")


def workplace_owners(view: dict, pid: str) -> list[int]:
    """The seats that own the workplace `pid` (expansion): its tile is among their buildings."""
    return [i for i, p in enumerate(view["seats"])
            if any((BUILDINGS.get(b, {}).get("effect") or {}).get("place") == pid for b in p["buildings"])]


def colours_left(view: dict, pid: str) -> str | None:
    """With 2 or 3 players only so many colours may stand on the forest, clay pit, quarry and river."""
    limit = view.get("_colours")
    if not limit:
        return None
    standing = sum(1 for n in view["board"].get(pid, []) if n)
    return ngettext("At most %(num)d colour here: %(left)d more may come.",
                    "At most %(num)d colours here: %(left)d more may come.", limit, left=max(0, limit - standing))


def _village_place(pid: str, view: dict, names, seat, offers: dict, chosen, closed: bool) -> dict:
    info = PLACE_INFO[pid]
    counts = view["board"].get(pid, [])
    w, h = TILE["village"]
    capacity = info["capacity"]
    groups, free, here = _people(counts, names, seat, capacity, w / 2 - (capacity - 1) * STEP / 2, 66, capacity)
    loc = view_locale(view)
    name = capitalised(words.place_name(pid, loc))
    effect = {"tool": _("1 person: +1 tool"), "person": _("Exactly 2 people: +1 person"),
              "agriculture": _("1 person: +1 agriculture"),
              "trade": _("Exactly 2 people: trade track +2 and 2 ornaments")}.get(info["effect"], info["effect"])
    state = _("taken") if here else _("closed this round") if closed else _("free")
    return {"id": pid, "kind": "village", "w": w, "h": h, "name": name, "name_size": label_size(name, w - 12),
            "effect": info["effect"], "effect_words": effect, "effect_lines": wrapped(effect, w - 36, 10.5, 3),
            "capacity": capacity, "free_n": capacity - here, "here": here, "people": groups, "free": free,
            "state": state, "closed": closed,
            "title": f"{name}: {effect}. {capitalised(state)}.", "offer": _offer(offers, pid, chosen)}


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
    return {"id": card_id, "now": capitalised(now), "end": end, "end_words": end_words,
            "culture": "culture" in bottom, "kind": top["kind"]}


def _card_space(i: int, view: dict, names, seat, offers: dict) -> dict:
    pid = f"civ{i}"
    loc = view_locale(view)
    cost = view["row_costs"][i - 1]
    card = card_face(view["row"][i - 1] if len(view["row"]) >= i else None, loc)
    w, h = TILE["civ"]
    counts = view["board"].get(pid, [])
    groups, free, here = _people(counts, names, seat, 1, w - 20, h - 20, 1)
    cost_words = (ngettext("%(num)d ornament", "%(num)d ornaments", cost["n"]) if cost["item"] == "ornament"
                  else ngettext("%(num)d resource", "%(num)d resources", cost["n"]))
    if card:
        card["now_lines"] = wrapped(card["now"], w - 22, 10.5, 5)
        card["end_lines"] = wrapped(card["end"], w - 20, 11.5, 2)
    title = _("Civilization card %(n)d, costs %(cost)s:", n=i, cost=cost_words) + " " + (
        _("%(now)s now; at the end, %(end)s.", now=card["now"], end=card["end_words"]) if card
        else _("empty: the card was taken this round."))
    return {"id": pid, "kind": "civ", "n": i, "w": w, "h": h, "cost": cost, "cost_words": cost_words, "card": card,
            "people": groups, "free": free, "here": here, "capacity": 1, "free_n": 1 - here, "title": title, "offer": _offer(offers, pid, None)}


def tile_face(tile_id: str | None, locale: str) -> dict | None:
    """A building tile's face: its cost as items (fixed tiles) or in words, its points, what else it does."""
    data = BUILDINGS.get(tile_id) if tile_id else None
    if data is None:
        return None
    loc = locale if locale in words.LOCALES else "en"
    face = {"id": tile_id, "kind": data["kind"], "cost": [], "points": data.get("points"), "rule": "", "effect": ""}
    if data["kind"] == "fixed":
        face["cost"] = [r for r in ("wood", "brick", "stone", "gold") for _n in range(data["cost"].get(r, 0))]
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
    face["words"] = words.building_name(tile_id, loc)
    return face


def _stack(i: int, view: dict, names, seat, offers: dict) -> dict:
    pid = f"building{i}"
    stack = view["stacks"][i - 1]
    tile = tile_face(stack["top"], view_locale(view))
    w, h = TILE["building"]
    groups, free, here = _people(view["board"].get(pid, []), names, seat, 1, w - 20, h - 20, 1)
    left = ngettext("%(num)d tile", "%(num)d tiles", stack["count"])
    if tile:
        tile["effect_lines"] = wrapped(tile["effect"], w - 16, 9.5, 2) if tile["effect"] else []
        tile["rule_lines"] = wrapped(tile["rule"], w - 16, 11, 2) if tile["rule"] else []
    title = _("Building stack %(n)d, %(left)s:", n=i, left=left) + " " + (
        _("on top, %(tile)s.", tile=tile["words"]) if tile else _("empty."))
    return {"id": pid, "kind": "building", "n": i, "w": w, "h": h, "count": stack["count"], "left": left,
            "tile": tile, "people": groups, "free": free, "here": here, "capacity": 1, "free_n": 1 - here,
            "title": title,
            "depth": min(stack["count"], 6), "offer": _offer(offers, pid, None)}


def _start_of(view: dict, round_: int) -> int:
    """The start player of round `round_` (it passes one seat on each round)."""
    return (view["start"] - (view["round"] - round_)) % view["players"]


def last_rolls(view: dict, done: dict | None, names, seat) -> dict:
    """The dice on the table, with the size of their tray (see _dice_on_table)."""
    roll = _dice_on_table(view, done, names, seat)
    widest = max([len(r["dice"]) for r in roll["rolls"]] + [len(roll.get("dice") or ())])
    rows = 2 if roll["kind"] == "pick" else max(1, len(roll["rolls"]))
    roll["w"], roll["h"] = max(220, 36 + widest * 25), 36 + rows * 30
    roll["faces"] = [d["face"] for d in roll.get("dice") or ()] + [f for r in roll["rolls"] for f in r["dice"]]
    return roll


def _dice_on_table(view: dict, done: dict | None, names, seat) -> dict:
    """The dice on the table: a roll waiting for its tools or share, the dice for everyone being picked, else the
    rolls of the player who rolled last (all of that player's rolls of the round, by place)."""
    loc = view_locale(view)
    ask = view.get("ask") or {}
    if ask.get("kind") == "pick":
        order, i = ask.get("order") or [], ask.get("i", 0)
        picker = order[i] if i < len(order) else None
        table = STYLE_DICE_ITEMS if "style" in (ask.get("card") or "") else DICE_ITEMS
        dice = [{"face": d, "item": table[d], "item_words": words.item_name(table[d], 1, loc)}
                for d in sorted(ask["dice"])]
        said = _("Dice for everyone: %(dice)s. %(name)s takes one next.",
                 dice=", ".join(f"{d['face']} ({d['item_words']})" for d in dice),
                 name=seat_name(picker, names, seat) if picker is not None else "?")
        return {"kind": "pick", "picker": picker, "dice": dice, "label": said, "rolls": []}
    if ask.get("kind") in ("tools", "split"):
        who = ask["seat"]
        if ask["kind"] == "tools":
            said = words.describe({"kind": "rolled", "seat": who, "target": ask["target"], "dice": ask["dice"],
                                   "total": ask["total"]}, seat, loc, names)
            roll = {"seat": who, "dice": ask["dice"], "lines": [said, _("Tools may still be added.")]}
        else:
            roll = {"seat": who, "dice": [], "lines": [ngettext(
                "%(name)s shares %(num)d unit of the hunt between food and ornaments.",
                "%(name)s shares %(num)d units of the hunt between food and ornaments.", ask["units"],
                name=seat_name(who, names, seat))]}
        return {"kind": "waiting", "rolls": [roll], "label": " ".join(roll["lines"])}
    rolls = []
    if done:
        start = _start_of(view, done.get("round", view["round"]))
        by_seat = done.get("seats") or {}
        for k in range(view["players"]):
            who = (start + k) % view["players"]
            got = by_seat.get(str(who)) or {}
            mine = []
            for pid in view["places"]:
                events = got.get(pid) or []
                if any(ev.get("kind") == "rolled" for ev in events):
                    lines = [words.describe(ev, seat, loc, names) for ev in events
                             if ev.get("kind") in ("rolled", "tools_used", "gained")]
                    dice = next(ev["dice"] for ev in events if ev.get("kind") == "rolled")
                    mine.append({"seat": who, "dice": dice, "lines": lines})
            if mine:
                rolls = mine  # the later seat in turn order rolled later
    if not rolls:
        return {"kind": "none", "rolls": [], "label": _("No dice rolled yet this round.")}
    return {"kind": "rolled", "rolls": rolls, "label": " ".join(line for r in rolls for line in r["lines"])}


def score_track(view: dict, names, seat) -> list[dict]:
    """Each seat's marker on the track of 0 to 99, drawn in two rows (0-49, 50-99); a lap beyond 100 is said
    beside the marker, and equal scores stand side by side."""
    markers, taken = [], {}
    for i, p in enumerate(view["seats"]):
        score = p["score"]
        spot = max(0, score) % 100
        level = taken.get(spot, 0)
        taken[spot] = level + 1
        row = spot // TRACK_ROW
        markers.append({"seat": i, "score": score, "spot": spot, "lap": max(0, score) // 100,
                        "x": TRACK_X + (spot % TRACK_ROW) * TRACK_STEP - 7 + level * 4,
                        "y": TRACK_Y + row * TRACK_ROWS_APART - 19 - level * 6,
                        "label": ngettext("%(name)s: %(num)d point", "%(name)s: %(num)d points", score,
                                          name=seat_name(i, names, seat))})
    return markers


def drawing(view: dict, state: dict | None, seat: int | None, offers: dict, names, locale: str,
            chosen: str | None = None) -> dict:
    """Everything the board template draws, from `view` (what `seat` may see) and the round's record of rolls in
    `state` (public: the dice every player saw), with the moves `offers` beside each place (`chosen`: the place
    whose count is asked)."""
    view = dict(view, _locale=locale if locale in words.LOCALES else "en",
                _colours=_colour_limit(view))
    places = view["places"]
    used_village = sum(1 for pid in places if PLACE_INFO.get(pid, {}).get("kind") == "village"
                       and sum(view["board"].get(pid, [])))
    limit = view.get("village_limit")
    full = bool(limit) and used_village >= limit and view["phase"] == "place"
    dice_places, village, workplaces = [], [], []
    for pid in places:
        info = PLACE_INFO.get(pid)
        if info is None:
            continue
        if info["kind"] == "dice" and info.get("owner_only"):
            if workplace_owners(view, pid) or sum(view["board"].get(pid, [])):
                workplaces.append(_dice_place(pid, view, names, seat, offers, chosen))
        elif info["kind"] == "dice":
            dice_places.append(_dice_place(pid, view, names, seat, offers, chosen))
        else:
            village.append(_village_place(pid, view, names, seat, offers, chosen,
                                          full and not sum(view["board"].get(pid, []))))
    row = [_card_space(i, view, names, seat, offers) for i in range(1, len(view["row_costs"]) + 1)]
    stacks = [_stack(i, view, names, seat, offers) for i in range(1, len(view["stacks"]) + 1)]
    every = dice_places + village + workplaces + row + stacks
    return {"dice_places": dice_places, "village": village, "workplaces": workplaces, "row": row, "stacks": stacks,
            "offered": any(spot["offer"] for spot in every), "chosen": next((s for s in every
                                                                              if s["offer"].get("chosen")), None),
            "roll": last_rolls(view, (state or {}).get("done"), names, seat),
            "track": score_track(view, names, seat), "village_limit": limit,
            "colours": [{"seat": i, "colour": colour_name(i), "shape": SEAT_SHAPES[i % len(SEAT_SHAPES)]}
                        for i in range(view["players"])]}


def _colour_limit(view: dict) -> int | None:
    table = STYLE_BY_PLAYERS if view.get("expansion") == "style" else BY_PLAYERS
    return table.get(view["players"], {}).get("colours")
