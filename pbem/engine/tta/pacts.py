"""Pacts (JA l.292-308): what a pact in play forbids or adds between its two seats.

A pact in play is `{"card", "a", "b", "by"}` in `state["pacts"]` (`by`: the seat that played it). Symmetric pacts
use both sides the same. Pacts are not used with 2 players (JA l.294).
"""
from __future__ import annotations

from .. import base
from . import economy as eco
from .cards.military import MILITARY
from .messages import Msg
from .military_deck import military_discard


def _m(copy: str):
    return MILITARY[copy.split(":", 1)[0]]


def between(state: dict, x: int, y: int) -> list[dict]:
    """The pacts in play between seats x and y."""
    return [pk for pk in state["pacts"] if {pk["a"], pk["b"]} == {x, y}]


def rules_of(pk: dict) -> set[str]:
    return {e.stat for e in _m(pk["card"]).effects if e.op == "rule"}


def forbids(state: dict, seat: int, target: int, kind: str) -> Msg | None:
    """Why a pact forbids `seat` to attack `target` with an aggression or war (None: no pact does).

    "Cannot attack each other" forbids aggressions and wars between the two; Loss of Sovereignty forbids
    everybody to declare war on its side B (docs/tta.md)."""
    for pk in between(state, seat, target):
        if "no_attack" in rules_of(pk):
            return Msg("pact_forbids", card=_m(pk["card"]).name, player=target + 1)
    if kind == "war":
        for pk in state["pacts"]:
            if pk["b"] == target and "no_war_on_b" in rules_of(pk):
                return Msg("no_war_on", player=target + 1, card=_m(pk["card"]).name)
    return None


def attack_bonus(state: dict, seat: int, target: int) -> int:
    """Open Borders Agreement: the attacker has more strength when it attacks its partner."""
    return sum(e.amount for pk in between(state, seat, target) for e in _m(pk["card"]).effects
               if e.op == "rate" and e.stat == "attack_bonus")


def end_on_attack(state: dict, seat: int, target: int, events: list) -> None:
    """Pacts that end when one side attacks the other leave play before strengths are compared (docs/tta.md)."""
    for pk in between(state, seat, target):
        if "ends_on_attack" in rules_of(pk):
            state["pacts"].remove(pk)
            military_discard(state, pk["card"])
            events.append(base.event("pact_ended", seat, card=pk["card"], a=pk["a"], b=pk["b"]))


def symmetric(copy: str) -> bool:
    """A pact whose two sides get the same (no side A or B printed)."""
    return not any(e.who in ("A", "B") for e in _m(copy).effects)


def sides(copy: str, seat: int, target: int) -> tuple:
    """The seats that may take side A when `seat` offers `copy` to `target` (symmetric pacts: the offerer)."""
    return (seat,) if symmetric(copy) else (target, seat)


def own(state: dict, seat: int) -> dict | None:
    """The pact in play that `seat` played (one at most, JA l.302)."""
    return next((pk for pk in state["pacts"] if pk["by"] == seat), None)


def can_offer(state: dict, seat: int, copy: str, target, a) -> Msg | None:
    """Why `seat` may not offer pact `copy` to `target` with seat `a` on side A (None: it may)."""
    if state["players"] < 3:
        return Msg("no_pacts_two")
    if copy not in state["seats"][seat]["mil_hand"] or _m(copy).kind != "pact":
        return Msg("pact_not_in_hand")
    if not isinstance(target, int) or not 0 <= target < state["players"] or target == seat:
        return Msg("offer_another", player_list=tuple(s + 1 for s in range(state["players"]) if s != seat))
    if a not in sides(copy, seat, target):
        return Msg("say_side")
    return None


def offer(state: dict, seat: int, copy: str, target: int, a: int, resume: str, events: list) -> None:
    """JA l.296-298: the card is offered; the other seat accepts or refuses (its standing order may answer:
    orders.py)."""
    state["seats"][seat]["mil_hand"].remove(copy)
    frame = {"kind": "pact_answer", "seat": target, "card": copy, "by": seat, "a": a,
             "b": target if a == seat else seat, "resume": resume}
    events.append(base.event("pact_offered", seat, card=copy, on=target, a=a))
    state["stack"].append(frame)


def answer(state: dict, frame: dict, accepted: bool, events: list) -> None:
    """Accepted: the pact is in play and replaces the offerer's own earlier pact (JA l.300-302). Refused: the card
    goes back to the offerer's hand (JA l.298)."""
    by = frame["by"]
    if not accepted:
        state["seats"][by]["mil_hand"].append(frame["card"])
        events.append(base.event("pact_refused", frame["seat"], card=frame["card"], by=by))
        return
    old = own(state, by)
    if old is not None:
        state["pacts"].remove(old)
        military_discard(state, old["card"])
    state["pacts"].append({"card": frame["card"], "a": frame["a"], "b": frame["b"], "by": by})
    events.append(base.event("pact_accepted", frame["seat"], card=frame["card"], by=by, a=frame["a"], b=frame["b"]))


