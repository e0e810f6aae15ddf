"""The contract functions built on the phase table and the decision stack: pending, legal, apply, view, result."""
from __future__ import annotations

from types import SimpleNamespace

from .. import base
from . import colonies, conflict, orders, pacts, turn
from . import economy as eco
from .actions import (ACTION_PHASE, HANDLERS, ROUND_ONE, Refused, can_build, can_discover, can_hold, can_play,
                      can_populate, can_revolt, can_tactic, can_take, can_upgrade, can_wonder, do_grow_unit, illegal,
                      included)
from .board import happy_needed
from .cards import CARDS, card
from .cards.military import MILITARY
from .moves import (Accept, Aggression, Bid, Build, CancelPact, Choose, Colonize, Defend, Destroy, Discard, Discover,
                    Done, Event, FreeColony, GrowUnit, Hold, Pact, Pass, Play, Populate, Refuse, Revolution, Sacrifice,
                    Standing, Tactic, Take, Upgrade, War, Wonder)
from .events import options_of, strength
from .messages import Msg, error
from .politics import first_copies as _first_copies
from .politics import political_moves
from .state import base_copy, copy_state

# The moves each kind of frame takes.
FRAME_MOVES = {"actions": ACTION_PHASE, "discard": (Discard,),
               "politics": (Event, FreeColony, Aggression, War, Pact, CancelPact, Done), "event_choice": (Choose,),
               "bid": (Bid, Pass), "colonize": (Colonize,),
               "defend": (Defend,), "sacrifice": (Sacrifice,), "pact_answer": (Accept, Refuse)}
ANY_TIME = (Standing,) + colonies.ANY_TIME  # moves a seat may make whether it is asked or not


def pending(state: dict) -> list[base.Prompt]:
    """Who must act now and on what; empty when the game is over."""
    return turn.prompts(state)


def apply(state: dict, seat: int, move) -> tuple[dict, list[dict]]:
    """Apply `move` by `seat` to a copy of `state`; returns (new_state, events)."""
    handler = HANDLERS.get(type(move)) or colonies.HANDLERS.get(type(move))
    if handler is None:
        raise error(base.IllegalMove, Msg("not_a_move", move=repr(move)))
    if not isinstance(seat, int) or not 0 <= seat < state["players"]:
        raise illegal(move, Msg("no_seat", seat=seat))
    if state["over"] is not None:
        raise illegal(move, Msg("game_over"))
    if type(move) in ANY_TIME:
        return _any_time(state, seat, move, handler)
    asked = pending(state)
    if not any(pr.seat == seat for pr in asked):
        raise illegal(move, Msg("not_your_turn", player_list=tuple(pr.seat + 1 for pr in asked)))
    frame = state["stack"][-1]
    if type(move) not in FRAME_MOVES.get(frame["kind"], ()):
        raise illegal(move, Msg("not_now", frame=frame["kind"]))
    if state["round"] == 1 and frame["kind"] == "actions" and type(move) not in ROUND_ONE:
        raise illegal(move, Msg("round_one"))  # JA l.559-561
    new = copy_state(state)
    events: list[dict] = []
    p = new["seats"][seat]
    try:
        handler(new, seat, move, events)
    except Refused as exc:
        raise illegal(move, exc.why) from None
    if frame["kind"] == "actions" and type(move) is not Done and new["round"] > 1:
        settle_actions(p, move)
    settle(new, events)
    return new, events


def _any_time(state: dict, seat: int, move, handler) -> tuple[dict, list[dict]]:
    """A standing order: filed at once; it answers the question now asked of the seat when it can."""
    new = copy_state(state)
    events: list[dict] = []
    try:
        handler(new, seat, move, events)
    except Refused as exc:
        raise illegal(move, exc.why) from None
    settle(new, events)
    return new, events


