"""Stone Age (base game, 2-4 players): the rules engine behind the pbem contract."""
from __future__ import annotations

import sys
from typing import Any, Mapping

from .. import base
from . import rules
from .bot import bot_move as _bot_move
from .commands import hints, parse as _parse
from .state import copy_state, new_state
from .text import describe as _describe

SLUG = "stone-age"
NAME = "Stone Age"
PLAYERS = (2, 3, 4)
OPTIONS = (
    base.Option("tie_break", "rulebook", ("rulebook", "sum"),
                "Equal scores: 'rulebook' compares agriculture, then total tool value, then people; "
                "'sum' compares agriculture + tool value + people (English rulebook, online help)."),
    base.Option("tools_on_card_dice", False, (False, True),
                "May tools be added to the 2-dice roll of the wood/stone/gold dice cards? "
                "The publisher's Japanese rulebook says no; the English rulebook says yes."),
    base.Option("agriculture_surplus", "kept", ("kept", "lost"),
                "Agriculture above the number of people: 'kept' adds the surplus food to the stock "
                "(rulebook); 'lost' only lowers what must be paid (Brettspielwelt)."),
)


def setup(players: int, options: Mapping[str, Any] | None, seed: int | str) -> dict:
    """A new game for `players` seats; seat 0 is the first start player."""
    if players not in PLAYERS:
        raise base.CommandError(f"Stone Age is for 2 to 4 players, not {players}")
    state = new_state(players, base.check_options(sys.modules[__name__], options), seed)
    return rules.start(state)[0]


def pending(state: dict) -> list[base.Prompt]:
    """Who must act now; empty when the game is over."""
    return rules.pending(state)


def legal(state: dict, seat: int) -> list:
    """Every legal move of `seat` now."""
    return rules.legal(state, seat)


def legal_texts(state: dict, seat: int) -> list[str]:
    """A short list of commands for the turn email (templates for payments)."""
    return hints(rules.legal(state, seat))


def parse(text: str, state: dict, seat: int) -> list:
    """Moves from command text (several commands separated by new lines or ";")."""
    return _parse(text, state, seat)


def apply(state: dict, seat: int, move) -> tuple[dict, list[dict]]:
    """Apply `move` to a copy of `state`; returns (new_state, events)."""
    return rules.apply(state, seat, move)


def view(state: dict, seat: int | None) -> dict:
    """What `seat` may see."""
    return rules.view(state, seat)


def result(state: dict) -> base.Result | None:
    """Final result once the game is over, else None."""
    return rules.result(state)


def describe(event: Mapping, viewer: int | None, locale: str = "en", names=None) -> str:
    """One line for an event, in en, ja, fr or de, as `viewer` may see it."""
    return _describe(event, viewer, locale, names)


def bot_move(state: dict, seat: int, rnd):
    """A legal, sensible move for `seat` (which must be prompted)."""
    return _bot_move(state, seat, rnd)


def shuffle_hidden(state: dict, seat: int | None, rnd) -> dict:
    """A copy of `state` with everything `seat` cannot see shuffled (for the contract tests)."""
    out = copy_state(state)
    # Civilization cards nobody (or only another seat) can see: the deck and others' extra cards.
    cards = out["deck"] + [c for i, p in enumerate(out["seats"]) if i != seat for c in p["hidden"]]
    rnd.shuffle(cards)
    for i, p in enumerate(out["seats"]):
        if i != seat:
            p["hidden"], cards = cards[:len(p["hidden"])], cards[len(p["hidden"]):]
    out["deck"] = cards
    # Building tiles face down: under each top tile, and the stacks left in the box.
    tiles = out["box"] + [t for stack in out["stacks"] for t in stack[1:]]
    rnd.shuffle(tiles)
    for stack in out["stacks"]:
        rest = len(stack) - 1
        if rest > 0:
            stack[1:], tiles = tiles[:rest], tiles[rest:]
    out["box"] = tiles
    out["rng"] = {"seed": f"{out['rng']['seed']}-shuffled", "pos": out["rng"]["pos"]}
    return out
