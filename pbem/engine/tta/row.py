"""The card row: a card taken from it (a wonder goes under construction), the row refilled from the civil deck,
and the end of an age when a civil deck runs out (JA l.134-175, l.332-350); below the turn's refill phase, the
actions and International Agreement's event, which all deal with it."""
from __future__ import annotations

from .. import base
from . import economy as eco
from .board import AGE_END_YELLOW, ROW_SLOTS, take_yellow
from .cards import AGES, card
from .cards.military import MILITARY

NEXT_AGE = {"A": "I", "I": "II", "II": "III"}


def take_card(state: dict, seat: int, slot: int, events: list, cost: int | None = None) -> None:
    """The card in `slot` (0-based) goes to the seat's hand (a wonder: under construction); `cost`: the civil actions
    paid, told in the history (None: taken by a card's effect)."""
    p = state["seats"][seat]
    copy = state["row"][slot]
    c = card(copy)
    state["row"][slot] = None
    if c.kind == "wonder":
        p["wonder"], p["stages"] = copy, 0
    else:
        p["hand"].append(copy)
        p["new"].append(copy)
        if c.kind == "leader":
            p["leader_ages"].append(c.age)
    events.append(base.event("took", seat, card=c.id, slot=slot + 1,
                             **({"ca": cost} if cost is not None else {})))
    if c.is_technology:
        for _, e in eco.effects(p, "trigger"):
            if e.of == ("take_technology",) and e.stat == "science":  # Aristotle
                p["science"] += e.amount


def fill_row(state: dict, events: list, cut: int = 0) -> None:
    """Clear the `cut` leftmost slots, slide the rest left, deal from the civil deck (International Agreement:
    no removal)."""
    row = state["row"]
    for copy in row[:cut]:
        if copy is not None:
            state["discard"].append(copy)
    rest = [c for c in row[cut:] if c is not None]
    dealt = []
    while len(rest) < ROW_SLOTS:
        deck = state["decks"][state["age"]]
        if not deck:
            if state["age"] == "A":  # Age A ran out before the switch (JA l.146): go on with Age I
                state["age"] = "I"
                continue
            break
        rest.append(deck.pop(0))
        dealt.append(rest[-1])
        if not deck and state["age"] != "A":
            end_age(state, events)
    state["row"] = rest + [None] * (ROW_SLOTS - len(rest))
    events.append(base.event("row", None, dealt=[card(c).id for c in dealt]))


def end_age(state: dict, events: list) -> None:
    """JA l.150-175: the last card of a civil deck is dealt: cards two ages back become obsolete; -2 yellow each."""
    ended = state["age"]
    obsolete = AGES[AGES.index(ended) - 1]
    lost: list[tuple[list, list]] = []  # by seat: what everyone sees go (leader, wonder), the hands' cards
    for p in state["seats"]:
        shown, hidden = [], []
        for copy in [c for c in p["hand"] if card(c).age == obsolete]:
            p["hand"].remove(copy)
            state["discard"].append(copy)
            hidden.append(copy)
        if p["leader"] and card(p["leader"]).age == obsolete:
            state["discard"].append(p["leader"])
            shown.append(p["leader"])
            p["leader"] = None
            eco.refresh(p)
        if p["wonder"] and card(p["wonder"]).age == obsolete:
            state["discard"].append(p["wonder"])
            shown.append(p["wonder"])
            p["blue"] += p["stages"]
            p["wonder"], p["stages"] = None, 0
        for copy in [c for c in p["mil_hand"] if MILITARY[c.split(":", 1)[0]].age == obsolete]:
            p["mil_hand"].remove(copy)  # JA l.164: cards of an age no longer valid leave the hand
            state["mil_box"].append(copy)
            hidden.append(copy)
        lost.append((shown, hidden))
    for pk in [pk for pk in state["pacts"] if MILITARY[pk["card"].split(":", 1)[0]].age == obsolete]:
        state["pacts"].remove(pk)  # JA l.164 (notes G17): pacts of the age no longer valid leave play
        state["mil_box"].append(pk["card"])
    events.append(base.event("age_end", None, age=ended, obsolete=obsolete))
    for seat, p in enumerate(state["seats"]):
        yellow = take_yellow(p, AGE_END_YELLOW)  # from the yellow bank; fewer if it holds fewer (docs/tta.md)
        p["boxed"] += yellow
        shown, hidden = lost[seat]
        # Named in the history: the leader and wonder for all, the hands' cards for their holder only.
        events.append(base.event("age_lost", seat, cards=shown, hand=len(hidden), yellow=yellow))
        if hidden:
            events.append(base.event("age_lost_hand", seat, to=[seat], cards=hidden))
    if ended == "III":
        state["last_round"] = state["round"] + 1  # JA l.579: one more round from the start player
    else:
        state["age"] = NEXT_AGE[ended]
