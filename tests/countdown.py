"""A tiny test-only game (never shipped): players take 1-3 counters in turn; who takes the last one wins."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.engine.base import Capabilities, IllegalMove, NotACommand, Option, Prompt, Result, event

SLUG = "test-countdown"
NAME = "Countdown"
PLAYERS = (2, 3, 4)
OPTIONS = (Option("pile", 21, (9, 15, 21, 40), "counters at the start"),)
CAPABILITIES = Capabilities()  # none of the optional contract


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


def setup(players, options, seed):
    return {"players": players, "pile": int(options.get("pile", 21)), "turn": 0, "taken": [0] * players,
            "winner": None}


def pending(state):
    return [] if state["winner"] is not None else [Prompt(state["turn"], "take")]


def legal(state, seat):
    if state["winner"] is not None or seat != state["turn"]:
        return []
    return [Take(n) for n in range(1, min(3, state["pile"]) + 1)]


def parse(text, state, seat):
    match = re.fullmatch(r"\s*take\s+(\d+)\s*", text.lower())
    if not match:
        raise NotACommand(f"{text!r}: not understood; write e.g. \"take 2\"", text=text,
                          legal=[str(m) for m in legal(state, seat)])
    return [Take(int(match.group(1)))]


def apply(state, seat, move):
    if state["winner"] is not None:
        raise IllegalMove(f'"{move}": the game is over')
    if seat != state["turn"]:
        raise IllegalMove(f'"{move}": it is not your turn')
    if not 1 <= move.n <= min(3, state["pile"]):
        raise IllegalMove(f'"{move}": you may take 1 to {min(3, state["pile"])}')
    new = {**state, "taken": list(state["taken"])}
    new["pile"] -= move.n
    new["taken"][seat] += move.n
    if new["pile"] == 0:
        new["winner"] = seat
    else:
        new["turn"] = (seat + 1) % state["players"]
    return new, [event("took", seat, n=move.n, left=new["pile"])]


def view(state, seat):
    return dict(state)


def result(state):
    if state["winner"] is None:
        return None
    w = state["winner"]
    order = [w] + [s for s in range(state["players"]) if s != w]
    return Result(scores={s: int(s == w) for s in range(state["players"])}, ranking=order,
                  places={s: 1 if s == w else 2 for s in range(state["players"])})


def describe(ev, viewer, locale, names=None):
    who = "You" if ev["seat"] == viewer else (names[ev["seat"]] if names else f"Seat {ev['seat']}")
    return f"{who} took {ev['n']} ({ev['left']} left)"


def bot_move(state, seat, rnd):
    left = state["pile"] % 4
    return Take(left if left else rnd.randint(1, min(3, state["pile"])))
