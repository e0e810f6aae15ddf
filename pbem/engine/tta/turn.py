"""The turn as a table of phases (JA l.119-147, l.497-575) and the decision stack that asks players to act."""
from __future__ import annotations

from typing import Callable

from .. import base
from . import economy as eco
from . import pacts
from .board import FAMINE_CULTURE, ROW_REMOVAL, consumption, corruption, printed_yellow
from .cards import CARDS
from .colonies import default_payment
from .conflict import war_phase
from .effects import discontent, options_of, strength, uprising_ahead
from .events import final_events
from .military_deck import draw_military
from .politics import political_moves
from .row import fill_row


def position(state: dict, seat: int) -> int:
    """0 for the start player, 1 for the next, ..."""
    return (seat - state["start"]) % state["players"]


# --- phases ---------------------------------------------------------------------
# Each phase does its automatic work and returns the next phase, or None after pushing a decision frame
# (the frame's "resume" names the phase that follows once it is answered). Part 2 replaces "war",
# "politics", "discard" and "draw" with its own functions (JA l.126-128, l.543-545).
# Order: turn_start, refill, ready (actions for the turn), war, politics, discard, actions, production, draw,
# cleanup, next.


def turn_start(state: dict, events: list) -> str:
    """A seat's turn begins: per-turn markers reset."""
    seat = state["turn"]
    p = state["seats"][seat]
    p["new"] = []
    p["free_pop"] = False
    p["revolted"] = False
    p["ca_used"] = False
    p["hold"] = False
    events.append(base.event("turn", seat, round=state["round"]))
    return "refill"


def ready(state: dict, events: list) -> str:
    """The turn's civil and military actions, after the row (an age change there may take a leader away)."""
    seat = state["turn"]
    p = state["seats"][seat]
    ca_max, ma_max = eco.civil_actions_max(p), eco.military_actions_max(p)
    p["ca_max"], p["ma_max"] = ca_max, ma_max
    if state["round"] == 1:
        # JA l.561-569: 1, 2, 3, 4 civil actions by seat order, only for taking cards.
        p["ca"], p["ma"] = position(state, seat) + 1, 0
    else:
        # Rebellion: fewer civil actions this turn; Open Borders Agreement: a military action more.
        p["ca"], p["ma"] = max(0, ca_max - p["ca_penalty"]), ma_max + pacts.rate(state, seat, "military_actions")
    p["ca_penalty"] = 0
    p["mil_res"] = eco.rate_sum(p, "military_resources")  # Homer
    return "war"


def refill(state: dict, events: list) -> str:
    """JA l.134-150: clear the leftmost slots, slide the rest left, deal from the civil deck (not in round 1)."""
    if state["round"] == 1:
        return "ready"
    fill_row(state, events, ROW_REMOVAL[state["players"]])
    return "ready"


def politics(state: dict, events: list) -> str | None:
    """JA l.193-201: at most one political action; asked only when the seat has one it may take, so that an email
    game asks nobody for nothing."""
    if state.get("skip_politics") == state["turn"]:  # International Agreement: this political action is given up
        state["skip_politics"] = None
        return "discard"
    if political_moves(state, state["turn"]):
        push(state, {"kind": "politics", "seat": state["turn"], "resume": "discard"})
        return None
    return "discard"



def discard(state: dict, events: list) -> str | None:
    """JA l.314-316: a military hand over the military-action maximum is discarded down to it (the seat chooses)."""
    seat = state["turn"]
    p = state["seats"][seat]
    if state["skip_discard"] == seat:  # Development of Politics: not this turn
        state["skip_discard"] = None
        return "actions"
    if len(p["mil_hand"]) > pacts.military_hand_limit(state, seat):
        push(state, {"kind": "discard", "seat": seat, "resume": "actions"})
        return None
    return "actions"


def actions(state: dict, events: list) -> None:
    """Ask the active seat for its actions."""
    push(state, {"kind": "actions", "seat": state["turn"], "resume": "production"})
    return None


