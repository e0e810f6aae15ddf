"""What was done: the record of what each player got at each place resolved this round, and the answer to a
reply that names such a place again.

A reply may name a place the player's earlier line, or the engine (one choice left), has already
resolved: it is answered with what happened there, not refused (issue 11). The record,
state["done"] = {"round": r, "seats": {seat: {place: events}}}, lives from the first resolution of
a round until the next round's resolving begins, so a reply written for it still finds it while
the next round's people are placed.
"""
from __future__ import annotations

from .. import base
from .messages import Msg, error, quoted
from .moves import Build, Civ, Work
from .text import describe


def note_done(state: dict, seat: int, pid: str, events: list) -> None:
    """Remember what `seat` got at `pid` this round (replaced, never changed in place: see draft)."""
    done = state.get("done") or {"round": state["round"], "seats": {}}
    key = str(seat)
    mine = done["seats"].get(key)
    mine = dict(mine) if mine else {}
    got = mine.get(pid, [])[:]
    for ev in events:  # a loop, not a comprehension closing over `seat`: note_done runs for every resolution
        if ev["seat"] == seat:
            got.append(ev)
    mine[pid] = got
    state["done"] = {"round": done["round"], "seats": {**done["seats"], key: mine}}


def done_at(state: dict, seat: int, pid: str) -> list | None:
    """The events of `seat`'s resolution of `pid` in the round last resolved; None if it did not resolve it."""
    done = state.get("done")
    return done["seats"].get(str(seat), {}).get(pid) if done else None


def _named_place(move) -> str | None:
    if type(move) is Work:
        return move.target
    if type(move) is Civ:
        return f"civ{move.slot}"
    if type(move) is Build:
        return f"building{move.stack}"
    return None


def refuse_if_done(state: dict, seat: int, move) -> None:
    """Raise AlreadyDone, saying what happened there, for a move at a place `seat` has already resolved."""
    pid = _named_place(move)  # first: most moves (placements) name no place to resolve
    if pid is None or not state.get("done"):
        return
    events = done_at(state, seat, pid)
    if events is None or (pid in state["board"] and state["board"][pid][seat]):
        return
    ask = state["ask"]
    if ask and ask["kind"] == "tools" and ask["seat"] == seat and ask["target"] == pid:
        return  # the roll waits for this very answer
    tool_choice = type(move) is Work and move.mode is not None

    def what(locale: str) -> str:
        lines = [describe(ev, seat, locale) for ev in events]
        if tool_choice and not any(ev["kind"] == "tools_used" for ev in events):
            lines.append(Msg("no_tools_used").render(locale))
        return " ".join(lines)

    typed = move.said or str(move)
    # `part`: that round's resolving, as turn_key() names it ("3:act").
    raise error(base.AlreadyDone, quoted(typed, Msg("already_done", place=pid, what=what)), text=typed,
                part=f"{state['done']['round']}:act")
