"""The political phase (JA l.193-201, l.292-312): the political actions a seat may take now."""
from __future__ import annotations

from . import conflict, pacts
from .cards.military import MILITARY
from .moves import Aggression, CancelPact, Event, Pact, War

PREPARED = ("event", "territory")  # the cards prepared as future events (JA l.205)


def first_copies(hand: list) -> list:
    """One copy per card id (the first in hand): the copy a name in a command stands for."""
    seen, out = set(), []
    for copy in hand:
        cid = copy.split(":", 1)[0]
        if cid not in seen:
            seen.add(cid)
            out.append(copy)
    return out


def political_moves(state: dict, seat: int) -> list:
    """Every political action `seat` may take now (without sacrifices: those are written by hand)."""
    if state["round"] == 1:
        return []
    moves: list = []
    others = [s for s in range(state["players"]) if s != seat]
    for copy in first_copies(state["seats"][seat]["mil_hand"]):
        kind = MILITARY[copy.split(":", 1)[0]].kind
        if kind in PREPARED:
            moves.append(Event(copy))
        elif kind in ("aggression", "war"):
            make = Aggression if kind == "aggression" else War
            moves += [make(copy, t) for t in others if conflict.can_attack(state, seat, copy, t, kind) is None]
        elif kind == "pact":
            moves += [Pact(copy, t, a) for t in others for a in pacts.sides(copy, seat, t)
                      if pacts.can_offer(state, seat, copy, t, a) is None]
    if pacts.own(state, seat) is not None:
        moves.append(CancelPact())
    return moves
