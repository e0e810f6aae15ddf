"""One human line per event, as a viewer may see it (English; other languages fall back to it for now)."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..base import may_see
from .moves import name


def _who(seat, viewer, names: Sequence[str] | None) -> str:
    if seat is None:
        return "The game"
    if seat == viewer:
        return "You"
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def describe(ev: Mapping, viewer: int | None, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """One line for event `ev`; details hidden from a viewer who may not see them."""
    k = ev.get("kind")
    who = _who(ev.get("seat"), viewer, names)
    if not may_see(ev, viewer):
        return f"{who} did something hidden."
    card = name(ev["card"]) if ev.get("card") else ""
    lines = {
        "turn": lambda: f"{who}: turn in round {ev.get('round')}.",
        "row": lambda: "New cards in the row: " + (", ".join(name(c) for c in ev.get("dealt", [])) or "none") + ".",
        "took": lambda: f"{who} took {card} (slot {ev.get('slot')}).",
        "built": lambda: f"{who} built on {card} for {ev.get('cost')} resources.",
        "upgraded": lambda: f"{who} upgraded {name(ev['src'])} to {name(ev['dst'])} for {ev.get('cost')} resources.",
        "destroyed": lambda: f"{who} took a worker off {card}.",
        "populated": lambda: f"{who} increased the population for {ev.get('food')} food.",
        "wonder_stage": lambda: f"{who} built stage {ev.get('stages')} of {card}.",
        "wonder_done": lambda: f"{who} completed {card}" + (f" (+{ev['culture']} culture)." if ev.get("culture") else "."),
        "discovered": lambda: f"{who} discovered {card} for {ev.get('science')} science.",
        "revolution": lambda: f"{who} made a revolution: {card}.",
        "leader": lambda: f"{who} elected {card}.",
        "action": lambda: f"{who} played {card}.",
        "produced": lambda: f"{who} produced {ev.get('amount')} {ev.get('what')}.",
        "done": lambda: f"{who} ended the actions.",
        "uprising": lambda: f"{who}: uprising! Nothing is produced this turn.",
        "scored": lambda: f"{who} scored {ev.get('culture')} culture and {ev.get('science')} science.",
        "famine": lambda: f"{who}: famine, {ev.get('missing')} food short, -{ev.get('culture')} culture.",
        "corruption": lambda: f"{who} lost {ev.get('lost')} resources to corruption.",
        "age_end": lambda: f"Age {ev.get('age')} ends: Age {ev.get('obsolete')} cards become obsolete.",
        "age_a_over": lambda: "Age A's remaining cards leave; Age I fills the row from now on.",
        "game_over": lambda: "The game is over.",
    }
    make = lines.get(k)
    return make() if make else f"{who}: {k}."
