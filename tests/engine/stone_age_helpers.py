"""Small builders for Stone Age test states: rigged dice, seats with given holdings, a board in the action phase."""
from __future__ import annotations

import itertools

from pbem.engine import base, get
from pbem.engine.stone_age import rules

SA = get("stone-age")


def game(players: int = 4, seed="test", **options) -> dict:
    return SA.setup(players, options, seed)


def rigged_rng(*rolls) -> dict:
    """An RNG whose next rolls come out as asked: a list gives exact faces, a (dice, total)
    tuple a roll of that many dice with that sum."""
    for i in itertools.count():
        rng = base.new_rng(f"rig-{i}")
        probe = dict(rng)
        ok = True
        for want in rolls:
            if isinstance(want, tuple):  # (dice, total)
                got = base.roll(probe, want[0])
                ok = sum(got) == want[1]
            else:
                ok = base.roll(probe, len(want)) == list(want)
            if not ok:
                break
        if ok:
            return rng


def seat(state: dict, s: int, **fields) -> dict:
    """Set fields of seat `s` in place (resources, food, tools, people...) and return the state."""
    p = state["seats"][s]
    for k, v in fields.items():
        if k not in p:
            raise KeyError(k)
        p[k] = v
    return state


def acting(state: dict, places: dict[int, dict[str, int]], *rolls) -> tuple[dict, list]:
    """Put people on the board as given, skip to the action phase and run its automatic steps."""
    for s, where in places.items():
        for pid, n in where.items():
            state["board"][pid][s] = n
            state["seats"][s]["placed"] += n
    if rolls:
        state["rng"] = rigged_rng(*rolls)
    state["phase"] = "act"
    state["act_k"] = 0
    state["turn"] = state["start"]
    events: list = []
    rules.advance(state, events)
    return state, events


def play(state: dict, seat: int, text: str) -> tuple[dict, list]:
    """Parse and apply a command text; returns the new state and all events."""
    events: list = []
    for move in SA.parse(text, state, seat):
        state, ev = SA.apply(state, seat, move)
        events += ev
    return state, events


def kinds(events: list) -> list[str]:
    return [e["kind"] for e in events]


def prompts(state: dict) -> list[tuple[int, str]]:
    return [(p.seat, p.kind) for p in SA.pending(state)]


STYLE = {"expansion": "style"}


def style_game(players: int = 4, seed="style", **options) -> dict:
    """A game with the expansion "Style is the Goal"."""
    return SA.setup(players, {**STYLE, **options}, seed)


def top_tile(state: dict, stack: int, tile: str) -> dict:
    """Put building `tile` on top of stack `stack` (swapped with wherever it was) and return the state."""
    where = next((st for st in state["stacks"] + [state["box"]] if tile in st), None)
    st = state["stacks"][stack - 1]
    if where is not None:
        i = where.index(tile)
        where[i], st[0] = st[0], tile
    else:
        st[0] = tile
    return state


def row_card(state: dict, slot: int, card: str) -> dict:
    """Put civilization card `card` on space `slot` (swapped with wherever it was) and return the state."""
    for zone in (state["row"], state["deck"]):
        if card in zone:
            i = zone.index(card)
            zone[i], state["row"][slot - 1] = state["row"][slot - 1], card
            return state
    state["row"][slot - 1] = card
    return state