def settle(state: dict, events: list) -> None:
    """Run the automatic phases; a question a standing order answers is answered by it (orders.py)."""
    while True:
        turn.advance(state, events)
        answer = orders.standing_answer(state)
        if answer is None:
            return
        seat, answer = answer
        events.append(base.event("standing_order_applied", seat, prompt=state["stack"][-1]["kind"], move=str(answer)))
        HANDLERS[type(answer)](state, seat, answer, events)


def settle_actions(p: dict, move) -> None:
    """Actions gained or lost with a card come and go at once; a revolution spends them all (JA l.388)."""
    ca_max, ma_max = eco.civil_actions_max(p), eco.military_actions_max(p)
    p["ca"] = max(0, p["ca"] + ca_max - p["ca_max"])
    p["ma"] = max(0, p["ma"] + ma_max - p["ma_max"])
    p["ca_max"], p["ma_max"] = ca_max, ma_max
    if type(move) is Revolution:
        if eco.has_flag(p, "revolution_spends_military"):
            p["ma"] = 0
        else:
            p["ca"] = 0


def start(state: dict) -> dict:
    """Run the automatic start of a fresh game up to the first decision."""
    events: list[dict] = []
    settle(state, events)
    return state


# --- legal moves -----------------------------------------------------------------


def legal(state: dict, seat: int) -> list:
    """Every legal move of `seat` now (payments by the default; overrides are written by hand)."""
    if state["over"] is not None or not any(pr.seat == seat for pr in pending(state)):
        return []
    frame = state["stack"][-1]
    return FRAME_LEGAL[frame["kind"]](state, seat, frame)


def legal_actions(state: dict, seat: int, frame: dict) -> list:
    """The moves of the action phase."""
    p = state["seats"][seat]
    limit = eco.civil_hand_limit(p)
    moves: list = [Take(i + 1) for i, copy in enumerate(state["row"])
                   if copy is not None and can_take(state, seat, i, limit) is None]
    if state["round"] == 1:
        return moves + [Done()]
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
        if p["workers"][cid] and (p["ma"] if CARDS[cid].kind == "unit" else p["ca"]) > 0:
            moves.append(Destroy(cid))
    if p["wonder"] is not None:
        for k in range(1, eco.wonder_stages_per_action(p) + 1):
            if can_wonder(state, seat, k) is None:
                moves.append(Wonder(k))
    if eco.has_flag(p, "grow_and_build_unit") and p["ca"] > 0:
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
    moves.append(Done())
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


# --- view and result -----------------------------------------------------------------


def view(state: dict, seat: int | None) -> dict:
    """What `seat` (None: a spectator) may see: decks, other hands and the RNG become counts."""
    seats = []
    for i, p in enumerate(state["seats"]):
        sv = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
              for k, v in p.items() if k not in ("hand", "new", "mil_hand", "standing_bid")}
        if i == seat:
            sv["hand"] = list(p["hand"])
            sv["new"] = list(p["new"])
            sv["mil_hand"] = list(p["mil_hand"])
            sv["standing_bid"] = p.get("standing_bid")
        else:
            mil_ages: dict = {}
            for copy in p["mil_hand"]:
                a = MILITARY[copy.split(":", 1)[0]].age
                mil_ages[a] = mil_ages.get(a, 0) + 1  # military backs show the age too
            sv["mil_hand"] = {"count": len(p["mil_hand"]), "ages": mil_ages}
            ages: dict = {}
            for copy in p["hand"]:
                a = card(copy).age
                ages[a] = ages.get(a, 0) + 1  # card backs show the age
            sv["hand"] = {"count": len(p["hand"]), "ages": ages}
        sv["ratings"] = eco.ratings(p, state["options"])
        sv["ratings"]["strength"] = strength(state, i)  # with the pacts' strength
        sv["ratings"]["culture"] += pacts.rate(state, i, "culture")  # what production scores (JA l.54, l.513)
        # Happy faces the yellow bank asks for: short of them, workers are discontent; more discontent workers
        # than unused ones is an uprising at production (JA l.499-507). Boards warn of it.
        sv["ratings"]["happy_needed"] = happy_needed(p["yellow"])
        sv["food"] = eco.amount(p, "food")
        sv["resources"] = eco.amount(p, "resource")
        seats.append(sv)
    return {
        "game": "tta", "you": seat, "players": state["players"], "options": dict(state["options"]),
        "round": state["round"], "start": state["start"], "turn": state["turn"], "phase": state["phase"],
        "age": state["age"], "decks": {a: len(d) for a, d in state["decks"].items()},
        "row": list(state["row"]), "discard": len(state["discard"]), "box": len(state["box"]),
        "last_round": state["last_round"], "over": state["over"],
        "asked": [{"seat": pr.seat, "kind": pr.kind} for pr in pending(state)],
        "orders": base_copy(state["orders"].get(str(seat), {})) if seat is not None else {},  # your standing orders
        "conflict": _conflict(state, seat),
        "deadline_default": deadline_default(state, seat),  # hidden from others: it may name the seat's cards
        "military": {"decks": {a: len(d) for a, d in state["mil_decks"].items()},
                     "discard": {a: len(d) for a, d in state["mil_discard"].items()},
                     "current": len(state["current"]), "future": len(state["future"]),
                     "future_yours": list(state["future_by"].get(str(seat), [])) if seat is not None else [],
                     "past": list(state["past"]), "pacts": [dict(x) for x in state["pacts"]],
                     "wars": [dict(x) for x in state["wars"]]},
        "seats": seats,
    }


