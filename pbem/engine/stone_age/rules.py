"""The round as a table of phases, and the contract functions built on it (pending, legal, apply, view, result)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import base
from .actions import act_asked, act_kind, act_prompts, act_step, legal_act
from .already_done import refuse_if_done
from .board import is_style, limits, places, row_spaces
from .cards import RESOURCES
from .feeding import do_feed, do_starve, end_round, enter_feed, feed_asked, feed_prompts, feed_step, legal_feed
from .messages import Msg, error
from .moves import Build, Civ, Feed, Pick, Place, Split, Starve, UseCard, Work, made
from .placement import do_place, legal_places, place_prompts, place_step
from .purchases import collect_income, do_build, do_civ, do_pick, do_use_card
from .rolls import do_split, do_work
from .scoring import final_scores, ranking
from .state import deep_copy, draft, illegal


@dataclass(frozen=True)
class Phase:
    """One phase of the round: the moves it takes, its automatic work, its prompts and what follows."""

    moves: tuple
    step: Callable[[dict, list], bool]  # do what needs no decision; True when the phase is over
    prompts: Callable[[dict], list]
    asked: Callable[[dict], tuple]  # the seats the prompts are for, without building the prompts
    kind: Callable[[dict], str | None]  # the prompts' kind (a phase asks one kind at a time)
    legal: Callable[[dict, int], list]
    leave: Callable[[dict, list], str]  # work done on leaving; returns the next phase


def _enter_act(state: dict, events: list) -> str:
    state.pop("done", None)  # what was resolved last round (kept so far for replies written then)
    state["act_k"] = 0
    state["turn"] = state["start"]
    if is_style(state):
        collect_income(state, events)
    return "act"


PHASES = {
    "place": Phase((Place,), place_step, place_prompts, lambda s: (s["turn"],), lambda s: "place", legal_places,
                   _enter_act),
    "act": Phase((Work, Civ, Build, Pick, Split), act_step, act_prompts, act_asked, act_kind, legal_act, enter_feed),
    "feed": Phase((Feed, Starve), feed_step, feed_prompts, feed_asked, lambda s: "feed", legal_feed, end_round),
    "over": Phase((), lambda s, e: False, lambda s: [], lambda s: (), lambda s: None, lambda s, seat: [],
                  lambda s, e: "over"),
}

ROUND = ("place", "act", "feed")  # the phases of a round in order: a move of a later one waits (base.NotNow)

HANDLERS = {Place: do_place, Work: do_work, Civ: do_civ, Build: do_build, Pick: do_pick,
            Feed: do_feed, Starve: do_starve, UseCard: do_use_card, Split: do_split}

_RESOLVING = frozenset({Work, Civ, Build})

# What each phase waits for, for "not now" messages.
WAITING = {"place": Msg("waiting_place"), "act": Msg("waiting_act"), "feed": Msg("waiting_feed"),
           "over": Msg("game_over")}


def advance(state: dict, events: list) -> None:
    """Run automatic work and phase changes until somebody must decide or the game is over."""
    while True:
        phase = PHASES[state["phase"]]
        if not phase.step(state, events):
            return
        state["phase"] = phase.leave(state, events)


def pending(state: dict) -> list[base.Prompt]:
    """Who must act now and on what; empty when the game is over."""
    return PHASES[state["phase"]].prompts(state)


def prompt_kind(state: dict, seat: int) -> str | None:
    """The kind of `seat`'s prompt now ("place", "tools", ...), or None: what `pending` says of `seat`,
    without building the prompts (the bot asks on every move)."""
    phase = PHASES[state["phase"]]
    return phase.kind(state) if seat in phase.asked(state) else None


def legal(state: dict, seat: int) -> list:
    """Every legal move of `seat` now (payments enumerated in full)."""
    if state["over"] is not None:
        return []
    moves = []
    phase = PHASES[state["phase"]]
    if seat in phase.asked(state):
        moves = phase.legal(state, seat)
    if state["seats"][seat]["any2"]:
        moves += [made(UseCard, (a, b)) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:]]
    return moves


def apply(state: dict, seat: int, move) -> tuple[dict, list[dict]]:
    """Apply `move` by `seat` to a copy of `state`; returns (new_state, events)."""
    kind = type(move)
    handler = HANDLERS.get(kind)
    if handler is None:
        raise error(base.IllegalMove, Msg("not_a_move", move=repr(move)))
    if not isinstance(seat, int) or not 0 <= seat < state["players"]:
        raise illegal(move, Msg("no_seat", seat=seat))
    if state["over"] is not None:
        raise illegal(move, Msg("game_over"))
    # A place already resolved this round is answered with what happened there, in any phase of it
    # (only the moves that name a place to resolve can name one already resolved).
    if kind in _RESOLVING:
        refuse_if_done(state, seat, move)
    if kind is not UseCard:
        phase = PHASES[state["phase"]]
        if kind not in phase.moves:
            later = any(kind in PHASES[p].moves for p in ROUND[ROUND.index(state["phase"]) + 1:]) \
                if state["phase"] in ROUND else False
            raise illegal(move, Msg("not_now", waiting=WAITING[state["phase"]]),
                          base.NotNow if later else base.IllegalMove)
        asked = phase.asked(state)
        if seat not in asked:
            waiting = tuple(sorted({s + 1 for s in asked}))
            raise illegal(move, Msg("not_your_turn", player_list=waiting))
    new = draft(state)
    events: list[dict] = []
    handler(new, seat, move, events)
    advance(new, events)
    return new, events


def start(state: dict) -> tuple[dict, list[dict]]:
    """Run the automatic start of a fresh game (nothing needs deciding before the first placement)."""
    events: list[dict] = []
    advance(state, events)
    return state, events


def view(state: dict, seat: int | None) -> dict:
    """What `seat` (None: a spectator) may see: the deck, face-down tiles and others' extra cards become counts."""
    seats = []
    for i, p in enumerate(state["seats"]):
        sv = {k: v for k, v in p.items() if k not in ("hidden", "prefs")}
        sv["hidden"] = list(p["hidden"]) if i == seat else len(p["hidden"])
        if i == seat:
            sv["prefs"] = dict(p["prefs"])
        seats.append(sv)
    # The RNG is never shown: its seed would tell the deck order and every future die.
    out = {
        "game": state["game"], "you": seat, "players": state["players"], "options": state["options"],
        "round": state["round"], "start": state["start"], "phase": state["phase"], "turn": state["turn"],
        "row": state["row"], "deck": len(state["deck"]),
        "stacks": [{"top": st[0] if st else None, "count": len(st)} for st in state["stacks"]],
        "board": state["board"], "ask": state["ask"], "hungry": state["hungry"], "ending": state["ending"],
        "over": state["over"], "seats": seats,
        "prompts": [{"seat": pr.seat, "kind": pr.kind} for pr in pending(state)],
        # Added with the expansion (read by boards; present in every game):
        "expansion": state["options"].get("expansion", "none"),
        "places": list(places(state)),
        "row_costs": [dict(space) for space in row_spaces(state)],
        "village_limit": limits(state)["village_places"],
    }
    return deep_copy(out)


def result(state: dict) -> base.Result | None:
    """Final scores, ranking after the tie-break, places and a per-seat breakdown; None while playing."""
    if state["over"] is None:
        return None
    details = final_scores(state)
    totals = [d["total"] for d in details]
    order, places = ranking(state, totals)
    for d, p in zip(details, state["seats"]):
        d["tie_break"] = {"agriculture": p["agri"], "tools": sum(p["tools"]), "people": p["people"]}
    return base.Result(scores=dict(enumerate(totals)), ranking=order, places=places,
                       details=dict(enumerate(details)))
