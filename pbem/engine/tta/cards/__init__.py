"""Through the Ages civil cards: every card by id, the decks per player count, and lookups by name."""
from __future__ import annotations

from . import age_1, age_2, age_3, age_a, starting
from .schema import AGES, LEVEL, Card, Effect, card_problems  # noqa: F401  (re-exported)

STARTING = starting.CARDS
STARTING_WORKERS = starting.WORKERS
BY_AGE = {"A": age_a.CARDS, "I": age_1.CARDS, "II": age_2.CARDS, "III": age_3.CARDS}
CARDS: dict[str, Card] = {c.id: c for c in STARTING + age_a.CARDS + age_1.CARDS + age_2.CARDS + age_3.CARDS}


def kind_of(copy_id: str) -> str:
    """The card id of a physical copy: "civ/I/iron:2" -> "civ/I/iron"."""
    return copy_id.split(":", 1)[0]


_OF_COPY: dict[str, Card] = {}


def card(copy_or_id: str) -> Card:
    """The card of a physical copy or card id."""
    c = _OF_COPY.get(copy_or_id)
    if c is None:
        c = _OF_COPY[copy_or_id] = CARDS[copy_or_id.split(":", 1)[0]]
    return c


def deck(age: str, players: int) -> tuple[str, ...]:
    """The physical copies of the civil deck of `age` for `players` (cards marked 3+ and 4+ left out as needed)."""
    i = players - 2
    return tuple(f"{c.id}:{n}" for c in BY_AGE[age] for n in range(1, c.copies[i] + 1))
