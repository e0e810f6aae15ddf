"""Small builders for TtA positions shared by the service and integration tests."""
from __future__ import annotations


def pull_military(state: dict, card_id: str, seat: int) -> str:
    """Move a copy of military card `card_id` from its draw deck to `seat`'s military hand."""
    deck = state["mil_decks"][card_id.split("/")[1]]
    copy = next(c for c in deck if c.startswith(card_id + ":"))
    deck.remove(copy)
    state["seats"][seat]["mil_hand"].append(copy)
    return copy
