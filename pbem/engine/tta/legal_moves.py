"""Every legal move of a seat now, by the kind of frame that asks it (payments by the default; other payments and
sacrifices are written by hand): below the bot, which chooses among them, and rules.py, whose contract returns
them and whose deadline plays the bot's choice."""
from __future__ import annotations

from .. import base
from . import colonies, conflict, pacts, turn
from . import economy as eco
from .actions import do_grow_unit
from .cards import CARDS, card
from .checks import (can_build, can_discover, can_hold, can_play, can_populate, can_revolt, can_tactic, can_take,
                     can_upgrade, can_wonder, included, revolution_turn)
from .effects import options_of, uprising_ahead
from .messages import Refused
from .moves import (Accept, Build, Choose, Defend, Destroy, Discard, Discover, Done, GrowUnit, Hold, Play, Populate,
                    Refuse, Revolution, Sacrifice, Tactic, Take, Upgrade, Wonder)
from .politics import first_copies as _first_copies
from .politics import political_moves
from .state import copy_state


def pending(state: dict) -> list[base.Prompt]:
    """Who must act now and on what; empty when the game is over."""
    return turn.prompts(state)


def legal(state: dict, seat: int) -> list:
    """Every legal move of `seat` now (payments by the default; overrides are written by hand)."""
    if state["over"] is not None or not any(pr.seat == seat for pr in pending(state)):
        return []
    frame = state["stack"][-1]
    return FRAME_LEGAL[frame["kind"]](state, seat, frame)


def needs_anyway(state: dict, seat: int) -> bool:
    """Whether ending `seat`'s actions now brings an uprising at production (JA l.499-507): their end is then
    "done anyway", and a plain "done" a player sends is refused (commands.parse, docs/tta.md)."""
    frame = state["stack"][-1] if state["stack"] and state["over"] is None else None
    return frame is not None and frame["kind"] == "actions" and frame.get("seat") == seat \
        and uprising_ahead(state["seats"][seat], state["options"])


def legal_actions(state: dict, seat: int, frame: dict) -> list:
    """The moves of the action phase."""
    p = state["seats"][seat]
    limit = eco.civil_hand_limit(p)
    moves: list = [Take(i + 1) for i, copy in enumerate(state["row"])
                   if copy is not None and can_take(state, seat, i, limit) is None]
    done = Done(anyway=needs_anyway(state, seat))
    if state["round"] == 1:
        return moves + [done]
    hand = _first_copies(p["hand"])
    for copy in hand:
        c = card(copy)
        if c.kind in ("leader", "action"):
            if can_play(state, seat, Play(copy)) is None:
                moves += _plays(state, seat, copy, c)
        elif c.is_technology:
            if can_discover(state, seat, copy) is None:
                moves.append(Discover(copy))
            if c.kind == "government" and can_revolt(state, seat, copy) is None:
                moves.append(Revolution(copy))
    if can_populate(p, extra=pacts.trade_extra(state, seat, "food")) is None:
        moves.append(Populate())
    order = eco.in_order(p["workers"])
    res = eco.amount(p, "resource") + pacts.trade_extra(state, seat, "resource")
    if p["idle"]:
        for cid in order:
            if can_build(state, seat, cid, res=res) is None:
                moves.append(Build(cid))
    for src in order:
        if p["workers"][src]:
            a = CARDS[src]
            for dst in order:
                b = CARDS[dst]
                if b.level > a.level and b.kind == a.kind and b.subtype == a.subtype \
                        and can_upgrade(state, seat, src, dst, res=res) is None:
                    moves.append(Upgrade(src, dst))
    for cid in order:
        if p["workers"][cid] and ((p["ma"] if CARDS[cid].kind == "unit" else p["ca"]) > 0) \
                and (CARDS[cid].kind == "unit" or not revolution_turn(p)):
            moves.append(Destroy(cid))
    if p["wonder"] is not None:
        for k in range(1, eco.wonder_stages_per_action(p) + 1):
            if can_wonder(state, seat, k) is None:
                moves.append(Wonder(k))
    if eco.has_flag(p, "grow_and_build_unit") and p["ca"] > 0 and not revolution_turn(p):
        for cid in order:
            if CARDS[cid].kind == "unit":
                trial = copy_state(state)
                try:
                    do_grow_unit(trial, seat, GrowUnit(cid), [])
                    moves.append(GrowUnit(cid))
                except Refused:
                    pass
    for copy in _first_copies(p["mil_hand"]):
        if can_tactic(state, seat, copy) is None:
            moves.append(Tactic(copy))
    if can_hold(state, seat) is None:
        moves.append(Hold())
    moves.append(done)
    return moves


def _plays(state: dict, seat: int, copy: str, c) -> list:
    """Play moves for a leader or action card, with each target of the action it includes."""
    kind = included(c)
    p = state["seats"][seat]
    if kind is None:
        return [Play(copy)]
    e = next(e for e in c.effects if e.op == kind)
    order = eco.in_order(p["workers"])
    if kind == "build":
        return [Play(copy, Build(cid)) for cid in order if CARDS[cid].kind in e.of
                and can_build(state, seat, cid, e.amount, action_card=True) is None]
    if kind == "upgrade":
        return [Play(copy, Upgrade(a, b)) for a in order if p["workers"][a] and CARDS[a].kind != "unit"
                for b in order if CARDS[b].kind == CARDS[a].kind and CARDS[b].subtype == CARDS[a].subtype
                and CARDS[b].level > CARDS[a].level
                and can_upgrade(state, seat, a, b, e.amount, action_card=True) is None]
    if kind == "wonder_stage":
        return [Play(copy, Wonder(1))] if can_wonder(state, seat, 1, e.amount, action_card=True) is None else []
    if kind == "discover":
        return [Play(copy, Discover(h)) for h in _first_copies(p["hand"])
                if h != copy and card(h).is_technology and card(h).kind != "government"
                and can_discover(state, seat, h, action_card=True) is None]
    return [Play(copy)] if can_populate(p, action_card=True, extra=pacts.trade_extra(state, seat, "food")) is None \
        else []


def legal_discard(state: dict, seat: int, frame: dict) -> list:
    """One military card at a time until the hand fits (JA l.316)."""
    return [Discard(copy) for copy in _first_copies(state["seats"][seat]["mil_hand"])]


def legal_politics(state: dict, seat: int, frame: dict) -> list:
    """One political action or none ("done")."""
    return political_moves(state, seat) + colonies.free_colonies(state, seat) + [Done()]


def legal_defend(state: dict, seat: int, frame: dict) -> list:
    """No defence, and the cheapest sufficient one when there is one (any other is written by hand)."""
    best = conflict.cheapest(state, frame)
    return [Defend()] + ([best] if best is not None and best != Defend() else [])


# What each kind of frame may be answered with (beside FRAME_MOVES).
FRAME_LEGAL = {"actions": legal_actions, "discard": legal_discard, "politics": legal_politics,
               "event_choice": lambda state, seat, frame: [Choose(o) for o in options_of(frame, seat)],
               "bid": colonies.legal_bid, "colonize": colonies.legal_colonize,
               "defend": legal_defend, "sacrifice": lambda state, seat, frame: [Sacrifice()],
               "pact_answer": lambda state, seat, frame: [Accept(), Refuse()]}