def production(state: dict, events: list) -> str:
    """JA l.497-545: uprising check, culture and science, farms, consumption, mines, corruption, military draw."""
    seat = state["turn"]
    p = state["seats"][seat]
    opts = state["options"]
    if uprising_ahead(p, opts):
        events.append(base.event("uprising", seat, discontent=discontent(p, opts)))  # JA l.499: no production
        return "cleanup"
    r = eco.ratings(p, opts)
    culture = r["culture"] + pacts.rate(state, seat, "culture")  # pacts' culture per turn (never below 0 in all)
    p["culture"] = max(0, p["culture"] + culture)
    p["science"] += r["science"]
    events.append(base.event("scored", seat, culture=culture, science=r["science"]))
    _farms_told(p, seat, "food", events)
    need = consumption(printed_yellow(p))
    have = eco.amount(p, "food")
    eco.pay(p, "food", min(need, have))
    if min(need, have):  # told, as the farms' food is: a player by mail checks the arithmetic
        events.append(base.event("consumed", seat, amount=min(need, have)))
    if need > have:
        lost = FAMINE_CULTURE * (need - have)
        p["culture"] = max(0, p["culture"] - lost)
        events.append(base.event("famine", seat, missing=need - have, culture=lost))
    _farms_told(p, seat, "resource", events)
    pact_goods(state, seat, events)
    for _, e in eco.effects(p, "per_level"):
        if e.stat == "resource":  # Bill Gates: labs produce resources by level (docs/tta.md)
            value = e.amount * sum(CARDS[c].level * n for c, n in p["workers"].items() if CARDS[c].subtype in e.of)
            eco.produce(p, "resource", value)
    loss = min(corruption(p["blue"]), eco.amount(p, "resource"))
    if loss:
        eco.pay(p, "resource", loss)
        events.append(base.event("corruption", seat, lost=loss))
    return "draw"


def _farms_told(p: dict, seat: int, what: str, events: list) -> None:
    """The farms' (mines') production, told with what it made when it made anything."""
    before = eco.amount(p, what)
    farm_produce(p, what)
    if eco.amount(p, what) > before:
        events.append(base.event("produced", seat, what=what, amount=eco.amount(p, what) - before))


def pact_goods(state: dict, seat: int, events: list) -> None:
    """Pacts' food and resources each turn, with the farms and mines (B's loss: what it has)."""
    p = state["seats"][seat]
    for what in ("food", "resource"):
        n = pacts.rate(state, seat, what)
        if n > 0:
            events.append(base.event("produced", seat, what=what, amount=eco.produce(p, what, n)))
        elif n < 0:
            eco.pay(p, what, min(-n, eco.amount(p, what)))


def farm_produce(p: dict, what: str) -> None:
    """Each worker on a farm (mine) puts one token on its card from the blue bank, best cards first (JA l.517-533).

    Transcontinental Railroad: one worker on the best mine with a worker puts two.
    """
    kind = "farm" if what == "food" else "mine"
    cards = sorted(((cid, n) for cid, n in p["workers"].items() if CARDS[cid].kind == kind and n),
                   key=lambda x: -CARDS[x[0]].level)
    extra = kind == "mine" and eco.has_flag(p, "best_mine_worker_double")
    counts = [[cid, n] for cid, n in cards]
    if counts and extra:
        counts[0][1] += 1
    if kind == "mine" and p.get("hold") and counts:
        counts[-1][1] -= 1  # JA l.541: the token not produced is one of the lowest-value mine's
    for cid, n in counts:
        k = min(n, p["blue"])
        p["tokens"][cid] += k
        p["blue"] -= k


def draw(state: dict, events: list) -> str:
    """JA l.545: one military card per unused military action, at most 3; none in round 1 (JA l.573-575)."""
    seat = state["turn"]
    n = min(MILITARY_DRAW_MAX, state["seats"][seat]["ma"])
    if state["round"] > 1 and n:
        draw_military(state, seat, n, events)
    return "cleanup"


MILITARY_DRAW_MAX = 3


def cleanup(state: dict, events: list) -> str:
    """The turn's temporary resources and marks end."""
    p = state["seats"][state["turn"]]
    p["mil_res"] = 0
    p["new"] = []
    return "next"


