"""The contract functions built on the phase table and the decision stack: pending and legal (legal_moves.py),
apply with the answers of standing orders, view, result, and the deadline's move (the bot's)."""
from __future__ import annotations

from types import SimpleNamespace

from .. import base
from . import colonies, pacts, turn
from . import economy as eco
from .actions import ACTION_PHASE, HANDLERS, ROUND_ONE, illegal
from .board import happy_needed, printed_yellow
from .bot import bot_move
from .cards import card
from .cards.military import MILITARY
from .conflict import cheapest
from .effects import options_of, strength
from .legal_moves import pending
from .messages import Msg, Refused, error, quoted
from .moves import (Accept, Aggression, Bid, CancelPact, Choose, Colonize, Defend, Discard, Done, Event, FreeColony,
                    Pact, Pass, Refuse, Revolution, Sacrifice, Standing, War)
from .orders import accepts_from, policy
from .state import base_copy, copy_state

# The moves each kind of frame takes.
FRAME_MOVES = {"actions": ACTION_PHASE, "discard": (Discard,),
               "politics": (Event, FreeColony, Aggression, War, Pact, CancelPact, Done), "event_choice": (Choose,),
               "bid": (Bid, Pass), "colonize": (Colonize,),
               "defend": (Defend,), "sacrifice": (Sacrifice,), "pact_answer": (Accept, Refuse)}
ANY_TIME = (Standing,) + colonies.ANY_TIME  # moves a seat may make whether it is asked or not


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
    if type(move) is Discard and frame["kind"] == "actions" and frame["seat"] == seat \
            and policy(state, seat, "discards") == "default":
        raise error(base.AlreadyDone, quoted(str(move), Msg("discarded_by_order")), text=str(move),
                    part=f"{state['round']}:{state['turn']}")
    if type(move) not in FRAME_MOVES.get(frame["kind"], ()):
        kind = base.NotNow if _later_in_turn(state, seat, frame, move) else base.IllegalMove
        raise error(kind, quoted(str(move), Msg("not_now", frame=frame["kind"])), text=str(move))
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


def _later_in_turn(state: dict, seat: int, frame: dict, move) -> bool:
    """Whether `move` belongs to a later step of the seat's own turn than the frame asked now: the discard after
    the political action, the actions after the discard or an event's choice (JA l.126-128, l.314-316)."""
    if state["turn"] != seat or frame["kind"] == "actions":
        return False
    return type(move) in ACTION_PHASE or (type(move) is Discard and frame["kind"] == "politics")


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
    """Run the automatic phases; a question a standing order answers is answered by it (standing_answer)."""
    while True:
        turn.advance(state, events)
        answer = standing_answer(state)
        if answer is None:
            return
        seat, answer = answer
        events.append(base.event("standing_order_applied", seat, prompt=state["stack"][-1]["kind"], move=str(answer)))
        HANDLERS[type(answer)](state, seat, answer, events)


def standing_answer(state: dict) -> tuple[int, object] | None:
    """(seat, move): the answer a seat's standing order gives to the top frame (None: the seats are asked)."""
    frame = state["stack"][-1] if state["stack"] and state["over"] is None else None
    if frame is None:
        return None
    if frame["kind"] == "event_choice":  # each seat asked at once: the first with a "default" order
        seat = next((s for s in frame["seats"] if s not in frame["answered"]
                     and policy(state, s, "choices") == "default"), None)
        if seat is None:
            return None
        if "budget" in frame:  # International Agreement: the cards a deadline would take, not the first option (skip)
            return seat, deadline_move(state, seat)
        return seat, Choose(options_of(frame, seat)[0])
    if frame["kind"] == "discard":  # the least useful card, one move at a time, as the deadline would
        move = deadline_move(state, frame["seat"]) if policy(state, frame["seat"], "discards") == "default" else None
    elif frame["kind"] == "defend":
        move = {"never": Defend(), "cheapest": cheapest(state, frame) or Defend()}.get(
            policy(state, frame["seat"], "defence"))
    elif frame["kind"] == "pact_answer":
        mode = policy(state, frame["seat"], "pacts")
        move = Refuse() if mode == "refuse" else Accept() if accepts_from(state, frame["seat"], frame["by"]) else None
    else:
        return None
    return None if move is None else (frame["seat"], move)


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
        sv["ratings"]["happy_needed"] = happy_needed(printed_yellow(p))
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
