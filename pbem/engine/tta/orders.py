"""Standing orders (the issue): answers a seat files ahead so that an email game does not stall on an interrupt.

`state["orders"]` maps a seat (as text) to {"defence": never | cheapest | ask, "pacts": refuse | ask | accept,
"from": [seats whose pacts are accepted], "choices": default | ask (an event choice answered by its default, the
first option; International Agreement's cards as a deadline takes them), "discards": default | ask (the military
discard step answered with the cards the deadline would give up, the least useful first)}. A seat without an order is asked ("ask"); a deadline then makes the
bot answer for it (play/timeouts.py), which defends with the cheapest sufficient defence (conflict.cheapest).
This module files and reads the orders; rules.py answers with them (standing_answer), above the bot that the
International Agreement's deadline answer needs.
"""
from __future__ import annotations

from .. import base
from .messages import Msg

POLICIES = {"defence": ("never", "cheapest", "ask"), "pacts": ("refuse", "ask", "accept"),
            "choices": ("default", "ask"), "discards": ("default", "ask")}


def policy(state: dict, seat: int, topic: str) -> str:
    """The seat's standing order on `topic` ("ask" when none is filed)."""
    return state.get("orders", {}).get(str(seat), {}).get(topic, "ask")


def accepts_from(state: dict, seat: int, offerer: int) -> bool:
    """Whether the seat's pact order accepts a pact from `offerer` ("accept" with no seats: from anybody)."""
    order = state.get("orders", {}).get(str(seat), {})
    return order.get("pacts") == "accept" and (not order.get("from") or offerer in order["from"])


def problem(state: dict, seat: int, topic: str, value: str, seats: tuple) -> Msg | None:
    """Why the order cannot be filed (None: it can)."""
    if topic not in POLICIES:
        return Msg("order_say")
    if value not in POLICIES[topic]:
        return Msg("order_policies", topic=topic, policies=", ".join(POLICIES[topic]))
    if seats and (topic != "pacts" or value != "accept"):
        return Msg("order_names_players")
    if any(not 0 <= s < state["players"] or s == seat for s in seats):
        return Msg("order_other_players", player=state["players"])
    return None


def file(state: dict, seat: int, topic: str, value: str, seats: tuple, events: list) -> None:
    """Record the order (it replaces the seat's previous order on that topic)."""
    order = state.setdefault("orders", {}).setdefault(str(seat), {})
    order[topic] = value
    if topic == "pacts":
        order["from"] = sorted(seats)
    events.append(base.event("standing_order", seat, to=[seat], topic=topic, policy=value, seats=sorted(seats)))
