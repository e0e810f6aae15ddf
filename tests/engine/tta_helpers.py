"""Small builders for TtA test positions: a game in the action phase of seat 0, cards pulled from the decks."""
from __future__ import annotations

from pbem.engine import tta
from pbem.engine.tta import economy as eco
from pbem.engine.tta.cards import card
from pbem.engine.tta.invariants import problems, step_problems


def tta_state(players: int = 2, round: int = 2, seed: int = 1, **options) -> dict:
    """A game in round `round` (default 2: full actions), seat 0 to act, its actions set to the maxima."""
    state = tta.setup(players, options, seed)
    state["round"] = round
    p = state["seats"][0]
    if round > 1:
        p["ca"], p["ma"] = eco.civil_actions_max(p), eco.military_actions_max(p)
    return state


def pull(state: dict, card_id: str) -> str:
    """Take a copy of `card_id` out of wherever it waits (a deck, the row or the box) and return it."""
    for age, deck in state["decks"].items():
        for c in deck:
            if c.split(":")[0] == card_id:
                deck.remove(c)
                return c
    for i, c in enumerate(state["row"]):
        if c and c.split(":")[0] == card_id:
            state["row"][i] = None
            return c
    raise AssertionError(f"no copy of {card_id} left")


def to_row(state: dict, slot: int, card_id: str) -> str:
    """Put a copy of `card_id` in row slot `slot` (1-13); the card there goes to the discard pile."""
    copy = pull(state, card_id)
    old = state["row"][slot - 1]
    if old:
        state["discard"].append(old)
    state["row"][slot - 1] = copy
    return copy


def to_hand(state: dict, card_id: str, seat: int = 0, new: bool = False) -> str:
    copy = pull(state, card_id)
    p = state["seats"][seat]
    p["hand"].append(copy)
    if new:
        p["new"].append(copy)
    return copy


def in_play(state: dict, card_id: str, workers: int = 0, seat: int = 0, tokens: int = 0) -> None:
    """Put a technology, leader or completed wonder into play (workers and tokens moved from the banks)."""
    p = state["seats"][seat]
    c = card(card_id)
    if c.kind in ("farm", "mine", "urban", "unit") and card_id not in p["workers"]:
        if c.age != "A" or card_id not in ("civ/A/agriculture", "civ/A/bronze", "civ/A/philosophy",
                                           "civ/A/religion", "civ/A/warriors"):
            p["played"].append(pull(state, card_id))
        p["workers"][card_id] = 0
        if c.kind in ("farm", "mine"):
            p["tokens"][card_id] = 0
    elif c.kind == "leader":
        p["leader"] = pull(state, card_id)
        p["leader_ages"].append(c.age)
    elif c.kind == "wonder":
        p["wonders"].append(pull(state, card_id))
    elif c.kind == "special":
        p["specials"][c.subtype] = pull(state, card_id)
        extra = sum(e.amount for e in c.effects if e.op == "blue_tokens")
        p["blue"] += extra - p["blue_extra"]
        p["blue_extra"] = extra
    elif c.kind == "government":
        p["government"] = pull(state, card_id)
    set_workers(state, card_id, workers, seat) if c.kind in ("farm", "mine", "urban", "unit") else None
    if tokens:
        set_tokens(state, card_id, tokens, seat)
    eco.refresh(p)
    if seat == state["turn"] and state["round"] > 1:
        p["ca"] += eco.civil_actions_max(p) - p["ca_max"]
        p["ma"] += eco.military_actions_max(p) - p["ma_max"]
        p["ca_max"], p["ma_max"] = eco.civil_actions_max(p), eco.military_actions_max(p)


def set_workers(state: dict, card_id: str, n: int, seat: int = 0) -> None:
    """Workers on a card, moved to or from the yellow bank (through the unused workers)."""
    p = state["seats"][seat]
    p["yellow"] -= n - p["workers"][card_id]
    p["workers"][card_id] = n


def set_tokens(state: dict, card_id: str, n: int, seat: int = 0) -> None:
    p = state["seats"][seat]
    p["blue"] -= n - p["tokens"][card_id]
    p["tokens"][card_id] = n


def act(state: dict, text: str, seat: int = 0) -> tuple[dict, list]:
    """Parse and apply one or more commands; check the invariants after each."""
    events = []
    for move in tta.parse(text, state, seat):
        new, evs = tta.apply(state, seat, move)
        events += evs
        assert problems(new) == [], problems(new)
        assert step_problems(state, new) == []
        state = new
    return state, events


def ratings(state: dict, seat: int = 0) -> dict:
    return eco.ratings(state["seats"][seat], state["options"])
