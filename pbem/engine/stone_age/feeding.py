"""Phase 3 and the change of round: feeding the people, refilling the card row, the two game ends."""
from __future__ import annotations

from .. import base
from .board import row_size
from .cards import TOOL_SLOTS
from .messages import Msg
from .moves import Feed, Starve, made
from .payments import check_resources, cheapest, combos
from .scoring import final_scores
from .state import illegal, order_from, owned

STARVE_PENALTY = 10


def can_make_up(p: dict, short: int) -> bool:
    """Whether resources (with an unused any-two card) could cover `short` missing food."""
    return owned(p) + 2 * len(p["any2"]) >= short


def enter_feed(state: dict, events: list) -> str:
    """Everybody takes food for agriculture and pays one per person; shortfalls wait for a choice."""
    surplus_kept = state["options"].get("agriculture_surplus", "kept") == "kept"
    for seat in order_from(state["start"], state["players"]):
        p = state["seats"][seat]
        # Rulebook: food for agriculture is taken first, so a surplus stays in stock;
        # the "lost" option follows the online text (agriculture only offsets the need).
        p["food"] += p["agri"] if surplus_kept else min(p["agri"], p["people"])
        if p["food"] >= p["people"]:
            p["food"] -= p["people"]
            events.append(base.event("fed", seat, food=p["people"], paid=[]))
            continue
        short = p["people"] - p["food"]
        spent = p["food"]
        p["food"] = 0  # all food is spent whatever is decided for the rest
        state["hungry"][seat] = short
        events.append(base.event("short", seat, food=spent, short=short))
        if not can_make_up(p, short):
            starve(state, seat, events)
    return "feed"


def starve(state: dict, seat: int, events: list) -> None:
    """Take the 10 points for missing food."""
    # Rulebook: minus 10 points once, however much food is missing; the score may go negative.
    state["seats"][seat]["score"] -= STARVE_PENALTY
    events.append(base.event("starved", seat, short=state["hungry"][seat], points=-STARVE_PENALTY))
    state["hungry"][seat] = None


def do_feed(state: dict, seat: int, move: Feed, events: list) -> None:
    """Make up the missing food with resources, one for one."""
    short = state["hungry"][seat]
    if short is None:
        raise illegal(move, Msg("nothing_to_feed"))
    p = state["seats"][seat]
    pay = move.pay if move.pay is not None else cheapest(p, short)
    if pay is None:
        raise illegal(move, Msg("cannot_feed", short=short, owned=owned(p)))
    if len(pay) != short:
        raise illegal(move, Msg("feed_exactly", short=short))
    check_resources(move, p, pay)
    for r in pay:
        p[r] -= 1
    state["hungry"][seat] = None
    events.append(base.event("fed", seat, food=0, paid=list(pay)))


def do_starve(state: dict, seat: int, move: Starve, events: list) -> None:
    """Refuse to make up the missing food: lose 10 points."""
    if state["hungry"][seat] is None:
        raise illegal(move, Msg("nothing_to_feed"))
    starve(state, seat, events)


def feed_step(state: dict, events: list) -> bool:
    """True when nobody is left hungry."""
    return all(h is None for h in state["hungry"])


def feed_prompts(state: dict) -> list[base.Prompt]:
    """Every hungry seat at once, in any order."""
    return [base.Prompt(seat, "feed", {"short": short})
            for seat, short in enumerate(state["hungry"]) if short is not None]


def feed_asked(state: dict) -> tuple:
    """The seats `feed_prompts` asks, without building the prompts."""
    return tuple(seat for seat, short in enumerate(state["hungry"]) if short is not None)


def legal_feed(state: dict, seat: int) -> list:
    """Every way to make up the missing food, and starving."""
    short = state["hungry"][seat]
    if short is None:
        return []
    return [made(Feed, c) for c in combos(state["seats"][seat], short)] + [made(Starve)]


def end_round(state: dict, events: list) -> str:
    """After feeding: end the game, or slide and refill the card row and start the next round."""
    if state["ending"]:
        return finish(state, "building_stack", events)
    row = [c for c in state["row"] if c is not None]
    need = row_size(state) - len(row)
    if need > len(state["deck"]):
        # Rulebook: when the row cannot be refilled the game ends at once.
        return finish(state, "civ_deck", events)
    for card in state["deck"][:need]:
        row.append(card)
        events.append(base.event("revealed", None, slot=len(row), card=card))
    state["deck"] = state["deck"][need:]
    state["row"] = row
    n = state["players"]
    state["round"] += 1
    state["start"] = state["turn"] = (state["start"] + 1) % n
    state["act_k"] = 0
    state["board"] = {pid: [0] * n for pid in state["board"]}
    for p in state["seats"]:
        p["placed"] = 0
        p["used"] = [False] * TOOL_SLOTS
        p["prefs"] = {}
        if "traded" in p:
            p["traded"] = False  # expansion: one trade per round
    events.append(base.event("round", None, round=state["round"], start=state["start"]))
    return "place"


def finish(state: dict, reason: str, events: list) -> str:
    """End the game with final scores; returns the "over" phase."""
    state.pop("done", None)  # what was resolved in the last round (already_done.note_done) answers no one now
    scores = final_scores(state)
    state["over"] = {"reason": reason, "scores": [s["total"] for s in scores]}
    events.append(base.event("game_over", None, reason=reason, scores=state["over"]["scores"]))
    return "over"
