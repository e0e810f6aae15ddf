"""Phase 2: each player in turn resolves all of their places: village, dice, cards and buildings.

This module runs the phase: what resolves by itself, the prompts, and the legal moves. How each place
resolves lives in rolls.py (gains, village and dice places), purchases.py (cards and buildings) and
already_done.py (the record of what was done).
"""
from __future__ import annotations

from .. import base
from . import ornaments
from .already_done import note_done
from .board import is_style, row_spaces
from .cards import PLACE_INFO, ROW_COSTS
from .moves import Build, Civ, Pick, Split, Work, made
from .payments import building_payments, can_build, combos
from .purchases import auto_picks
from .rolls import divisor, resolve_village, start_roll
from .state import (
    free_tools,
    once_values,
    owned,
    PLACE_KINDS,
    place_index,
    place_kind,
    places,
    seat_places,
    set_count,
)
from .style_cards import ORNAMENT
from .tools import subsets


# --- the phase ------------------------------------------------------------------

def affordable(state: dict, seat: int, pids: list[str]) -> bool:
    """Whether `seat` could pay right now for the card or building at one of `pids`."""
    if is_style(state):
        return any(ornaments.can_pay(state, seat, pid) for pid in pids)
    p = state["seats"][seat]
    have = owned(p)
    for pid in pids:
        k = place_index(pid)
        if PLACE_KINDS[pid] == "civ":
            if have >= ROW_COSTS[k - 1]:
                return True
        elif can_build(p, state["stacks"][k - 1][0]):
            return True
    return False


def auto_act(state: dict, seat: int, events: list) -> bool:
    """Resolve what needs no decision; True when `seat` has nothing left to resolve."""
    if state["ask"]:
        return False
    p = state["seats"][seat]
    board = state["board"]
    dice, other = [], []
    for pid in places(state):  # seat_places, walked once (a village place only takes back its own people)
        if not board[pid][seat]:
            continue
        kind = PLACE_KINDS[pid]
        if kind == "village":
            # Hut, field and toolmaker need no choice, and doing them first is never
            # worse (a new tool can help the rolls that follow).
            resolve_village(state, seat, pid, events)
        elif kind == "dice":
            dice.append(pid)
        else:
            other.append(pid)
    # The board is read once: a roll only takes its own place's people back.
    while True:
        if other and (p["any2"] or affordable(state, seat, other)):
            return False  # something can be bought: the order is the player's choice
        if dice:
            if len(dice) > 1 and (free_tools(p) or p["once"]):
                return False  # which roll gets the tools is the player's choice
            pid = dice.pop(0)
            n = board[pid][seat]
            set_count(state, pid, seat, 0)
            orn = p["prefs"].get("ornaments") if pid == "hunt" else None
            start = len(events)
            start_roll(state, seat, pid, n, PLACE_INFO[pid]["yields"], p["prefs"].get(pid), True, events, orn)
            note_done(state, seat, pid, events[start:])
            if state["ask"]:
                return False
            continue
        for pid in other:
            set_count(state, pid, seat, 0)
            events.append(base.event("declined", seat, target=pid, auto=True))
            note_done(state, seat, pid, events[-1:])
        return True


def act_step(state: dict, events: list) -> bool:
    """Run the action phase until a decision is needed; True when every player is done."""
    n = state["players"]
    while True:
        ask = state["ask"]
        if ask is not None:
            auto_picks(state, events)
            if state["ask"] is not None:
                return False
            continue
        if state["act_k"] >= n:
            return True
        seat = (state["start"] + state["act_k"]) % n
        state["turn"] = seat
        if not auto_act(state, seat, events):
            if state["ask"] is not None:
                continue
            return False
        state["act_k"] += 1