def next_turn(state: dict, events: list) -> str:
    """The next seat's turn; a new round; the end of the game."""
    seat, n = state["turn"], state["players"]
    if state["round"] == 2 and seat == state["start"] and state["age"] == "A":
        # JA l.146: after the start player's turn in round 2, Age A's deck leaves; Age I refills the row.
        state["box"].extend(state["decks"]["A"])
        state["decks"]["A"] = []
        state["age"] = "I"
        events.append(base.event("age_a_over", None))
    state["turn"] = (seat + 1) % n
    if state["turn"] == state["start"]:
        if state["last_round"] is not None and state["round"] >= state["last_round"]:
            return "final_events"
        state["round"] += 1
        events.append(base.event("round", None, round=state["round"]))  # the game page's history starts a round here
    return "turn_start"


def game_over(state: dict, events: list) -> None:
    """Mark the game over."""
    if state["over"] is None:
        state["over"] = {"round": state["round"]}
        events.append(base.event("game_over", None, culture=[p["culture"] for p in state["seats"]]))
    return None


PHASES: dict[str, Callable[[dict, list], str | None]] = {
    "turn_start": turn_start, "refill": refill, "ready": ready, "war": war_phase, "politics": politics,
    "discard": discard, "actions": actions, "production": production, "draw": draw, "cleanup": cleanup,
    "next": next_turn, "final_events": final_events, "over": game_over,
}


# --- the decision stack ------------------------------------------------------------
# A frame: {"kind": what is asked, "seat": who (or "seats": several at once, "answered": [...]),
#           "resume": the phase after it (None: the frame below takes over)}. Part 2 pushes frames for
# defence, pact answers, bids and simultaneous event choices on top of the active player's "actions".


def push(state: dict, frame: dict) -> None:
    """Put a decision frame on top of the stack."""
    state["stack"].append(frame)


def advance(state: dict, events: list) -> None:
    """Run automatic phases until a frame asks somebody, or the game is over."""
    while not state["stack"] and state["over"] is None:
        nxt = PHASES[state["phase"]](state, events)
        if nxt is None:
            return
        state["phase"] = nxt


def _choice_data(frame: dict, seat: int) -> dict:
    """What a seat asked at once with others sees: the card, its own options and whose loss it chooses."""
    data = {"card": frame["card"]} if "card" in frame else {}
    if "options" in frame:
        data["options"] = options_of(frame, seat)
    if "victims" in frame:
        data["victim"] = frame["victims"][str(seat)]
    if "budget" in frame:  # International Agreement: civil actions' worth left to take cards with
        data["budget"] = frame["budget"]
    return data


def prompts(state: dict) -> list[base.Prompt]:
    """Who must answer the top frame."""
    if not state["stack"] or state["over"] is not None:
        return []
    frame = state["stack"][-1]
    if "seats" in frame:
        done = frame.get("answered", [])
        return [base.Prompt(s, frame["kind"], _choice_data(frame, s)) for s in frame["seats"] if s not in done]
    # What the asked seat needs to answer: the territory and its bids, the attack or the pact offered (all public).
    data = {k: frame[k] for k in ("card", "high", "bid", "by", "attack", "a", "b", "war") if k in frame}
    seat = frame["seat"]
    p = state["seats"][seat]
    if frame["kind"] == "actions":
        data = {"civil_actions": p["ca"], "military_actions": p["ma"], "first_round": state["round"] == 1}
    elif frame["kind"] == "discard":  # how many to keep, out of how many
        data = {"limit": pacts.military_hand_limit(state, seat), "hand": len(p["mil_hand"])}
    elif frame["kind"] == "colonize":  # what a bare "colonize" gives up, named before it is sent
        data["pays"] = default_payment(state, seat, frame)
    elif frame["kind"] == "sacrifice":  # which war, and the strengths before any sacrifice (both public)
        war = next(w for w in state["wars"] if w["by"] == seat)
        data = {"card": war["card"], "on": war["on"],
                "attack": strength(state, seat) + pacts.attack_bonus(state, seat, war["on"]),
                "defence": strength(state, war["on"])}
    return [base.Prompt(seat, frame["kind"], data)]
