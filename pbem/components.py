"""The host's components file: the printed values of Stone Age's expansion Style is the Goal, read from the host's own
copy of the game (TOML), checked field by field, and handed to the engine at start (docs/stone-age.md).

The file names each new civilization card and building tile by the engine's id; `pbem components check FILE` says
what is missing or wrong, one line per field, naming the card or tile. The engine stays pure: `init_app` reads the
file and passes the values to `stone_age.use_components`; without a file the expansion is offered nowhere.
"""
from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path

from .engine import stone_age
from .engine.stone_age import style_cards
from .engine.stone_age.cards import CULTURES, MULTIPLIERS, RESOURCES

FORMAT = 1
INSTANCE_FILE = "components.toml"  # looked for in the instance folder when PBEM_COMPONENTS is not set

# The style dice table: what a die face gives (the base game's items, and the expansion's ornament).
DICE_FACES = ("ornament", "wood", "brick", "stone", "gold", "tool", "agriculture")
# A card's top the file may give (the base game's kinds the engine plays) and the fields each needs.
TOPS = {"dice_roll_items_style": (), "trade_track": (), "food": ("amount",), "points": ("amount",),
        "resource": ("resource", "amount"), "resource_dice": ("resource",), "tool": (), "agriculture": (),
        "extra_card": (), "one_use_tool": ("amount",), "any_two_resources": ()}
# Tops the rules text gives: these cards' tops are facts, not the host's to change.
KNOWN_TOPS = {**{f"civ/style-dice-{n}": "dice_roll_items_style" for n in range(1, 5)},
              "civ/style-trade-1": "trade_track", "civ/style-trade-2": "trade_track"}
BOTTOMS = CULTURES + (style_cards.NECKLACE,) + MULTIPLIERS + (style_cards.TRADER,)
# The new tiles' effects (the five kinds the rules text names, or none) and the older tiles' (the rules text's).
EFFECTS = {"ornaments": None, "draw_card": {"kind": "draw_card"}, "dice_items": {"kind": "dice_items"},
           "woodyard": {"kind": "workplace", "place": "woodyard"},
           "goldyard": {"kind": "workplace", "place": "goldyard"}, "none": None}
SPIELBOX_EFFECTS = {"income_wood": {"kind": "income", "res": "wood"}, "income_brick": {"kind": "income", "res": "brick"},
                    "income_stone": {"kind": "income", "res": "stone"}, "person": {"kind": "person"},
                    "tool": {"kind": "tool"}, "agriculture": {"kind": "agriculture"}}
ORNAMENT_TILE = {"kind": "ornaments", "min": 1, "max": 4, "per": 4, "effect": None}  # rules text: 4 points each, ≤ 4