def act_prompts(state: dict) -> list[base.Prompt]:
    """The tool question, the dice pick, or the choice of the next place to resolve."""
    ask = state["ask"]
    if ask is None:
        return [base.Prompt(state["turn"], "act", {"places": seat_places(state, state["turn"])})]
    if ask["kind"] == "tools":
        p = state["seats"][ask["seat"]]
        return [base.Prompt(ask["seat"], "tools", {"target": ask["target"], "dice": ask["dice"], "total": ask["total"],
                                                   "res": ask["res"], "tiles": free_tools(p), "cards": once_values(p),
                                                   "divisor": divisor(ask["target"], ask["res"])})]
    if ask["kind"] == "split":
        return [base.Prompt(ask["seat"], "split", {"units": ask["units"]})]
    return [base.Prompt(ask["order"][ask["i"]], "pick", {"dice": sorted(ask["dice"]), "card": ask["card"]})]


def act_asked(state: dict) -> tuple:
    """The seat `act_prompts` asks, without building the prompt."""
    ask = state["ask"]
    if ask is None:
        return (state["turn"],)
    if ask["kind"] == "pick":
        return (ask["order"][ask["i"]],)
    return (ask["seat"],)


def act_kind(state: dict) -> str:
    """The kind of `act_prompts`' prompt, without building it."""
    ask = state["ask"]
    return "act" if ask is None else ask["kind"]


def legal_act(state: dict, seat: int) -> list:
    """Every legal action-phase move of `seat`."""
    ask = state["ask"]
    p = state["seats"][seat]
    if ask is not None:
        if ask["kind"] == "split":
            return [made(Split, k) for k in range(ask["units"] + 1)] if ask["seat"] == seat else []
        if ask["kind"] == "tools":
            if ask["seat"] != seat:
                return []
            t = ask["target"]
            out = [made(Work, t, "auto"), made(Work, t, "none")]
            for ts in subsets(free_tools(p)):
                for cs in subsets(once_values(p)):
                    if ts or cs:
                        out.append(made(Work, t, "set", ts, cs))
            return out
        if ask["order"][ask["i"]] != seat:
            return []
        return [made(Pick, f) for f in sorted(set(ask["dice"]))]
    if state["turn"] != seat:
        return []
    out = []
    if is_style(state):
        return out + _legal_act_style(state, seat)
    for pid in seat_places(state, seat):
        kind = place_kind(pid)
        if kind == "dice":
            out += [made(Work, pid), made(Work, pid, "auto"), made(Work, pid, "none")]
        elif kind == "civ":
            k = place_index(pid)
            out += [made(Civ, k, c) for c in combos(p, ROW_COSTS[k - 1])] + [made(Civ, k, None)]
        elif kind == "building":
            k = place_index(pid)
            out += [made(Build, k, c) for c in building_payments(p, state["stacks"][k - 1][0])] + [made(Build, k, None)]
    return out


def _legal_act_style(state: dict, seat: int) -> list:
    """Expansion: the same choices, with ornaments said ahead for hunting and payments with trades."""
    out: list = []
    for pid in seat_places(state, seat):
        kind = place_kind(pid)
        if kind == "dice":
            out += [made(Work, pid), made(Work, pid, "auto"), made(Work, pid, "none")]
            if pid == "hunt":
                out += [made(Work, pid, mode, (), (), k) for mode in (None, "auto") for k in (0, 1, 2, 3)]
        elif kind == "civ":
            k = place_index(pid)
            out += [made(Civ, k, pay, give, get) for pay, give, get in ornaments.payments(state, seat, pid)]
            if row_spaces(state)[k - 1]["item"] == ORNAMENT and state["deck"]:
                out += [made(Civ, k, pay, give, get, True)
                        for pay, give, get in ornaments.payments(state, seat, pid, extra=True)]
            out.append(made(Civ, k, None))
        elif kind == "building":
            k = place_index(pid)
            out += [made(Build, k, pay, give, get) for pay, give, get in ornaments.payments(state, seat, pid)]
            out.append(made(Build, k, None))
    return out
