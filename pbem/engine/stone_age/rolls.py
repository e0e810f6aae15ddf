"""Phase 2, the places that need no purchase: the gains every effect gives, the village places, and the dice
places, with their rolls, the tools spent on them and the sharing of a hunt (expansion)."""
from __future__ import annotations

from .. import base
from . import ornaments
from .already_done import note_done
from .board import is_style
from .cards import AGRICULTURE_MAX, PEOPLE_MAX, PLACE_INFO, VALUE
from .messages import Msg
from .moves import Split, Work
from .state import free_tools, illegal, once_values, place_kind, set_count, where
from .style_cards import ORNAMENT
from .tools import auto_tools, take, tool_step


# --- gains ------------------------------------------------------------------

def gain(state: dict, seat: int, item: str, n: int, events: list, source: str) -> None:
    """Give `seat` an item: food, a resource or ornaments (`n` of it), or one tool step, person or agriculture."""
    p = state["seats"][seat]
    if item in VALUE:  # food or a resource: the commonest gain, asked first
        p[item] += n
        events.append(base.event("gained", seat, item=item, n=n, source=source))
    elif item == ORNAMENT:
        ornaments.gain_ornaments(state, seat, n, events, source)
    elif item == "tool":
        tool_step(p)
        events.append(base.event("tool", seat, tools=list(p["tools"]), source=source))
    elif item == "person":
        # Rulebook: at most 10 people; the hut does nothing more after that.
        p["people"] = min(PEOPLE_MAX, p["people"] + 1)
        events.append(base.event("person", seat, people=p["people"], source=source))
    elif item == "agriculture":
        p["agri"] = min(AGRICULTURE_MAX, p["agri"] + 1)
        events.append(base.event("agriculture", seat, agri=p["agri"], source=source))
    else:
        raise ValueError(f"no such item: {item!r}")


def resolve_village(state: dict, seat: int, pid: str, events: list) -> None:
    """Take the people back from a village place and apply its effect."""
    start = len(events)
    set_count(state, pid, seat, 0)
    info = PLACE_INFO[pid]
    if info["effect"] == "trade":
        # Expansion, trading post: 2 spaces on the trade track and 2 ornaments, every time.
        ornaments.advance_trade(state, seat, info["advance"], info["ornaments"], events, pid)
    else:
        gain(state, seat, info["effect"], 1, events, pid)
    note_done(state, seat, pid, events[start:])


def divisor(target: str, res: str) -> int:
    """What one unit of a roll costs: the place's divisor (workplaces: wood 2, gold 5), else the value."""
    info = PLACE_INFO.get(target)
    return info["divisor"] if info is not None else VALUE[res]


# --- dice and tools -----------------------------------------------------------

def start_roll(state: dict, seat: int, target: str, dice_n: int, res: str, mode: str | None,
               tools_allowed: bool, events: list, orn: int | None = None) -> None:
    """Roll for `target`; settle the tools at once when nothing is left to decide, else ask.
    `orn` (expansion, hunting): the ornaments said ahead."""
    dice = base.roll(state["rng"], dice_n)
    total = sum(dice)
    events.append(base.event("rolled", seat, target=target, dice=dice, total=total))
    p = state["seats"][seat]
    div = divisor(target, res)
    need = div - total % div
    tiles, cards = free_tools(p), once_values(p)
    if not tools_allowed or mode == "none" or sum(tiles) + sum(cards) < need:
        finish_roll(state, seat, target, total, res, (), (), events, orn)
    elif mode == "auto":
        ts, cs = auto_tools(tiles, cards, need)
        finish_roll(state, seat, target, total, res, ts, cs, events, orn)
    else:
        state["ask"] = {"kind": "tools", "seat": seat, "target": target, "dice": dice, "total": total, "res": res}
        if orn is not None:
            state["ask"]["orn"] = orn


def finish_roll(state: dict, seat: int, target: str, total: int, res: str, tiles: tuple, cards: tuple,
                events: list, orn: int | None = None) -> None:
    """Spend the chosen tools and take floor((dice + tools) / divisor) of the yield."""
    p = state["seats"][seat]
    bonus = 0
    if tiles:
        spent = take([0 if u else v for v, u in zip(p["tools"], p["used"])], tiles)
        used = p["used"][:]  # replaced, never changed in place: the state before the move shares it
        for i in spent:
            used[i] = True
            bonus += p["tools"][i]
        p["used"] = used
    if cards:
        values = once_values(p)
        spent = take(values, cards)
        bonus += sum(values[i] for i in spent)
        p["once"] = [c for i, c in enumerate(p["once"]) if i not in spent]
    if bonus:
        events.append(base.event("tools_used", seat, target=target, tiles=list(tiles), cards=list(cards),
                                 total=total + bonus))
    units = (total + bonus) // divisor(target, res)
    if target == "hunt" and is_style(state):
        share_hunt(state, seat, units, orn, events)
    else:
        gain(state, seat, res, units, events, target)


