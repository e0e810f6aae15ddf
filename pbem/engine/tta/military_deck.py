"""The military draw decks (JA l.316-318, l.545): drawing, reshuffling an age's discard, discarding to the box."""
from __future__ import annotations

from .. import base
from .cards import AGES
from .cards.military import MILITARY


def military_discard(state: dict, copy: str) -> None:
    """A military card to the discard of its age, or to the box once its age is over (JA l.318): older than the
    deck drawn from now."""
    age = MILITARY[copy.split(":", 1)[0]].age
    if age in state["mil_discard"] and AGES.index(age) >= AGES.index(military_age(state)):
        state["mil_discard"][age].append(copy)
    else:
        state["mil_box"].append(copy)


def draw_military(state: dict, seat: int, n: int, events: list) -> int:
    """Draw up to `n` military cards of the current age, reshuffling its discard when the deck runs out (JA l.318).

    Age A draws from Age I (Age A's military cards are only the first current events: docs/tta.md).
    """
    age = military_age(state)
    deck = state["mil_decks"][age]
    drawn = []
    for _ in range(n):
        if not deck and state["mil_discard"][age]:
            deck.extend(base.shuffled(state["rng"], state["mil_discard"][age]))
            state["mil_discard"][age] = []
            events.append(base.event("military_reshuffle", None, age=age, cards=len(deck)))
        if not deck:
            break
        drawn.append(deck.pop(0))
    state["seats"][seat]["mil_hand"].extend(drawn)
    events.append(base.event("military_draw", seat, count=len(drawn), age=age))
    events.append(base.event("military_cards", seat, to=[seat], cards=drawn))  # the seat alone sees them
    return len(drawn)


def military_age(state: dict) -> str:
    """The military deck drawn from: the civil age's (Age I while Age A lasts)."""
    return "I" if state["age"] == "A" else state["age"]