class ComponentsError(ValueError):
    """A components file that cannot be used: its problems, one line each."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def read(path: str | Path) -> dict:
    """The engine's values from the components file at `path`; ComponentsError lists every problem."""
    try:
        with open(path, "rb") as handle:
            raw = tomllib.load(handle)
    except OSError as exc:
        raise ComponentsError([f"{path}: cannot be read ({exc.strerror or exc})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ComponentsError([f"{path}: not TOML: {exc}"]) from None
    problems: list[str] = []
    data = values(raw, problems)
    if problems:
        order = {key: n for n, key in enumerate(dict.fromkeys(line.split(": ", 1)[0] for line in problems))}
        raise ComponentsError(sorted(problems, key=lambda line: order[line.split(": ", 1)[0]]))
    return data


def problems_of(path: str | Path) -> list[str]:
    """What is wrong with the file at `path` (empty: it can be used)."""
    try:
        read(path)
    except ComponentsError as exc:
        return exc.problems
    return []


def values(raw: dict, problems: list[str]) -> dict:
    """The engine's values of a parsed file (`style_cards.use_components`); every problem appended to `problems`."""
    if raw.get("format") != FORMAT:
        problems.append(f"format: must be {FORMAT} (the format this pbem reads), not {raw.get('format')!r}")
    if raw.get("game") != "stone-age" or raw.get("expansion") != "style":
        problems.append('game and expansion: must be "stone-age" and "style" (Style is the Goal)')
    test_data = raw.get("test_data", False)
    if not isinstance(test_data, bool):
        problems.append("test_data: true or false")
    dice = _dice(_table(raw, "dice", problems), problems)
    cards = {cid: _card(cid, entry, problems)
             for cid, entry in _entries(raw, "cards", style_cards.STYLE_CIV_IDS, problems).items()}
    tiles = {tid: _tile(tid, entry, problems)
             for tid, entry in _entries(raw, "buildings", style_cards.STYLE_BUILDING_IDS, problems).items()}
    tiles.update({tid: _spielbox(tid, entry, problems)
                  for tid, entry in _entries(raw, "spielbox", style_cards.SPIELBOX_IDS, problems).items()})
    for name in ("cards", "buildings", "spielbox"):  # every field left empty is named, needed now or not
        for key, entry in raw[name].items() if isinstance(raw.get(name), dict) else ():
            for field, value in entry.items() if isinstance(entry, dict) else ():
                said = f"{key}: {field} "
                if _empty(value) and not any(line.startswith(said) for line in problems):
                    problems.append(said + "is empty")
    data = {"dice": dice, "cards": cards, "buildings": tiles, "test_data": bool(test_data)}
    fingerprint = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]
    data["version"] = ("test-components-" if test_data else "components-") + fingerprint
    return data


def _table(raw: dict, name: str, problems: list[str]) -> dict:
    table = raw.get(name)
    if not isinstance(table, dict):
        problems.append(f"{name}: missing (a [{name}] table)")
        return {}
    return table


def _entries(raw: dict, name: str, ids: tuple[str, ...], problems: list[str]) -> dict:
    """The file's table `name` by id: each of `ids` once, nothing else."""
    table = _table(raw, name, problems)
    for key in sorted(set(table) - set(ids)):
        problems.append(f"{name}: {key!r} is not one of the expansion's ({', '.join(ids)})")
    for key in ids:
        if key not in table:
            problems.append(f"{key}: missing (a [{name}.\"{key}\"] table)")
        elif not isinstance(table[key], dict):
            problems.append(f"{key}: must be a table of fields")
    return {key: table[key] for key in ids if isinstance(table.get(key), dict)}


def _empty(value) -> bool:
    return value in ("", None) or value == []


def _field(where: str, entry: dict, name: str, problems: list[str], choices=None, number: bool = False):
    """Field `name` of `entry` (a card or tile called `where`), or None after saying what is wrong with it."""
    value = entry.get(name)
    if name not in entry or _empty(value):
        problems.append(f"{where}: {name} is empty" if name in entry else f"{where}: {name} is missing")
        return None
    if number:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= 99:
            problems.append(f"{where}: {name} must be a whole number from 1 to 99, not {value!r}")
            return None
    elif choices is not None and value not in choices:
        problems.append(f"{where}: {name} {value!r} is not one of {', '.join(choices)}")
        return None
    return value


def _dice(table: dict, problems: list[str]) -> dict:
    faces = table.get("faces")
    if not isinstance(faces, list) or len(faces) != 6:
        problems.append("dice: faces must list the 6 faces, 1 to 6")
        return {}
    out = {}
    for n, face in enumerate(faces, 1):
        if _empty(face):
            problems.append(f"dice: face {n} is empty")
        elif face not in DICE_FACES:
            problems.append(f"dice: face {n} {face!r} is not one of {', '.join(DICE_FACES)}")
        else:
            out[n] = face
    return out


def _card(cid: str, entry: dict, problems: list[str]) -> dict:
    """A new civilization card: its top (what it gives) and its bottom (a culture symbol, or a multiplier and its
    count)."""
    top_kind = _field(cid, entry, "top", problems, tuple(TOPS))
    if top_kind is not None and cid in KNOWN_TOPS and top_kind != KNOWN_TOPS[cid]:
        problems.append(f"{cid}: top must be {KNOWN_TOPS[cid]!r} (the rules text says so), not {top_kind!r}")
    top: dict = {"kind": top_kind}
    if top_kind == "trade_track":
        top.update(advance=1, ornaments=2)  # the rules text: 1 step on the trade track and 2 ornaments
    for name in TOPS.get(top_kind, ()):
        top["res" if name == "resource" else ("value" if top_kind == "one_use_tool" else "n")] = _field(
            cid, entry, name, problems, RESOURCES if name == "resource" else None, number=name == "amount")
    if top_kind == "resource_dice":
        top["dice"] = 2
    bottom = _field(cid, entry, "bottom", problems, BOTTOMS)
    if bottom in MULTIPLIERS + (style_cards.TRADER,):
        return {"top": top, "bottom": {"multiplier": bottom, "count": _field(cid, entry, "count", problems,
                                                                             number=True)}}
    return {"top": top, "bottom": {"culture": bottom}}


def _cost(where: str, entry: dict, problems: list[str]) -> dict | None:
    cost = entry.get("cost")
    if "cost" not in entry or _empty(cost):
        problems.append(f"{where}: cost is {'empty' if 'cost' in entry else 'missing'}")
        return None
    if not isinstance(cost, list) or not all(c in RESOURCES for c in cost) or not 1 <= len(cost) <= 7:
        problems.append(f"{where}: cost must list 1 to 7 resources ({', '.join(RESOURCES)}), not {cost!r}")
        return None
    counts: dict[str, int] = {}
    for res in cost:
        counts[res] = counts.get(res, 0) + 1
    return counts


def _tile(tid: str, entry: dict, problems: list[str]) -> dict:
    """A new building tile: its effect; unless it takes ornaments, its cost and points."""
    effect = _field(tid, entry, "effect", problems, tuple(EFFECTS))
    if effect == "ornaments":
        return dict(ORNAMENT_TILE)
    if effect is None:
        return {}
    return {"kind": "fixed", "cost": _cost(tid, entry, problems),
            "points": _field(tid, entry, "points", problems, number=True), "effect": EFFECTS[effect]}


def _spielbox(tid: str, entry: dict, problems: list[str]) -> dict:
    """One of the 6 older tiles: its effect and points (the rules text's) and its cost."""
    effect = _field(tid, entry, "effect", problems, tuple(SPIELBOX_EFFECTS))
    return {"kind": "fixed", "cost": _cost(tid, entry, problems),
            "points": _field(tid, entry, "points", problems, number=True),
            "effect": SPIELBOX_EFFECTS.get(effect)}


def configured_path(config: dict, instance_path: str) -> Path | None:
    """The components file the app uses: PBEM_COMPONENTS, else components.toml in the instance folder, else none."""
    if config.get("COMPONENTS"):
        return Path(config["COMPONENTS"])
    path = Path(instance_path) / INSTANCE_FILE
    return path if path.is_file() else None


def init_app(app) -> None:
    """Hand the configured file's values to the engine (the expansion is then offered), or none; a bad file stops
    the start with its problems."""
    path = configured_path(app.config, app.instance_path)
    stone_age.use_components(read(path) if path is not None else None)
    app.config["COMPONENTS_IN_USE"] = str(path) if path is not None else None