def cancel(state: dict, seat: int, events: list) -> None:
    """JA l.306-308: a seat cancels the pact it played (only its own)."""
    pk = own(state, seat)
    state["pacts"].remove(pk)
    military_discard(state, pk["card"])
    events.append(base.event("pact_cancelled", seat, card=pk["card"]))


def military_hand_limit(state: dict, seat: int) -> int:
    """The military cards `seat` may keep at the discard step: its military actions in all (JA l.316), with the
    one an Open Borders Agreement adds each turn, as the draw counts it (docs/tta.md)."""
    return eco.military_hand_limit(state["seats"][seat]) + rate(state, seat, "military_actions")


def rate(state: dict, seat: int, stat: str) -> int:
    """What the pacts in play add to `seat`'s `stat` per turn (strength, culture, military actions, food,
    resources); International Tourism counts the partner's completed wonders."""
    total = 0
    for pk in state["pacts"]:
        if seat not in (pk["a"], pk["b"]):
            continue
        side = "A" if pk["a"] == seat else "B"
        partner = pk["b"] if side == "A" else pk["a"]
        for e in _m(pk["card"]).effects:
            if e.op == "rate" and e.stat == stat and e.who in (side, "both"):
                n = len(state["seats"][partner]["wonders"]) if e.per == "partner_wonder" else 1
                total += e.amount * n
    return total


def partners_pay_science(state: dict, seat: int, events: list) -> None:
    """Scientific Cooperation: when one side plays a technology, the other pays 1 science (what it has)."""
    for pk in state["pacts"]:
        if seat in (pk["a"], pk["b"]):
            for e in _m(pk["card"]).effects:
                if e.op == "rule" and e.stat == "partner_pays_science":
                    partner = pk["b"] if pk["a"] == seat else pk["a"]
                    q = state["seats"][partner]
                    paid = min(e.amount, q["science"])
                    q["science"] -= paid
                    events.append(base.event("event_gain", partner, what="science", amount=-paid))


TRADE = {"resource": ("pay_food_as_resource", "food"), "food": ("pay_resource_as_food", "resource")}
TRADE_WORD = "trade"  # named in a payment ("build mine Bronze pay trade"): the Trade Routes Agreement is used in it


def _trade(state: dict, seat: int, what: str) -> tuple | None:
    """(pact, side) of a Trade Routes Agreement letting `seat` pay 1 `what` with the other good, not used this
    round yet; None: none does."""
    stat = TRADE[what][0]
    for pk in state["pacts"]:
        for side, s in (("A", pk["a"]), ("B", pk["b"])):
            if s == seat and pk.get("traded_" + side) != state["round"] and any(
                    e.op == "rule" and e.stat == stat and e.who == side for e in _m(pk["card"]).effects):
                return pk, side
    return None


def trade_extra(state: dict, seat: int, what: str) -> int:
    """What the trade adds to the `what` that `seat` can pay now: 1 when the pact allows it and the seat holds
    the other good, else 0."""
    return 1 if _trade(state, seat, what) and eco.amount(state["seats"][seat], TRADE[what][1]) else 0


def trade_refusal(state: dict, seat: int, what: str) -> Msg | None:
    """Why a payment of `what` naming the trade ("pay trade") cannot use it now, or None."""
    if _trade(state, seat, what) is None:
        return Msg("trade_none", what=what, what2=TRADE[what][1])
    if not trade_extra(state, seat, what):
        return Msg("trade_lacks", what=what, what2=TRADE[what][1])
    return None


def pay(state: dict, seat: int, what: str, cost: int, explicit: tuple | None, events: list) -> bool:
    """Pay `cost` food or resources. Trade Routes Agreement (card: once per round A *may* use 1 food in place of
    1 resource, B 1 resource in place of 1 food; docs/tta.md): used when the payment names it (`pay trade`, the
    caller checks trade_refusal), and by itself when the seat is exactly 1 short, the one case where it makes the
    payment possible. False: it cannot pay."""
    p = state["seats"][seat]
    named = TRADE_WORD in (explicit or ())
    tokens = tuple(m for m in explicit or () if m != TRADE_WORD) or None
    if not cost or not trade_extra(state, seat, what) or not (named or eco.amount(p, what) == cost - 1):
        return eco.pay(p, what, cost, tokens)
    if not eco.pay(p, what, cost - 1, tokens):
        return False
    other = TRADE[what][1]
    eco.pay(p, other, 1)
    pk, side = _trade(state, seat, what)
    pk["traded_" + side] = state["round"]
    events.append(base.event("traded", seat, card=pk["card"], what=other, instead=what))
    return True