def _conflict(state: dict, seat: int | None) -> dict | None:
    """The attack being defended or the pact offered, when one is asked (public: the card was played); the asked
    seat also sees its own strength (its answer at the deadline is the view's `deadline_default`)."""
    frame = state["stack"][-1] if state["stack"] else None
    if frame is None or frame["kind"] not in ("defend", "pact_answer") or state["over"] is not None:
        return None
    out = {k: frame[k] for k in ("kind", "seat", "card", "by", "attack", "a", "b", "war") if k in frame}
    if seat == frame["seat"]:
        out["strength"] = strength(state, seat)
    return out


# Frames that interrupt a turn or ask for a small decision: their mail says what the deadline answers.
INTERRUPTS = ("defend", "pact_answer", "bid", "colonize", "event_choice", "sacrifice", "discard")


def deadline_default(state: dict, seat: int | None) -> str | None:
    """What the deadline answers for `seat` when it is asked a small decision (None otherwise)."""
    frame = state["stack"][-1] if state["stack"] else None
    if seat is None or frame is None or frame["kind"] not in INTERRUPTS or state["over"] is not None \
            or not any(pr.seat == seat for pr in pending(state)):
        return None
    return str(deadline_move(state, seat))


def deadline_move(state: dict, seat: int):
    """The move played for `seat` when its deadline passes (optional contract, play/timeouts.py): the bot's,
    without its noise, so that the mail can say beforehand exactly what it will be."""
    from .bot import bot_move  # the bot imports this module

    return bot_move(state, seat, _NO_NOISE)


_NO_NOISE = SimpleNamespace(random=lambda: 0.0)  # a random source for bot_move that always draws 0


def final_scores(state: dict) -> list[dict]:
    """Culture points (part 2 adds the final events' culture here)."""
    return [{"culture": p["culture"], "total": p["culture"]} for p in state["seats"]]


def result(state: dict) -> base.Result | None:
    """Final culture; equal culture shares the place (no tie-break is printed: docs/tta.md)."""
    if state["over"] is None:
        return None
    details = final_scores(state)
    totals = [d["total"] for d in details]
    order = sorted(range(state["players"]), key=lambda s: (-totals[s], turn.position(state, s)))
    places = {s: 1 + sum(1 for t in totals if t > totals[s]) for s in range(state["players"])}
    return base.Result(scores=dict(enumerate(totals)), ranking=order, places=places, details=dict(enumerate(details)))