def share_hunt(state: dict, seat: int, units: int, orn: int | None, events: list) -> None:
    """Expansion: the units of a hunt are shared freely between food and ornaments; ask if not said ahead."""
    if orn is None and units:
        state["ask"] = {"kind": "split", "seat": seat, "target": "hunt", "units": units}
        return
    take_orn = min(orn or 0, units)
    if units - take_orn or not take_orn:
        gain(state, seat, "food", units - take_orn, events, "hunt")
    gain(state, seat, ORNAMENT, take_orn, events, "hunt")


def do_split(state: dict, seat: int, move: Split, events: list) -> None:
    """Expansion: answer how many units of the hunt become ornaments."""
    ask = state["ask"]
    if not ask or ask["kind"] != "split" or ask["seat"] != seat:
        raise illegal(move, Msg("no_split_waiting"))
    if not 0 <= move.orn <= ask["units"]:
        raise illegal(move, Msg("split_range", units=ask["units"]))
    state["ask"] = None
    start = len(events)
    share_hunt(state, seat, ask["units"], move.orn, events)
    note_done(state, seat, "hunt", events[start:])


def tool_choice(state: dict, seat: int, move: Work, ask: dict) -> tuple[tuple, tuple]:
    """The tiles and one-use cards `move` asks for, checked against what is free."""
    p = state["seats"][seat]
    tiles, cards = free_tools(p), once_values(p)
    if move.mode == "none":
        return (), ()
    if move.mode == "auto":
        div = divisor(ask["target"], ask["res"])
        need = div - ask["total"] % div
        return auto_tools(tiles, cards, need) or ((), ())
    if take(tiles, move.tiles) is None:
        free = " ".join(map(str, sorted(tiles, reverse=True)))
        raise illegal(move, Msg("free_tiles", tiles=free) if free else Msg("no_free_tiles"))
    if take(cards, move.cards) is None:
        have = " ".join(f"card {v}" for v in sorted(cards, reverse=True))
        raise illegal(move, Msg("once_cards", cards=have) if have else Msg("no_once_cards"))
    return move.tiles, move.cards


def do_work(state: dict, seat: int, move: Work, events: list) -> None:
    """Roll at a dice place, or answer the tool question of the roll that is waiting."""
    ask = state["ask"]
    if move.orn is not None:
        if not is_style(state):
            raise illegal(move, Msg("no_ornaments"))
        if (move.target or (ask or {}).get("target")) != "hunt":
            raise illegal(move, Msg("ornaments_roll_hunt"))
    if ask and ask["kind"] == "tools" and ask["seat"] == seat:
        if move.target not in (None, ask["target"]):
            raise illegal(move, Msg("tools_first_at", place=ask["target"]))
        if move.mode is None:
            raise illegal(move, Msg("tools_for_roll", cmd=where(ask["target"])))
        tiles, cards = tool_choice(state, seat, move, ask)
        state["ask"] = None
        orn = move.orn if move.orn is not None else ask.get("orn")
        start = len(events)
        finish_roll(state, seat, ask["target"], ask["total"], ask["res"], tiles, cards, events, orn)
        note_done(state, seat, ask["target"], events[start:])
        return
    if move.target is None:
        raise illegal(move, Msg("no_roll"))
    refuse_while_asked(state, move)
    if move.target not in state["board"] or place_kind(move.target) != "dice":
        raise illegal(move, Msg("no_roll_at", place=move.target))
    n = state["board"][move.target][seat]
    if not n:
        raise illegal(move, Msg("no_people_on", pid=move.target))
    if move.mode == "set":
        raise illegal(move, Msg("tools_after_roll", cmd=move.target))
    set_count(state, move.target, seat, 0)
    prefs = state["seats"][seat]["prefs"]
    mode = move.mode or prefs.get(move.target)
    orn = move.orn if move.orn is not None else (prefs.get("ornaments") if move.target == "hunt" else None)
    start = len(events)
    start_roll(state, seat, move.target, n, PLACE_INFO[move.target]["yields"], mode, True, events, orn)
    note_done(state, seat, move.target, events[start:])


def refuse_while_asked(state: dict, move) -> None:
    """A question (tools, a die to pick, sharing a hunt) must be answered before anything else is resolved."""
    ask = state["ask"]
    if ask is None:
        return
    if ask["kind"] == "tools":
        raise illegal(move, Msg("tools_first_say", place=ask["target"]))
    if ask["kind"] == "split":
        raise illegal(move, Msg("share_first", units=ask["units"]))
    raise illegal(move, Msg("pick_first", player=ask["order"][ask["i"]] + 1))
